import SpeakModel

/// Turns the article's elements into document blocks: headings with their levels,
/// paragraphs, list items, quotes, captions, code, and tables row by row. Inline elements
/// never split words ("<b>im</b>portant" stays one word); whitespace collapses except in
/// `<pre>`; boilerplate inside the article (share bars, link lists, "Advertisement") is left out.
struct BlockEmitter {
    /// Elements inside a line of text.
    static func isInline(_ tag: Tag) -> Bool {
        Tag.inline.contains(tag)
    }
    /// Never read inside an article either.
    static let skippedInContent: Set<String> = ["nav", "aside", "footer", "form", "head", "header", "menu"]

    private(set) var blocks: [(kind: BlockKind, text: String)] = []
    private var buffer = ""
    private var linkCharacters = 0
    private var kind: BlockKind = .paragraph
    /// Whether boilerplate filtering applies (not for the whole-page fallback).
    let strict: Bool

    init(strict: Bool) {
        self.strict = strict
    }

    mutating func emit(_ element: HTMLElement, isRoot: Bool = false) {
        if !isRoot, skip(element) { return }
        switch element.name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = Int(String(element.name.dropFirst())) ?? 1
            block(.heading(level: level)) { $0.inline(element) }
        case "p", "dd", "dt", "address", "summary":
            block(kind == .paragraph ? .paragraph : kind) { $0.inline(element) }
        case "li":
            block(.listItem) { $0.children(element) }
        case "blockquote":
            block(.quote) { $0.children(element) }
        case "figcaption", "caption":
            block(.caption) { $0.inline(element) }
        case "pre":
            flush()
            let text = element.rawText.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { blocks.append((.code, text)) }
        case "table":
            flush()
            for caption in element.elements where caption.name == "caption" {
                let text = Self.collapse(caption.rawText)
                if !text.isEmpty { blocks.append((.caption, text)) }
            }
            for row in element.descendants(where: { $0.name == "tr" }) {
                let cells = row.elements.filter { $0.name == "td" || $0.name == "th" }
                    .map { Self.collapse($0.rawText) }.filter { !$0.isEmpty }
                if !cells.isEmpty { blocks.append((.tableCell, cells.joined(separator: ", "))) }
            }
        case "br":
            buffer += " "
        case "hr":
            flush()
        default:
            if Self.isInline(element.tag) {
                inline(element)
            } else {
                flush()
                children(element)
                flush()
            }
        }
    }

    /// Whether an element inside the article is boilerplate.
    private func skip(_ element: HTMLElement) -> Bool {
        if Self.skippedInContent.contains(element.name) { return true }
        guard strict else { return false }
        if Boilerplate.isStronglyNegative(element) { return true }
        if Boilerplate.isNegative(element), element.textLength < 2000 || element.linkDensity > 0.3 { return true }
        // Link lists: related stories, tag clouds, "more from".
        if ["ul", "ol", "div", "section", "p", "li"].contains(element.name), element.textLength > 0,
           element.linkDensity > 0.6, element.textLength < 600, element.name != "p" || element.linkDensity > 0.8 { return true }
        return false
    }

    private mutating func children(_ element: HTMLElement) {
        for child in element.children {
            switch child {
            case .text(let text): buffer += text
            case .element(let child): emit(child)
            }
        }
    }

    /// Text of an element whose children are (mostly) inline; block children still break.
    private mutating func inline(_ element: HTMLElement) {
        let isLink = element.name == "a"
        for child in element.children {
            switch child {
            case .text(let text):
                buffer += text
                if isLink { linkCharacters += text.count }
            case .element(let child):
                if child.name == "br" {
                    buffer += " "
                } else if Self.isInline(child.tag) {
                    if isLink || child.name == "a" { linkCharacters += child.rawText.count }
                    if !skip(child) || child.name == "a" { buffer += child.text(lineBreak: " ") }
                } else {
                    emit(child)
                }
            }
        }
    }

    private mutating func block(_ kind: BlockKind, _ body: (inout BlockEmitter) -> Void) {
        flush()
        let outer = self.kind
        self.kind = kind
        body(&self)
        flush()
        self.kind = outer
    }

    mutating func flush() {
        defer {
            buffer = ""
            linkCharacters = 0
        }
        let text = Self.collapse(buffer)
        guard !text.isEmpty else { return }
        if strict {
            if Boilerplate.isFurnitureText(text) { return }
            let links = Double(linkCharacters) / Double(max(1, buffer.count))
            if links > 0.7, text.count < 120, kind != .listItem || links > 0.9 { return }
        }
        blocks.append((kind, text))
    }

    static func collapse(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Unicode whitespace, with the common ASCII case answered without a property lookup.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
}
