import Foundation
import SpeakLibrary
import SpeakModel
import Testing

func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("speak-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func sampleDocument(hash: String = "sha256:1", title: String = "Sample", paragraphs: Int = 3) -> Document {
    var builder = DocumentBuilder()
    builder.append(.heading(level: 1), text: "Chapter One")
    for i in 0..<paragraphs { builder.append(.paragraph, text: "Paragraph \(i) has naïve words, e.g. these. 😀 done.") }
    builder.append(.pageNumber, text: "7", page: 2, skip: .pageNumber)
    builder.chaptersFromHeadings()
    builder.warn("a warning")
    let metadata = DocumentMetadata(title: title, author: "A. Writer", language: "en", source: "/tmp/x.txt",
                                    format: .text, contentHash: hash, imported: Date(timeIntervalSince1970: 1_700_000_000))
    return builder.build(metadata: metadata)
}

@Suite struct LibraryStoreTests {
    @Test func documentsRoundTripExactly() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let original = sampleDocument()
        let id = try store.insert(original).id
        var loaded = try store.document(id: id)
        #expect(loaded.metadata.id == id)
        loaded.metadata.id = nil
        #expect(loaded == original)
    }

    @Test func summariesListAndFindByHash() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let a = try store.insert(sampleDocument(hash: "sha256:a", title: "beta")).id
        let b = try store.insert(sampleDocument(hash: "sha256:b", title: "Alpha", paragraphs: 10)).id
        #expect(try store.list(sort: .title).map(\.id) == [b, a])
        #expect(try store.list(sort: .length).map(\.id) == [b, a])
        #expect(try store.list(sort: .recent).map(\.id) == [b, a])
        #expect(try store.summary(contentHash: "sha256:a")?.id == a)
        #expect(try store.summary(contentHash: "sha256:zzz") == nil)
        let summary = try store.summary(id: b)
        #expect(summary.chapterCount == 1)
        #expect(summary.warnings == ["a warning"])
        #expect(summary.spokenWordCount == summary.wordCount - 1)
    }

    @Test func removeDeletesEverything() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let id = try store.insert(sampleDocument()).id
        try store.purge(id: id)
        #expect(try store.list().isEmpty)
        #expect(throws: LibraryError.documentNotFound(id)) { try store.purge(id: id) }
        #expect(throws: LibraryError.documentNotFound(id)) { try store.document(id: id) }
    }

    @Test func wordLookupByIndexWithoutLoadingTheDocument() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let document = sampleDocument(paragraphs: 20)
        let id = try store.insert(document).id
        for index in stride(from: 0, to: document.wordCount, by: 7) {
            let stored = try store.word(documentID: id, index: index)
            #expect(stored == document.word(at: index))
        }
        #expect(try store.word(documentID: id, index: document.wordCount) == nil)
        #expect(try store.word(documentID: id, index: -3) == nil)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("library.sqlite")
        try Data("this is not a database, just text\n".utf8).write(to: file)
        #expect(throws: LibraryError.notADatabase(path: file.path)) { try LibraryStore(directory: directory) }
        #expect(try Data(contentsOf: file) == Data("this is not a database, just text\n".utf8))
    }

    @Test func aLibraryFromANewerVersionIsRefusedAndLeftAlone() throws {
        let directory = temporaryDirectory()
        do {
            let store = try LibraryStore(directory: directory)
            _ = try store.insert(sampleDocument()).id
        }
        let file = directory.appendingPathComponent("library.sqlite").path
        try runSQLite(file, "INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future'); PRAGMA wal_checkpoint(TRUNCATE);")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(throws: LibraryError.newerSchema(path: file)) { try LibraryStore(directory: directory) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func aFailedInsertLeavesNothingBehind() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        // Two blocks with the same first word violate the primary key half-way through.
        let block = Block(kind: .paragraph, text: "same words", firstWord: 0, wordSpans: [WordSpan(0..<4), WordSpan(5..<10)])
        let broken = Document(metadata: sampleDocument().metadata, blocks: [block, block])
        #expect(throws: LibraryError.self) { try store.insert(broken) }
        #expect(try store.list().isEmpty)
        #expect(try store.summary(contentHash: "sha256:1") == nil)
    }

    @Test func duplicatesAreFoundInsideTheInsertTransaction() throws {
        let store = try LibraryStore(directory: temporaryDirectory())
        let first = try store.insert(sampleDocument(hash: "sha256:same"), allowDuplicate: false)
        let second = try store.insert(sampleDocument(hash: "sha256:same"), allowDuplicate: false)
        #expect(first.duplicate == false && second.duplicate == true && second.id == first.id)
        #expect(try store.insert(sampleDocument(hash: "sha256:same"), allowDuplicate: true).duplicate == false)
        #expect(try store.list().count == 2)
    }

    @Test func aDamagedWordTableIsAnErrorNotACrash() throws {
        let directory = temporaryDirectory()
        let store = try LibraryStore(directory: directory)
        let id = try store.insert(sampleDocument()).id
        let file = directory.appendingPathComponent("library.sqlite").path
        try runSQLite(file, "UPDATE blocks SET words = X'FFFFFFFF0F7F' WHERE first_word = 0;")
        #expect(throws: LibraryError.self) { try store.document(id: id) }
        try runSQLite(file, "UPDATE blocks SET word_count = -3 WHERE first_word = 0;")
        #expect(throws: LibraryError.self) { try store.document(id: id) }
        #expect(throws: LibraryError.self) { try store.word(documentID: id, index: 0) }
    }

    @Test func processesCreatingANewLibraryAtOnceAllSucceed() async throws {
        let directory = temporaryDirectory()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try LibraryStore(directory: directory) } }
            try await group.waitForAll()
        }
        #expect(try LibraryStore(directory: directory).list().isEmpty)
    }

    @Test func concurrentWritersWaitInsteadOfFailing() async throws {
        let directory = temporaryDirectory()
        _ = try LibraryStore(directory: directory)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let store = try LibraryStore(directory: directory)
                    for i in 0..<10 { _ = try store.insert(sampleDocument(hash: "sha256:\(writer)-\(i)", paragraphs: 30)) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try LibraryStore(directory: directory).list().count == 40)
    }
}

/// Runs SQL with the sqlite3 command (installed with libsqlite3-dev's companions) or Python.
func runSQLite(_ file: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit(); c.close()", file, sql]
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown) }
}
