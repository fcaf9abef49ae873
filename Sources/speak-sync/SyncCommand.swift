import ArgumentParser
import Foundation
import SpeakKit

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send this device's listening positions and library edits to the sync server and take the others'.",
        discussion: """
            Only when asked: nothing is sent or received in the background. Every position of \
            every device is kept ('speak history ID'); the one that holds is the most recent \
            change, a change made knowing another replacing it, and a deliberate move (going \
            back, jumping ahead) winning a close call over listening elsewhere. Positions of \
            documents not in this library wait until they are imported.

            Examples:
              speak sync
              speak sync --status
              speak sync --json
            """
    )

    @Flag(help: "Show the server, the login and how many changes wait to be sent; send nothing.")
    var status = false

    @Flag(help: "Print what the sync did as JSON (sent, received, waiting, moved, edited).")
    var json = false

    @Option(help: .hidden)
    var playing: String?

    struct Report: Encodable {
        struct Move: Encodable {
            var id: Int64
            var title: String
            var word: Int
        }

        struct Edit: Encodable {
            var id: Int64
            var title: String
            var what: String
        }

        var server: String
        var sent: Int
        var received: Int
        var waiting: Int
        var moved: [Move]
        var edited: [Edit]
    }

    struct Request: Encodable {
        var device: String
        var time: Double
        var seen: Int64
        var changes: [SyncedPosition]
    }

    struct Reply: Decodable {
        var changes: [SyncedPosition]
        var seen: Int64
        var clockOffset: Double
    }

    func validate() throws {
        if let playing { _ = try Self.place(playing) }
    }

    func run() throws {
        try reportingErrors {
            let speak = try Speak()
            let account = try AccountFile.load(speak)
            let client = try account.client()
            if status {
                let waiting = try speak.outgoingChanges(limit: 1_000_000)
                print("\(account.name) on \(account.server); device \(waiting.device.name) (\(waiting.device.id.prefix(8)))")
                print("\(waiting.changes.count) position change\(waiting.changes.count == 1 ? "" : "s") to send; server log received up to \(waiting.seen)")
                return
            }
            let place = try playing.map(Self.place)
            var sent = 0, received = 0, waiting = 0
            var moved: [Int64: (String, Int)] = [:]
            var edited: [EditOutcome] = []
            // In batches; a batch whose answer was lost is sent again next time and not stored twice.
            while true {
                let outgoing = try speak.outgoingChanges(limit: 1_000)
                let body = try JSONEncoder().encode(Request(device: outgoing.device.id, time: Date().timeIntervalSince1970,
                                                            seen: outgoing.seen, changes: outgoing.changes))
                let answer = try client.send("POST", "api/sync", encoded: body)
                guard answer.status == 200 else {
                    throw answer.status == 401
                        ? SyncClientError(message: "the login to \(account.server) has expired or ended; run: speak account login --server \(account.server) --name \(account.name)",
                                          exitStatus: .usage)
                        : SyncClient.refusal(answer, doing: "the sync failed")
                }
                guard let reply = try? JSONDecoder().decode(Reply.self, from: answer.body) else {
                    throw SyncClientError(message: "the sync server's answer is not a sync; is \(account.server) 'speak serve --accounts'?", exitStatus: .unavailable)
                }
                let outcome = try speak.receiveChanges(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, playing: place)
                sent += outgoing.changes.count
                received += outcome.received
                waiting = outcome.waiting
                for move in outcome.moved { moved[move.id] = (move.title, move.word) }
                edited += outcome.edited
                if outgoing.changes.count < 1_000 { break }
            }
            if json {
                let report = Report(server: account.server, sent: sent, received: received, waiting: waiting,
                                    moved: moved.sorted { $0.key < $1.key }.map { Report.Move(id: $0.key, title: $0.value.0, word: $0.value.1) },
                                    edited: edited.map { Report.Edit(id: $0.id, title: $0.title, what: $0.what) })
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
                return
            }
            print("synced with \(account.server): sent \(sent) change\(sent == 1 ? "" : "s"), received \(received)"
                  + (waiting > 0 ? " (\(waiting) for documents not in this library yet)" : ""))
            for (id, move) in moved.sorted(by: { $0.key < $1.key }) {
                print("  \(id)  \(move.0): now at word \(move.1)")
            }
            for edit in edited {
                print("  \(edit.id)  \(edit.title): \(edit.what)")
            }
        }
    }

    /// `--playing ID:WORD:SINCE`, as the player passes it.
    private static func place(_ text: String) throws -> PlayingPlace {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 3, let id = Int64(parts[0]), let word = Int(parts[1]), let since = Double(parts[2]) else {
            throw ValidationError("--playing takes ID:WORD:SINCE, e.g. 12:340:1790000000.5")
        }
        return PlayingPlace(documentID: id, word: word, since: since)
    }
}
