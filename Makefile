# speak — make demo (install, build, run on samples/) and make test are the two entry points.
SWIFT ?= swift
DEMO_HOME ?= $(CURDIR)/.build/demo-library

.PHONY: all bootstrap build release demo test eval bench measure clean

all: build

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

demo: release
	@SPEAK_HOME="$(DEMO_HOME)" SPEAK_BIN="$$($(SWIFT) build -c release --show-bin-path)/speak" scripts/demo

test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

eval: build
	@scripts/eval

bench: release
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

measure: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --show-bin-path)/speak" scripts/measure-foundation
	@SPEAK_BIN="$$($(SWIFT) build -c release --show-bin-path)/speak" scripts/measure-synthesis

clean:
	rm -rf .build Benchmarks/.build
