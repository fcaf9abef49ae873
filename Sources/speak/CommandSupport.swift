import ArgumentParser
import Foundation
import SpeakKit
import SpeakModel

/// Runs a command body and turns every failure into one line on stderr and the exit status
/// of DESIGN.md; unexpected errors are reported as internal errors (70).
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as UserFacingError {
        Terminal.error(error.message)
        throw ExitCode(error.exitStatus.rawValue)
    } catch let error as ExitCode {
        throw error
    } catch {
        Terminal.error("internal error: \(error); please report it")
        throw ExitCode(ExitStatus.software.rawValue)
    }
}

/// Output helpers that know whether they talk to a terminal.
enum Terminal {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("speak: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("speak: warning: \(message)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    static var stderrIsTerminal: Bool {
        isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Columns of the terminal on stdout, or nil when stdout is not a terminal.
    static var width: Int? {
        guard stdoutIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// Opens the facade, reporting a bad config file like any other error.
/// A write that waits for another speak process says so once on a terminal.
func openSpeak() throws -> Speak {
    try Speak(libraryWaitNotice: {
        if Terminal.stderrIsTerminal { Terminal.note("speak: waiting for another speak process to finish writing the library…") }
    })
}

/// Parses a library id argument.
func documentID(_ argument: String) throws -> Int64 {
    guard let id = Int64(argument), id > 0 else {
        throw InputUsageError(message: "'\(argument)' is not a document id; 'speak ls' lists the ids")
    }
    return id
}

/// Pretty, stable JSON for `--json` output.
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

/// Runs `body` for every argument of a command that takes several library items. A library
/// error is reported and the others are still done; the first failure's status ends the command.
func forEachItem(_ arguments: [String], _ body: (String) throws -> Void) throws {
    var failure: Int32?
    for argument in arguments {
        do {
            try body(argument)
        } catch let error as LibraryError {
            Terminal.error(error.message)
            failure = failure ?? error.exitStatus.rawValue
        }
    }
    if let failure { throw ExitCode(failure) }
}
