import ArgumentParser
import Foundation
import SpeakKit

/// `speak account …` and `speak sync …` hand over to the `speak-sync` helper (the only binary
/// that links the HTTP client), with the same arguments — `--help` too (these commands have no
/// help flag of their own), so the help shown is the helper's, with its options and examples.
enum SyncHelper {
    static func run(_ arguments: [String]) throws -> Never {
        try HelperHandover.run("speak-sync", overriddenBy: "SPEAK_SYNC_HELPER", arguments)
    }
}

/// Replaces this process with helper `name` (found beside `speak`, or at `$variable`).
enum HelperHandover {
    static func run(_ name: String, overriddenBy variable: String, _ arguments: [String]) throws -> Never {
        let helper = Speak.helperExecutable(name, overriddenBy: variable)
        let cArguments = ([name] + arguments).map { strdup($0) } + [nil]
        execv(helper, cArguments)
        Terminal.error("cannot start '\(helper)' (\(String(cString: strerror(errno)))); reinstall speak (make install)")
        throw ExitCode(ExitStatus.unavailable.rawValue)
    }
}

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Create an account on a sync server, log in and out, change the password (create|login|logout|passwd|whoami).",
        discussion: "'speak account --help' lists the subcommands; 'speak account login --help' one of them.",
        helpNames: []
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
        abstract: "Send this device's listening positions and library edits to the sync server and take the others' (--status: what waits).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "--status, --json, or nothing.")
    var arguments: [String] = []

    func run() throws {
        try SyncHelper.run(["sync"] + arguments)
    }
}

struct UploadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload documents (as imported, with their source files) to your library on the sync server.",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Library ids, e.g. 'speak upload 12 13'.")
    var arguments: [String] = []

    func run() throws {
        try SyncHelper.run(["upload"] + (arguments.isEmpty ? ["--help"] : arguments))
    }
}

struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download documents from your library on the sync server ('speak ls --remote' lists them).",
        helpNames: [])

    @Argument(parsing: .allUnrecognized, help: "Remote ids, as 'speak ls --remote' shows them.")
    var arguments: [String] = []

    func run() throws {
        try SyncHelper.run(["download"] + (arguments.isEmpty ? ["--help"] : arguments))
    }
}
