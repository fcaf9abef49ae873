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
        process.arguments = ["sync"]
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
        var moved: [Int64: Int] = [:]
        // "  12  Title: now at word 3456", as speak sync prints a moved position.
        for entry in printed.split(separator: "\n") where entry.hasPrefix("  ") {
            let fields = entry.split(separator: " ", omittingEmptySubsequences: true)
            if let id = fields.first.flatMap({ Int64($0) }), let word = fields.last.flatMap({ Int($0) }) { moved[id] = word }
        }
        return SyncRunOutcome(succeeded: process.terminationStatus == 0, message: line, moved: moved)
    }
}
