#!/usr/bin/env python3
"""Nothing lost without a word, on manuals of generators the real-docs set does not have
(issue 19): Doxygen (libopus-doc, libglfw3-doc, libflac-doc), mdBook (rust-doc: the Rust
book), pandoc (`pandoc -s` of this machine's Markdown READMEs), javadoc (libeasyconf-java-doc),
gtk-doc (libgeocode-glib-doc), texinfo's HTML with a Bootstrap theme (ffmpeg-doc), DocBook built
with Publican (debian-handbook: its sidebars are boxes of the text) and Sphinx's own manual of
Python (python3.11-doc: terms that are only symbols, glossary links). Scored
with real-docs' own scorer (`score.py`: completeness against `lynx -dump`, main-read against the main
content with code left out), and once more with what that scorer does not know to leave
out: Doxygen's code listings, set as `<div class="fragment">` of lines rather than `<pre>`,
and its hover tooltips (`<div class="ttc">`, `display: none` in doxygen.css), which lynx shows.

  score-more-generators.py --speak BIN [--scorer PATH/score.py] [--only NAME] [--per-file] [--install]
"""
import argparse, glob, importlib.util, os, re, shutil, subprocess, sys, tempfile

PACKAGES = ["libopus-doc", "libglfw3-doc", "libflac-doc", "rust-doc", "pandoc", "libeasyconf-java-doc", "libgeocode-glib-doc",
            "ffmpeg-doc", "debian-handbook", "python3.11-doc"]


def load_scorer(path):
    spec = importlib.util.spec_from_file_location("real_docs_score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def without_divs(html, classes):
    """The page without the `<div>`s of `classes`, nested `<div>`s and all."""
    out, position = [], 0
    opening = re.compile(r'(?is)<div\b[^>]*class="(?:%s)"[^>]*>' % "|".join(map(re.escape, classes)))
    tags = re.compile(r"(?is)<(/?)div\b[^>]*>")
    while True:
        found = opening.search(html, position)
        if not found:
            out.append(html[position:])
            return "".join(out)
        out.append(html[position:found.start()])
        depth, cursor = 1, found.end()
        while depth and (tag := tags.search(html, cursor)):
            depth += -1 if tag.group(1) else 1
            cursor = tag.end()
        position = cursor if depth == 0 else len(html)
        out.append(" ")


def doxygen_pages():
    pages = sorted(glob.glob("/usr/share/doc/libopus-dev/html/group__*.html"))
    pages += sorted(glob.glob("/usr/share/doc/libglfw3-dev/html/*_guide.html"))
    pages += sorted(glob.glob("/usr/share/doc/libglfw3-dev/html/group__*.html"))[:10]
    pages += sorted(glob.glob("/usr/share/doc/libflac-doc/api/group__*.html"))[:10]
    return pages


def mdbook_pages():
    return sorted(glob.glob("/usr/share/doc/rust-doc/html/book/ch0[0-9]-*.html"))[:20]


def javadoc_pages():
    return sorted(glob.glob("/usr/share/doc/libeasyconf-java/api/com/germinus/easyconf/*.html"))[:20]


def gtkdoc_pages():
    return sorted(glob.glob("/usr/share/gtk-doc/html/geocode-glib-2/*.html"))


def texinfo_pages():
    names = ["faq", "fate", "developer", "general", "ffmpeg-bitstream-filters", "ffmpeg-devices", "ffmpeg-protocols"]
    return [p for p in (f"/usr/share/doc/ffmpeg/manual/{name}.html" for name in names) if os.path.exists(p)]


def publican_pages():
    return sorted(glob.glob("/usr/share/doc/debian-handbook/html/en-US/sect.*.html"))[:20]


def python_pages():
    names = ["tutorial/introduction", "tutorial/controlflow", "library/re", "library/datetime", "library/string",
             "howto/unicode", "faq/general", "whatsnew/3.11", "library/decimal", "tutorial/floatingpoint"]
    return [p for p in (f"/usr/share/doc/python3.11/html/{name}.html" for name in names) if os.path.exists(p)]


def pandoc_pages(work):
    if not shutil.which("pandoc"):
        return []
    pages, seen = [], set()
    for readme in sorted(glob.glob("/usr/share/doc/*/README.md")):
        text = open(readme, "rb").read()
        if text in seen:
            continue
        seen.add(text)
        if len(pages) == 30:
            break
        name = readme.split("/")[-2]
        target = os.path.join(work, name + ".html")
        run = subprocess.run(["pandoc", "-s", "--metadata", "title=" + name, "-f", "gfm", "-t", "html5", readme,
                              "-o", target], capture_output=True)
        if run.returncode == 0:
            pages.append(target)
    return pages


def score(scorer, speak, pages, extra_code, per_file):
    seen = total = found = heard = plain_heard = 0
    worst = (2.0, "")
    for page in pages:
        source = open(page, encoding="utf-8", errors="replace").read()
        visible = scorer.bag(scorer.lynx([page]))
        main = scorer.without_code_and_marks(scorer.main_html(source))
        plain = scorer.bag(scorer.lynx(["-stdin"], "<html><body>" + main + "</body></html>"))
        wanted = scorer.bag(scorer.lynx(["-stdin"], "<html><body>" + without_divs(main, extra_code) + "</body></html>")) \
            if extra_code else plain
        every, read = scorer.bag(scorer.speak_text(speak, page, True)), scorer.bag(scorer.speak_text(speak, page, False))
        n, m = sum(visible.values()), sum(wanted.values())
        if m < 30:
            continue
        complete, main_read = scorer.recall(visible, every)[0], scorer.recall(wanted, read)[0]
        seen, total, found, heard = seen + n, total + m, found + complete * n, heard + main_read * m
        plain_heard += scorer.recall(plain, read)[0] * m
        worst = min(worst, (main_read, page))
        if per_file:
            print(f"{complete:.3f} {main_read:.3f} {m:7d}  {page}")
    return total, found / max(1, seen), heard, plain_heard, worst


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--speak", required=True)
    parser.add_argument("--scorer", default=os.path.join(os.path.dirname(__file__), "../../../shared/eval/real-docs/score.py"))
    parser.add_argument("--per-file", action="store_true")
    parser.add_argument("--only", choices=["Doxygen", "mdBook", "pandoc", "javadoc", "gtk-doc", "texinfo", "Publican", "Sphinx"],
                        help="score one generator's pages")
    parser.add_argument("--install", action="store_true", help="apt-get install what is missing")
    args = parser.parse_args()
    if not os.path.exists(args.scorer):
        sys.exit(f"score-more-generators: no scorer at {args.scorer} (pass --scorer)")
    if args.install:
        missing = [p for p in PACKAGES if subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True,
                                                          text=True).stdout != "install ok installed"]
        if missing:
            sudo = [] if os.geteuid() == 0 else ["sudo"]
            subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
                           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"), stdout=subprocess.DEVNULL)
    scorer = load_scorer(args.scorer)
    work = tempfile.mkdtemp()
    try:
        corpora = [("Doxygen", doxygen_pages(), ["fragment", "ttc"]), ("mdBook", mdbook_pages(), []),
                   ("pandoc", pandoc_pages(work) if args.only in (None, "pandoc") else [], []),
                   ("javadoc", javadoc_pages(), []), ("gtk-doc", gtkdoc_pages(), []), ("texinfo", texinfo_pages(), []),
                   ("Publican", publican_pages(), []), ("Sphinx", python_pages(), [])]
        for name, pages, extra in corpora:
            if args.only and name != args.only:
                continue
            if not pages:
                print(f"{name}: no pages (apt-get install -y {' '.join(PACKAGES)})")
                continue
            total, found, heard, plain, worst = score(scorer, args.speak, pages, extra, args.per_file)
            if not total:
                print(f"{name}: no page with text")
                continue
            also = f" (score.py as is: {plain / total:.3f})" if extra else ""
            print(f"{name} ({len(pages)} pages, {total} words): completeness {found:.3f}  "
                  f"main-read {heard / total:.3f}{also}  worst {worst[0]:.3f} {os.path.basename(worst[1])}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
