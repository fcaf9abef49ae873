#!/usr/bin/env python3
"""Writes EPUBs of the kinds ../shared/eval/epub lacks, each with the text a listener should
hear and its chapter list, scored by ../shared/eval/epub/score.py like the evaluation books:

    make-kinds.py OUT     ->  OUT/<name>.epub, OUT/truth/<name>.txt, OUT/truth/<name>.chapters.txt

sonnets     EPUB 3 poetry (z3998:poem, stanzas of lines), an imprint known only from the
            landmarks, a half-title page over nested entries, endnotes with note references
glossary    EPUB 3 dictionary: definition lists, one file with the letters as fragment targets,
            an index at the back
notes       EPUB 3 essays: footnotes as <aside>, rearnotes, a dedication and an epigraph (read)
guide       EPUB 2 with only an NCX (nested navPoints) and a <guide> naming the title and
            copyright pages, whose files do not say what they are
pictures    fixed-layout picture book (rendition:layout pre-paginated, text placed absolutely)
arabic      right-to-left book in Arabic (page-progression-direction="rtl", dir="rtl")

The truth follows ../shared/eval/epub/README.md: left out are title pages, half-title pages,
imprints, colophons, copyright pages, indexes, notes and note references, asides, and images'
alternative text; every heading and paragraph that is read is a line.
"""
import os, sys, zipfile, zlib

CONTAINER = """<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"""


def xhtml(body, body_type="", lang="en", rtl=False, head=""):
    t = f' epub:type="{body_type}"' if body_type else ""
    d = ' dir="rtl"' if rtl else ""
    return f"""<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="{lang}" lang="{lang}"{d}>
<head><title>x</title>{head}</head>
<body{t}>{body}</body></html>"""


def nav(entries, landmarks=()):
    """entries: (title, href, [children]); landmarks: (epub:type, href, title)."""
    def ol(items):
        return "<ol>" + "".join(f'<li><a href="{h}">{t}</a>{ol(c) if c else ""}</li>' for t, h, c in items) + "</ol>"
    marks = ""
    if landmarks:
        marks = '<nav epub:type="landmarks"><ol>' + "".join(
            f'<li><a epub:type="{k}" href="{h}">{t}</a></li>' for k, h, t in landmarks) + "</ol></nav>"
    return xhtml(f'<nav epub:type="toc"><h2>Contents</h2>{ol(entries)}</nav>{marks}')


def ncx(entries):
    n = [0]
    def points(items):
        out = ""
        for t, h, c in items:
            n[0] += 1
            out += f'<navPoint id="p{n[0]}" playOrder="{n[0]}"><navLabel><text>{t}</text></navLabel><content src="{h}"/>{points(c)}</navPoint>'
        return out
    return f"""<?xml version="1.0" encoding="utf-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head/><docTitle><text>x</text></docTitle><navMap>{points(entries)}</navMap></ncx>"""


def opf(version, title, lang, files, spine, extra_meta="", guide="", nav_file=True, spine_attrs=""):
    items = "".join(f'<item id="{i}" href="{i}.xhtml" media-type="application/xhtml+xml"/>' for i in files)
    if nav_file:
        items += '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
    items += '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'
    refs = "".join(f'<itemref idref="{i}"/>' for i in spine)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="{version}" unique-identifier="id" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{title}</dc:title><dc:creator>Speak Fixtures</dc:creator>
<dc:language>{lang}</dc:language><dc:identifier id="id">urn:uuid:{zlib.crc32(title.encode()):012d}</dc:identifier>{extra_meta}</metadata>
<manifest>{items}</manifest><spine toc="ncx"{spine_attrs}>{refs}</spine>{guide}</package>"""


def write_book(out, name, opf_text, files, nav_text=None, ncx_text=None):
    with zipfile.ZipFile(os.path.join(out, name + ".epub"), "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", CONTAINER, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OEBPS/content.opf", opf_text, compress_type=zipfile.ZIP_DEFLATED)
        for file, text in files.items():
            z.writestr(f"OEBPS/{file}.xhtml", text, compress_type=zipfile.ZIP_DEFLATED)
        if nav_text:
            z.writestr("OEBPS/nav.xhtml", nav_text, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OEBPS/toc.ncx", ncx_text or ncx([]), compress_type=zipfile.ZIP_DEFLATED)


def write_truth(out, name, lines, chapters):
    os.makedirs(os.path.join(out, "truth"), exist_ok=True)
    with open(os.path.join(out, "truth", name + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "truth", name + ".chapters.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(chapters) + "\n")


# Shakespeare's sonnets 18, 30, 73 and 116 (public domain): title, then quatrains and couplet.
SONNETS = [
    ("XVIII", ["Shall I compare thee to a summer’s day?", "Thou art more lovely and more temperate:",
               "Rough winds do shake the darling buds of May,", "And summer’s lease hath all too short a date;",
               "Sometime too hot the eye of heaven shines,", "And often is his gold complexion dimm’d;",
               "And every fair from fair sometime declines,", "By chance or nature’s changing course untrimm’d;",
               "But thy eternal summer shall not fade,", "Nor lose possession of that fair thou ow’st;",
               "Nor shall Death brag thou wander’st in his shade,", "When in eternal lines to time thou grow’st:",
               "So long as men can breathe or eyes can see,", "So long lives this, and this gives life to thee."]),
    ("XXX", ["When to the sessions of sweet silent thought", "I summon up remembrance of things past,",
             "I sigh the lack of many a thing I sought,", "And with old woes new wail my dear time’s waste:",
             "Then can I drown an eye, unused to flow,", "For precious friends hid in death’s dateless night,",
             "And weep afresh love’s long since cancell’d woe,", "And moan the expense of many a vanish’d sight:",
             "Then can I grieve at grievances foregone,", "And heavily from woe to woe tell o’er",
             "The sad account of fore-bemoaned moan,", "Which I new pay as if not paid before.",
             "But if the while I think on thee, dear friend,", "All losses are restor’d and sorrows end."]),
    ("LXXIII", ["That time of year thou mayst in me behold", "When yellow leaves, or none, or few, do hang",
                "Upon those boughs which shake against the cold,", "Bare ruin’d choirs, where late the sweet birds sang.",
                "In me thou see’st the twilight of such day", "As after sunset fadeth in the west,",
                "Which by and by black night doth take away,", "Death’s second self, that seals up all in rest.",
                "In me thou see’st the glowing of such fire", "That on the ashes of his youth doth lie,",
                "As the death-bed whereon it must expire,", "Consum’d with that which it was nourish’d by.",
                "This thou perceiv’st, which makes thy love more strong,", "To love that well which thou must leave ere long."]),
    ("CXVI", ["Let me not to the marriage of true minds", "Admit impediments. Love is not love",
              "Which alters when it alteration finds,", "Or bends with the remover to remove.",
              "O no! it is an ever-fixed mark", "That looks on tempests and is never shaken;",
              "It is the star to every wand’ring bark,", "Whose worth’s unknown, although his height be taken.",
              "Love’s not Time’s fool, though rosy lips and cheeks", "Within his bending sickle’s compass come;",
              "Love alters not with his brief hours and weeks,", "But bears it out even to the edge of doom.",
              "If this be error and upon me prov’d,", "I never writ, nor no man ever lov’d."]),
]


def sonnets(out):
    files = {"titlepage": xhtml('<section epub:type="titlepage"><h1>Four Sonnets</h1><p>William Shakespeare</p></section>',
                                "frontmatter"),
             # Only the landmarks say this is the imprint.
             "imprint": xhtml("<section><h2>Imprint</h2><p>This edition of four sonnets was set for testing a reading "
                              "engine. The text is in the public domain.</p></section>"),
             "halftitle": xhtml('<section epub:type="halftitlepage"><h2>Sonnets</h2></section>', "bodymatter")}
    lines = []
    for title, verse in SONNETS:
        stanzas = [verse[0:4], verse[4:8], verse[8:12], verse[12:14]]
        body = ""
        for stanza in stanzas:
            spans = []
            for k, line in enumerate(stanza):
                if title == "CXVI" and line.endswith("bark,"):
                    line = line[:-1] + '<a href="endnotes.xhtml#note-1" id="noteref-1" epub:type="noteref">1</a>,'
                indent = ' class="i1"' if k % 2 else ""
                spans.append(f"<span{indent}>{line}</span>")
            body += "<p>\n" + "<br/>\n".join(spans) + "\n</p>\n"
        files["sonnet-" + title.lower()] = xhtml(
            f'<article id="sonnet-{title.lower()}" epub:type="z3998:poem"><h2 epub:type="ordinal z3998:roman">{title}</h2>\n{body}</article>',
            "bodymatter z3998:fiction")
        lines += [title] + verse
    files["endnotes"] = xhtml('<section epub:type="endnotes"><h2>Endnotes</h2><ol><li id="note-1" epub:type="endnote">'
                              '<p>A ship. <a href="sonnet-cxvi.xhtml#noteref-1" epub:type="backlink">↩</a></p></li></ol></section>',
                              "backmatter")
    files["colophon"] = xhtml('<section epub:type="colophon"><h2>Colophon</h2><p>Set in a plain face.</p></section>', "backmatter")
    toc = [("Titlepage", "titlepage.xhtml", []), ("Imprint", "imprint.xhtml", []),
           ("Sonnets", "halftitle.xhtml", [(t, f"sonnet-{t.lower()}.xhtml", []) for t, _ in SONNETS]),
           ("Endnotes", "endnotes.xhtml", []), ("Colophon", "colophon.xhtml", [])]
    marks = [("imprint", "imprint.xhtml", "Imprint"), ("bodymatter", "halftitle.xhtml", "Start"),
             ("endnotes", "endnotes.xhtml", "Endnotes")]
    order = list(files)
    write_book(out, "sonnets", opf("3.0", "Four Sonnets", "en", order, order), files, nav(toc, marks), ncx(toc))
    write_truth(out, "sonnets", lines, [t for t, _ in SONNETS])


GLOSSARY = {
    "A": [("abaft", "adv.", "Toward the stern of a vessel, or behind it."),
          ("aground", "adj.", "Resting on the bottom in water too shallow to float."),
          ("astern", "adv.", "Behind a vessel, or moving backward.")],
    "B": [("ballast", "n.", "Heavy material carried low in a hull to keep it steady."),
          ("beam", "n.", "The width of a vessel at its widest point."),
          ("bight", "n.", "A loop in a rope, or a wide bend in a coastline.")],
    "C": [("capstan", "n.", "An upright drum turned by hand to haul in a cable."),
          ("chart", "n.", "A map of the sea that shows depths, lights and dangers."),
          ("chronometer", "n.", "A clock kept so exactly that the longitude can be reckoned from it.")],
    "D": [("davit", "n.", "A small crane that hangs a boat over the side."),
          ("dead reckoning", "n.", "Finding a position from speed, course and time alone, when no light or star can be seen.")],
}


def glossary(out):
    body, lines = "", []
    for letter, entries in GLOSSARY.items():
        body += f'<section id="letter-{letter.lower()}" epub:type="chapter"><h2>{letter}</h2><dl>'
        lines.append(letter)
        for word, pos, definition in entries:
            shown = definition.replace("the width", 'the <a href="#letter-b">width</a>') if word == "beam" else definition
            body += f'<dt id="{word.replace(" ", "-")}"><dfn>{word}</dfn> <span class="pos">{pos}</span></dt><dd><p>{shown}</p></dd>'
            lines += [f"{word} {pos}", definition]
        body += "</dl></section>"
    files = {"titlepage": xhtml("<h1>A Short Glossary of the Sea</h1>", "titlepage"),
             "glossary": xhtml(f'<section epub:type="glossary">{body}</section>', "bodymatter"),
             "index": xhtml('<section epub:type="index"><h2>Index</h2><ul>' + "".join(
                 f'<li><a href="glossary.xhtml#{w.replace(" ", "-")}">{w}</a>, 1</li>' for es in GLOSSARY.values() for w, _, _ in es)
                 + "</ul></section>", "backmatter")}
    toc = [(l, f"glossary.xhtml#letter-{l.lower()}", []) for l in GLOSSARY] + [("Index", "index.xhtml", [])]
    order = list(files)
    write_book(out, "glossary", opf("3.0", "A Short Glossary of the Sea", "en", order, order), files, nav(toc), ncx(toc))
    write_truth(out, "glossary", lines, list(GLOSSARY))


def marked(text, after, href, label):
    """`text` with a note reference after the words `after` (their comma kept after the mark)."""
    return text.replace(after, f'{after[:-1]}<a href="{href}" epub:type="noteref">{label}</a>,')


def notes(out):
    dedication = "For everyone who kept a light burning."
    epigraph = "The sea has neither meaning nor pity."
    ch1 = ["The Tide Tables",
           "Every keeper learned the tides before anything else, because the boat could only land at certain hours.",
           "The tables were printed each winter and pinned beside the door, where the wind could not reach them.",
           "A keeper who misread them spent a night on the rock with nothing but a lantern and a flask of tea."]
    ch2 = ["Keeping the Log",
           "The log was written at six in the evening and again at six in the morning, whatever the weather.",
           "It recorded the wind, the sea, the visibility and every vessel that passed within sight of the light.",
           "Inspectors read the logs once a year, and a missing entry was a matter for a written explanation."]
    files = {
        "dedication": xhtml(f'<section epub:type="dedication"><p>{dedication}</p></section>', "frontmatter"),
        "epigraph": xhtml(f'<section epub:type="epigraph"><blockquote><p>{epigraph}</p></blockquote></section>', "frontmatter"),
        "chapter-1": xhtml(f'<section epub:type="chapter"><h2>{ch1[0]}</h2><p>{ch1[1]}</p>'
                           f'<aside epub:type="footnote" id="fn-1"><p>Some stations had their own tables, worked out by the keepers.</p></aside>'
                           f'<p>{marked(ch1[2], "door,", "#fn-1", "*")}</p>'
                           f'<aside><p>Sidebar: a table for the year 1887 survives in the museum.</p></aside><p>{ch1[3]}</p></section>'),
        "chapter-2": xhtml(f'<section epub:type="chapter"><h2>{ch2[0]}</h2>'
                           f'<p>{marked(ch2[1], "morning,", "notes.xhtml#rn-1", "1")}</p>'
                           f'<p>{ch2[2]}</p><p>{marked(ch2[3], "year,", "notes.xhtml#rn-2", "2")}</p></section>'),
        "notes": xhtml('<section epub:type="rearnotes"><h2>Notes</h2><ol>'
                       '<li id="rn-1" epub:type="rearnote"><p>Some stations wrote at noon as well.</p></li>'
                       '<li id="rn-2" epub:type="rearnote"><p>In later years twice a year.</p></li></ol></section>', "backmatter"),
    }
    toc = [("Dedication", "dedication.xhtml", []), ("Epigraph", "epigraph.xhtml", []), (ch1[0], "chapter-1.xhtml", []),
           (ch2[0], "chapter-2.xhtml", []), ("Notes", "notes.xhtml", [])]
    order = list(files)
    write_book(out, "notes", opf("3.0", "Two Essays on Keeping", "en", order, order), files, nav(toc), ncx(toc))
    write_truth(out, "notes", [dedication, epigraph] + ch1 + ch2, ["Dedication", "Epigraph", ch1[0], ch2[0]])


def guide(out):
    chapters = [("Part One", None, None), ("The Crossing", "chapter-1", [
                    "The boat left the harbour at first light with the relief keeper and a month of stores.",
                    "By noon the rock was in sight, and the swell had eased enough to land."]),
                ("The Landing", "chapter-2", [
                    "The stores went up by the crane, one crate at a time, while the old keeper watched the sky."]),
                ("Part Two", None, None), ("The Long Night", "chapter-3", [
                    "The storm arrived after dark and did not stop for three days.",
                    "On the second night the lamp went out for eleven minutes, which the log records in red ink."])]
    files = {"titlepage": xhtml("<h1>The Relief</h1><p>A story in two parts</p>"),
             "copyright": xhtml("<p>Copyright 2026 by nobody in particular. All rights waived.</p><p>Printed nowhere.</p>"),
             "part-1": xhtml("<h1>Part One</h1>")}
    lines = []
    for title, file, paragraphs in chapters:
        if file is None:
            lines.append(title)
            if title == "Part Two":
                files["part-2"] = xhtml("<h1>Part Two</h1>")
            continue
        files[file] = xhtml(f"<h2>{title}</h2>" + "".join(f"<p>{p}</p>" for p in paragraphs))
        lines += [title] + paragraphs
    files = {k: v.replace(' xmlns:epub="http://www.idpf.org/2007/ops"', "") for k, v in files.items()}
    order = ["titlepage", "copyright", "part-1", "chapter-1", "chapter-2", "part-2", "chapter-3"]
    toc = [("Part One", "part-1.xhtml", [("The Crossing", "chapter-1.xhtml", []), ("The Landing", "chapter-2.xhtml", [])]),
           ("Part Two", "part-2.xhtml", [("The Long Night", "chapter-3.xhtml", [])])]
    guide = ('<guide><reference type="title-page" title="Title" href="titlepage.xhtml"/>'
             '<reference type="copyright-page" title="Copyright" href="copyright.xhtml"/>'
             '<reference type="text" title="Start" href="part-1.xhtml"/></guide>')
    write_book(out, "guide", opf("2.0", "The Relief", "en", order, order, guide=guide, nav_file=False), files, None, ncx(toc))
    write_truth(out, "guide", lines, ["Part One", "Part Two"])


PAGES = [("The Lighthouse", "A lighthouse on a rock at dusk", ["Every night the lamp was lit", "and the light went round and round."]),
         ("The Storm", "Waves breaking over the rock", ["One night a storm came in from the sea.", "The keeper stayed awake until morning."]),
         ("Morning", "A calm sea under a pale sky", ["In the morning the sea was calm again,", "and the boats went out to fish."])]


def pictures(out):
    head = '<meta name="viewport" content="width=1200, height=900"/>'
    files, lines = {}, []
    for n, (title, alt, text) in enumerate(PAGES, 1):
        placed = "\n".join(f'<div class="line" style="position:absolute; top:{600 + 60 * k}px; left:120px;">{t}</div>'
                           for k, t in enumerate(text))
        files[f"page-{n}"] = xhtml(f'<div class="page"><img src="page-{n}.png" alt="{alt}"/>\n'
                                   f'<h2 style="position:absolute; top:520px; left:120px;">{title}</h2>\n{placed}</div>', head=head)
        lines += [title] + text
    meta = '<meta property="rendition:layout">pre-paginated</meta><meta property="rendition:spread">landscape</meta>'
    toc = [(t, f"page-{n}.xhtml", []) for n, (t, _, _) in enumerate(PAGES, 1)]
    order = list(files)
    write_book(out, "pictures", opf("3.0", "The Light on the Rock", "en", order, order, extra_meta=meta), files, nav(toc), ncx(toc))
    write_truth(out, "pictures", lines, [t for t, _, _ in PAGES])


ARABIC = [("الفصل الأول", ["تقف المنارة على صخرة عالية قرب الميناء.", "في كل ليلة يصعد الحارس الدرج ويشعل المصباح.",
                           "تمر السفن بسلام لأن الضوء يدور فوق الماء."]),
          ("الفصل الثاني", ["في الصباح يكتب الحارس حالة الطقس في دفتره.", "ثم ينام قليلا ويستمع إلى صوت الأمواج."])]


def arabic(out):
    files = {"titlepage": xhtml("<h1>المنارة</h1>", "titlepage", lang="ar", rtl=True)}
    lines = []
    for n, (title, paragraphs) in enumerate(ARABIC, 1):
        files[f"chapter-{n}"] = xhtml(f'<section epub:type="chapter"><h2>{title}</h2>' + "".join(f"<p>{p}</p>" for p in paragraphs)
                                      + "</section>", lang="ar", rtl=True)
        lines += [title] + paragraphs
    toc = [(t, f"chapter-{n}.xhtml", []) for n, (t, _) in enumerate(ARABIC, 1)]
    order = list(files)
    write_book(out, "arabic", opf("3.0", "المنارة", "ar", order, order, spine_attrs=' page-progression-direction="rtl"'),
               files, nav(toc), ncx(toc))
    write_truth(out, "arabic", lines, [t for t, _ in ARABIC])


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for make in (sonnets, glossary, notes, guide, pictures, arabic):
        make(out)
