import Foundation
import SpeakLibrary
import SpeakModel
import SpeakSync
import Testing

/// Three libraries (devices) and one account store, the real code on both sides without the
/// HTTP between them: 1,200 random steps of listening, seeking, rewinding, finishing, offline
/// stretches and syncs, one device's clock an hour fast and one half an hour slow.
@Suite struct SyncSystemTests {
    static func book() -> Document {
        var builder = DocumentBuilder()
        builder.append(.heading(level: 1), text: "The Long Book")
        for n in 0..<400 { builder.append(.paragraph, text: "Paragraph \(n) of the long book goes on for a while with words.") }
        builder.chaptersFromHeadings()
        return builder.build(metadata: DocumentMetadata(title: "The Long Book", author: nil, language: "en", source: "/tmp/book.txt",
                                                        format: .text, contentHash: "sha256:book", imported: Date(timeIntervalSince1970: 0)))
    }

    @Test(arguments: Backend.available, [7, 8]) func devicesAgreeWithTheModelAtEverySync(backend: Backend, seed: UInt64) throws {
        let clock = TestClock()
        let server = AccountStore(database: try backend.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
        let account = try server.create(name: "ada", password: "analytical engine")
        let offsets = [0.0, 3_600, -1_800]
        let devices = try offsets.map { _ in
            try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-device-\(UUID())"))
        }
        let ids = try devices.map { try $0.insert(Self.book()).id }
        let words = try devices[0].summary(id: ids[0]).wordCount
        var random = SplitMix(seed: seed)
        var made: [(device: Int, time: Double, word: Int, sent: Bool)] = []
        var syncs = 0
        for _ in 0..<1_200 {
            clock.advance(300 + Double(random.next() % 900))
            let d = Int(random.next() % 3)
            let store = devices[d], id = ids[d]
            let deviceTime = clock.now.addingTimeInterval(offsets[d])
            if random.next() % 3 == 0 {
                // Sync: send everything, take everything.
                let outgoing = try store.outgoingChanges(limit: 10_000)
                let reply = try server.sync(account: account, device: outgoing.device.id, deviceTime: deviceTime.timeIntervalSince1970,
                                            seen: outgoing.seen, changes: outgoing.changes)
                _ = try store.receive(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, merge: PositionMerge.winner)
                syncs += 1
                for index in made.indices where made[index].device == d { made[index].sent = true }
                // The model: the most recent change the server has, by the true clock.
                let latest = made.filter(\.sent).max { $0.time < $1.time }
                #expect(try store.summary(id: id).position == latest?.word, "sync \(syncs), device \(d)")
            } else {
                let current = try store.summary(id: id).position ?? 0
                let word: Int, cause: PositionCause?
                switch random.next() % 5 {
                case 0: (word, cause) = (min(words - 1, current + 500 + Int(random.next() % 3_000)), nil)
                case 1: (word, cause) = (max(0, current - 1 - Int(random.next() % 1_000)), nil)
                case 2: (word, cause) = (words - 1, .finish)
                default: (word, cause) = (min(words - 2, current + Int(random.next() % 200)), nil)
                }
                try store.savePosition(documentID: id, wordIndex: word, finished: cause == .finish, cause: cause, at: deviceTime)
                made.append((d, clock.now.timeIntervalSince1970, word, false))
            }
        }
        #expect(syncs > 300)
        // In the end (two rounds of syncs) every device knows every change: each of the server's is in each history
        // (a stretch of listening a device went on with, as its longer self).
        for (d, store) in (devices + devices).enumerated().map({ ($0.offset % 3, $0.element) }) {
            let outgoing = try store.outgoingChanges(limit: 10_000)
            let reply = try server.sync(account: account, device: outgoing.device.id, deviceTime: clock.now.addingTimeInterval(offsets[d]).timeIntervalSince1970,
                                        seen: outgoing.seen, changes: outgoing.changes)
            _ = try store.receive(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, merge: PositionMerge.winner)
        }
        let all = try server.sync(account: account, device: "auditor", deviceTime: clock.now.timeIntervalSince1970, seen: 0, changes: [])
        for (d, store) in devices.enumerated() {
            let history = try store.positionHistory(documentID: ids[d])
            for change in all.changes {
                let same = history.contains { $0.deviceID == change.device && $0.word == change.word }
                let longer = change.cause == .listen
                    && history.contains { $0.deviceID == change.device && $0.cause == .listen && $0.startWord == change.startWord }
                #expect(same || longer, "device \(d) lacks \(change.device)/\(change.sequence)")
            }
            #expect(try store.summary(id: ids[d]).position == made.max { $0.time < $1.time }?.word)
        }
    }
}
