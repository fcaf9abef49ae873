import Foundation
import GRDB

/// What ties a translation to its original: the pair that made it and the language it is in.
public struct TranslationLink: Sendable, Equatable, Codable {
    public var originalID: Int64
    /// The translation's document id (0 before it is stored).
    public var translationID: Int64
    /// "eng-spa".
    public var pair: String
    /// The translation's language, as documents name it ("es").
    public var language: String
    /// "Apertium 3.8.3".
    public var engine: String

    public init(originalID: Int64, translationID: Int64 = 0, pair: String, language: String, engine: String) {
        self.originalID = originalID
        self.translationID = translationID
        self.pair = pair
        self.language = language
        self.engine = engine
    }
}

/// A document's translations, and what it is a translation of.
public struct TranslationLinks: Sendable, Equatable {
    public var translations: [TranslationLink]
    public var original: TranslationLink?
}

extension LibraryStore {
    static func link(_ db: Database, translation id: Int64, _ link: TranslationLink) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO translations (translation_id, original_id, pair, language, engine, created_at) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [id, link.originalID, link.pair, link.language, link.engine, Date().timeIntervalSince1970])
    }

    /// The translations of document `id` (not in the trash), and what it is a translation of.
    public func translationLinks(documentID id: Int64) throws(LibraryError) -> TranslationLinks {
        try read { db in
            func links(_ sql: String) throws -> [TranslationLink] {
                try Row.fetchAll(db, sql: """
                    SELECT t.original_id, t.translation_id, t.pair, t.language, t.engine FROM translations t
                    JOIN documents o ON o.id = t.original_id JOIN documents d ON d.id = t.translation_id
                    WHERE \(sql) AND o.deleted_at IS NULL AND d.deleted_at IS NULL ORDER BY t.created_at
                    """, arguments: [id]).map {
                    TranslationLink(originalID: $0[0], translationID: $0[1], pair: $0[2], language: $0[3], engine: $0[4])
                }
            }
            return TranslationLinks(translations: try links("t.original_id = ?"), original: try links("t.translation_id = ?").first)
        }
    }

    /// Moves the positions of the documents linked to `id` by translation to the block where
    /// `id` now is, when they are elsewhere (at block granularity: a block is a block in both).
    static func followTranslations(_ db: Database, documentID id: Int64, word: Int, time: Double) throws {
        let linked = try Int64.fetchAll(db, sql: """
            SELECT translation_id FROM translations WHERE original_id = ? UNION SELECT original_id FROM translations WHERE translation_id = ?
            """, arguments: [id, id])
        guard !linked.isEmpty, let ordinal = try blockOrdinal(db, documentID: id, word: word) else { return }
        for other in linked {
            guard let words = try blockWords(db, documentID: other, ordinal: ordinal) else { continue }
            let current = try Int.fetchOne(db, sql: "SELECT word_index FROM positions WHERE document_id = ?", arguments: [other])
            if let current, words.contains(current) { continue }
            try db.execute(sql: """
                INSERT INTO positions (document_id, word_index, finished, updated_at) VALUES (?, ?, 0, ?)
                ON CONFLICT (document_id) DO UPDATE SET word_index = excluded.word_index, finished = 0, updated_at = excluded.updated_at
                """, arguments: [other, words.lowerBound, time])
        }
    }

    /// The ordinal of the block of document `id` that holds `word`.
    private static func blockOrdinal(_ db: Database, documentID id: Int64, word: Int) throws -> Int? {
        try Int.fetchOne(db, sql: """
            SELECT ordinal FROM blocks WHERE document_id = ? AND first_word <= ? ORDER BY first_word DESC, ordinal DESC LIMIT 1
            """, arguments: [id, word])
    }

    /// The words of block `ordinal` of document `id` (at least its first, for a block without words).
    private static func blockWords(_ db: Database, documentID id: Int64, ordinal: Int) throws -> Range<Int>? {
        guard let row = try Row.fetchOne(db, sql: "SELECT first_word, word_count FROM blocks WHERE document_id = ? AND ordinal = ?",
                                         arguments: [id, ordinal]) else { return nil }
        let start: Int = row[0]
        return start..<(start + max(1, row[1] as Int))
    }

    /// Where to start document `id` so as to be where a linked document (its original or a
    /// translation) was left most recently: the start of the same block, or nil when `id`'s
    /// own position is there already or nothing is linked.
    public func placeFromLinked(documentID id: Int64) throws(LibraryError) -> Int? {
        try read { db in
            guard let (other, word) = try Row.fetchOne(db, sql: """
                SELECT p.document_id, p.word_index FROM positions p WHERE p.document_id IN (
                    SELECT translation_id FROM translations WHERE original_id = ? UNION SELECT original_id FROM translations WHERE translation_id = ?)
                ORDER BY p.updated_at DESC LIMIT 1
                """, arguments: [id, id]).map({ (($0[0] as Int64), ($0[1] as Int)) }),
                  let ordinal = try Self.blockOrdinal(db, documentID: other, word: word),
                  let words = try Self.blockWords(db, documentID: id, ordinal: ordinal) else { return nil }
            let own = try Int.fetchOne(db, sql: "SELECT word_index FROM positions WHERE document_id = ?", arguments: [id])
            if let own, words.contains(own) { return nil }
            return words.lowerBound
        }
    }
}
