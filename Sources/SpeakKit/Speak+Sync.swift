import Foundation
import SpeakLibrary
import SpeakSync

/// A position change as devices and the sync server exchange it.
public typealias SyncedPosition = SpeakLibrary.SyncedPosition
/// This library's changes for the server.
public typealias OutgoingChanges = SpeakLibrary.OutgoingChanges
/// What taking the server's changes did.
public typealias IncomingOutcome = SpeakLibrary.IncomingOutcome
/// A document playing on this device while it syncs.
public typealias PlayingPlace = SpeakLibrary.PlayingPlace
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
    /// the change that holds (`PositionMerge`). `playing`: the document playing here while it
    /// syncs (the player's `y`), which goes where another device left it when that device went
    /// on after it began.
    public func receiveChanges(_ changes: [SyncedPosition], seen: Int64, clockOffset: Double,
                               playing: PlayingPlace? = nil) throws(LibraryError) -> IncomingOutcome {
        try library().receive(changes, seen: seen, clockOffset: clockOffset, playing: playing, merge: PositionMerge.winner)
    }

    /// Document `id` as `speak upload` sends it: as imported, with its source file when that is
    /// still a regular file of at most `largestSource` bytes (`sourceLeftOut` says when it was not).
    public func documentUpload(id: Int64, largestSource: Int = 256 << 20) throws(LibraryError) -> (upload: DocumentUpload, sourceLeftOut: Bool) {
        try SyncDocuments.upload(id: id, from: library(), largestSource: largestSource)
    }

    /// Puts a document downloaded from the sync server into the library, its source file (when
    /// it came with one) kept under the library's `downloads/`; the positions other devices sent
    /// for it, which waited for it, hold at once. A document already here is not added twice.
    public func addDownloaded(_ upload: DocumentUpload) throws(LibraryError) -> (id: Int64, added: Bool, moved: IncomingOutcome) {
        try SyncDocuments.add(upload, to: library(), downloads: libraryDirectory.appendingPathComponent("downloads"))
    }
}

/// What `speak sync` run as a child process did.
public typealias SyncRunOutcome = SpeakSync.SyncRunOutcome

extension Speak {
    /// Runs `speak sync` in the `speak-sync` helper (the player's `y`, the web reader's sync
    /// button): the only binaries with an HTTP client stay the helpers. `playing`: the document
    /// playing here, if any (`PlaybackSession.syncPlace`).
    public func runSync(playing: PlayingPlace? = nil) -> SyncRunOutcome {
        SyncHelperRun.run(executable: Self.helperExecutable("speak-sync", overriddenBy: "SPEAK_SYNC_HELPER"), environment: environment,
                          playing: playing.map { "\($0.documentID):\($0.word):\($0.since)" })
    }
}
