import ArgumentParser
import Foundation
import SpeakKit
import SpeakTerminal

/// `speak upload ID…`: documents of this library, with their source files, to the account's
/// library on the sync server, so another device can download them.
struct UploadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload documents (as imported, with their source files) to your library on the sync server.",
        discussion: """
            Another device then lists them with 'speak ls --remote' and takes them with \
            'speak download'. Uploading a document again replaces it.

            Examples:
              speak upload 12
              speak upload 3 4 5
            """
    )

    @Argument(help: "Library ids ('speak ls' lists them).")
    var ids: [String]

    /// Source files past this are not uploaded (the document still is).
    static let largestSource = 256 << 20

    func run() throws {
        try reportingErrors {
            let speak = try Speak()
            let account = try AccountFile.load(speak)
            let client = try account.client()
            let documents = try ids.map { argument in
                guard let id = Int64(argument), id > 0 else {
                    throw SyncClientError(message: "'\(argument)' is not a document id; 'speak ls' lists the ids", exitStatus: .usage)
                }
                return (id, try speak.documentUpload(id: id, largestSource: Self.largestSource))
            }
            for (n, (id, made)) in documents.enumerated() {
                let (upload, leftOut) = made
                let document = upload.document
                let source = upload.source
                if leftOut {
                    FileHandle.standardError.write(Data("speak: note: \(document.metadata.source) is larger than 256 MB; uploading the document without it\n".utf8))
                }
                let body = try JSONEncoder().encode(upload)
                let bar = ProgressBar(label: "uploading \(n + 1)/\(documents.count): \(document.metadata.title)")
                let answer = try client.send("POST", "api/account/documents", encoded: body, progress: bar)
                guard answer.status == 201, let stored = try? Self.decoder.decode(RemoteDocument.self, from: answer.body) else {
                    throw SyncClient.refusal(answer, doing: "uploading \(id) failed")
                }
                print("uploaded \(id)  \(stored.title) (\(stored.words) words\(source == nil ? ", no source file" : ", with its source file"))"
                      + "  as \(RemoteListCommand.shortID(stored.contentHash))")
            }
        }
    }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// `speak download REMOTE-ID…`: documents of the account's library on the sync server into
/// this library (no import again: a scan is not read again, and the words keep their numbers).
struct DownloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Download documents from your library on the sync server into this library.",
        discussion: """
            REMOTE-ID is the id 'speak ls --remote' shows (the start of the content hash). A \
            document already in this library is not added again. Positions your other devices \
            synced for it hold at once.

            Examples:
              speak ls --remote
              speak download 3f2a9c01be74
            """
    )

    @Argument(help: "Remote ids ('speak ls --remote' lists them).")
    var remoteIDs: [String]

    func run() throws {
        try reportingErrors {
            let speak = try Speak()
            let account = try AccountFile.load(speak)
            let client = try account.client()
            let remote = try RemoteListCommand.list(client)
            let chosen = try remoteIDs.map { argument in
                let wanted = argument.replacingOccurrences(of: "sha256:", with: "").lowercased()
                let matches = remote.filter { $0.contentHash.dropFirst(7).hasPrefix(wanted) }
                guard wanted.count >= 4, let first = matches.first else {
                    throw SyncClientError(message: "no document '\(argument)' in your library on \(account.server); 'speak ls --remote' lists them",
                                          exitStatus: .noInput)
                }
                guard matches.count == 1 else {
                    throw SyncClientError(message: "'\(argument)' is the start of \(matches.count) documents' ids; give more of it", exitStatus: .usage)
                }
                return first
            }
            for (n, document) in chosen.enumerated() {
                let bar = ProgressBar(label: "downloading \(n + 1)/\(chosen.count): \(document.title)")
                let answer = try client.send("GET", "api/account/documents/\(document.contentHash)", encoded: nil, progress: bar)
                guard answer.status == 200 else { throw SyncClient.refusal(answer, doing: "downloading \(RemoteListCommand.shortID(document.contentHash)) failed") }
                guard let upload = try? JSONDecoder().decode(DocumentUpload.self, from: answer.body) else {
                    throw SyncClientError(message: "the server's answer for \(document.title) is not a document; nothing was added", exitStatus: .unavailable)
                }
                let added = try speak.addDownloaded(upload)
                if added.added {
                    print("downloaded \(RemoteListCommand.shortID(document.contentHash)) → \(added.id)  \(upload.document.metadata.title)")
                    for move in added.moved.moved { print("  \(move.id)  \(move.title): now at word \(move.word)") }
                } else {
                    print("\(RemoteListCommand.shortID(document.contentHash)) is already in this library as \(added.id)")
                }
            }
        }
    }
}

/// `speak ls --remote` (run as `speak-sync remote-ls`): the account's documents on the server.
struct RemoteListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote-ls",
        abstract: "List the documents in your library on the sync server (speak ls --remote).",
        shouldDisplay: false
    )

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let speak = try Speak()
            let account = try AccountFile.load(speak)
            let documents = try Self.list(try account.client())
            let store = try speak.library()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                print(String(decoding: try encoder.encode(documents), as: UTF8.self))
                return
            }
            guard !documents.isEmpty else {
                print("no documents in your library on \(account.server); 'speak upload ID' puts one there")
                return
            }
            print("REMOTE ID     HERE  WORDS     SIZE      TITLE")
            for document in documents {
                let here = ((try? store.summary(contentHash: document.contentHash)) ?? nil).map { String($0.id) } ?? "-"
                let size = ByteCountFormatter.string(fromByteCount: Int64(document.size), countStyle: .file)
                print("\(Self.shortID(document.contentHash).padding(toLength: 12, withPad: " ", startingAt: 0))  "
                      + "\(here.padding(toLength: 4, withPad: " ", startingAt: 0))  \(String(document.words).padding(toLength: 8, withPad: " ", startingAt: 0))  "
                      + "\(size.padding(toLength: 8, withPad: " ", startingAt: 0))  \(document.title)")
            }
        }
    }

    /// The first 12 hex digits of a content hash: what people type.
    static func shortID(_ contentHash: String) -> String {
        String(contentHash.replacingOccurrences(of: "sha256:", with: "").prefix(12))
    }

    static func list(_ client: SyncClient) throws -> [RemoteDocument] {
        let answer = try client.send("GET", "api/account/documents", encoded: nil)
        guard answer.status == 200 else { throw SyncClient.refusal(answer, doing: "listing your documents on the server failed") }
        guard let documents = try? UploadCommand.decoder.decode([RemoteDocument].self, from: answer.body) else {
            throw SyncClientError(message: "the server's answer is not a list of documents; is it 'speak serve --accounts'?", exitStatus: .unavailable)
        }
        return documents
    }
}
