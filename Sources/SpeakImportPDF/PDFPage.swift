/// What the PDF helper (`speak-pdf`) reads from a document: its facts, then page by page the
/// text lines in poppler's reading order with their boxes and fonts.
///
/// This is the contract between the helper (which links poppler) and the importer (which does
/// not), so it is plain data and `Codable`. Coordinates are PDF points, top-left origin.
public struct PDFInfo: Sendable, Equatable, Codable {
    public var pageCount: Int
    public var title: String?
    public var author: String?
    public var outline: [PDFOutlineEntry]

    public init(pageCount: Int, title: String? = nil, author: String? = nil, outline: [PDFOutlineEntry] = []) {
        self.pageCount = pageCount
        self.title = title
        self.author = author
        self.outline = outline
    }
}

/// One entry of the document outline (its table of contents).
public struct PDFOutlineEntry: Sendable, Equatable, Codable {
    public var title: String
    /// 0-based page index the entry points to.
    public var page: Int
    /// Distance from the top of that page, in points; nil when the destination has none.
    public var top: Double?
    /// Distance from the left edge, in points; nil when the destination has none.
    public var left: Double?
    public var level: Int

    public init(title: String, page: Int, top: Double? = nil, left: Double? = nil, level: Int = 1) {
        self.title = title
        self.page = page
        self.top = top
        self.left = left
        self.level = level
    }
}

/// One page's text.
public struct PDFPage: Sendable, Equatable, Codable {
    public var index: Int
    public var width: Double
    public var height: Double
    /// The printed page label ("iv", "12"), when the document has labels.
    public var label: String?
    public var lines: [PDFLine]
    /// The page has no usable text layer (or OCR was asked for every page): it is rendered and
    /// read by OCR after the text pages.
    public var needsOCR: Bool

    public init(index: Int, width: Double, height: Double, label: String? = nil, lines: [PDFLine], needsOCR: Bool = false) {
        self.index = index
        self.width = width
        self.height = height
        self.label = label
        self.lines = lines
        self.needsOCR = needsOCR
    }
}

/// One line of text as poppler lays it out.
public struct PDFLine: Sendable, Equatable, Codable {
    public var text: String
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double
    /// The font size of most of the line's characters, in points.
    public var size: Double
    public var bold: Bool
    /// Turned against the page's text (a rotated stamp or label in the margin).
    public var turned: Bool

    public init(text: String, left: Double, top: Double, right: Double, bottom: Double, size: Double, bold: Bool = false,
                turned: Bool = false) {
        self.text = text
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.size = size
        self.bold = bold
        self.turned = turned
    }
}

/// What `speak-pdf` says, one message per line: `info` (or `failure`) first, then (from a
/// helper reading the whole document) the `outline`, then a `page` (or `failure`) for every
/// page, then `done`. The outline comes after the info so that other helpers can start on
/// their pages while it is read (a long book's outline takes a noticeable time).
public enum PDFHelperMessage: Sendable, Equatable, Codable {
    case info(PDFInfo)
    case outline([PDFOutlineEntry])
    case page(PDFPage)
    case failure(PDFFailure)
    case done
}

/// A problem the helper reports.
public struct PDFFailure: Sendable, Equatable, Codable, Error {
    public enum Kind: String, Sendable, Codable {
        case needsPassword, wrongPassword, damaged, engine
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}
