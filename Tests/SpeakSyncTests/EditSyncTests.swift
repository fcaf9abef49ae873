import Foundation
import SpeakLibrary
import SpeakModel
import SpeakSync
import Testing

/// Library edits (titles, folders, the trash) merged per field between three devices and one
/// account store: random renames, moves, deletions and restores with skewed clocks; at every
/// sync the device agrees with a model — per field, the most recent edit the server has.
@Suite struct EditSyncTests {
    static let titles = ["The Long Book", "A Long Book", "Book One", "Le long livre", "Das lange Buch"]
    static let folders = ["", "Reading", "Papers/2026", "Later"]

    @Test(arguments: Backend.available, [11, 12]) func editsMergePerFieldAsTheModelSays(backend: Backend, seed: UInt64) throws {
        let clock = TestClock()
        let server = AccountStore(database: try backend.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
        let account = try server.create(name: "ada", password: "analytical engine")
        let offsets = [0.0, 3_600, -1_800]
        let devices = try offsets.map { offset in
            try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-edits-\(UUID())"),
                             clock: { [clock] in clock.now.addingTimeInterval(offset) })
        }
        let ids = try devices.map { try $0.insert(SyncSystemTests.book()).id }
        var random = SplitMix(seed: seed)
        // Every edit made: device, true time, field, value, and whether the server has it.
        var made: [(device: Int, time: Double, field: EditField, value: String, sent: Bool)] = []
        var syncs = 0
        for _ in 0..<600 {
            clock.advance(300 + Double(random.next() % 900))
            let d = Int(random.next() % 3)
            let store = devices[d], id = ids[d]
            let now = clock.now.timeIntervalSince1970
            let summary = try store.summary(id: id, includeTrashed: true)
            if random.next() % 3 == 0 {
                let outgoing = try store.outgoingChanges(limit: 10_000)
                let reply = try server.sync(account: account, device: outgoing.device.id, deviceTime: now + offsets[d],
                                            seen: outgoing.seen, changes: outgoing.changes)
                _ = try store.receive(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, merge: PositionMerge.winner)
                syncs += 1
                for index in made.indices where made[index].device == d { made[index].sent = true }
                let state = try Self.state(store, id: id)
                for field in EditField.allCases {
                    guard let latest = made.filter({ $0.sent && $0.field == field }).max(by: { $0.time < $1.time }) else { continue }
                    #expect(state[field] == latest.value, "sync \(syncs), device \(d), \(field)")
                }
            } else if summary.deleted != nil {
                _ = try store.restoreDocument(id)
                made.append((d, now, .trash, "0", false))
                if let folder = summary.folderID, try store.folders(includeTrashed: true).first(where: { $0.id == folder })?.deleted != nil {
                    made.append((d, now, .folder, "", false))
                }
            } else {
                switch random.next() % 4 {
                case 0:
                    let title = Self.titles[Int(random.next() % UInt64(Self.titles.count))]
                    try store.renameDocument(id, to: title)
                    made.append((d, now, .title, title, false))
                case 1, 2:
                    let path = Self.folders[Int(random.next() % UInt64(Self.folders.count))]
                    try store.moveDocuments([id], to: path.isEmpty ? nil : try store.makeFolder(path: path).folder.id)
                    made.append((d, now, .folder, path, false))
                default:
                    try store.trashDocument(id)
                    made.append((d, now, .trash, "1", false))
                }
            }
        }
        #expect(syncs > 150 && made.count > 300)
        // Two rounds of syncs: every device ends in the same state, the model's.
        for (d, store) in (devices + devices).enumerated().map({ ($0.offset % 3, $0.element) }) {
            let outgoing = try store.outgoingChanges(limit: 10_000)
            let reply = try server.sync(account: account, device: outgoing.device.id, deviceTime: clock.now.timeIntervalSince1970 + offsets[d],
                                        seen: outgoing.seen, changes: outgoing.changes)
            _ = try store.receive(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, merge: PositionMerge.winner)
        }
        let final = try devices.enumerated().map { try Self.state($0.element, id: ids[$0.offset]) }
        #expect(final[0] == final[1] && final[1] == final[2], "\(final)")
        for field in EditField.allCases {
            #expect(final[0][field] == made.filter { $0.field == field }.max { $0.time < $1.time }?.value, "\(field)")
        }
    }

    /// A document deleted on the laptop while the phone went on reading it: it stays in the
    /// trash on both, with a note saying so, and the phone's reading is in its history.
    @Test func aDocumentDeletedWhileReadElsewhereIsKeptInTheTrashWithANote() throws {
        let (clock, laptop, phone, sync) = try Self.twoDevices(.sqlite)
        let (l, p) = (try laptop.insert(SyncSystemTests.book()).id, try phone.insert(SyncSystemTests.book()).id)
        clock.advance(60)
        try laptop.trashDocument(l)
        clock.advance(60)
        try phone.savePosition(documentID: p, wordIndex: 420, at: clock.now)
        clock.advance(60)
        _ = try sync(laptop)
        let onPhone = try sync(phone)
        #expect(onPhone.edited.contains { $0.id == p && $0.what == "moved to the trash" }, "\(onPhone.edited)")
        #expect(onPhone.edited.contains { $0.what.contains("while") && $0.what.contains("word 420") }, "\(onPhone.edited)")
        let onLaptop = try sync(laptop)
        #expect(onLaptop.edited.contains { $0.what.contains("word 420") }, "\(onLaptop.edited)")
        for (store, id) in [(laptop, l), (phone, p)] {
            let summary = try store.summary(id: id, includeTrashed: true)
            #expect(summary.deleted != nil && summary.position == 420)
            #expect(summary.warnings.filter { $0.hasPrefix("deleted on") }.count == 1, "\(summary.warnings)")
        }
        #expect(try sync(laptop).edited.isEmpty, "noted once")
    }

    @Test(arguments: Backend.available) func bookmarksAndNotesSyncEachByItsLatestChange(backend: Backend) throws {
        let (clock, laptop, phone, sync) = try Self.twoDevices(backend)
        let (l, p) = (try laptop.insert(SyncSystemTests.book()).id, try phone.insert(SyncSystemTests.book()).id)
        clock.advance(60)
        let kept = try laptop.addBookmark(documentID: l, word: 10, note: "first thought", at: clock.now)
        let gone = try laptop.addBookmark(documentID: l, word: 40, at: clock.now)
        clock.advance(60)
        try phone.addBookmark(documentID: p, word: 70, note: String(repeating: "long note ", count: 150), at: clock.now)
        _ = try sync(laptop)
        let first = try sync(phone)
        #expect(first.edited.contains { $0.id == p && $0.what == "2 bookmarks added, changed or removed" }, "\(first.edited)")
        #expect(try phone.bookmarks(documentID: p).map(\.word) == [10, 40, 70])
        _ = try sync(laptop)
        #expect(try laptop.bookmarks(documentID: l).map(\.word) == [10, 40, 70])
        #expect(try laptop.bookmarks(documentID: l).last?.note?.count == 1_500, "a long note arrives whole")

        // The note edited on the phone, later the same bookmark's note on the laptop; a removal.
        clock.advance(60)
        try phone.setNote("phone's note", bookmark: kept.uid, at: clock.now)
        clock.advance(60)
        try laptop.setNote("laptop's later note", bookmark: kept.uid, at: clock.now)
        try phone.removeBookmark(gone.uid, at: clock.now)
        _ = try sync(phone)
        _ = try sync(laptop)
        _ = try sync(phone)
        for (store, id) in [(laptop, l), (phone, p)] {
            let marks = try store.bookmarks(documentID: id)
            #expect(marks.map(\.word) == [10, 70])
            #expect(marks.first?.note == "laptop's later note")
        }
        #expect(try sync(laptop).edited.isEmpty, "nothing left to change")
    }

    /// A laptop and a phone of one account on `backend`, on one test clock, and how each syncs.
    static func twoDevices(_ backend: Backend) throws
        -> (TestClock, LibraryStore, LibraryStore, (LibraryStore) throws -> IncomingOutcome) {
        let clock = TestClock()
        let server = AccountStore(database: try backend.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
        let account = try server.create(name: "ada", password: "analytical engine")
        let laptop = try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-laptop-\(UUID())"),
                                      clock: { [clock] in clock.now })
        let phone = try LibraryStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("speak-phone-\(UUID())"),
                                     clock: { [clock] in clock.now })
        let sync = { (store: LibraryStore) throws -> IncomingOutcome in
            let outgoing = try store.outgoingChanges(limit: 10_000)
            let reply = try server.sync(account: account, device: outgoing.device.id, deviceTime: clock.now.timeIntervalSince1970,
                                        seen: outgoing.seen, changes: outgoing.changes)
            return try store.receive(reply.changes, seen: reply.seen, clockOffset: reply.clockOffset, merge: PositionMerge.winner)
        }
        return (clock, laptop, phone, sync)
    }

    static func state(_ store: LibraryStore, id: Int64) throws -> [EditField: String] {
        let summary = try store.summary(id: id, includeTrashed: true)
        let folder = try summary.folderID.map { folder in try store.folders(includeTrashed: true).first { $0.id == folder }?.path ?? "?" } ?? ""
        return [.title: summary.metadata.title, .folder: folder, .trash: summary.deleted == nil ? "0" : "1"]
    }
}
