import Foundation
import SpeakKit

/// The server and login of `speak account login`, in the config directory, readable by the
/// user only (it holds a token that acts for them).
struct AccountFile: Codable {
    var server: String
    var name: String
    var token: String
    var expires: String?

    static func load(_ speak: Speak) throws -> AccountFile {
        guard let data = try? Data(contentsOf: speak.accountFile),
              let account = try? JSONDecoder().decode(AccountFile.self, from: data) else {
            throw SyncClientError(message: "not logged in to a sync server; run: speak account login --server URL", exitStatus: .usage)
        }
        return account
    }

    /// Written whole under a temporary name with mode 0600, then renamed over the old one.
    func save(_ speak: Speak) throws {
        let file = speak.accountFile
        let temporary = file.appendingPathExtension("new")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            try encoder.encode(self).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw SyncClientError(message: "cannot write '\(file.path)': \(error.localizedDescription)", exitStatus: .cannotCreate)
        }
    }

    /// A client for the server logged in to, sending this login's token.
    func client() throws -> SyncClient {
        guard let url = URL(string: server) else { throw SyncClientError(message: "account.json names no server", exitStatus: .usage) }
        return SyncClient(server: url, token: token)
    }

    static func remove(_ speak: Speak) {
        try? FileManager.default.removeItem(at: speak.accountFile)
    }
}
