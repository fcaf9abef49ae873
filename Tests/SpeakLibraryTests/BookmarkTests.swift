import Foundation
import SpeakLibrary
import SpeakModel
import Testing

@Suite struct BookmarkTests {
    @Test func bookmarksAreNumberedInReadingOrderAndKeepTheirNotes() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let id = try store.insert(sampleDocument()).id
        try store.addBookmark(documentID: id, word: 20)
        try store.addBookmark(documentID: id, word: 5, note: "first")
        let again = try store.addBookmark(documentID: id, word: 20, note: "now with a note")
        #expect(again.number == 2, "the same sentence keeps its bookmark")
        let marks = try store.bookmarks(documentID: id)
        #expect(marks.map(\.word) == [5, 20])
        #expect(marks.map(\.note) == ["first", "now with a note"])
        try store.setNote("", bookmark: marks[0].uid)
        #expect(try store.bookmark(documentID: id, number: 1).note == nil)
        try store.removeBookmark(marks[0].uid)
        #expect(try store.bookmarks(documentID: id).map(\.word) == [20])
        #expect(try store.bookmark(documentID: id, number: 1).word == 20, "numbers close up after a removal")
        #expect(throws: LibraryError.bookmarkNotFound(number: 2, documentID: id, count: 1)) {
            try store.bookmark(documentID: id, number: 2)
        }
        try store.trashDocument(id)
        #expect(try store.bookmarks().isEmpty, "a document in the trash shows no bookmarks")
    }

    @Test func bookmarksTravelWithTheExportAndTheLaterChangeWins() throws {
        let home = try LibraryStore(directory: temporaryDirectory())
        let id = try home.insert(sampleDocument(hash: "sha256:same")).id
        let t0 = Date(timeIntervalSince1970: 1_000)
        let kept = try home.addBookmark(documentID: id, word: 3, note: "kept", at: t0)
        let dropped = try home.addBookmark(documentID: id, word: 12, at: t0)

        let away = try LibraryStore(directory: temporaryDirectory())
        let there = try away.insert(sampleDocument(hash: "sha256:same")).id
        #expect(try away.importState(try home.exportState()).bookmarksChanged == 2)
        #expect(try away.bookmarks(documentID: there).map(\.uid) == [kept.uid, dropped.uid])
        #expect(try away.importState(try home.exportState()).bookmarksChanged == 0, "applying twice changes nothing")

        // Edited here later, removed at home later still: each later change holds.
        try away.setNote("changed away", bookmark: kept.uid, at: Date(timeIntervalSince1970: 2_000))
        try home.removeBookmark(dropped.uid, at: Date(timeIntervalSince1970: 3_000))
        try home.setNote("older edit", bookmark: kept.uid, at: Date(timeIntervalSince1970: 1_500))
        _ = try away.importState(try home.exportState())
        let merged = try away.bookmarks(documentID: there)
        #expect(merged.map(\.uid) == [kept.uid], "the removal reached the other library")
        #expect(merged.first?.note == "changed away", "the older note did not overwrite the newer one")
        _ = try home.importState(try away.exportState())
        #expect(try home.bookmarks(documentID: id).first?.note == "changed away")
    }
}
