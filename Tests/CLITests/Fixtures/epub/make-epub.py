#!/usr/bin/env python3
"""Writes small EPUBs for the CLI tests: make-epub.py OUT KIND, KIND one of
epub3 (nav, notes, page breaks, a title page, a non-linear item), epub2 (NCX only),
drm, no-mimetype, traversal, bomb, no-container, no-package, missing-item, empty-spine,
nav-nowhere (entries naming a file and a fragment the book lacks), broken-xhtml (a chapter
that is not well-formed: unclosed elements, a stray '&', a tag cut off)."""
import struct, sys, zipfile, zlib

def png(width=8, height=8):
    """A small grey PNG, the book's cover."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + b"\x80" * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

CONTAINER = """<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"""

def xhtml(body, body_type=""):
    t = f' epub:type="{body_type}"' if body_type else ""
    return f"""<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>x</title></head>
<body{t}>{body}</body></html>"""

TITLE = xhtml('<h1>The Keeper</h1><p>A novel</p><p>Harbour Press</p>', "frontmatter titlepage")
CHAPTER1 = xhtml("""<section id="one"><h2>Chapter One</h2>
<p>The keeper climbed the stairs at dusk<a href="notes.xhtml#n1" epub:type="noteref">1</a>, and the lamp was lit again.</p>
<span epub:type="pagebreak" id="page2" title="2">2</span>
<p>The wind had turned in the afternoon.</p>
<aside epub:type="footnote" id="fn1"><p>An aside the reader does not hear.</p></aside>
<p id="middle">By midnight the sea was loud against the rocks.</p></section>""")
CHAPTER2 = xhtml("""<section id="two"><h2>Chapter Two</h2><p>Morning came grey and still over the water.</p>
<p><img src="lamp.png" alt="A drawing of the lamp"/>The boats went out one by one.</p></section>""")
NOTES = xhtml('<section epub:type="endnotes"><ol><li id="n1"><p>The stairs had one hundred steps.</p></li></ol></section>')
COLOPHON = xhtml("<p>Set in Georgia. Made with care.</p>", "backmatter colophon")
EXTRA = xhtml("<p>A map of the harbour, outside the reading order.</p>")
NAV = xhtml("""<nav epub:type="toc"><ol><li><a href="title.xhtml">Title</a></li>
<li><a href="one.xhtml">Chapter One</a><ol><li><a href="one.xhtml#middle">Midnight</a></li></ol></li>
<li><a href="two.xhtml#two">Chapter Two</a></li><li><a href="notes.xhtml">Notes</a></li></ol></nav>""")
NCX = """<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
<navPoint id="a"><navLabel><text>Chapter One</text></navLabel><content src="one.xhtml"/>
<navPoint id="a1"><navLabel><text>Midnight</text></navLabel><content src="one.xhtml#middle"/></navPoint></navPoint>
<navPoint id="b"><navLabel><text>Chapter Two</text></navLabel><content src="two.xhtml#two"/></navPoint></navMap></ncx>"""

def opf(version, spine, nav=True):
    items = "".join(f'<item id="{i}" href="{i}.xhtml" media-type="application/xhtml+xml"/>' for i in ["title", "one", "two", "notes", "colophon", "extra"])
    items += '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' if nav else ""
    items += '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'
    items += '<item id="cover" href="images/cover.png" media-type="image/png"' + (' properties="cover-image"/>' if nav else '/>')
    return f"""<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="{version}" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Keeper of the Light</dc:title>
<dc:creator>Mara Ellison</dc:creator><dc:creator>Tom Reed</dc:creator><dc:language>en</dc:language>
<dc:publisher>Harbour Press</dc:publisher><meta name="cover" content="cover"/><dc:identifier id="id">urn:isbn:9780000000001</dc:identifier><dc:date>1901</dc:date></metadata>
<manifest>{items}</manifest><spine toc="ncx">{spine}</spine></package>"""

SPINE = ('<itemref idref="title"/><itemref idref="one"/><itemref idref="two"/><itemref idref="extra" linear="no"/>'
         '<itemref idref="notes"/><itemref idref="colophon"/>')

def write(out, kind):
    with zipfile.ZipFile(out, "w") as z:
        if kind != "no-mimetype":
            z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        if kind == "traversal":
            z.writestr("../../evil.xhtml", "x")
        if kind != "no-container":
            z.writestr("META-INF/container.xml", CONTAINER, compress_type=zipfile.ZIP_DEFLATED)
        if kind == "drm":
            z.writestr("META-INF/encryption.xml", """<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
 xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
 <enc:CipherData><enc:CipherReference URI="OEBPS/one.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>""")
        spine = "" if kind == "empty-spine" else SPINE
        if kind != "no-package":
            z.writestr("OEBPS/content.opf", opf("2.0" if kind == "epub2" else "3.0", spine, nav=kind != "epub2"), compress_type=zipfile.ZIP_DEFLATED)
        nav = NAV
        if kind == "nav-nowhere":
            nav = NAV.replace('<li><a href="notes.xhtml">Notes</a></li>',
                              '<li><a href="lost.xhtml">Lost Chapter</a></li><li><a href="two.xhtml#nowhere">Nowhere</a></li>')
        chapter2 = CHAPTER2
        if kind == "broken-xhtml":
            chapter2 = CHAPTER2.replace("<p>Morning came grey and still over the water.</p>",
                                        "<p>Morning came grey & still <b>over the water.<p>The gulls came back<i>").replace("</section>", "<p")
        files = {"title": TITLE, "one": CHAPTER1, "two": chapter2, "notes": NOTES, "colophon": COLOPHON, "extra": EXTRA, "nav": nav}
        if kind == "missing-item":
            del files["two"]
        if kind == "bomb":
            del files["one"]
        for name, text in files.items():
            z.writestr(f"OEBPS/{name}.xhtml", text, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OEBPS/toc.ncx", NCX, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("OEBPS/images/cover.png", png())
        if kind == "bomb":
            # A chapter of 300 MB of spaces that deflates to a few hundred kB.
            info = zipfile.ZipInfo("OEBPS/one.xhtml")
            info.compress_type = zipfile.ZIP_DEFLATED
            with z.open(info, "w", force_zip64=True) as f:
                block = b" " * (1 << 20)
                for _ in range(300):
                    f.write(block)

if __name__ == "__main__":
    write(sys.argv[1], sys.argv[2])
