import Foundation
import SpeakArchive
import SpeakImport
import SpeakModel

/// Imports a Word document (WordprocessingML, `.docx`): paragraphs in order, headings by
/// built-in heading style or outline level (they make the chapters), list items with the
/// numbers Word shows, tables row by row; footnote and endnote references skipped as marks and
/// the notes themselves kept at the end as skipped blocks; images' alternative text kept beside
/// their paragraph and the page headers and footers kept, all skipped; tracked deletions and
/// comments left out, tracked insertions kept; title, author and language from the core properties.
public struct DOCXImporter: RecognizingImporter {
    public var format: DocumentFormat { .docx }

    /// A ZIP archive with a Word body; the other office containers are recognized to be
    /// refused by name (a spreadsheet named `.docx` is a mistake worth naming).
    public static let signatures = [FormatSignature(name: "Word document", marks: [.entry("word/document.xml")], extensions: ["docx"])]
        + OfficeFormats.refused

    public init() {}

    public init(settings: ImporterSettings) {}

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions,
                               progress: ProgressHandler) throws -> Document {
        let name = source.name
        var archive = try BookArchive(source.data, name: name)
        guard let data = try archive.data("word/document.xml"), let document = BookXML.parse(data), let body = document.first("body") else {
            throw ImportError.damaged(name, reason: "it has no readable word/document.xml; it is not a Word document")
        }
        let levels = try (archive.data("word/styles.xml")).flatMap(BookXML.parse).map(Self.headingStyles) ?? [:]
        var builder = DocumentBuilder()
        // Page headers and footers: furniture, kept once each (every section may repeat them).
        let furniture = archive.paths.filter { $0.hasPrefix("word/header") || $0.hasPrefix("word/footer") }.sorted()
        var seen: Set<String> = []
        var footers: [String] = []
        for part in furniture {
            guard let xml = try archive.data(part).flatMap(BookXML.parse) else { continue }
            for paragraph in xml.all("p") {
                let text = Reader.text(of: paragraph).text
                guard !text.isEmpty, seen.insert(text).inserted else { continue }
                if part.hasPrefix("word/header") { builder.append(.header, text: text, skip: .header) } else { footers.append(text) }
            }
        }
        var reader = Reader(levels: levels, numbering: DOCXNumbering(try archive.data("word/numbering.xml").flatMap(BookXML.parse)))
        reader.walk(body, into: &builder)
        for part in ["word/footnotes.xml", "word/endnotes.xml"] {
            guard let notes = try archive.data(part).flatMap(BookXML.parse) else { continue }
            for note in notes.all("footnote") + notes.all("endnote") where (Int(note["id"] ?? "") ?? 0) > 0 && note["type"] == nil {
                for paragraph in note.all("p") {
                    let text = Reader.text(of: paragraph).text
                    if !text.isEmpty { builder.append(.paragraph, text: text, skip: .footnote) }
                }
            }
        }
        for footer in footers { builder.append(.footer, text: footer, skip: .footer) }
        let core = try archive.data("docProps/core.xml").flatMap(BookXML.parse)
        progress(1)
        return try OfficeDocument.build(&builder, properties: core, authorFields: ["creator"], name: name, format: .docx, options: options)
    }

    /// Style id → heading level, from the styles' names ("heading 1", "Title") or their outline level.
    static func headingStyles(_ styles: BookXML) -> [String: Int] {
        var out: [String: Int] = [:]
        for style in styles.all("style") {
            guard let id = style["styleId"] else { continue }
            let styleName = (style.children("name").first?["val"] ?? id).lowercased()
            if styleName == "title" {
                out[id] = 1
            } else if styleName.hasPrefix("heading "), let level = Int(styleName.dropFirst(8)) {
                out[id] = min(6, level)
            } else if let outline = style.first("outlineLvl")?["val"].flatMap(Int.init), outline < 9 {
                out[id] = min(6, outline + 1)
            }
        }
        return out
    }

    /// Walks the body in order, emitting blocks.
    struct Reader {
        let levels: [String: Int]
        var numbering = DOCXNumbering(nil)

        mutating func walk(_ element: BookXML, into builder: inout DocumentBuilder) {
            for child in element.children {
                switch child.name {
                case "p": paragraph(child, into: &builder)
                case "tbl":
                    for row in child.children("tr") {
                        let cells = row.children("tc").map { cell in cell.all("p").map { Self.text(of: $0).text }.filter { !$0.isEmpty }.joined(separator: " ") }
                        let text = cells.filter { !$0.isEmpty }.joined(separator: ", ")
                        if !text.isEmpty { builder.append(.tableCell, text: text) }
                    }
                case "sectPr": continue
                default: walk(child, into: &builder)
                }
            }
        }

        private mutating func paragraph(_ paragraph: BookXML, into builder: inout DocumentBuilder) {
            var (text, marks) = Self.text(of: paragraph)
            let figures = paragraph.all("docPr").compactMap { picture in
                (picture["descr"] ?? picture["title"]).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            }.filter { !$0.isEmpty }
            defer { for figure in figures { builder.append(.caption, text: figure, skip: .figure) } }
            guard !text.isEmpty else { return }
            let properties = paragraph.children("pPr").first
            let list = properties?.children("numPr").first
            if let list, let id = list.children("numId").first?["val"],
               let label = numbering.label(numId: id, level: list.children("ilvl").first?["val"].flatMap { Int($0) } ?? 0) {
                text = label + " " + text
            }
            let style = properties?.children("pStyle").first?["val"]
            let outline = properties?.children("outlineLvl").first?["val"].flatMap(Int.init)
            let kind: BlockKind
            if let level = style.flatMap({ levels[$0] }) ?? outline.map({ min(6, $0 + 1) }) {
                kind = .heading(level: level)
            } else if list != nil {
                kind = .listItem
            } else {
                kind = .paragraph
            }
            builder.append(kind, text: text)
            for mark in marks { builder.append(kind == .listItem ? .paragraph : kind, text: mark, skip: .marker) }
        }

        /// A paragraph's text in order (tracked deletions, field codes and comments left out)
        /// and the note references in it.
        static func text(of element: BookXML) -> (text: String, marks: [String]) {
            var out = ""
            var marks: [String] = []
            func visit(_ node: BookXML) {
                for child in node.children {
                    switch child.name {
                    case "t": out += child.rawText
                    case "tab", "br", "cr": out += " "
                    case "noBreakHyphen": out += "-"
                    case "del", "delText", "instrText", "commentReference", "pPr", "rPr": continue
                    case "footnoteReference", "endnoteReference": marks.append(child["id"] ?? "")
                    default: visit(child)
                    }
                }
            }
            visit(element)
            return (out.split(whereSeparator: \.isWhitespace).joined(separator: " "), marks.filter { !$0.isEmpty })
        }
    }
}
