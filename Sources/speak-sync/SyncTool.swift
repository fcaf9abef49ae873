// speak-sync: accounts on a sync server and the sync of listening positions (`speak account`
// and `speak sync` run it). FoundationNetworking (libcurl) is linked here only.
import ArgumentParser
import Foundation
import SpeakKit

@main
struct SyncTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak",
        subcommands: [AccountCommand.self, SyncCommand.self, UploadCommand.self, DownloadCommand.self, RemoteListCommand.self]
    )
}

/// Runs `work`, printing a user-facing error as one line with its exit status.
func reportingErrors(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as any UserFacingError {
        FileHandle.standardError.write(Data("speak: \(error.message)\n".utf8))
        throw ExitCode(error.exitStatus.rawValue)
    }
}

/// A password: from standard input (one line each) with --password-stdin, else typed on the
/// terminal without echo; never from an argument.
struct PasswordReader {
    var fromStandardInput: Bool

    func read(_ prompt: String, twice: Bool = false) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw SyncClientError(message: "no password on standard input", exitStatus: .usage)
            }
            return line
        }
        guard isatty(STDIN_FILENO) != 0 else {
            throw SyncClientError(message: "no terminal to type the password on; pass it on standard input with --password-stdin", exitStatus: .usage)
        }
        guard let first = getpass(prompt).map({ String(cString: $0) }), !first.isEmpty else {
            throw SyncClientError(message: "the password is empty; nothing was changed", exitStatus: .usage)
        }
        if twice {
            guard let again = getpass("Again: ").map({ String(cString: $0) }), again == first else {
                throw SyncClientError(message: "the two passwords differ; nothing was changed", exitStatus: .usage)
            }
        }
        return first
    }
}
