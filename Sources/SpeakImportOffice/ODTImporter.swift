import Foundation
import SpeakArchive
import SpeakImport
import SpeakModel

/// Imports a LibreOffice text document (`.odt`): headings by outline level (they make the
/// chapters), paragraphs, list items and tables in order; notes kept as skipped blocks after
/// the paragraph that cites them (their citation skipped as a mark); tracked deletions (kept
/// by ODF in its change regions) left out; annotations left out; images' titles and
/// descriptions kept beside their paragraph and the page headers and footers kept, all
/// skipped; title, author and language from `meta.xml`.
public struct ODTImporter: RecognizingImporter {
    public var format: DocumentFormat { .odt }

    /// The ODF rule: a ZIP archive whose `mimetype` names a text document.
    public static let signatures = [FormatSignature(name: "OpenDocument text", marks: [.mimetype("application/vnd.oasis.opendocument.text")],
                                                    extensions: ["odt"])]

    public init() {}

    public init(settings: ImporterSettings) {}

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions,
                               progress: ProgressHandler) throws -> Document {
        let name = source.name
        var archive = try BookArchive(source.data, name: name)
        guard let data = try archive.data("content.xml"), let content = BookXML.parse(data), let text = content.first("text") else {
            throw ImportError.damaged(name, reason: "it has no readable content.xml; it is not an OpenDocument text")
        }
        var builder = DocumentBuilder()
        let styles = try archive.data("styles.xml").flatMap(BookXML.parse)
        // Page headers and footers live with the page styles: furniture, kept once each.
        var headers: [String] = [], footers: [String] = []
        for page in styles?.all("master-page") ?? [] {
            for part in page.children where ["header", "header-left", "header-first", "footer", "footer-left", "footer-first"].contains(part.name) {
                for paragraph in part.all("p") + part.all("h") {
                    let text = Self.line(of: paragraph).text
                    guard !text.isEmpty, !headers.contains(text), !footers.contains(text) else { continue }
                    if part.name.hasPrefix("header") { headers.append(text) } else { footers.append(text) }
                }
            }
        }
        for header in headers { builder.append(.header, text: header, skip: .header) }
        var label: String?
        Walker(numbering: ODTNumbering([content.first("automatic-styles"), styles?.first("styles")].compactMap { $0 }))
            .walk(text, into: &builder, label: &label)
        for footer in footers { builder.append(.footer, text: footer, skip: .footer) }
        let meta = try archive.data("meta.xml").flatMap(BookXML.parse)
        progress(1)
        return try OfficeDocument.build(&builder, properties: meta, authorFields: ["creator", "initial-creator"], name: name,
                                        format: .odt, options: options)
    }

    /// Walks the body in order, numbering list items by their list style; `label` is an
    /// item's number, waiting for the item's first paragraph.
    struct Walker {
        let numbering: ODTNumbering
        /// The enclosing list's style and level.
        var list: (style: String?, level: Int)?

        func walk(_ element: BookXML, into builder: inout DocumentBuilder, kind: BlockKind = .paragraph, label: inout String?) {
            for child in element.children {
                switch child.name {
                case "list":
                    var inner = self
                    let style = child["style-name"] ?? list?.style, level = (list?.level ?? 0) + 1
                    inner.list = (style, level)
                    var number = (numbering.start(style: style, level: level) ?? 1) - 1
                    for item in child.children {
                        var itemLabel: String?
                        if item.name == "list-item" {
                            number = item["start-value"].flatMap { Int($0) } ?? number + 1
                            itemLabel = numbering.label(style: style, level: level, number: number)
                        }
                        inner.walk(item, into: &builder, kind: .listItem, label: &itemLabel)
                    }
                case "h":
                    let level = min(6, max(1, Int(child["outline-level"] ?? "1") ?? 1))
                    ODTImporter.emit(child, kind: .heading(level: level), into: &builder)
                case "p":
                    ODTImporter.emit(child, kind: kind, into: &builder, label: label)
                    label = nil
                case "table-row":
                    let cells = child.children("table-cell").map { cell in
                        cell.all("p").map { ODTImporter.line(of: $0).text }.filter { !$0.isEmpty }.joined(separator: " ")
                    }
                    let text = cells.filter { !$0.isEmpty }.joined(separator: ", ")
                    if !text.isEmpty { builder.append(.tableCell, text: text) }
                case "tracked-changes", "sequence-decls", "variable-decls", "user-field-decls", "annotation", "forms": continue
                default: walk(child, into: &builder, kind: kind, label: &label)
                }
            }
        }
    }

    static func emit(_ paragraph: BookXML, kind: BlockKind, into builder: inout DocumentBuilder, label: String? = nil) {
        let (text, notes, figures) = line(of: paragraph)
        if !text.isEmpty { builder.append(kind, text: label.map { $0 + " " + text } ?? text) }
        for (citation, body) in notes {
            if !citation.isEmpty { builder.append(.paragraph, text: citation, skip: .marker) }
            if !body.isEmpty { builder.append(.paragraph, text: body, skip: .footnote) }
        }
        for figure in figures { builder.append(.caption, text: figure, skip: .figure) }
    }

    /// A paragraph's text in order, its notes (citation, text) and its images' titles and
    /// descriptions (never part of the text).
    static func line(of element: BookXML) -> (text: String, notes: [(String, String)], figures: [String]) {
        var out = ""
        var notes: [(String, String)] = []
        var figures: [String] = []
        func visit(_ node: BookXML) {
            for part in node.parts {
                guard case .element(let child) = part else {
                    if case .text(let text) = part { out += text }
                    continue
                }
                switch child.name {
                case "s": out += String(repeating: " ", count: Int(child["c"] ?? "1") ?? 1)
                case "tab", "line-break": out += " "
                case "note":
                    let citation = child.first("note-citation")?.fullText ?? ""
                    let body = child.first("note-body")?.all("p").map { line(of: $0).text }.joined(separator: " ") ?? ""
                    notes.append((citation, body))
                case "annotation", "change", "change-start", "change-end": continue
                case "frame":
                    // A frame's svg:title and svg:desc describe its image; a text box in it is text.
                    for inner in child.children {
                        if inner.name == "title" || inner.name == "desc" {
                            let figure = inner.fullText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                            if !figure.isEmpty { figures.append(figure) }
                        } else {
                            visit(inner)
                        }
                    }
                default: visit(child)
                }
            }
        }
        visit(element)
        return (out.split(whereSeparator: \.isWhitespace).joined(separator: " "), notes, figures)
    }
}
