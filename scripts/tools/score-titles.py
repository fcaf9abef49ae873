#!/usr/bin/env python3
"""Are HTML pages stored under their real titles? Each page is imported into a fresh library
(`speak import --json`) and its stored title compared with the page's `<title>`: right when
half the words of the shorter of the two are words of the other, against the whole `<title>`
or its first part (so "git-add(1) Manual Page" for "git-add(1)" and "Struct syn::Abi" for
"Abi in syn - Rust" count, "1. Syntax" for "CREATE VIEW" or "Methods" for "The WebSupport
Class — Sphinx documentation" do not).

Usage: score-titles.py --speak PATH [--manifest] [--sample N] [FILE.html ...]
  --manifest   the pages of ../shared/eval/real-docs (its score.py lists them)
  --sample N   besides, up to N pages of every other package under /usr/share/doc (held out)
Last line: "titles R of N right".
"""
import argparse, glob, html, json, os, random, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL = os.environ.get("SPEAK_EVAL", os.path.join(HERE, "..", "..", "..", "shared", "eval"))


def words(text):
    return re.findall(r"[^\W_]+", text.lower())


def page_title(path):
    source = open(path, encoding="utf-8", errors="replace").read(200_000)
    match = re.search(r"(?is)<title[^>]*>(.*?)</title>", source)
    return html.unescape(re.sub(r"\s+", " ", match.group(1))).strip() if match else None


def stored_title(speak, path, home):
    run = subprocess.run([speak, "import", path, "--json"], capture_output=True, text=True,
                         env=dict(os.environ, SPEAK_HOME=home))
    try:
        return json.loads(run.stdout)[0]["title"]
    except (ValueError, LookupError, TypeError):
        return None


def right(stored, expected):
    """Half the words of the shorter one are words of the other, against the whole `<title>`
    or its first part (the page's name before " — Site")."""
    first = re.split(r" (?:[-|–—·»«]|::) ", expected)[0]
    for want_text in {expected, first}:
        got, want = words(stored), words(want_text)
        if not got or not want:
            continue
        short, other = (got, set(want)) if len(got) <= len(want) else (want, set(got))
        if sum(w in other for w in short) * 2 >= len(short):
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--speak", required=True)
    parser.add_argument("--manifest", action="store_true")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = list(args.files)
    if args.manifest:
        sys.path.insert(0, os.path.join(EVAL, "real-docs"))
        import score
        files += score.manifest_files()
    if args.sample:
        chosen = set(files)
        by_package = {}
        for path in glob.glob("/usr/share/doc/*/**/*.html", recursive=True):
            package = path.split("/")[4]
            if os.path.isfile(path) and path not in chosen and not path.endswith(("index.html", "genindex.html", "search.html")):
                by_package.setdefault(package, []).append(path)
        pick = random.Random(int(os.environ.get("SPEAK_TITLE_SEED", "7")))
        for package in sorted(by_package):
            pages = sorted(by_package[package])
            files += pick.sample(pages, min(args.sample, len(pages)))
    home = tempfile.mkdtemp(prefix="speak-titles-")
    good = total = 0
    for path in files:
        expected = page_title(path)
        if not expected:
            continue
        stored = stored_title(args.speak, path, home)
        if stored is None:
            continue
        total += 1
        ok = right(stored, expected)
        good += ok
        if not ok:
            print(f"wrong: {stored!r} for <title> {expected!r}  {path}")
    print(f"titles {good} of {total} right")


if __name__ == "__main__":
    main()
