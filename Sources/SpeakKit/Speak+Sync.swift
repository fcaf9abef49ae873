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
}
