import Foundation
import SpeakImport
import SpeakIntake
import SpeakModel

/// The result of importing one input into the library.
public struct ImportOutcome: Sendable, Equatable, Codable {
    public var id: Int64
    public var title: String
    public var source: String
    public var words: Int
    /// True when the same content was already in the library and nothing new was stored.
    public var duplicate: Bool
    /// What the importer had to say (also kept with the document for `speak show`).
    public var warnings: [String] = []
}

extension Speak {
    private func duplicateOutcome(_ existing: DocumentSummary) -> ImportOutcome {
        ImportOutcome(id: existing.id, title: existing.metadata.title, source: existing.metadata.source,
                      words: existing.wordCount, duplicate: true)
    }

    /// Imports a file or standard input into the library, in one transaction. Content that
    /// is already there is not imported again unless `request.force` is set; its id is returned.
    public func importInput(_ input: InputReference, request: ImportRequest = ImportRequest(),
                            progress: ProgressHandler? = nil) throws -> ImportOutcome {
        if case .document(let id) = input {
            throw InputUsageError(message: "'\(id)' is a library id, not a file; write ./\(id) to import a file of that name")
        }
        let report = progress ?? { _ in }
        let store = try library()
        let folder = try folderNames(request.folder ?? "")
        // The source bytes go out of scope before the document is written.
        let document: Document
        do {
            let source = try InputReader.read(input)
            let hash = DocumentImport.contentHash(source.data)
            report(0.05)
            // Checked early to skip parsing; checked again inside the insert transaction.
            if !request.force, let existing = try store.summary(contentHash: hash) { return duplicateOutcome(existing) }
            document = try DocumentImport.run(consume source, request: request, hash: hash) { report(0.05 + 0.65 * $0) }
        }
        let stored = try store.insert(document, folderPath: folder, allowDuplicate: request.force) { report(0.7 + 0.3 * $0) }
        if stored.duplicate { return try duplicateOutcome(store.summary(id: stored.id)) }
        return ImportOutcome(id: stored.id, title: document.metadata.title, source: document.metadata.source,
                             words: document.wordCount, duplicate: false, warnings: document.warnings)
    }
}
