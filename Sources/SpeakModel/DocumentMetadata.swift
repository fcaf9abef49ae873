import Foundation

/// The kind of source a document was imported from.
public enum DocumentFormat: String, Sendable, Codable, CaseIterable {
    case text
    case html
    case pdf
    case image
    case epub
    case docx
    case odt
}

/// Everything known about a document besides its content.
public struct DocumentMetadata: Sendable, Equatable, Codable {
    /// Library id; nil for a document that is not stored.
    public var id: Int64?
    public var title: String
    public var author: String?
    /// BCP 47 language tag (or Tesseract code for OCR), when known.
    public var language: String?
    /// The path or URL the document came from ("-" for standard input).
    public var source: String
    public var format: DocumentFormat
    /// "sha256:<hex>" of the source bytes.
    public var contentHash: String
    /// When the source says it was written or published.
    public var created: Date?
    /// When it was imported into the library.
    public var imported: Date?
    /// Number of source pages, when the source has pages.
    public var pageCount: Int?
    /// The printed label of each source page ("iv", "12", "A-3"), first page first, when the
    /// source labels its pages otherwise than 1, 2, 3…; block pages index it from 1.
    public var pageLabels: [String]?
    public var siteName: String?
    public var canonicalURL: String?
    /// What the source prints about where it comes from: "arxiv" (2201.00200v1), "doi",
    /// "journal" (from a paper's banner).
    public var identifiers: [String: String]?

    public init(id: Int64? = nil, title: String, author: String? = nil, language: String? = nil,
                source: String, format: DocumentFormat, contentHash: String,
                created: Date? = nil, imported: Date? = nil, pageCount: Int? = nil,
                siteName: String? = nil, canonicalURL: String? = nil) {
        self.id = id
        self.title = title
        self.author = author
        self.language = language
        self.source = source
        self.format = format
        self.contentHash = contentHash
        self.created = created
        self.imported = imported
        self.pageCount = pageCount
        self.siteName = siteName
        self.canonicalURL = canonicalURL
    }

    /// The printed label of 1-based source page `page`: its label, else its number.
    public func pageLabel(_ page: Int) -> String {
        guard let pageLabels, pageLabels.indices.contains(page - 1), !pageLabels[page - 1].isEmpty else { return String(page) }
        return pageLabels[page - 1]
    }
}
