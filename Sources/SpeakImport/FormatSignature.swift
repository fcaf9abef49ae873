import Foundation

/// What marks an input as one format. Each importer declares its own (`RecognizingImporter`),
/// so the importer for an input is found by going down a list: a new format is a new target
/// and one line in that list.
public struct FormatSignature: Sendable {
    public enum Mark: Sendable {
        /// The content starts with these bytes.
        case prefix([UInt8])
        /// A test over the first kilobyte (a header after junk, a header with fields).
        case head(@Sendable ([UInt8]) -> Bool)
        /// A ZIP archive whose `mimetype` entry holds this media type (EPUB's container and
        /// OpenDocument put it first and stored, where the first kilobyte shows it).
        case mimetype(String)
        /// A ZIP archive with an entry at this path (`word/document.xml`).
        case entry(String)
    }

    /// What the content is, for messages: "PDF", "PNG image".
    public var name: String
    /// Any one of these marks the format.
    public var marks: [Mark]
    /// File extensions that usually go with it: a hint, never the decision.
    public var extensions: Set<String>
    /// For a kind recognized only to be refused by name (JPEG 2000, a spreadsheet): why, and
    /// what to do ("it is a spreadsheet, not a text document; …"); nil for a kind that is read.
    public var refusal: String?

    public init(name: String, marks: [Mark], extensions: Set<String> = [], refusal: String? = nil) {
        self.name = name
        self.marks = marks
        self.extensions = extensions
        self.refusal = refusal
    }

    /// Whether the first kilobyte shows one of the marks.
    public func matches(head: [UInt8]) -> Bool {
        marks.contains { mark in
            switch mark {
            case .prefix(let bytes): head.starts(with: bytes)
            case .head(let test): test(head)
            case .mimetype(let type): Self.firstEntryIsMimetype(head, type)
            case .entry: false
            }
        }
    }

    /// Whether a ZIP archive with these entry paths and this `mimetype` entry shows one of the marks.
    public func matches(archivePaths paths: Set<String>, mimetype: String?) -> Bool {
        marks.contains { mark in
            switch mark {
            case .mimetype(let type): mimetype == type
            case .entry(let path): paths.contains(path)
            case .prefix, .head: false
            }
        }
    }

    /// ZIP's local file header.
    public static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// The OCF rule: the archive's first entry is `mimetype`, stored, holding `type`.
    static func firstEntryIsMimetype(_ h: [UInt8], _ type: String) -> Bool {
        guard h.starts(with: zipMagic), h.count >= 30 else { return false }
        let nameLength = Int(h[26]) | Int(h[27]) << 8, extraLength = Int(h[28]) | Int(h[29]) << 8
        let content = 30 + nameLength + extraLength
        let bytes = Array(type.utf8)
        return nameLength == 8 && h.count >= content + bytes.count && Array(h[30..<38]) == Array("mimetype".utf8)
            && Array(h[content..<(content + bytes.count)]) == bytes
    }
}

/// What the user asked for that decides how an importer reads.
public struct ImporterSettings: Sendable {
    /// The password of an encrypted document.
    public var password: String?
    /// When pages without a text layer are read by OCR.
    public var ocr: OCRMode

    public init(password: String? = nil, ocr: OCRMode = .auto) {
        self.password = password
        self.ocr = ocr
    }
}

/// When pages without a text layer are read by OCR.
public enum OCRMode: String, Sendable, CaseIterable {
    /// Pages with no usable text layer.
    case auto
    /// Every page, whatever its text layer says.
    case always
    /// No page: text layers only.
    case never
}

/// An importer that says which inputs it reads.
public protocol RecognizingImporter: Importer {
    /// The kinds of content it reads (or recognizes to refuse by name), most particular first.
    static var signatures: [FormatSignature] { get }
    /// The importer for one input.
    init(settings: ImporterSettings)
}
