import Foundation
import SpeakLibrary
import SpeakModel
import Testing

@Suite struct FolderAndTrashTests {
    let store: LibraryStore

    init() throws {
        store = try LibraryStore(directory: temporaryDirectory())
    }

    @Test func nestedFoldersAreCreatedOnceAndResolvedByPath() throws {
        let (folder, created) = try store.makeFolder(path: "Papers/2026")
        #expect(created)
        #expect(folder.path == "Papers/2026")
        #expect(try store.makeFolder(path: "/Papers/2026/").created == false)
        #expect(try store.folders().map(\.path) == ["Papers", "Papers/2026"])
        #expect(try store.folder(path: "Papers/2026")?.id == folder.id)
        #expect(try store.folder(path: "/") == nil)
        #expect(throws: LibraryError.folderNotFound(path: "Papers/2025")) { try store.folder(path: "Papers/2025") }
    }

    @Test(arguments: ["a/b", "..", " padded", "tab\there", ""])
    func badFolderNamesAreRefused(name: String) throws {
        try store.makeFolder(path: "Top")
        guard let top = try store.folder(path: "Top") else { throw LibraryError.folderNotFound(path: "Top") }
        #expect(throws: LibraryError.self) { try store.renameFolder(top.id, to: name) }
        #expect(try store.folders().map(\.path) == ["Top"])
    }

    @Test func documentsMoveIntoFoldersAndListPerFolder() throws {
        let a = try store.insert(sampleDocument(hash: "sha256:a", title: "A")).id
        let b = try store.insert(sampleDocument(hash: "sha256:b", title: "B"), folderPath: ["Inbox"]).id
        let papers = try store.makeFolder(path: "Papers").folder
        try store.moveDocuments([a], to: papers.id)
        #expect(try store.list(folder: papers.id, recursive: false).map(\.id) == [a])
        #expect(try store.list(folder: nil, recursive: false).isEmpty)
        #expect(try store.summary(id: b).folderID == store.folder(path: "Inbox")?.id)
        #expect(throws: LibraryError.documentNotFound(99)) { try store.moveDocuments([a, 99], to: nil) }
        #expect(try store.summary(id: a).folderID == papers.id, "a failed move changes nothing")
    }

    @Test func foldersCannotMoveIntoThemselvesOrOntoATakenName() throws {
        let top = try store.makeFolder(path: "Top").folder
        let inner = try store.makeFolder(path: "Top/Inner/Deep").folder
        #expect(throws: LibraryError.folderCycle(folder: "Top", destination: "Top/Inner/Deep")) {
            try store.moveFolder(top.id, to: inner.id)
        }
        #expect(throws: LibraryError.self) { try store.moveFolder(top.id, to: top.id) }
        let other = try store.makeFolder(path: "Inner").folder
        #expect(throws: LibraryError.folderNameTaken(name: "Inner", parent: "Top")) {
            try store.moveFolder(other.id, to: top.id)
        }
        try store.moveFolder(inner.id, to: nil)
        #expect(try store.folders().map(\.path) == ["Deep", "Inner", "Top", "Top/Inner"])
    }

    @Test func trashKeepsDocumentsRestorableAndOutOfTheList() throws {
        let id = try store.insert(sampleDocument(), folderPath: ["Reading"]).id
        try store.savePosition(documentID: id, wordIndex: 5)
        try store.trashDocument(id)
        #expect(try store.list().isEmpty)
        #expect(throws: LibraryError.documentInTrash(id)) { try store.summary(id: id) }
        #expect(throws: LibraryError.documentInTrash(id)) { try store.trashDocument(id) }
        let trash = try store.trash()
        #expect(trash.documents.map(\.id) == [id])
        #expect(trash.documents.first?.deleted != nil)
        let outcome = try store.restoreDocument(id)
        #expect(outcome.movedToTopLevel == false)
        let restored = try store.summary(id: id)
        #expect(restored.position == 5, "the position survives the trash")
        #expect(restored.folderID == (try store.folder(path: "Reading"))?.id)
        #expect(throws: LibraryError.notInTrash("document \(id)")) { try store.restoreDocument(id) }
    }

    @Test func aFolderWithContentsNeedsRecursiveAndComesBackWhole() throws {
        let a = try store.insert(sampleDocument(hash: "sha256:a"), folderPath: ["Papers", "2026"]).id
        let b = try store.insert(sampleDocument(hash: "sha256:b"), folderPath: ["Papers"]).id
        let papers = try #require(try store.folder(path: "Papers"))
        #expect(throws: LibraryError.folderNotEmpty(path: "Papers")) { try store.trashFolder(papers.id, recursive: false) }
        #expect(try store.trashFolder(papers.id, recursive: true) == 2)
        #expect(try store.list().isEmpty)
        #expect(try store.folders().isEmpty)
        #expect(try store.trash().folders.map(\.path).sorted() == ["Papers", "Papers/2026"])
        // A new folder took the name meanwhile: the restored one gets another.
        try store.makeFolder(path: "Papers")
        let outcome = try store.restoreFolder(path: "Papers")
        #expect(outcome.name == "Papers (restored)")
        #expect(outcome.documents == 2)
        #expect(Set(try store.list().map(\.id)) == [a, b])
        #expect(try store.folders().map(\.path) == ["Papers", "Papers (restored)", "Papers (restored)/2026"])
    }

    @Test func restoringIntoADeletedFolderRestoresToTheTopLevel() throws {
        let id = try store.insert(sampleDocument(), folderPath: ["Gone"]).id
        try store.trashDocument(id)
        let gone = try #require(try store.folder(path: "Gone"))
        #expect(try store.trashFolder(gone.id, recursive: false) == 0, "only trashed documents in it: the folder is empty")
        let outcome = try store.restoreDocument(id)
        #expect(outcome.movedToTopLevel)
        #expect(try store.summary(id: id).folderID == nil)
    }

    @Test func purgeDeletesOnlyWhatIsOldEnough() throws {
        let old = try store.insert(sampleDocument(hash: "sha256:old")).id
        let new = try store.insert(sampleDocument(hash: "sha256:new")).id
        try store.trashDocument(old)
        try store.trashDocument(new)
        #expect(try store.purge(deletedBefore: Date().addingTimeInterval(-3600)).documents == 0)
        #expect(try store.purge(deletedBefore: nil).documents == 2)
        #expect(try store.trash().documents.isEmpty)
        #expect(throws: LibraryError.documentNotFound(old)) { try store.summary(id: old, includeTrashed: true) }
    }

    @Test func filtersFollowTheReadingState() throws {
        let unread = try store.insert(sampleDocument(hash: "sha256:1")).id
        let started = try store.insert(sampleDocument(hash: "sha256:2")).id
        let done = try store.insert(sampleDocument(hash: "sha256:3")).id
        try store.savePosition(documentID: started, wordIndex: 4)
        try store.savePosition(documentID: done, wordIndex: 10, finished: true)
        #expect(try store.list(filter: .unread).map(\.id) == [unread])
        #expect(try store.list(filter: .inProgress).map(\.id) == [started])
        #expect(try store.list(filter: .finished).map(\.id) == [done])
        #expect(try store.list(sort: .progress).first?.id == done)
        let stats = try store.stats()
        #expect((stats.documents, stats.unread, stats.inProgress, stats.finished) == (3, 1, 1, 1))
    }
}
