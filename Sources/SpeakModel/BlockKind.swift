/// What a block of a document is. Page furniture kinds are kept in the document but are
/// normally marked with a `SkipReason` so they are not spoken.
public enum BlockKind: Sendable, Equatable, Hashable, Codable {
    case heading(level: Int)
    case paragraph
    case listItem
    case quote
    case caption
    case code
    case tableCell
    case header
    case footer
    case pageNumber
    case footnote
    /// A line of verse; `line` counts from 1 in its stanza, so a new stanza is a new paragraph
    /// and the lines inside one are said with a shorter pause between them.
    case verse(line: Int)

    /// A stable name used in the library, JSON output and text dumps.
    public var name: String {
        switch self {
        case .heading: "heading"
        case .paragraph: "paragraph"
        case .listItem: "list-item"
        case .quote: "quote"
        case .caption: "caption"
        case .code: "code"
        case .tableCell: "table-cell"
        case .header: "header"
        case .footer: "footer"
        case .pageNumber: "page-number"
        case .footnote: "footnote"
        case .verse: "verse"
        }
    }

    /// The heading level, or nil for blocks that are not headings.
    public var headingLevel: Int? {
        if case .heading(let level) = self { return level }
        return nil
    }

    /// The level stored with the kind: a heading's level or a verse's line in its stanza.
    public var level: Int? {
        switch self {
        case .heading(let level): level
        case .verse(let line): line
        default: nil
        }
    }

    /// Whether this is a line of verse that continues a stanza (not its first line).
    public var continuesStanza: Bool {
        if case .verse(let line) = self { return line > 1 }
        return false
    }

    /// Rebuilds a kind from its `name` (and heading level or verse line); nil for unknown names.
    public init?(name: String, level: Int? = nil) {
        switch name {
        case "heading": self = .heading(level: level ?? 1)
        case "paragraph": self = .paragraph
        case "list-item": self = .listItem
        case "quote": self = .quote
        case "caption": self = .caption
        case "code": self = .code
        case "table-cell": self = .tableCell
        case "header": self = .header
        case "footer": self = .footer
        case "page-number": self = .pageNumber
        case "footnote": self = .footnote
        case "verse": self = .verse(line: level ?? 1)
        default: return nil
        }
    }
}

/// Why a block is not read aloud by default.
public enum SkipReason: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case header
    case footer
    case pageNumber = "page-number"
    case footnote
    case citation
    case lineNumber = "line-number"
    case boilerplate
    /// Menus, breadcrumbs, tables of contents, link lists, "previous / next" bars.
    case navigation
    /// Asides and sidebars: related links, "more from", complementary boxes.
    case sidebar
    /// Reader comments.
    case comments
    /// Program code and listings (read on request).
    case code
    /// The document's title, already said as its title.
    case title
    /// Hidden on the page (`hidden`, `display: none`, `aria-hidden`).
    case hidden
    /// Outside the main content the importer chose to read.
    case outsideArticle = "outside-article"
    /// Markers that point elsewhere: note references, header-link marks.
    case marker
    /// What OCR could not read with confidence: fragments of figures, charts, rules and dirt
    /// (kept for checking, never read as words).
    case unreadable
    /// The labels of a figure or diagram (an SVG's text) and images' alternative text: kept
    /// for `--all`, not read.
    case figure
    /// Text turned in a page's margin: arXiv stamps, watermarks, labels set sideways.
    case margin
    /// A journal's banner over a paper's title ("… manuscript no. …, © ESO 2022").
    case banner
    /// Authors' institutions, addresses and e-mail addresses under a paper's title.
    case affiliation
    /// A paper's list of references (read on request: `--read-all`).
    case references
    /// A paper's acknowledgements.
    case acknowledgements
    /// A display equation, set apart from the text.
    case equation
    /// A book's pages nobody listens to: title pages, imprints, colophons, copyright pages.
    case frontMatter = "front-matter"
    /// A book's content outside its reading order (`linear="no"` in the spine).
    case nonLinear = "non-linear"
    /// Buttons and form controls: their labels ("show", "Go", "Copy item path") are on the
    /// screen, kept for `--all`, never read.
    case control
}
