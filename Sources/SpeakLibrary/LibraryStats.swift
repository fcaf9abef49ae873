import Foundation
import GRDB

/// Listening statistics of the whole library or of one document.
public struct LibraryStats: Sendable, Equatable, Codable {
    public var documents: Int
    public var words: Int
    public var unread: Int
    public var inProgress: Int
    public var finished: Int
    public var sessions: Int
    /// Wall-clock time spent listening, summed over sessions.
    public var listeningSeconds: Double
    /// The longest session, in seconds.
    public var longestSessionSeconds: Double
    public var wordsHeard: Int
    public var firstListened: Date?
    public var lastListened: Date?
}

extension LibraryStore {
    /// Statistics of every document not in the trash, or of document `id` alone.
    public func stats(documentID id: Int64? = nil) throws(LibraryError) -> LibraryStats {
        if let id { _ = try summary(id: id) }
        let scope = id.map { "d.id = \($0)" } ?? "d.deleted_at IS NULL"
        return try read { db in
            let counts = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(SUM(d.word_count), 0),
                    COALESCE(SUM(\(LibraryFilter.unread.sql)), 0), COALESCE(SUM(\(LibraryFilter.inProgress.sql)), 0),
                    COALESCE(SUM(p.finished), 0)
                FROM documents d LEFT JOIN positions p ON p.document_id = d.id WHERE \(scope)
                """)
            let sessions = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(SUM(s.ended_at - s.started_at), 0), COALESCE(SUM(s.words_heard), 0),
                    MIN(s.started_at), MAX(s.ended_at), COALESCE(MAX(s.ended_at - s.started_at), 0)
                FROM sessions s JOIN documents d ON d.id = s.document_id WHERE \(scope)
                """)
            func date(_ value: Double?) -> Date? { value.map(Date.init(timeIntervalSince1970:)) }
            return LibraryStats(documents: counts?[0] ?? 0, words: counts?[1] ?? 0, unread: counts?[2] ?? 0,
                                inProgress: counts?[3] ?? 0, finished: counts?[4] ?? 0, sessions: sessions?[0] ?? 0,
                                listeningSeconds: sessions?[1] ?? 0, longestSessionSeconds: sessions?[5] ?? 0, wordsHeard: sessions?[2] ?? 0,
                                firstListened: date(sessions?[3]), lastListened: date(sessions?[4]))
        }
    }

    /// Records a listening session (the player calls this when playback stops).
    public func recordSession(documentID id: Int64, started: Date, ended: Date, firstWord: Int, lastWord: Int,
                              wordsHeard: Int? = nil, speed: Double) throws(LibraryError) {
        try write { db in
            try Self.requireActiveDocument(db, id: id)
            try db.execute(sql: """
                INSERT INTO sessions (document_id, started_at, ended_at, first_word, last_word, words_heard, speed)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, started.timeIntervalSince1970, ended.timeIntervalSince1970, firstWord, lastWord,
                                 wordsHeard ?? max(0, lastWord - firstWord), speed])
        }
    }
}
