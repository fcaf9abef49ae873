import Foundation
import GRDB
import SpeakModel

/// A stored pronunciation: what to find and what to say, and where it applies.
public struct LexiconRecord: Sendable, Equatable, Codable {
    public enum Scope: String, Sendable, Codable { case global, folder, document }

    public var id: Int64?
    public var scope: Scope
    /// The folder or document the entry belongs to (nil for global entries).
    public var targetID: Int64?
    public var pattern: String
    public var replacement: String
    public var isRegex: Bool
    public var isPhonemes: Bool
    public var wholeWord: Bool
    public var caseSensitive: Bool

    public init(id: Int64? = nil, scope: Scope, targetID: Int64?, pattern: String, replacement: String, isRegex: Bool,
                isPhonemes: Bool, wholeWord: Bool, caseSensitive: Bool) {
        self.id = id
        self.scope = scope
        self.targetID = targetID
        self.pattern = pattern
        self.replacement = replacement
        self.isRegex = isRegex
        self.isPhonemes = isPhonemes
        self.wholeWord = wholeWord
        self.caseSensitive = caseSensitive
    }
}

extension LibraryStore {
    /// The document's own skip rules as stored ("citations,urls"); nil when it follows the config.
    public func speechSkip(documentID id: Int64) throws(LibraryError) -> String? {
        try read { db in
            try Self.requireActiveDocument(db, id: id)
            return try String?.fetchOne(db, sql: "SELECT speech_skip FROM documents WHERE id = ?", arguments: [id]) ?? nil
        }
    }

    /// Sets (or, with nil, clears) the document's own skip rules.
    public func setSpeechSkip(_ rules: String?, documentID id: Int64) throws(LibraryError) {
        try write { db in
            try Self.requireActiveDocument(db, id: id)
            try db.execute(sql: "UPDATE documents SET speech_skip = ? WHERE id = ?", arguments: [rules, id])
        }
    }

    /// Lexicon entries in the order they were added; only those that apply to a document
    /// (its own, its folder's and the folders above, the global ones) when `documentID` is given.
    public func lexicon(for documentID: Int64? = nil) throws(LibraryError) -> [LexiconRecord] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM lexicon ORDER BY id")
            let records = rows.map { row in
                LexiconRecord(id: row["id"], scope: LexiconRecord.Scope(rawValue: row["scope"]) ?? .global, targetID: row["target_id"],
                              pattern: row["pattern"], replacement: row["replacement"], isRegex: row["is_regex"],
                              isPhonemes: row["is_phonemes"], wholeWord: row["whole_word"], caseSensitive: row["case_sensitive"])
            }
            guard let documentID else { return records }
            var folders = Set<Int64>()
            var folder = try Int64.fetchOne(db, sql: "SELECT folder_id FROM documents WHERE id = ?", arguments: [documentID])
            let table = try Self.folderTable(db)
            while let current = folder, !folders.contains(current) {
                folders.insert(current)
                folder = table[current]?.parentID
            }
            // The most particular first: a document's entry wins over its folder's, which wins over a global one.
            let own = records.filter { $0.scope == .document && $0.targetID == documentID }
            let inFolder = records.filter { $0.scope == .folder && $0.targetID.map(folders.contains) == true }
            return own + inFolder + records.filter { $0.scope == .global }
        }
    }

    /// Adds entries in one transaction (all or none); returns their ids.
    @discardableResult
    public func addLexicon(_ records: [LexiconRecord]) throws(LibraryError) -> [Int64] {
        try write { db in
            var ids: [Int64] = []
            for r in records {
                if r.scope == .document, let id = r.targetID { try Self.requireActiveDocument(db, id: id) }
                try db.execute(sql: """
                    INSERT INTO lexicon (scope, target_id, pattern, replacement, is_regex, is_phonemes, whole_word, case_sensitive, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [r.scope.rawValue, r.targetID, r.pattern, r.replacement, r.isRegex, r.isPhonemes, r.wholeWord,
                                     r.caseSensitive, Date().timeIntervalSince1970])
                ids.append(db.lastInsertedRowID)
            }
            return ids
        }
    }

    /// Removes entries by id; false when one of them does not exist (then nothing is removed).
    public func removeLexicon(ids: [Int64]) throws(LibraryError) -> Bool {
        try write { db in
            for id in ids where try Int.fetchOne(db, sql: "SELECT 1 FROM lexicon WHERE id = ?", arguments: [id]) == nil { return false }
            for id in ids { try db.execute(sql: "DELETE FROM lexicon WHERE id = ?", arguments: [id]) }
            return true
        }
    }
}
