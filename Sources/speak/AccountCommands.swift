import ArgumentParser
import Foundation
import SpeakKit

/// `speak account …` and `speak sync …` hand over to the `speak-sync` helper (the only binary
/// that links the HTTP client), with the same arguments.
enum SyncHelper {
    static func run(_ arguments: [String]) throws -> Never {
        let helper = Speak.helperExecutable("speak-sync", overriddenBy: "SPEAK_SYNC_HELPER")
        let cArguments = (["speak-sync"] + arguments).map { strdup($0) } + [nil]
        execv(helper, cArguments)
        Terminal.error("cannot start '\(helper)' (\(String(cString: strerror(errno)))); reinstall speak (make install)")
        throw ExitCode(ExitStatus.unavailable.rawValue)
    }
}

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create an account on a sync server, log in and out, change the password (create|login|logout|passwd|whoami).",
        discussion: "'speak account --help' lists the subcommands; 'speak account login --help' one of them."
    )

    @Argument(parsing: .allUnrecognized, help: "create, login, logout, passwd or whoami, and their options.")
    var arguments: [String] = []

    func run() throws {
        try SyncHelper.run(["account"] + (arguments.isEmpty ? ["--help"] : arguments))
    }
}

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send this device's listening positions to the sync server and take the others' (--status: what waits).")

    @Argument(parsing: .allUnrecognized, help: "--status, or nothing.")
    var arguments: [String] = []

    func run() throws {
        try SyncHelper.run(["sync"] + arguments)
    }
}

/// `speak sync` run from inside another command (the player's `y`): the helper as a child
/// process, its one-line error kept for the screen.
enum SyncRun {
    struct Outcome {
        var succeeded: Bool
        var message: String
        /// Documents whose position the sync moved: id → word.
        var moved: [Int64: Int] = [:]
    }

    static func run() -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Speak.helperExecutable("speak-sync", overriddenBy: "SPEAK_SYNC_HELPER"))
        process.arguments = ["sync"]
        let errors = Pipe(), output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(succeeded: false, message: "cannot start speak-sync")
        }
        // Small outputs: one pipe read to its end, then the other, cannot block.
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = said.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "speak: ", with: "") } ?? ""
        var moved: [Int64: Int] = [:]
        // "  12  Title: now at word 3,456", as speak sync prints a moved position.
        for entry in printed.split(separator: "\n") where entry.hasPrefix("  ") {
            let fields = entry.split(separator: " ", omittingEmptySubsequences: true)
            if let id = fields.first.flatMap({ Int64($0) }), let word = fields.last.flatMap({ Int($0.replacingOccurrences(of: ",", with: "")) }) {
                moved[id] = word
            }
        }
        return Outcome(succeeded: process.terminationStatus == 0, message: line, moved: moved)
    }
}
