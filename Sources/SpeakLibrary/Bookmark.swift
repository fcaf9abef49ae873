import Foundation
import GRDB

/// A marked sentence of a document, with an optional note. Numbered 1… within its document
/// in reading order (what `speak play --bookmark K` takes); `uid` stays the same in every
/// library it is carried to.
public struct Bookmark: Sendable, Equatable, Codable {
    public var uid: String
    public var documentID: Int64
    /// 1-based within the document, in reading order.
    public var number: Int
    /// The first word of the marked sentence.
    public var word: Int
    public var note: String?
    public var created: Date
    public var updated: Date
}

/// A bookmark as an export or a sync carries it: identified by its uid, the document by its
/// content hash; `deleted` is set for one that was removed.
public struct BookmarkRecord: Sendable, Equatable, Codable {
    public var uid: String
    public var word: Int
    public var note: String?
    public var created: Date
    public var updated: Date
    public var deleted: Date?
}

extension LibraryStore {
    /// Bookmarks the sentence starting at `word` (a sentence marked already keeps its
    /// bookmark; a note given replaces its note). Returns the bookmark, numbered.
    @discardableResult
    public func addBookmark(documentID id: Int64, word: Int, note: String? = nil, at time: Date = Date()) throws(LibraryError) -> Bookmark {
        let uid = try write { db -> String in
            try Self.requireActiveDocument(db, id: id)
            if let existing = try String.fetchOne(db, sql: """
                SELECT uid FROM bookmarks WHERE document_id = ? AND word_index = ? AND deleted_at IS NULL
                """, arguments: [id, word]) {
                if let note {
                    try db.execute(sql: "UPDATE bookmarks SET note = ?, updated_at = ? WHERE uid = ?",
                                   arguments: [note, time.timeIntervalSince1970, existing])
                    try EditLog.recordBookmark(db, uid: existing, at: time)
                }
                return existing
            }
            let uid = UUID().uuidString.lowercased()
            try db.execute(sql: """
                INSERT INTO bookmarks (uid, document_id, word_index, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [uid, id, word, note, time.timeIntervalSince1970, time.timeIntervalSince1970])
            try EditLog.recordBookmark(db, uid: uid, at: time)
            return uid
        }
        guard let bookmark = try bookmarks(documentID: id).first(where: { $0.uid == uid }) else { throw .storage(reason: "a bookmark just added is missing") }
        return bookmark
    }

    /// The bookmarks of one document in reading order, or of every document in the library
    /// (not in the trash) by document id.
    public func bookmarks(documentID id: Int64? = nil) throws(LibraryError) -> [Bookmark] {
        try read { db in
            if let id { try Self.requireActiveDocument(db, id: id) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT b.uid, b.document_id, b.word_index, b.note, b.created_at, b.updated_at
                FROM bookmarks b JOIN documents d ON d.id = b.document_id
                WHERE b.deleted_at IS NULL AND d.deleted_at IS NULL \(id == nil ? "" : "AND b.document_id = ?")
                ORDER BY b.document_id, b.word_index, b.created_at
                """, arguments: StatementArguments(id.map { [$0] } ?? []))
            var numbers: [Int64: Int] = [:]
            return rows.map { row in
                let document: Int64 = row[1]
                numbers[document, default: 0] += 1
                return Bookmark(uid: row[0], documentID: document, number: numbers[document] ?? 1, word: row[2], note: row[3],
                                created: Date(timeIntervalSince1970: row[4]), updated: Date(timeIntervalSince1970: row[5]))
            }
        }
    }

    /// Bookmark `number` (1-based, as `bookmarks(documentID:)` numbers them) of a document.
    public func bookmark(documentID id: Int64, number: Int) throws(LibraryError) -> Bookmark {
        let all = try bookmarks(documentID: id)
        guard all.indices.contains(number - 1) else { throw .bookmarkNotFound(number: number, documentID: id, count: all.count) }
        return all[number - 1]
    }

    /// Sets (or with nil or "", clears) the note of a bookmark.
    public func setNote(_ note: String?, bookmark uid: String, at time: Date = Date()) throws(LibraryError) {
        let text = note.flatMap { $0.isEmpty ? nil : $0 }
        try write { db in
            try db.execute(sql: "UPDATE bookmarks SET note = ?, updated_at = ? WHERE uid = ? AND deleted_at IS NULL",
                           arguments: [text, time.timeIntervalSince1970, uid])
            if db.changesCount > 0 { try EditLog.recordBookmark(db, uid: uid, at: time) }
        }
    }

    /// Removes a bookmark (kept as a tombstone for the libraries it was carried to).
    public func removeBookmark(_ uid: String, at time: Date = Date()) throws(LibraryError) {
        try write { db in
            try db.execute(sql: "UPDATE bookmarks SET deleted_at = ?, updated_at = ? WHERE uid = ? AND deleted_at IS NULL",
                           arguments: [time.timeIntervalSince1970, time.timeIntervalSince1970, uid])
            if db.changesCount > 0 { try EditLog.recordBookmark(db, uid: uid, at: time) }
        }
    }

    /// Every bookmark of a document, removed ones included, as an export carries them.
    static func bookmarkRecords(_ db: Database, documentID id: Int64) throws -> [BookmarkRecord] {
        try Row.fetchAll(db, sql: """
            SELECT uid, word_index, note, created_at, updated_at, deleted_at FROM bookmarks WHERE document_id = ? ORDER BY word_index, created_at
            """, arguments: [id]).map { row in
            BookmarkRecord(uid: row[0], word: row[1], note: row[2], created: Date(timeIntervalSince1970: row[3]),
                           updated: Date(timeIntervalSince1970: row[4]), deleted: (row[5] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
    }

    /// Takes records from elsewhere: a bookmark not known here is added, a known one takes
    /// the other's note, place and removal when that was changed later. Returns how many
    /// changed here.
    static func merge(_ db: Database, bookmarks records: [BookmarkRecord], documentID id: Int64, wordCount: Int) throws -> Int {
        var changed = 0
        for record in records where record.word >= 0 && record.word < wordCount {
            let known = try Double.fetchOne(db, sql: "SELECT updated_at FROM bookmarks WHERE uid = ?", arguments: [record.uid])
            let values: [(any DatabaseValueConvertible)?] = [record.word, record.note, record.created.timeIntervalSince1970,
                                                            record.updated.timeIntervalSince1970, record.deleted?.timeIntervalSince1970]
            if let known {
                guard record.updated.timeIntervalSince1970 > known else { continue }
                try db.execute(sql: """
                    UPDATE bookmarks SET word_index = ?, note = ?, created_at = ?, updated_at = ?, deleted_at = ? WHERE uid = ?
                    """, arguments: StatementArguments(values + [record.uid]))
            } else {
                try db.execute(sql: """
                    INSERT INTO bookmarks (word_index, note, created_at, updated_at, deleted_at, uid, document_id) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: StatementArguments(values + [record.uid, id]))
            }
            changed += 1
        }
        return changed
    }
}
