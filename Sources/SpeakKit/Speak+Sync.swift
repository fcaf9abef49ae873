import Foundation
import SpeakLibrary
import SpeakSync

/// A position change as devices and the sync server exchange it.
public typealias SyncedPosition = SpeakLibrary.SyncedPosition
/// This library's changes for the server.
public typealias OutgoingChanges = SpeakLibrary.OutgoingChanges
/// What taking the server's changes did.
public typealias IncomingOutcome = SpeakLibrary.IncomingOutcome
/// The device this library lives on.
public typealias DeviceIdentity = SpeakLibrary.DeviceIdentity
/// A document with its source file, as uploaded to and downloaded from the sync server.
public typealias DocumentUpload = SpeakSync.DocumentUpload
/// A document a sync renamed, moved or put in or out of the trash, or noted.
public typealias EditOutcome = SpeakLibrary.EditOutcome
/// A document of the account's library on the sync server.
public typealias RemoteDocument = SpeakSync.RemoteDocument

extension Speak {
    /// Where `speak account login` keeps the server and its token (readable by the user only).
    public var accountFile: URL {
        URL(fileURLWithPath: SpeakPaths.configFile(environment: environment)).deletingLastPathComponent().appendingPathComponent("account.json")
    }

    /// This device's position changes the sync server does not have yet.
    public func outgoingChanges(limit: Int = 1_000) throws(LibraryError) -> OutgoingChanges {
        try library().outgoingChanges(limit: limit)
    }

    /// Takes the server's changes: kept in the history, and each document's position moved to
    /// the change that holds (`PositionMerge`).
    public func receiveChanges(_ changes: [SyncedPosition], seen: Int64, clockOffset: Double) throws(LibraryError) -> IncomingOutcome {
        try library().receive(changes, seen: seen, clockOffset: clockOffset, merge: PositionMerge.winner)
    }

    /// Document `id` as `speak upload` sends it: as imported, with its source file when that is
    /// still a regular file of at most `largestSource` bytes (`sourceLeftOut` says when it was not).
    public func documentUpload(id: Int64, largestSource: Int = 256 << 20) throws(LibraryError) -> (upload: DocumentUpload, sourceLeftOut: Bool) {
        let document = try library().document(id: id)
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

    /// Puts a document downloaded from the sync server into the library, its source file (when
    /// it came with one) kept under the library's `downloads/`; the positions other devices sent
    /// for it, which waited for it, hold at once. A document already here is not added twice.
    public func addDownloaded(_ upload: DocumentUpload) throws(LibraryError) -> (id: Int64, added: Bool, moved: IncomingOutcome) {
        let store = try library()
        if let existing = try store.summary(contentHash: upload.document.metadata.contentHash) {
            return (existing.id, false, try store.applyWaiting(documentHash: upload.document.metadata.contentHash, merge: PositionMerge.winner))
        }
        var document = upload.document
        var written: URL?
        if let source = upload.source, let name = upload.sourceName {
            let safe = URL(fileURLWithPath: name).lastPathComponent.replacingOccurrences(of: "/", with: "_")
            let hash = document.metadata.contentHash.replacingOccurrences(of: "sha256:", with: "").prefix(12)
            let folder = libraryDirectory.appendingPathComponent("downloads")
            let file = folder.appendingPathComponent("\(hash)-\(safe.isEmpty ? "source" : safe)")
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
            return (id, true, try store.applyWaiting(documentHash: upload.document.metadata.contentHash, merge: PositionMerge.winner))
        } catch {
            if let written { try? FileManager.default.removeItem(at: written) }
            throw error
        }
    }
}

/// What `speak sync` run as a child process did.
public struct SyncRunOutcome: Sendable {
    public var succeeded: Bool
    /// Its one-line error when it failed.
    public var message: String
    /// Documents whose position the sync moved: id → word.
    public var moved: [Int64: Int] = [:]
}

extension Speak {
    /// Runs `speak sync` in the `speak-sync` helper (the player's `y`, the web reader's sync
    /// button): the only binaries with an HTTP client stay the helpers.
    public func runSync() -> SyncRunOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.helperExecutable("speak-sync", overriddenBy: "SPEAK_SYNC_HELPER"))
        process.arguments = ["sync", "--json"]
        process.environment = environment
        let errors = Pipe(), output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return SyncRunOutcome(succeeded: false, message: "cannot start speak-sync")
        }
        // Small outputs: one pipe read to its end, then the other, cannot block.
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = said.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "speak: ", with: "") } ?? ""
        struct Report: Decodable {
            struct Move: Decodable {
                var id: Int64
                var word: Int
            }

            var moved: [Move]
        }
        let report = try? JSONDecoder().decode(Report.self, from: Data(printed.utf8))
        let moved = Dictionary((report?.moved ?? []).map { ($0.id, $0.word) }, uniquingKeysWith: { $1 })
        return SyncRunOutcome(succeeded: process.terminationStatus == 0, message: line, moved: moved)
    }
}
