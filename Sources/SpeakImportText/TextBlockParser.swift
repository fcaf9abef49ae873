import SpeakImport
import SpeakModel

/// Turns cleaned plain text into blocks, line by line: blank lines and form feeds end
/// paragraphs, hard-wrapped lines are joined, and headings, list items, block quotes and
/// fenced code are recognized.
struct TextBlockParser {
    var markdown: Bool
    var joiner: LineJoiner

    private enum Pending { case paragraph, listItem, quote, html }

    private var lines: [Substring] = []
    /// The paragraph's lines as typed, with their indentation: a table typed as text is
    /// recognized by its columns.
    private var rawLines: [Substring] = []
    private var pending = Pending.paragraph
    private var fence: [Substring]?
    /// Inside a Markdown table (after its header and separator rows).
    private var inTable = false
    /// The labels a Markdown file defines links for ("[lzbench]: https://…").
    private var labels: Set<String> = []
    /// Inside an HTML comment that has not reached its "-->" yet.
    private var commentOpen = false
    /// The width plain text is wrapped at, when it can be told (see `LineBreaks`).
    private var wrapWidth: Int?

    init(markdown: Bool, joiner: LineJoiner) {
        self.markdown = markdown
        self.joiner = joiner
    }

    /// Parses `text`, appending blocks to `builder`; `progress` gets the fraction of text read.
    mutating func parse(_ text: String, into builder: inout DocumentBuilder, progress: (Double) -> Void) {
        if markdown { labels = MarkdownBlocks.definedLabels(text) } else { wrapWidth = LineBreaks.wrapWidth(of: text) }
        let utf8 = text.utf8
        let total = max(1, utf8.count)
        var start = utf8.startIndex
        var sinceReport = 0
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = text[start..<end]
            sinceReport += line.utf8.count + 1
            handle(line, into: &builder)
            start = end < utf8.endIndex ? utf8.index(after: end) : end
            if sinceReport > 1 << 20 {
                sinceReport = 0
                progress(Double(utf8.distance(from: utf8.startIndex, to: start)) / Double(total))
            }
        }
        if let fenced = fence { emitCode(fenced, into: &builder) }
        flush(into: &builder)
    }

    private mutating func handle(_ raw: Substring, into builder: inout DocumentBuilder) {
        let line = raw.trimmingSpaces()
        if fence != nil {
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                emitCode(fence ?? [], into: &builder)
                fence = nil
            } else {
                fence?.append(raw)
            }
            return
        }
        if line.contains("\u{0C}") {
            // A form feed is a page break: it ends the paragraph wherever it stands in the line.
            for (i, piece) in raw.split(separator: "\u{0C}", omittingEmptySubsequences: false).enumerated() {
                if i > 0 { flush(into: &builder) }
                if !piece.trimmingSpaces().isEmpty { handle(piece, into: &builder) }
            }
            return
        }
        // An HTML comment runs to its "-->", blank lines and all (but not past 200 lines: one
        // left open would hide the rest of the file).
        if pending == .html, commentOpen, lines.count >= 200 { commentOpen = false }
        if line.isEmpty, !commentOpen {
            flush(into: &builder)
            inTable = false
            return
        }
        if pending == .html {
            lines.append(line)
            if commentOpen, line.contains("-->") {
                commentOpen = false
                flush(into: &builder)
            }
            return
        }
        if markdown, MarkdownBlocks.isReferenceDefinition(raw) {
            flush(into: &builder)
            builder.append(.paragraph, text: String(line), skip: .marker)
            return
        }
        if markdown, lines.isEmpty || pending != .paragraph, MarkdownBlocks.startsHTML(raw) {
            flush(into: &builder)
            pending = .html
            lines = [line]
            if line.hasPrefix("<!--") {
                commentOpen = !line.contains("-->")
                if !commentOpen { flush(into: &builder) }
            }
            return
        }
        if markdown, handleTable(line, into: &builder) { return }
        if markdown, let note = footnoteDefinition(line) {
            flush(into: &builder)
            builder.append(.footnote, text: inline(String(note)), skip: .footnote)
            return
        }
        if line.hasPrefix("```") || line.hasPrefix("~~~") {
            // A row of tildes or backticks under a title is its underline, as reStructuredText
            // and plain-text FAQs draw them: read as a fence it would swallow the rest of the file.
            if isTitleUnderline(line) {
                if lines.count == 1 {
                    let title = lines[0]
                    lines = []
                    rawLines = []
                    appendHeading(title, level: 2, into: &builder)
                } else {
                    flush(into: &builder)
                }
                return
            }
            flush(into: &builder)
            fence = []
            return
        }
        if let heading = HeadingDetector.markdownHeading(line) {
            flush(into: &builder)
            appendHeading(heading.text, level: heading.level, into: &builder)
            return
        }
        if lines.count == 1, pending == .paragraph, isUnderline(line), rawLines.first.map(Self.hasColumnGaps) != true {
            let title = lines[0]
            lines = []
            rawLines = []
            appendHeading(title, level: line.first == "=" ? 1 : 2, into: &builder)
            return
        }
        if lines.isEmpty, isRule(line) { return }
        if let item = listItemText(line) {
            flush(into: &builder)
            pending = .listItem
            lines = [item]
            return
        }
        if line.hasPrefix(">") {
            let quoted = line.dropFirst().trimmingSpaces()
            if pending != .quote || lines.isEmpty {
                flush(into: &builder)
                pending = .quote
            }
            if !quoted.isEmpty { lines.append(quoted) }
            return
        }
        if pending == .quote, !lines.isEmpty { flush(into: &builder) }
        lines.append(line)
        rawLines.append(raw)
    }

    private mutating func flush(into builder: inout DocumentBuilder) {
        defer {
            lines = []
            rawLines = []
            pending = .paragraph
        }
        guard !lines.isEmpty else { return }
        if pending == .paragraph, rawLines.count >= 3, let rows = TextTable.rows(rawLines) {
            // Two spaces between cells, as OCR sets them: a cell may hold a comma.
            for row in rows { builder.append(.tableCell, text: row.map(inline).joined(separator: "  ")) }
            return
        }
        if pending == .paragraph, lines.count == rawLines.count, let records = LineRecords.records(rawLines) {
            for record in records { builder.append(.paragraph, text: inline(joiner.join(record))) }
            return
        }
        if pending == .paragraph, let heading = standaloneHeading() {
            appendHeading(heading.text[...], level: heading.level, into: &builder)
            return
        }
        if pending == .paragraph, lines.count == rawLines.count, let width = wrapWidth,
           let groups = LineBreaks.groups(rawLines, width: width) {
            for group in groups { builder.append(.paragraph, text: inline(joiner.join(group))) }
            return
        }
        if pending == .html { return appendHTML(lines.joined(separator: "\n"), into: &builder) }
        let kind: BlockKind = switch pending {
        case .paragraph, .html: .paragraph
        case .listItem: .listItem
        case .quote: .quote
        }
        let joined = joiner.join(lines)
        if markdown, let alts = MarkdownBlocks.onlyImages(joined) {
            builder.append(kind, text: alts.isEmpty ? joined : alts.joined(separator: ", "), skip: .figure)
            return
        }
        builder.append(kind, text: inline(joined))
    }

    /// A one-line chapter heading ("Chapter 3", optionally with its title on the next line)
    /// or a lone all-capital line.
    private func standaloneHeading() -> (text: String, level: Int)? {
        guard lines.count <= 2, let first = lines.first else { return nil }
        if let level = HeadingDetector.chapterHeadingLevel(first) {
            if lines.count == 1 { return (String(first), level) }
            let second = lines[1]
            guard second.count <= 80, let last = second.last, !".,;!?".contains(last) else { return nil }
            return (String(first) + ": " + String(second), level)
        }
        if lines.count == 1, HeadingDetector.isCapitalsHeading(first) { return (String(first), 2) }
        return nil
    }

    private mutating func appendHeading(_ text: Substring, level: Int, into builder: inout DocumentBuilder) {
        builder.append(.heading(level: level), text: inline(String(text)))
    }

    /// HTML written into Markdown: a comment is hidden, images alone are a figure, anything
    /// else is read for the text it shows (a heading as a heading).
    private func appendHTML(_ html: String, into builder: inout DocumentBuilder) {
        if html.hasPrefix("<!--") {
            // The comment is hidden; what follows its "-->" on the line is read.
            let end = html.range(of: "-->").map(\.upperBound) ?? html.endIndex
            builder.append(.paragraph, text: String(html[..<end]), skip: .hidden)
            let rest = html[end...].trimmingCharacters(in: .whitespacesAndNewlines)
            if !rest.isEmpty { appendHTML(rest, into: &builder) }
            return
        }
        let shown = MarkdownBlocks.shown(html)
        if shown.text.isEmpty {
            builder.append(.paragraph, text: shown.alts.isEmpty ? html : shown.alts.joined(separator: ", "), skip: .figure)
        } else if let level = shown.heading {
            builder.append(.heading(level: level), text: inline(shown.text))
        } else {
            builder.append(.paragraph, text: inline(shown.text))
        }
    }

    private func emitCode(_ code: [Substring], into builder: inout DocumentBuilder) {
        let text = code.joined(separator: "\n")
        builder.append(.code, text: text)
    }

    private func inline(_ text: String) -> String {
        guard markdown else { return MarkdownInline.stripLinks(text) }
        let linked = MarkdownBlocks.shortcutLinks(MarkdownInline.stripLinks(MarkdownInline.references(text)), labels: labels)
        return MarkdownInline.entities(MarkdownInline.stripEmphasis(MarkdownInline.stripTags(MarkdownInline.stripMarkers(linked))))
    }

    /// Markdown tables read row by row as HTML tables are ("cell, cell, cell"): the header
    /// row, once the separator row under it ("|---|:--:|") shows it is one, then each row
    /// until a line without a pipe. The separator row is not text.
    private mutating func handleTable(_ line: Substring, into builder: inout DocumentBuilder) -> Bool {
        if inTable {
            guard line.contains("|") else {
                inTable = false
                return false
            }
            appendRow(line, into: &builder)
            return true
        }
        guard lines.count == 1, pending == .paragraph, lines[0].contains("|"), isTableSeparator(line) else { return false }
        let header = lines[0]
        lines = []
        rawLines = []
        appendRow(header, into: &builder)
        inTable = true
        return true
    }

    private func appendRow(_ line: Substring, into builder: inout DocumentBuilder) {
        var row = line
        if row.hasPrefix("|") { row = row.dropFirst() }
        if row.hasSuffix("|") && !row.hasSuffix("\\|") { row = row.dropLast() }
        let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            .map { inline(String($0.trimmingSpaces())) }.filter { !$0.isEmpty }
        if !cells.isEmpty { builder.append(.tableCell, text: cells.joined(separator: ", ")) }
    }

    private func isTableSeparator(_ line: Substring) -> Bool {
        line.contains("-") && line.contains("|") && line.allSatisfy { "|-: \t".contains($0) }
    }

    /// The text of a footnote definition ("[^1]: The note."); read as a skipped footnote.
    private func footnoteDefinition(_ line: Substring) -> Substring? {
        guard line.hasPrefix("[^"), let close = line.firstIndex(of: "]"), line[close...].hasPrefix("]:") else { return nil }
        return line[line.index(close, offsetBy: 2)...].trimmingSpaces()
    }

    /// Column names over a rule ("Name    Size    Date") rather than a title over its underline.
    private static func hasColumnGaps(_ line: Substring) -> Bool {
        line.trimmingSpaces().components(separatedBy: "  ").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 3
    }

    /// Only tildes or only backticks right under a paragraph's text: in Markdown under a
    /// one-line title of about its length, elsewhere under any text.
    private func isTitleUnderline(_ line: Substring) -> Bool {
        guard !lines.isEmpty, pending == .paragraph, let mark = line.first, line.allSatisfy({ $0 == mark }) else { return false }
        guard markdown else { return true }
        return lines.count == 1 && line.count >= 4 && abs(line.count - lines[0].count) <= 2
    }

    private func isUnderline(_ line: Substring) -> Bool {
        line.count >= 3 && (line.allSatisfy { $0 == "=" } || line.allSatisfy { $0 == "-" })
    }

    private func isRule(_ line: Substring) -> Bool {
        let marks = line.filter { $0 != " " }
        guard marks.count >= 3, let first = marks.first, "-*_=".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// The text of a bulleted or numbered list line, without its marker.
    private func listItemText(_ line: Substring) -> Substring? {
        if let first = line.first, "-*+•◦▪‣".contains(first) {
            let rest = line.dropFirst()
            guard let space = rest.first, space == " " || space == "\t" else { return nil }
            let text = rest.trimmingSpaces()
            return text.isEmpty ? nil : text
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count) else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
        let after = rest.dropFirst()
        guard let space = after.first, space == " " || space == "\t" else { return nil }
        let text = after.trimmingSpaces()
        // "1. " at the start of a wrapped sentence is rare; a year like "1984. It" is not a list.
        return text.isEmpty ? nil : text
    }
}
