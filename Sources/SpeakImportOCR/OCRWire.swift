import Foundation

/// What the OCR helper (`speak-ocr`) says, one JSON object per line on its standard output.
///
/// The helper is started with the image file and the languages. It first answers `ready` with
/// the page count (or `failure`), then one `page` (or `failure`) for every page index it is sent,
/// one decimal index per line on its standard input. End of input ends it. A request
/// "opening<TAB>INDEX" reads the page in two steps: an `opening` with its first lines comes
/// before the `page`.
public enum OCRWorkerMessage: Sendable, Equatable, Codable {
    case ready(pages: Int)
    case page(OCRPage)
    /// The first lines of a page, read ahead of the rest so listening can start.
    case opening(OCRPage)
    case failure(OCRFailure)
}

/// A problem the helper reports instead of a page.
public struct OCRFailure: Sendable, Equatable, Codable, Error {
    public enum Kind: String, Sendable, Codable {
        /// The file is not an image Leptonica can read, or it is damaged.
        case image
        /// The image is larger than `OCRLimits.maximumPixels`.
        case tooLarge
        /// Tesseract could not start with these languages.
        case language
        /// Recognition failed.
        case engine
    }

    public var kind: Kind
    public var message: String
    public var width: Int?
    public var height: Int?

    public init(kind: Kind, message: String, width: Int? = nil, height: Int? = nil) {
        self.kind = kind
        self.message = message
        self.width = width
        self.height = height
    }
}

/// Encoding and decoding of helper messages.
public enum OCRWire {
    public static func encode(_ message: OCRWorkerMessage) -> Data {
        var data = (try? JSONEncoder().encode(message)) ?? Data(#"{"failure":{"_0":{"kind":"engine","message":"unencodable result"}}}"#.utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public static func decode(_ line: Data) -> OCRWorkerMessage? {
        let message = try? JSONDecoder().decode(OCRWorkerMessage.self, from: line)
        // A page count or index no file has would become an array size or an index downstream.
        switch message {
        case .ready(let pages)? where !(0..<(1 << 24)).contains(pages): return nil
        case .page(let page)?, .opening(let page)?: return (0..<(1 << 24)).contains(page.index) ? message : nil
        default: return message
        }
    }
}
