import Foundation
import SpeakLibrary
import SpeakModel
import Testing

/// Every change of a listening position is kept, per device, with why it changed.
@Suite struct PositionHistoryTests {
    @Test func listeningIsOneStretchAndEveryMoveAnEntryOfItsOwn() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let id = try store.insert(sampleDocument(paragraphs: 200)).id
        for word in [0, 12, 30] { try store.savePosition(documentID: id, wordIndex: word, speed: 1.2) }
        try store.savePosition(documentID: id, wordIndex: 900)          // further than anyone listens in a moment
        try store.savePosition(documentID: id, wordIndex: 915)
        try store.savePosition(documentID: id, wordIndex: 100)          // back
        try store.savePosition(documentID: id, wordIndex: 140, cause: .seek)  // said by the caller
        try store.savePosition(documentID: id, wordIndex: 1800, finished: true)
        let history = try store.positionHistory(documentID: id)
        #expect(history.map(\.cause) == [.listen, .seek, .listen, .rewind, .seek, .finish])
        #expect(history.map(\.word) == [30, 900, 915, 100, 140, 1800])
        #expect(history.map(\.startWord) == [0, 900, 900, 100, 140, 1800])
        #expect(history.map(\.number) == Array(1...6))
        #expect(history[0].speed == 1.2)
        let device = try store.device()
        #expect(history.allSatisfy { $0.deviceID == device.id && $0.device == device.name } && !device.name.isEmpty)
        // The saved position is the last one, as before.
        #expect(try store.summary(id: id).position == 1800)
    }

    @Test func positionsSavedBeforeTheHistoryExistedBecomeItsFirstEntries() throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("library.sqlite").path
        do {
            let store = try LibraryStore(directory: directory)
            let a = try store.insert(sampleDocument(hash: "sha256:a")).id
            let b = try store.insert(sampleDocument(hash: "sha256:b")).id
            try store.savePosition(documentID: a, wordIndex: 7)
            try store.savePosition(documentID: b, wordIndex: 3, finished: true)
        }
        // The library as schema v6 left it: positions, no history.
        try runSQLite(file, """
            DROP TABLE position_log; DROP TABLE library_meta; DROP TABLE sync_inbox;
            DELETE FROM grdb_migrations WHERE identifier LIKE 'v7%' OR identifier LIKE 'v8%'; PRAGMA wal_checkpoint(TRUNCATE);
            """)
        let store = try LibraryStore(directory: directory)
        let first = try store.positionHistory(documentID: 1), second = try store.positionHistory(documentID: 2)
        #expect(first.map(\.word) == [7] && first.map(\.cause) == [.listen])
        #expect(second.map(\.word) == [3] && second.map(\.cause) == [.finish])
        // New entries go on numbering this device's changes.
        try store.savePosition(documentID: 1, wordIndex: 0)
        #expect(try store.positionHistory(documentID: 1).map(\.cause) == [.listen, .rewind])
    }

    @Test func aDocumentWithoutHistoryHasNone() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let id = try store.insert(sampleDocument()).id
        #expect(try store.positionHistory(documentID: id).isEmpty)
        #expect(throws: LibraryError.documentNotFound(99)) { try store.positionHistory(documentID: 99) }
    }
}
