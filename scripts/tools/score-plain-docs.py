#!/usr/bin/env python3
"""Nothing lost without a word, on the plain documents a Linux machine is full of (issue 19):
man pages (`man --nh --nj -P cat PAGE`, no hyphenation, so the reference has whole words) piped
into `speak text -`, and the Markdown READMEs under /usr/share/doc (link targets and HTML tags
left out of the reference), read by their file names (`speak text README.md.gz`, as Markdown). Prints, per corpus: the words of the reference found in
`speak text --all` (completeness) and in `speak text` (read), word-weighted.

  score-plain-docs.py --speak BIN [--man] [--readmes] [--per-file]
"""
import argparse, collections, glob, gzip, os, re, subprocess

MAN_PAGES = ["ls", "cp", "tar", "grep", "sed", "find", "bash", "man", "apt-get", "dpkg", "git", "ssh", "curl",
             "less", "rsync", "gzip", "make", "python3"]


def bag(text):
    return collections.Counter(re.findall(r"[0-9a-z]+", text.lower()))


def speak(binary, text, every_block, path=None):
    """What speak reads of `text`, or of the file `path` (a README is read as Markdown by its name)."""
    run = subprocess.run([binary, "text", path or "-"] + (["--all"] if every_block else []), input=None if path else text,
                         capture_output=True, text=True)
    return run.stdout


def man_pages():
    env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8")
    for page in MAN_PAGES:
        run = subprocess.run(["man", "--nh", "--nj", "-P", "cat", page], capture_output=True, text=True, env=env)
        if run.returncode == 0 and run.stdout.strip():
            yield page, run.stdout


def readmes():
    for path in sorted(glob.glob("/usr/share/doc/*/README.md") + glob.glob("/usr/share/doc/*/README.md.gz")):
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", errors="replace") as f:
            source = f.read()
        # What a reader sees of the Markdown: not link targets, reference definitions or tags.
        visible = re.sub(r"(?m)^\s*\[[^\]]+\]:\s*\S+.*$", " ", source)
        visible = re.sub(r"\]\([^)]*\)", "] ", visible)
        visible = re.sub(r"<[^>]+>", " ", visible)
        yield path, source, visible


def score(name, items, binary, per_file):
    total = found = heard = files = 0
    for label, text, reference in items:
        wanted = bag(reference)
        n = sum(wanted.values())
        if n < 50:
            continue
        path = label if os.path.isfile(label) else None
        complete = sum((wanted & bag(speak(binary, text, True, path))).values())
        read = sum((wanted & bag(speak(binary, text, False, path))).values())
        total, found, heard, files = total + n, found + complete, heard + read, files + 1
        if per_file:
            print(f"{complete / n:.3f} {read / n:.3f} {n:7d}  {label}")
    if files:
        print(f"{name} ({files} files, {total} words): completeness {found / total:.3f}  read {heard / total:.3f}")
    else:
        print(f"{name}: none found on this machine")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--speak", required=True)
    parser.add_argument("--man", action="store_true")
    parser.add_argument("--readmes", action="store_true")
    parser.add_argument("--per-file", action="store_true")
    args = parser.parse_args()
    both = not args.man and not args.readmes
    if args.man or both:
        score("man pages", ((page, text, text) for page, text in man_pages()), args.speak, args.per_file)
    if args.readmes or both:
        score("Markdown READMEs", readmes(), args.speak, args.per_file)


if __name__ == "__main__":
    main()
