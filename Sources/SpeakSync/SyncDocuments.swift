import Foundation
import SpeakLibrary

/// Documents as they travel to and from the sync server: read from the library with their
/// source file, and put back into a library on another device.
public enum SyncDocuments {
    /// Document `id` as `speak upload` sends it: as imported, with its source file when that is
    /// still a regular file of at most `largestSource` bytes (`sourceLeftOut` says when it was not).
    public static func upload(id: Int64, from store: LibraryStore, largestSource: Int) throws(LibraryError) -> (upload: DocumentUpload, sourceLeftOut: Bool) {
        let document = try store.document(id: id)
        let path = document.metadata.source
        let url = URL(fileURLWithPath: path)
        guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true,
              let size = values.fileSize else {
            return (DocumentUpload(document: document, sourceName: nil, source: nil), false)
        }
        guard size <= largestSource, let data = FileManager.default.contents(atPath: path) else {
            return (DocumentUpload(document: document, sourceName: nil, source: nil), true)
        }
        return (DocumentUpload(document: document, sourceName: path, source: data), false)
    }

    /// Puts a downloaded document into `store`, its source file (when it came with one) kept in
    /// `downloads`; the positions other devices sent for it, which waited for it, hold at once.
    /// A document already there is not added twice; a failed insert leaves no source file behind.
    public static func add(_ upload: DocumentUpload, to store: LibraryStore, downloads folder: URL) throws(LibraryError) -> (id: Int64, added: Bool, moved: IncomingOutcome) {
        let hash = upload.document.metadata.contentHash
        if let existing = try store.summary(contentHash: hash) {
            return (existing.id, false, try store.applyWaiting(documentHash: hash, merge: PositionMerge.winner))
        }
        var document = upload.document
        var written: URL?
        if let source = upload.source, let name = upload.sourceName {
            let safe = URL(fileURLWithPath: name).lastPathComponent.replacingOccurrences(of: "/", with: "_")
            let prefix = hash.replacingOccurrences(of: "sha256:", with: "").prefix(12)
            let file = folder.appendingPathComponent("\(prefix)-\(safe.isEmpty ? "source" : safe)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try source.write(to: file, options: .atomic)
            } catch {
                throw LibraryError.writeFailed(path: file.path, reason: error.localizedDescription)
            }
            written = file
            document.metadata.source = file.path
        }
        do throws(LibraryError) {
            let id = try store.insert(document).id
            return (id, true, try store.applyWaiting(documentHash: hash, merge: PositionMerge.winner))
        } catch {
            if let written { try? FileManager.default.removeItem(at: written) }
            throw error
        }
    }
}
