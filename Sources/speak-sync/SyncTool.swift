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
