import Foundation

/// What `speak sync` run as a child process did.
public struct SyncRunOutcome: Sendable {
    public var succeeded: Bool
    /// Its one-line error when it failed.
    public var message: String
    /// Documents whose position the sync moved: id → word.
    public var moved: [Int64: Int] = [:]

    public init(succeeded: Bool, message: String, moved: [Int64: Int] = [:]) {
        self.succeeded = succeeded
        self.message = message
        self.moved = moved
    }
}

/// `speak sync --json` run in the `speak-sync` helper (the player's `y`, the web reader's sync
/// button), so that the only binaries with an HTTP client stay the helpers.
public enum SyncHelperRun {
    /// Runs `executable sync --json` with `environment` and reads what it reports; `playing`
    /// is passed on as `--playing` ("ID:WORD:SINCE").
    public static func run(executable: String, environment: [String: String], playing: String? = nil) -> SyncRunOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["sync", "--json"] + (playing.map { ["--playing", $0] } ?? [])
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
        let report = try? JSONDecoder().decode(Report.self, from: Data(printed.utf8))
        let moved = Dictionary((report?.moved ?? []).map { ($0.id, $0.word) }, uniquingKeysWith: { $1 })
        return SyncRunOutcome(succeeded: process.terminationStatus == 0, message: line, moved: moved)
    }

    /// The part of `speak sync --json`'s report read here.
    private struct Report: Decodable {
        struct Move: Decodable {
            var id: Int64
            var word: Int
        }

        var moved: [Move]
    }
}
