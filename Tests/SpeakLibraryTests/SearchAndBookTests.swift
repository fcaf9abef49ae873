import Foundation
import SpeakLibrary
import SpeakModel
import Testing

private func document(_ paragraphs: [String], title: String, hash: String) -> Document {
    var builder = DocumentBuilder()
    for paragraph in paragraphs { builder.append(.paragraph, text: paragraph) }
    builder.append(.pageNumber, text: "Page 7 gradient descent", page: 7, skip: .pageNumber)
    return builder.build(metadata: DocumentMetadata(title: title, source: "/tmp/\(title).txt", format: .text, contentHash: hash))
}

@Suite struct SearchTests {
    let store: LibraryStore

    init() throws {
        store = try LibraryStore(directory: temporaryDirectory())
    }

    @Test func hitsNameTheWordToStartFromWithContext() throws {
        let id = try store.insert(document([
            "Nothing to see in the first paragraph at all.",
            "We use gradient methods. Then the gradient descent converges quickly on convex problems.",
        ], title: "Optimisation notes", hash: "sha256:1")).id
        let hits = try store.search("Gradient DESCENT")
        let hit = try #require(hits.first)
        #expect(hits.count == 1, "the skipped page-number block is not searched")
        #expect(hit.documentID == id)
        #expect(hit.match == "gradient descent")
        #expect(hit.matchedWords == 2)
        let loaded = try store.document(id: id)
        #expect(loaded.word(at: hit.wordIndex)?.text == "gradient")
        #expect(loaded.word(at: hit.wordIndex + 1)?.text == "descent")
        #expect(hit.before.hasSuffix("methods. Then the "), "the space before the match is kept")
        #expect(hit.after.hasPrefix(" converges quickly"))
        let punctuated = try #require(try store.search("quickly").first)
        #expect(punctuated.before + punctuated.match + punctuated.after
                == "… use gradient methods. Then the gradient descent converges quickly on convex problems.", "spaced as written")
    }

    @Test func wordsInOrderComeBeforeScatteredOnes() throws {
        try store.insert(document(["The descent was steep; the gradient too."], title: "Hike", hash: "sha256:1"))
        let ordered = try store.insert(document(["A lesson on gradient descent."], title: "Lesson", hash: "sha256:2")).id
        let hits = try store.search("gradient descent")
        #expect(hits.map(\.documentID).first == ordered)
        #expect(hits.count == 2)
    }

    @Test func wordsOfThreeLettersOrMoreMatchTheStartOfLongerWords() throws {
        try store.insert(document(["The town clock struck, but the tide table ruled."], title: "A", hash: "sha256:1"))
        let clocks = try store.insert(document(["Some towns built tide clocks for the harbour."], title: "B", hash: "sha256:2")).id
        let hit = try #require(try store.search("tide clock").first)
        #expect(hit.documentID == clocks)
        #expect(hit.match == "tide clocks")
        #expect(try store.search("to").isEmpty, "two letters match whole words only")
    }

    @Test func accentsAndCaseDoNotMatterAndTitlesAreFound() throws {
        let id = try store.insert(document(["Un café très naïve à Zürich."], title: "Résumé of a trip", hash: "sha256:1")).id
        #expect(try store.search("CAFE").first?.match == "café")
        #expect(try store.search("zurich").first?.documentID == id)
        let title = try #require(try store.search("resume").first)
        #expect(title.inTitle)
        #expect(title.wordIndex == 0)
    }

    @Test(arguments: ["\"", "*", "NEAR(", "a\" OR \"b", "-", "col:umn", "^start", "AND", "(x"])
    func queryLanguageCharactersNeverReachSQLite(query: String) throws {
        try store.insert(document(["and near start column x a b"], title: "Plain", hash: "sha256:1"))
        do {
            _ = try store.search(query)
        } catch let error as LibraryError {
            guard case .emptySearch = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func emptyQueriesAreRefused() throws {
        #expect(throws: LibraryError.emptySearch(query: "")) { try store.search("  ") }
        #expect(throws: LibraryError.emptySearch(query: "\"*\"")) { try store.search("\"*\"") }
    }

    @Test func trashAndFolderScopeLimitTheHits() throws {
        let inPapers = try store.insert(document(["tidal clocks"], title: "One", hash: "sha256:1"), folderPath: ["Papers"]).id
        let outside = try store.insert(document(["tidal clocks"], title: "Two", hash: "sha256:2")).id
        let papers = try #require(try store.folder(path: "Papers"))
        #expect(try store.search("tidal", folders: [papers.id]).map(\.documentID) == [inPapers])
        try store.trashDocument(outside)
        #expect(try store.search("tidal").map(\.documentID) == [inPapers])
        try store.purge(deletedBefore: nil)
        try store.renameDocument(inPapers, to: "Renamed moon")
        #expect(try store.search("moon").first?.inTitle == true)
        #expect(try store.search("one").isEmpty, "the old title is gone from the index")
    }
}

@Suite struct BookTests {
    private func part(_ text: String, _ hash: String) -> Document {
        document([text], title: hash, hash: hash)
    }

    @Test func movingAChapterKeepsThePositionOnItsWord() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let parts = [("One", part("first part words here", "1")), ("Two", part("second part has five words", "2")),
                     ("Three", part("third", "3"))]
        let book = Document.book(metadata: DocumentMetadata(title: "Book", source: "x", format: .text, contentHash: "sha256:b"),
                                 parts: parts.map { (title: $0.0, document: $0.1) })
        #expect(book.chapters.map(\.title) == ["One", "Two", "Three"])
        let id = try store.insert(book, book: true).id
        // Word 9 is "has" in chapter Two (words 8...12 of a document of 8 + 4 + 5 + 4 + 1 words).
        let before = try #require(try store.document(id: id).word(at: 10))
        try store.savePosition(documentID: id, wordIndex: before.index)
        let moved = try #require(book.movingChapter(1, to: 0))
        var edited = moved.document
        edited.metadata.contentHash = "sha256:b2"
        try store.replaceContent(id: id, with: edited, expectedHash: "sha256:b", renumbering: moved.renumbering)
        let after = try store.document(id: id)
        #expect(after.chapters.map(\.title) == ["Two", "One", "Three"])
        let position = try #require(try store.summary(id: id).position)
        #expect(after.word(at: position)?.text == before.text)
        #expect(after.wordCount == book.wordCount)
        // An edit based on an outdated version is refused.
        #expect(throws: LibraryError.self) {
            try store.replaceContent(id: id, with: edited, expectedHash: "sha256:b")
        }
    }

    @Test func aChapterMovesWithItsSectionsAndLevelsAreStored() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let parts = [("One", part("first part words here", "1")), ("Two", part("second part has five words", "2")),
                     ("Three", part("third", "3"))]
        var book = Document.book(metadata: DocumentMetadata(title: "Book", source: "x", format: .text, contentHash: "sha256:c"),
                                 parts: parts.map { (title: $0.0, document: $0.1) })
        // "Two" becomes a section of "One".
        book.chapters[1].level = 2
        let id = try store.insert(book, book: true).id
        #expect(try store.document(id: id).chapters.map(\.level) == [1, 2, 1])
        let moved = try #require(book.movingChapter(0, to: 1))
        #expect(moved.document.chapters.map(\.title) == ["Three", "One", "Two"])
        #expect(moved.document.chapters.map(\.level) == [1, 1, 2])
        #expect(moved.document.word(at: 0)?.text == "third")
    }

    @Test func appendingKeepsEarlierWordsAndMakesTheOldContentAChapter() {
        let base = part("some words", "1")
        let longer = base.appending(part("more words after", "2"), chapterTitle: "Epilogue")
        #expect(longer.chapters == [Chapter(title: "1", firstWord: 0), Chapter(title: "Epilogue", firstWord: base.wordCount)])
        #expect(longer.word(at: 1)?.text == "words")
        #expect(longer.word(at: base.wordCount)?.text == "more")
        #expect(longer.blocks.map(\.firstWord) == longer.blocks.indices.map { i in
            longer.blocks[..<i].reduce(0) { $0 + $1.wordCount }
        })
    }
}

@Suite struct TransferTests {
    @Test func folderPositionsAndSessionsTravelByContent() throws {
        let home = try LibraryStore(directory: temporaryDirectory())
        let id = try home.insert(sampleDocument(hash: "sha256:same"), folderPath: ["Papers", "2026"]).id
        try home.insert(sampleDocument(hash: "sha256:only-here", title: "Lonely"))
        try home.renameDocument(id, to: "My title")
        try home.savePosition(documentID: id, wordIndex: 7, speed: 1.5)
        try home.recordSession(documentID: id, started: Date(timeIntervalSince1970: 100), ended: Date(timeIntervalSince1970: 160),
                               firstWord: 0, lastWord: 7, speed: 1.5)
        let state = try home.exportState()

        let away = try LibraryStore(directory: temporaryDirectory())
        let there = try away.insert(sampleDocument(hash: "sha256:same")).id
        let outcome = try away.importState(state)
        #expect(outcome.matched == 1)
        #expect(outcome.missing == ["Lonely"])
        #expect(outcome.sessionsAdded == 1)
        let summary = try away.summary(id: there)
        #expect(summary.metadata.title == "My title")
        #expect(summary.position == 7)
        #expect(summary.speed == 1.5)
        #expect(summary.folderID == (try away.folder(path: "Papers/2026"))?.id)
        #expect(try away.stats().listeningSeconds == 60)
        #expect(try away.importState(state).sessionsAdded == 0, "applying twice adds nothing")
    }

    @Test func copiesOfOneContentKeepTheirOwnTitlesAndFolders() throws {
        // Found by the soak: a library's own export merged a --force copy into the original.
        let library = try LibraryStore(directory: temporaryDirectory())
        let original = try library.insert(sampleDocument(hash: "sha256:twice", title: "Notes")).id
        let copy = try library.insert(sampleDocument(hash: "sha256:twice", title: "Notes"), folderPath: ["F"]).id
        try library.renameDocument(copy, to: "Copy in F")
        let outcome = try library.importState(try library.exportState())
        #expect(outcome.matched == 2)
        #expect(try library.summary(id: original).metadata.title == "Notes")
        #expect(try library.summary(id: original).folderID == nil)
        #expect(try library.summary(id: copy).metadata.title == "Copy in F")
        #expect(try library.summary(id: copy).folderID == (try library.folder(path: "F"))?.id)
    }

    /// Found by the soak's hour: an export taken just before one copy went to the trash gave
    /// that copy's folder to another copy, which the trash of that folder then took with it.
    @Test func anEntryWhoseCopyIsInTheTrashLeavesTheOtherCopiesAlone() throws {
        let library = try LibraryStore(directory: temporaryDirectory())
        let inF = try copy(of: library, 0, folder: ["F"])
        let first = try copy(of: library, 1, folder: [])
        let second = try copy(of: library, 2, folder: [])
        let state = try library.exportState()
        try library.trashDocument(inF)
        // Moved after the export: its own entry still knows it by when it was imported.
        try library.moveDocuments([first], to: try library.makeFolder(path: "G").folder.id)
        let outcome = try library.importState(state)
        #expect(outcome.matched == 2 && outcome.missing == ["Notes"])
        #expect(try library.summary(id: first).folderID == nil, "the export's place of that copy")
        #expect(try library.summary(id: second).folderID == nil)
    }

    /// What `speak library export` writes and `import` reads: the same export as JSON.
    /// Another copy of the same notes, imported `seconds` after a fixed moment, in `folder`.
    private func copy(of library: LibraryStore, _ seconds: Double, folder: [String]) throws -> Int64 {
        var document = sampleDocument(hash: "sha256:thrice", title: "Notes")
        document.metadata.imported = Date(timeIntervalSince1970: 1_700_000_000 + seconds)
        return try library.insert(document, folderPath: folder).id
    }

    private func throughJSON(_ state: LibraryExport) throws -> LibraryExport {
        try LibraryExport.read(try state.encoded())
    }

    /// Found by the second soak hour: the export's dates had whole seconds, so no copy was
    /// ever known by its import time, and copies were paired by folder and title alone.
    @Test func copiesAreKnownByTheirImportTimeThroughTheJSON() throws {
        let library = try LibraryStore(directory: temporaryDirectory())
        let inF = try copy(of: library, 0.123456, folder: ["F"])
        let atTop = try copy(of: library, 0.373456, folder: [])
        try library.recordSession(documentID: atTop, started: Date(timeIntervalSince1970: 1_700_000_100.4567),
                                  ended: Date(timeIntervalSince1970: 1_700_000_160.9), firstWord: 0, lastWord: 3, speed: 1)
        let state = try throughJSON(try library.exportState())
        // Both moved after the export: the export puts each back where it was.
        let g = try library.makeFolder(path: "G").folder.id
        try library.moveDocuments([inF, atTop], to: g)
        let outcome = try library.importState(state)
        #expect(outcome.matched == 2 && outcome.missing.isEmpty)
        #expect(try library.summary(id: inF).folderID == (try library.folder(path: "F"))?.id)
        #expect(try library.summary(id: atTop).folderID == nil)
        #expect(outcome.sessionsAdded == 0, "the session is the one already here")
    }

    /// An export coming back to its own library pairs only the copies it knew: a copy made
    /// after it never takes the place of one purged since, even with no other copy to tell.
    @Test func anOwnExportNeverMovesACopyMadeAfterIt() throws {
        let library = try LibraryStore(directory: temporaryDirectory())
        let old = try library.insert(sampleDocument(hash: "sha256:again", title: "Notes"), folderPath: ["F"]).id
        try library.recordSession(documentID: old, started: Date(), ended: Date(), firstWord: 0, lastWord: 1, speed: 1)
        let state = try throughJSON(try library.exportState())
        try library.trashDocument(old)
        _ = try library.purge(deletedBefore: nil)
        var again = sampleDocument(hash: "sha256:again", title: "Notes")
        again.metadata.imported = Date().addingTimeInterval(5)
        let later = try library.insert(again, allowDuplicate: true).id
        let outcome = try library.importState(state)
        #expect(outcome.matched == 0 && outcome.missing == ["Notes"])
        #expect(try library.summary(id: later).folderID == nil)
        // Another library's export still finds its copies by content.
        let away = try LibraryStore(directory: temporaryDirectory())
        let there = try away.insert(sampleDocument(hash: "sha256:again", title: "Notes")).id
        #expect(try away.importState(state).matched == 1)
        #expect(try away.summary(id: there).folderID == (try away.folder(path: "F"))?.id)
    }
}
