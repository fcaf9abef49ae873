#!/usr/bin/env python3
"""Where the words of real-docs' main content that `speak text` does not read went (issue 19).

For each page, the scorer's main-content reference (../shared/eval/real-docs/score.py) against
what speak reads; every reference word not read is put down to one of:
  - a skipped block, by its reason (`speak show ID --json`: navigation, code, header, …) —
    kept in the document, shown by `speak text --all`, not read aloud;
  - lynx's own marks, which are not on the page: `o` and `+` bullets of nested lists,
    `(BUTTON)` before a button's label, `CAPTION:` before a table's caption;
  - lost: in neither — what the importer dropped or changed.
Prints one line per corpus and the pages with the most lost, so "main-read is below its
goal" can be told apart from "words are lost".

  real-docs-gap.py --speak BIN [--scorer PATH/score.py] [--manifest] [FILE.html ...] [--pages N]
"""
import argparse, collections, importlib.util, json, os, subprocess, tempfile

LYNX_MARKS = {"o", "button", "caption"}


def load_scorer(path):
    spec = importlib.util.spec_from_file_location("real_docs_score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def gap(scorer, speak, path, env):
    """(reference words, {cause: words}) for one page."""
    source = open(path, encoding="utf-8", errors="replace").read()
    reference = scorer.bag(scorer.lynx(["-stdin"], "<html><body>" + scorer.without_code_and_marks(scorer.main_html(source))
                                       + "</body></html>"))
    imported = subprocess.run([speak, "import", path, "--json"], capture_output=True, text=True, env=env)
    try:
        ident = str(json.loads(imported.stdout)[0]["id"])
    except (ValueError, KeyError, IndexError, TypeError):
        return sum(reference.values()), collections.Counter({"not imported": sum(reference.values())})
    read = scorer.bag(subprocess.run([speak, "text", ident], capture_output=True, text=True, env=env).stdout)
    shown = json.loads(subprocess.run([speak, "show", ident, "--json"], capture_output=True, text=True, env=env).stdout)
    skipped = collections.defaultdict(collections.Counter)
    for block in shown.get("skipped", []):
        skipped[block["reason"]] += scorer.bag(block["text"])
    causes = collections.Counter()
    for word, count in reference.items():
        missing = count - min(count, read[word])
        for reason, words in sorted(skipped.items(), key=lambda item: -item[1][word]):
            if missing <= 0:
                break
            taken = min(missing, words[word])
            if taken:
                causes[reason] += taken
                words[word] -= taken
                missing -= taken
        if missing > 0 and word in LYNX_MARKS:
            causes["lynx's marks"] += missing
            missing = 0
        if missing > 0:
            causes["lost"] += missing
    return sum(reference.values()), causes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--speak", required=True)
    parser.add_argument("--scorer", default=os.path.join(os.path.dirname(__file__), "../../../shared/eval/real-docs/score.py"))
    parser.add_argument("--manifest", action="store_true")
    parser.add_argument("--pages", type=int, default=3, help="pages with the most lost words to name")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    scorer = load_scorer(args.scorer)
    files = args.files + (scorer.manifest_files() if args.manifest else [])
    if not files:
        parser.error("no files")
    env = dict(os.environ, SPEAK_HOME=tempfile.mkdtemp(prefix="speak-gap-"))
    total, causes, pages = 0, collections.Counter(), []
    for path in files:
        words, page = gap(scorer, args.speak, path, env)
        total += words
        causes += page
        pages.append((page["lost"] / max(1, words), page["lost"], path))
    unread = sum(causes.values())
    parts = ", ".join(f"{cause} {n}" for cause, n in causes.most_common())
    print(f"main words {total}, read {1 - unread / max(1, total):.3f}; not read {unread}: {parts}")
    print(f"lost (in no block of the document): {causes['lost']} words, {causes['lost'] / max(1, total):.4f} of the main words")
    for share, lost, path in sorted(pages, reverse=True)[:args.pages]:
        print(f"  lost {lost:5d} ({share:.3f})  {path}")


if __name__ == "__main__":
    main()
