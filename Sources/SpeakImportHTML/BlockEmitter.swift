import SpeakModel
import SpeakImport

/// One block as the page gives it: what it is, its text, and why it is not read (nil: read).
struct EmittedBlock {
    var kind: BlockKind
    var text: String
    var skip: SkipReason?
    /// `id`s of the elements that start at this block (links into a book point at them).
    var ids: [String] = []
}

/// Turns a page's elements into document blocks: headings with their levels, paragraphs,
/// list items, definition terms, quotes, captions, code, and tables row by row. Inline
/// elements never split words ("<b>im</b>portant" stays one word); whitespace collapses
/// except in `<pre>`. What is not read — boilerplate inside the article (share bars, link
/// lists, "Advertisement"), navigation, code, everything outside the main content — is
/// still emitted, as a skipped block with its reason, so nothing is dropped silently.
struct BlockEmitter {
    /// Elements inside a line of text.
    static func isInline(_ tag: Tag) -> Bool {
        Tag.inline.contains(tag)
    }

    private(set) var blocks: [EmittedBlock] = []
    private var buffer = ""
    private var linkCharacters = 0
    private var kind: BlockKind = .paragraph
    /// Why what is emitted now is not read; nil while reading.
    private var reason: SkipReason?
    /// Inline pieces left out of the current block (a skipped `<span>` inside a paragraph),
    /// emitted as skipped blocks after it.
    private var pendingSkipped: [EmittedBlock] = []
    /// Whether boilerplate filtering applies (not for the whole-page fallback).
    let strict: Bool
    /// An EPUB content document: `epub:type` says what is a note, a page break or front matter.
    let book: Bool
    /// Element ids met since the last block was emitted.
    private var pendingIDs: [String] = []
    /// A definition's term that is only symbols ("." in a list of a pattern language's
    /// marks): it has no word to stand as a block, so it leads its definition.
    private var pendingTerm: String?
    /// Inside a poem: each line is a block of its own (`<br>` ends one), numbered in its stanza.
    private var inVerse = false
    private var verseLine = 0

    init(strict: Bool, book: Bool = false) {
        self.strict = strict
        self.book = book
    }

    /// Emits an element; `isRoot` for the main content itself, which is never filtered out.
    mutating func emit(_ element: HTMLElement, isRoot: Bool = false) {
        if book, let id = element["id"] { pendingIDs.append(id) }
        let poem = !inVerse && !Self.isInline(element.tag) && Verse.isPoem(element)
        if poem { inVerse = true }
        let stanza = inVerse && Verse.isStanza(element)
        defer {
            if stanza || poem {
                flush()
                verseLine = 0
            }
            if poem { inVerse = false }
        }
        // A hidden piece of a line (an icon's label, a number for sighted readers only) is
        // kept beside the line, without breaking it.
        if element.isHidden, reason == nil, Self.isInline(element.tag) {
            let shown = Self.collapse(element.text(lineBreak: " ", includingHidden: true))
            if !shown.isEmpty { pendingSkipped.append(EmittedBlock(kind: kind, text: shown, skip: .hidden)) }
            return
        }
        if !isRoot, let why = skipReason(element), why != reason {
            skipping(why) { $0.content(of: element) }
            return
        }
        content(of: element)
    }

    /// Emits an element's content with every block skipped for `why` (nested elements may
    /// name a more precise reason).
    mutating func emitSkipped(_ element: HTMLElement, reason why: SkipReason) {
        skipping(why) { $0.emit(element) }
    }

    /// Text that stands directly in a container outside the main content.
    mutating func appendSkippedText(_ text: String, reason why: SkipReason) {
        skipping(why) { $0.buffer += text }
    }

    private mutating func skipping(_ why: SkipReason, _ body: (inout BlockEmitter) -> Void) {
        flush()
        let outer = reason
        reason = why
        body(&self)
        flush()
        reason = outer
    }

    private mutating func content(of element: HTMLElement) {
        if !strict, !book, let role = DocumentationMarkup.role(of: element) {
            switch role {
            case .pageTitle:
                block(.heading(level: 1)) { $0.inline(element) }
                return
            case .codeLines:
                flush()
                let (text, others) = DocumentationMarkup.codeLines(of: element)
                if !text.isEmpty { blocks.append(EmittedBlock(kind: .code, text: text, skip: reason ?? .code)) }
                for other in others { emit(other) }
                return
            case .declaration, .declarations: break
            }
        }
        switch element.name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = Int(String(element.name.dropFirst())) ?? 1
            block(.heading(level: level)) { $0.inline(element) }
        case "p", "address", "summary", "dd":
            block(kind == .paragraph ? .paragraph : kind) { $0.inline(element) }
        case "dt":
            // A term is a line of its own: "GNOME" and then its definition, never "GNOMEThe …".
            let term = Self.collapse(element.text(lineBreak: " "))
            if !term.isEmpty, WordSegmenter.words(in: term).isEmpty {
                flush()
                pendingTerm = term
            } else {
                block(.listItem) { $0.inline(element) }
            }
        case "li":
            block(.listItem) { emitter in
                if let number = Self.ordinal(of: element) { emitter.buffer += "\(number). " }
                emitter.children(element)
            }
        case "blockquote":
            block(.quote) { $0.children(element) }
        case "figcaption", "caption":
            block(.caption) { $0.inline(element) }
        case "pre":
            flush()
            let lines = element.rawText.split(separator: "\n", omittingEmptySubsequences: false)
            if let rows = TextTable.rows(lines) {
                // A table typed as text is read row by row; OCR and synthesis take two spaces
                // between cells as the cell boundary (cells may hold commas).
                blocks += rows.map { EmittedBlock(kind: .tableCell, text: $0.joined(separator: "  "), skip: reason) }
                return
            }
            let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { blocks.append(EmittedBlock(kind: .code, text: text, skip: reason ?? .code)) }
        case "img":
            if let alt = Self.altText(element) {
                flush()
                blocks.append(EmittedBlock(kind: .caption, text: alt, skip: reason ?? .figure))
            }
        case "speak-control":
            flush()
            let text = Self.collapse(element.rawText)
            if !text.isEmpty { blocks.append(EmittedBlock(kind: .caption, text: text, skip: reason ?? .control)) }
        case "speak-figure":
            // The labels of an inline SVG, kept by the prefilter (`HTMLPrefilter`).
            flush()
            let text = Self.collapse(element.rawText)
            if !text.isEmpty { blocks.append(EmittedBlock(kind: .caption, text: text, skip: reason ?? .figure)) }
        case "table":
            table(element)
        case "br":
            if inVerse { flush() } else { buffer += " " }
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

    /// Data tables row by row ("cell, cell, cell"); layout tables (cells holding paragraphs,
    /// lists or code) are read as the containers they are.
    private mutating func table(_ element: HTMLElement) {
        flush()
        for caption in element.elements where caption.name == "caption" {
            block(.caption) { $0.inline(caption) }
        }
        let rows = element.descendants(where: { $0.name == "tr" }).filter { row in
            Self.owningTable(of: row) === element
        }
        let role = strict || book ? nil : DocumentationMarkup.role(of: element)
        var declaration: [String] = []
        for row in rows {
            let cells = row.elements.filter { $0.name == "td" || $0.name == "th" }
            if cells.contains(where: Self.holdsBlocks) {
                for cell in cells {
                    flush()
                    children(cell)
                    flush()
                }
                continue
            }
            let texts = cells.map { Self.collapse($0.rawText) }.filter { !$0.isEmpty }
            if role == .declaration {
                declaration += texts
            } else if !texts.isEmpty {
                let text = role == .declarations ? DocumentationMarkup.declarationLine(texts) : texts.joined(separator: ", ")
                blocks.append(EmittedBlock(kind: .tableCell, text: text, skip: reason))
            }
            for cell in cells { blocks += sideBlocks(of: cell) }
        }
        if !declaration.isEmpty {
            blocks.append(EmittedBlock(kind: .paragraph, text: DocumentationMarkup.declarationLine(declaration), skip: reason))
        }
    }

    /// An image's alternative text, when it has one.
    static func altText(_ image: HTMLElement) -> String? {
        let alt = collapse(image["alt"] ?? "")
        return alt.isEmpty ? nil : alt
    }

    /// Why an element is not read, or nil when it is.
    private func skipReason(_ element: HTMLElement) -> SkipReason? {
        if element.isHidden { return reason == nil || reason == .hidden ? .hidden : nil }
        if book { return BookTypes.reason(element["epub:type"], tag: element.tag) }
        switch element.tag {
        case .nav, .menu: return .navigation
        case .aside:
            // Notes set as asides (docutils, DPUB-ARIA) are footnotes, skipped as in a PDF or a book.
            let role = element["role"]?.lowercased() ?? ""
            return element.hints.contains("footnote") || role == "doc-footnote" || role == "doc-endnote" ? .footnote : .sidebar
        case .footer: return .footer
        case .header: return .header
        case .form: return .boilerplate
        default: break
        }
        if let role = element["role"]?.lowercased() {
            switch role {
            case "navigation", "menu", "menubar", "tablist": return .navigation
            // Notes marked up by DPUB-ARIA (pandoc's end notes): skipped, as in a PDF or a book.
            case "doc-endnotes", "doc-endnote", "doc-footnote": return .footnote
            case "complementary": return .sidebar
            case "contentinfo": return .footer
            case "banner": return .header
            default: break
            }
        }
        guard reason == nil else { return nil }
        guard strict else { return DocumentationMarkup.furniture(element) ?? Boilerplate.documentationFurniture(element) }
        if Boilerplate.isStronglyNegative(element)
            || Boilerplate.isNegative(element) && (element.textLength < 2000 || element.linkDensity > 0.3) {
            return Boilerplate.reason(element)
        }
        // Link lists: related stories, tag clouds, "more from". Not an item of a list that is
        // read ("2. Look at the mailing-list archive." between two steps that are): a list of
        // links is skipped whole, and an item that is all link still is when it is flushed.
        if ["ul", "ol", "div", "section", "p"].contains(element.name), element.textLength > 0,
           element.linkDensity > 0.6, element.textLength < 600, element.name != "p" || element.linkDensity > 0.8 {
            return .navigation
        }
        return nil
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
        let isLink = element.leavesThePage
        for child in element.children {
            switch child {
            case .text(let text):
                buffer += text
                if isLink { linkCharacters += text.count }
            case .element(let child):
                if book, let id = child["id"] { pendingIDs.append(id) }
                if book, let why = BookTypes.reason(child["epub:type"], tag: child.tag) {
                    // A note reference or a page break inside a line: kept beside it, never read.
                    let skipped = Self.collapse(child.text(lineBreak: " "))
                    if !skipped.isEmpty { pendingSkipped.append(EmittedBlock(kind: kind, text: skipped, skip: why)) }
                    continue
                }
                if child.tag == .control {
                    let label = Self.collapse(child.rawText)
                    if !label.isEmpty { pendingSkipped.append(EmittedBlock(kind: .caption, text: label, skip: child.isHidden ? .hidden : reason ?? .control)) }
                } else if child.name == "br" {
                    if inVerse { flush() } else { buffer += " " }
                } else if child.name == "img" {
                    // An image's alt text is kept beside the line, not read ("[Tip]", "Logo").
                    if let alt = Self.altText(child) { pendingSkipped.append(EmittedBlock(kind: .caption, text: alt, skip: reason ?? .figure)) }
                } else if Self.isInline(child.tag) {
                    if child.isHidden {
                        emit(child)
                        continue
                    }
                    let text = child.text(lineBreak: " ")
                    let isAnchor = child.tag == .a
                    // A header-link mark: an anchor, or Doxygen's "◆" in a permalink span.
                    // (A link to another page whose text is symbols names them: "prompts (>>> and …)".)
                    if child.hints.contains("permalink") || child.hints.contains("headerlink")
                        || isAnchor && (!child.leavesThePage || Self.headerMarks.contains(Self.collapse(text))), Self.isMark(text) { continue }
                    if isLink || child.leavesThePage { linkCharacters += text.count }
                    if !isAnchor, let why = skipReason(child), why != reason {
                        let skipped = Self.collapse(text)
                        if !skipped.isEmpty { pendingSkipped.append(EmittedBlock(kind: kind, text: skipped, skip: why)) }
                        pendingSkipped += sideBlocks(of: child)
                    } else if Self.hasBlockChild(child) || book && BookTypes.holdsMarks(child) {
                        // A link around a heading or a paragraph: the blocks inside still break.
                        // A line of verse (a <span>) holding a note reference: the mark is not read.
                        inline(child)
                    } else if isAnchor, child.hints.contains("footnote-reference"), child.hints.contains("brackets"),
                              !Self.collapse(text).isEmpty, Self.collapse(text).allSatisfy(\.isNumber) {
                        // Sphinx draws the brackets of a note's number with CSS: "alphanumerics [6] and".
                        buffer += "[" + Self.collapse(text) + "]"
                    } else {
                        buffer += text
                        pendingSkipped += sideBlocks(of: child)
                    }
                } else {
                    emit(child)
                }
            }
        }
    }

    /// What a piece taken as plain text shows besides its text: images' alternative text
    /// ("Prev" on a link's arrow, "[Tip]" in a table cell) and controls' labels, kept beside it.
    private func sideBlocks(of element: HTMLElement) -> [EmittedBlock] {
        // Most inline pieces hold only text: no walk, no allocation.
        guard element.children.contains(where: { if case .element = $0 { true } else { false } }) else { return [] }
        return element.descendants { $0.tag == .img || $0.tag == .control }.compactMap { inner in
            let text = inner.tag == .img ? Self.altText(inner) : Self.collapse(inner.rawText)
            guard let text, !text.isEmpty else { return nil }
            let why: SkipReason = inner.isHidden ? .hidden : reason ?? (inner.tag == .img ? .figure : .control)
            return EmittedBlock(kind: .caption, text: text, skip: why)
        }
    }

    private static func hasBlockChild(_ element: HTMLElement) -> Bool {
        for child in element.children {
            if case .element(let inner) = child, !isInline(inner.tag) { return true }
        }
        return false
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
            blocks += pendingSkipped
            pendingSkipped.removeAll()
        }
        var text = Self.collapse(buffer)
        guard !text.isEmpty else { return }
        if let term = pendingTerm {
            text = term + " — " + text
            pendingTerm = nil
        }
        let ids = pendingIDs
        pendingIDs = []
        var why = reason
        if strict, why == nil {
            let links = Double(linkCharacters) / Double(max(1, buffer.count))
            if Boilerplate.isFurnitureText(text) {
                why = .boilerplate
            } else if links > 0.7, text.count < 120, kind != .listItem || links > 0.9 {
                why = .navigation
            }
        }
        var kind = kind
        if inVerse, kind == .paragraph || kind == .quote {
            verseLine += 1
            kind = .verse(line: verseLine)
        }
        blocks.append(EmittedBlock(kind: kind, text: text, skip: why, ids: ids))
    }
}
