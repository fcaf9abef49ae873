# speak — make demo (install, build, run on samples/) and make test are the two entry points.
SWIFT ?= swift
DEMO_HOME ?= $(CURDIR)/.build/demo-library

.PHONY: all bootstrap build release demo test test-asan test-tsan fuzz soak eval bench measure measure-library measure-player measure-ocr measure-pdf measure-captions measure-audiobook measure-neural measure-epub measure-zip measure-serve measure-sync measure-mpris measure-translate measure-queue install uninstall clean

all: build

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

# The Swift runtime and Foundation linked in: every command starts ~9 ms sooner (fewer shared
# libraries to relocate), at the price of a larger binary.
release: bootstrap
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	@SPEAK_HOME="$(DEMO_HOME)" SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/demo

# A PostgreSQL server on loopback for the sync server's tests, started here and stopped after.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	@url=$$(scripts/test-postgres start) && trap 'scripts/test-postgres stop' EXIT && \
	  SPEAK_TEST_POSTGRES="$$url" SPEAK_REQUIRE_POSTGRES=1 SPEAK_REQUIRE_BROWSER=1 $(SWIFT) test --skip-build

# The whole suite under sanitizers, each in a build directory of its own (a full build each):
# address + undefined behaviour, then thread. The CLI tests run the instrumented binaries too.
# Each has a PostgreSQL server of its own (name, port), so that they may run beside make test.
SANITIZED_TEST = url=$$(scripts/test-postgres start $(3) $(4)) && trap 'scripts/test-postgres stop $(3) $(4)' EXIT && \
	  SPEAK_TEST_POSTGRES="$$url" SPEAK_BIN="$(CURDIR)/$(1)/debug/speak" SPEAK_TEST_SANITIZER=$(3) \
	  $(SWIFT) test --skip-build --build-path $(1) $(2)

# swiftc has no -sanitize=undefined on Linux (Swift traps on overflow and bounds itself), so
# undefined behaviour is checked in the C and C++ parts: the shims and loaders for eSpeak, Poppler,
# ONNX Runtime, CLD2, PulseAudio and D-Bus, and the packages' C code. ASan's runtime carries UBSan's handlers.
ASAN_FLAGS = --sanitize=address -Xcc -fsanitize=undefined -Xcxx -fsanitize=undefined
test-asan: bootstrap
	$(SWIFT) build --build-tests --build-path .build-asan $(ASAN_FLAGS)
	@export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 && \
	  $(call SANITIZED_TEST,.build-asan,$(ASAN_FLAGS),address,54333)

test-tsan: bootstrap
	$(SWIFT) build --build-tests --build-path .build-tsan --sanitize=thread
	@export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 && $(call SANITIZED_TEST,.build-tsan,--sanitize=thread,thread,54336)

# Every parser under libFuzzer for FUZZ_SECONDS each (FUZZ_PARALLEL at once; FUZZ_RUNS and
# FUZZ_MAX_LEN as scripts/fuzz says); findings are minimized into Tests/FuzzRegressionTests/Inputs/,
# which make test replays.
FUZZ_SECONDS ?= 60
FUZZ_PARALLEL ?= 1
fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_PARALLEL=$(FUZZ_PARALLEL) scripts/fuzz

# Six processes of mixed use against one library for SOAK_MINUTES, then every check (scripts/soak).
SOAK_MINUTES ?= 10
soak: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/soak --minutes $(SOAK_MINUTES)

eval: build
	@scripts/eval

bench: release
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark

measure: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-foundation
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-synthesis

# A generated library of 10,000 documents and 50 million words (several minutes).
measure-library: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-library

# OCR throughput against the tesseract command on the same pages, and memory on a 200-page TIFF.
measure-ocr: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-ocr

# PDF pages per second against pdftotext on the same files, and memory on a 2,000-page PDF.
measure-pdf: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-pdf

# Where figure and table captions are heard best, three placements on the same PDFs.
measure-captions: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-captions

measure-audiobook: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-audiobook

# The neural voice against piper (PyPI piper-tts) on the same text and model, and an ASR round trip.
measure-neural: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-neural

measure-epub: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-epub

# The web reader: library and reader pages, tap and speed-change latency, memory, 50 clients.
measure-serve: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-serve

# The sync server: clients syncing positions every 5 s, latency and memory: 20 and 200 on SQLite,
# 200 on PostgreSQL (a server of its own on loopback).
measure-sync: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-sync 20 60
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-sync 200 60
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-sync 200 60 postgres

# The project's own ZIP reader (SpeakArchive) against libzip on the same EPUBs.
measure-zip:
	@scripts/measure-zip

measure-player: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-player

measure-translate: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-translate

measure-mpris: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-mpris

# The conversion queue: 2 workers on a queue of 20 documents against speak convert --jobs 2
# (a PostgreSQL server of its own on loopback), and the queue's cost per job.
measure-queue: release
	@SPEAK_BIN="$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" scripts/measure-queue

PREFIX ?= /usr/local
install: release
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/speak/voices"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak" "$(PREFIX)/bin/speak"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak-ocr" "$(PREFIX)/bin/speak-ocr"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak-pdf" "$(PREFIX)/bin/speak-pdf"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak-fetch" "$(PREFIX)/bin/speak-fetch"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak-serve" "$(PREFIX)/bin/speak-serve"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak-sync" "$(PREFIX)/bin/speak-sync"
	install -m 755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/speak-queue" "$(PREFIX)/bin/speak-queue"
	install -m 644 voices/*.json "$(PREFIX)/share/speak/voices/"
	@# Shell completions (ArgumentParser's scripts; ids, folders and voices come from the library as you type).
	install -d "$(PREFIX)/share/bash-completion/completions" "$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	"$(PREFIX)/bin/speak" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/speak"
	"$(PREFIX)/bin/speak" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_speak"
	"$(PREFIX)/bin/speak" --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/speak.fish"
	@# The man page speak(1): every command, its options and examples (ArgumentParser's generate-manual).
	install -d "$(PREFIX)/share/man/man1"
	SWIFT="$(SWIFT)" scripts/make-manpage "$(PREFIX)/bin/speak" "$(PREFIX)/share/man/man1/speak.1"

uninstall:
	rm -f "$(PREFIX)/bin/speak" "$(PREFIX)/bin/speak-ocr" "$(PREFIX)/bin/speak-pdf" "$(PREFIX)/bin/speak-fetch" \
	  "$(PREFIX)/bin/speak-serve" "$(PREFIX)/bin/speak-sync" "$(PREFIX)/bin/speak-queue"
	rm -rf "$(PREFIX)/share/speak"
	rm -f "$(PREFIX)/share/bash-completion/completions/speak" "$(PREFIX)/share/zsh/site-functions/_speak" \
	  "$(PREFIX)/share/fish/vendor_completions.d/speak.fish" "$(PREFIX)/share/man/man1/speak.1"

clean:
	rm -rf .build Benchmarks/.build
