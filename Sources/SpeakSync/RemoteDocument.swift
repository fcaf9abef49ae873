import Foundation
import SpeakModel

/// A document in a user's library on the sync server, as `speak ls --remote` lists it.
public struct RemoteDocument: Sendable, Equatable, Codable {
    /// The document's identity everywhere: the content hash ("sha256:…").
    public var contentHash: String
    public var title: String
    public var format: String
    public var words: Int
    /// Bytes stored: the document and its source file.
    public var size: Int
    public var sourceName: String?
    public var uploaded: Date

    public init(contentHash: String, title: String, format: String, words: Int, size: Int, sourceName: String?, uploaded: Date) {
        self.contentHash = contentHash
        self.title = title
        self.format = format
        self.words = words
        self.size = size
        self.sourceName = sourceName
        self.uploaded = uploaded
    }
}

/// What `speak upload` sends and `speak download` receives: the document as imported (so a
/// scan is not read again and the words keep their numbers) and its source file, when there is one.
public struct DocumentUpload: Sendable, Codable {
    public var document: Document
    /// The source file's name and bytes (base64 in JSON).
    public var sourceName: String?
    public var source: Data?

    public init(document: Document, sourceName: String?, source: Data?) {
        self.document = document
        self.sourceName = sourceName
        self.source = source
    }
}
