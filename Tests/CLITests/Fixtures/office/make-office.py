#!/usr/bin/env python3
"""Writes small office documents for the CLI tests: make-office.py OUT KIND, KIND one of docx,
odt, xlsx (a spreadsheet, to be named .docx by the test), docx-lists and odt-frames (the
golden inputs harbour-report.docx and .odt: numbered lists, images with alternative text,
page headers and footers)."""
import sys, zipfile

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

def p(text, style=None, extra=""):
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f'<w:p>{props}<w:r><w:t xml:space="preserve">{text}</w:t></w:r>{extra}</w:p>'

DOCUMENT = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {W}><w:body>
{p("The Keeper's Log", "Title")}
{p("Chapter One", "Heading1")}
<w:p><w:r><w:t xml:space="preserve">The keeper climbed the stairs </w:t></w:r><w:r><w:t>at dusk</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:t xml:space="preserve">, and the lamp was lit </w:t></w:r><w:ins w:id="5" w:author="Ed"><w:r><w:t xml:space="preserve">once more and </w:t></w:r></w:ins><w:del w:id="6" w:author="Ed"><w:r><w:delText>never </w:delText></w:r></w:del><w:r><w:t>again.</w:t></w:r><w:commentRangeStart w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>
<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Oil for the lamp</w:t></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Year</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Storms</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>1901</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>12</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
{p("Chapter Two", "Heading1")}
{p("Morning came grey and still over the water.")}
<w:sectPr/></w:body></w:document>"""

STYLES = f"""<?xml version="1.0" encoding="UTF-8"?><w:styles {W}>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>"""

FOOTNOTES = f"""<?xml version="1.0" encoding="UTF-8"?><w:footnotes {W}>
<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
<w:footnote w:id="1"><w:p><w:r><w:t>The stairs had one hundred steps.</w:t></w:r></w:p></w:footnote></w:footnotes>"""

CORE = """<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
 xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>The Keeper's Log</dc:title><dc:creator>Mara Ellison</dc:creator><dc:language>en-GB</dc:language></cp:coreProperties>"""

TYPES = """<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/></Types>"""

ODT = """<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><office:body><office:text>
<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>never </text:p></text:deletion></text:changed-region></text:tracked-changes>
<text:h text:outline-level="1">Chapter One</text:h>
<text:p>The keeper climbed the stairs <text:span>at dusk</text:span><text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>The stairs had one hundred steps.</text:p></text:note-body></text:note>, and the lamp was lit<text:s/>again.<office:annotation><text:p>check this</text:p></office:annotation><text:change text:change-id="c1"/></text:p>
<text:list><text:list-item><text:p>Oil for the lamp</text:p></text:list-item></text:list>
<table:table><table:table-row><table:table-cell><text:p>Year</text:p></table:table-cell><table:table-cell><text:p>Storms</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell><text:p>1901</text:p></table:table-cell><table:table-cell><text:p>12</text:p></table:table-cell></table:table-row></table:table>
<text:h text:outline-level="1">Chapter Two</text:h><text:p>Morning came grey and still over the water.</text:p>
</office:text></office:body></office:document-content>"""

META = """<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"><office:meta>
<dc:title>The Keeper's Log</dc:title><meta:initial-creator>Mara Ellison</meta:initial-creator></office:meta></office:document-meta>"""

def numbered(text, num, level=0):
    return f'<w:p><w:pPr><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>'

WP = 'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"'
REPORT = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {W} {WP}><w:body>
{p("Harbour Report", "Heading1")}
{p("Before the lamp is lit:")}
{numbered("Trim the wick.", 1)}
{numbered("Check the oil.", 1)}
{numbered("Measure it twice.", 1, 1)}
{numbered("Log the level.", 1, 1)}
{numbered("Clean the lens.", 1)}
{numbered("A bullet is not read as a number.", 2)}
<w:p><w:r><w:drawing><wp:inline><wp:docPr w:id="1" name="Picture 1" descr="The lighthouse at dusk, seen from the pier"/></wp:inline></w:drawing></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">The keeper's chart </w:t></w:r><w:r><w:drawing><wp:anchor><wp:docPr w:id="2" name="Chart" title="Storms per year"/></wp:anchor></w:drawing></w:r><w:r><w:t>shows the storms.</w:t></w:r></w:p>
{p("Appendix", "Heading1")}
{numbered("Restarted list, lettered.", 3)}
{numbered("Second letter.", 3)}
<w:sectPr/></w:body></w:document>"""

REPORT_NUMBERING = f"""<?xml version="1.0" encoding="UTF-8"?><w:numbering {W}>
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1)"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num></w:numbering>"""

HEADER = f"""<?xml version="1.0" encoding="UTF-8"?><w:hdr {W}>{p("Harbour Office, Annual Report")}</w:hdr>"""
FOOTER = f"""<?xml version="1.0" encoding="UTF-8"?><w:ftr {W}>{p("Printed for the keepers")}</w:ftr>"""

FRAMES = """<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"><office:body><office:text>
<text:h text:outline-level="1">Harbour Report</text:h>
<text:p>The keeper's chart <draw:frame draw:name="Chart"><draw:image/><svg:title>Storms per year</svg:title><svg:desc>A bar chart of storms from 1901 to 1910</svg:desc></draw:frame>shows the storms.</text:p>
<text:p><draw:frame draw:name="Box"><draw:text-box><text:p>Words in a text box are read.</text:p></draw:text-box></draw:frame></text:p>
</office:text></office:body></office:document-content>"""

FRAME_STYLES = """<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">
<office:master-styles><style:master-page style:name="Standard"><style:header><text:p>Harbour Office, Annual Report</text:p></style:header>
<style:footer><text:p>Printed for the keepers</text:p></style:footer></style:master-page></office:master-styles></office:document-styles>"""

# Each kind's entries in order; an OpenDocument's stored "mimetype" comes first.
ODT_TYPE = "application/vnd.oasis.opendocument.text"
KINDS = {
    "docx": {"[Content_Types].xml": TYPES, "word/document.xml": DOCUMENT, "word/styles.xml": STYLES,
             "word/footnotes.xml": FOOTNOTES, "docProps/core.xml": CORE},
    "odt": {"mimetype": ODT_TYPE, "content.xml": ODT, "meta.xml": META},
    "docx-lists": {"[Content_Types].xml": TYPES, "word/document.xml": REPORT, "word/styles.xml": STYLES,
                   "word/numbering.xml": REPORT_NUMBERING, "word/header1.xml": HEADER, "word/header2.xml": HEADER,
                   "word/footer1.xml": FOOTER},
    "odt-frames": {"mimetype": ODT_TYPE, "content.xml": FRAMES, "styles.xml": FRAME_STYLES},
    "xlsx": {"[Content_Types].xml": TYPES, "xl/workbook.xml": "<workbook/>"},
}

def write(out, kind):
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in KINDS[kind].items():
            if name == "mimetype":
                z.writestr(zipfile.ZipInfo(name), text, compress_type=zipfile.ZIP_STORED)
            else:
                z.writestr(name, text)

if __name__ == "__main__":
    write(sys.argv[1], sys.argv[2])
