import Foundation
import SpeakLibrary
import SpeakModel
import SpeakSynthesis

/// A bookmark as people see it: the marked sentence, where it is, the note.
public struct BookmarkEntry: Sendable, Equatable, Codable {
    /// 1-based within the document, in reading order (`speak play ID --bookmark K`).
    public var number: Int
    public var documentID: Int64
    public var documentTitle: String
    /// The first word of the marked sentence.
    public var word: Int
    public var sentence: String
    public var chapter: String?
    public var note: String?
    public var created: Date
    public var uid: String
}

extension Speak {
    /// Bookmarks the sentence holding `word` of document `id` (with a note, or the note of
    /// the sentence's bookmark replaced).
    @discardableResult
    public func addBookmark(documentID id: Int64, word: Int, note: String? = nil) throws -> BookmarkEntry {
        try Self.checkNote(note)
        let store = try library()
        let document = try store.document(id: id)
        guard let sentence = document.sentence(containingWord: word) else {
            throw SynthesisError.wordOutOfRange(word, count: document.wordCount)
        }
        let mark = try store.addBookmark(documentID: id, word: sentence.words.lowerBound, note: note.flatMap { $0.isEmpty ? nil : $0 })
        return Self.entry(mark, in: document, title: try store.summary(id: id).metadata.title)
    }

    /// The bookmarks of document `id`, or of every document in the library.
    public func bookmarks(documentID id: Int64? = nil) throws -> [BookmarkEntry] {
        let store = try library()
        let marks = try store.bookmarks(documentID: id)
        var documents: [Int64: (Document, String)] = [:]
        return try marks.map { mark in
            if documents[mark.documentID] == nil {
                documents[mark.documentID] = (try store.document(id: mark.documentID), try store.summary(id: mark.documentID).metadata.title)
            }
            guard let (document, title) = documents[mark.documentID] else { throw LibraryError.documentNotFound(mark.documentID) }
            return Self.entry(mark, in: document, title: title)
        }
    }

    /// Bookmark `number` of document `id`.
    public func bookmark(documentID id: Int64, number: Int) throws -> BookmarkEntry {
        let store = try library()
        return Self.entry(try store.bookmark(documentID: id, number: number), in: try store.document(id: id),
                          title: try store.summary(id: id).metadata.title)
    }

    /// Removes bookmark `number` of document `id`; returns what it was.
    @discardableResult
    public func removeBookmark(documentID id: Int64, number: Int) throws -> BookmarkEntry {
        let entry = try bookmark(documentID: id, number: number)
        try library().removeBookmark(entry.uid)
        return entry
    }

    /// The longest note: a bookmark with its note travels as one sync change.
    public static let noteLimit = 2_000

    private static func checkNote(_ note: String?) throws {
        if let note, note.count > noteLimit {
            throw InputUsageError(message: "a note holds at most \(noteLimit) characters (this one has \(note.count)); shorten it")
        }
    }

    /// Sets (nil or "": clears) the note of bookmark `number` of document `id`.
    public func setBookmarkNote(documentID id: Int64, number: Int, note: String?) throws {
        try Self.checkNote(note)
        let entry = try bookmark(documentID: id, number: number)
        try library().setNote(note, bookmark: entry.uid)
    }

    /// The bookmarks and notes of document `id` as Markdown: a heading, then for each its
    /// chapter, the quoted sentence, the note, and the command that plays from it.
    public func notesMarkdown(documentID id: Int64) throws -> String {
        let title = try summary(id: id).metadata.title
        var out = "# \(title)\n\n"
        let entries = try bookmarks(documentID: id)
        if entries.isEmpty { out += "No bookmarks yet.\n" }
        for entry in entries {
            out += "## \(entry.number). " + (entry.chapter.map { "\($0) · " } ?? "") + "word \(entry.word)\n\n"
            out += entry.sentence.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") + "\n\n"
            if let note = entry.note { out += note + "\n\n" }
            out += "`speak play \(id) --from-word \(entry.word)`\n\n"
        }
        return out
    }

    static func entry(_ mark: Bookmark, in document: Document, title: String) -> BookmarkEntry {
        BookmarkEntry(number: mark.number, documentID: mark.documentID, documentTitle: title, word: mark.word,
                      sentence: document.sentence(containingWord: mark.word)?.text ?? "",
                      chapter: document.chapter(containingWord: mark.word)?.title, note: mark.note, created: mark.created, uid: mark.uid)
    }
}
