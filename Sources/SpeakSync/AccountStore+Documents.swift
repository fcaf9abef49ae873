import Foundation
import SpeakModel

extension AccountStore {
    /// Stores an upload (`DocumentUpload` as JSON) in the account's library, replacing an
    /// earlier upload of the same document. What does not decode as a whole document (blocks
    /// numbered in order, word spans inside their text) is refused and nothing is stored.
    public func upload(account: Account, json: Data) throws(AccountError) -> RemoteDocument {
        let upload: DocumentUpload
        do {
            upload = try JSONDecoder().decode(DocumentUpload.self, from: json)
        } catch {
            throw AccountError(.badRequest, "the upload is not a whole document (\(Self.reason(error)))")
        }
        let metadata = upload.document.metadata
        guard metadata.contentHash.hasPrefix("sha256:"), metadata.contentHash.count <= 100, !metadata.contentHash.contains("\0") else {
            throw AccountError(.badRequest, "the upload has no content hash; import the document again and upload it")
        }
        // Stored as this server encodes it: valid UTF-8 whatever was sent, the same for every reader.
        let payload: Data
        do { payload = try JSONEncoder().encode(upload) } catch { throw AccountError(.badRequest, "the upload cannot be stored (\(error))") }
        let document = RemoteDocument(contentHash: metadata.contentHash, title: String(metadata.title.replacingOccurrences(of: "\0", with: "").prefix(500)), format: metadata.format.rawValue,
                                      words: upload.document.wordCount, size: payload.count,
                                      sourceName: upload.sourceName.map { String(URL(fileURLWithPath: $0).lastPathComponent.replacingOccurrences(of: "\0", with: "").prefix(255)) },
                                      uploaded: now())
        try database.putDocument(user: account.id, document, payload: payload)
        return document
    }

    /// The account's documents, newest upload first.
    public func remoteDocuments(account: Account) throws(AccountError) -> [RemoteDocument] {
        try database.documents(user: account.id)
    }

    /// One document of the account's library as uploaded; another user's, or none, is not found.
    public func download(account: Account, contentHash: String) throws(AccountError) -> Data {
        guard let payload = try database.documentPayload(user: account.id, contentHash: contentHash) else {
            throw AccountError(.notFound, "no document \(contentHash) in your library on the server; 'speak ls --remote' lists them")
        }
        return payload
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
