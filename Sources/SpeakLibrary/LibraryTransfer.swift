import Foundation
import GRDB

/// The part of a library a user carries to another machine: folders, and for every
/// document its identity (content hash), title, folder, reading position, listening
/// sessions and bookmarks. The content itself is not included: the same files imported on the other
/// machine are recognized by their content hash.
public struct LibraryExport: Sendable, Equatable, Codable {
    public struct Position: Sendable, Equatable, Codable {
        public var word: Int
        public var speed: Double?
        public var finished: Bool
        public var updated: Date
    }

    public struct Session: Sendable, Equatable, Codable {
        public var started: Date
        public var ended: Date
        public var firstWord: Int
        public var lastWord: Int
        public var wordsHeard: Int
        public var speed: Double
    }

    public struct Entry: Sendable, Equatable, Codable {
        public var contentHash: String
        public var title: String
        public var source: String
        public var folder: String?
        public var position: Position?
        public var sessions: [Session]
        /// Bookmarks and notes, removed ones included (absent in exports before bookmarks).
        public var bookmarks: [BookmarkRecord]?
        /// When the document was imported: tells copies of one content apart (absent in
        /// older exports).
        public var imported: Date?
    }

    public static let currentVersion = 1

    /// Why bytes are not a library export this version can take.
    public enum ReadProblem: Error, Equatable {
        /// Not JSON written by `speak library export`.
        case notAnExport
        /// Written by a newer speak.
        case newer
    }

    /// Reads what `speak library export` wrote (dates with or without fractions of a second).
    public static func read(_ data: Data) throws(ReadProblem) -> LibraryExport {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Self.formatter(fractions: true).date(from: text) ?? Self.formatter(fractions: false).date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        }
        guard let state = try? decoder.decode(LibraryExport.self, from: data), state.format == "speak-library" else {
            throw .notAnExport
        }
        guard state.version <= currentVersion else { throw .newer }
        return state
    }
    /// The export as `speak library export` writes it: dates in ISO 8601 with milliseconds,
    /// as whole seconds could not tell one copy's import, or one session, from another.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.formatter(fractions: true).string(from: date))
        }
        return try encoder.encode(self)
    }

    private static func formatter(fractions: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = fractions ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter
    }

    public var format = "speak-library"
    public var version = currentVersion
    /// The library it was exported from (its sync device id), which pairs copies strictly when
    /// the export comes back to it; nil in exports of older versions.
    public var library: String?
    public var exported: Date
    public var folders: [String]
    public var documents: [Entry]
}

/// What applying an export changed.
public struct TransferOutcome: Sendable, Equatable, Codable {
    /// Documents found here by content hash and updated.
    public var matched: Int
    /// Titles of exported documents that are not in this library (import their files first).
    public var missing: [String]
    public var foldersCreated: Int
    public var sessionsAdded: Int
    /// Bookmarks added, changed or removed here.
    public var bookmarksChanged = 0
}

extension LibraryStore {
    /// The library's state as an export (documents in the trash are left out).
    public func exportState() throws(LibraryError) -> LibraryExport {
        try read { db in
            let folders = try Self.folderTable(db)
            let active = folders.values.filter { $0.deleted == nil }
            var sessions: [Int64: [LibraryExport.Session]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM sessions ORDER BY started_at") {
                func date(_ column: String) -> Date { Date(timeIntervalSince1970: row[column]) }
                sessions[row["document_id"], default: []].append(LibraryExport.Session(
                    started: date("started_at"), ended: date("ended_at"), firstWord: row["first_word"],
                    lastWord: row["last_word"], wordsHeard: row["words_heard"], speed: row["speed"]))
            }
            let rows = try Row.fetchAll(db, sql: """
                SELECT d.id, d.content_hash, d.title, d.source, d.folder_id, p.word_index, p.speed, p.finished, p.updated_at,
                    d.imported_at
                FROM documents d LEFT JOIN positions p ON p.document_id = d.id WHERE d.deleted_at IS NULL ORDER BY d.id
                """)
            let entries = try rows.map { row -> LibraryExport.Entry in
                let id: Int64 = row[0]
                let position = (row[5] as Int?).map {
                    LibraryExport.Position(word: $0, speed: row[6], finished: row[7], updated: Date(timeIntervalSince1970: row[8]))
                }
                return LibraryExport.Entry(contentHash: row[1], title: row[2], source: row[3],
                                           folder: (row[4] as Int64?).flatMap { folders[$0]?.path }, position: position,
                                           sessions: sessions[id] ?? [], bookmarks: try Self.bookmarkRecords(db, documentID: id),
                                           imported: Date(timeIntervalSince1970: row[9]))
            }
            let library = try String.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = 'device_id'")
            return LibraryExport(library: library, exported: Date(), folders: active.map(\.path).sorted(), documents: entries)
        }
    }

    /// Applies an export in one transaction: creates its folders, and for every document
    /// found here by content hash sets its title and folder, takes the newer reading
    /// position, adds the sessions it does not have yet and merges the bookmarks.
    public func importState(_ state: LibraryExport) throws(LibraryError) -> TransferOutcome {
        for path in state.folders + state.documents.compactMap(\.folder) {
            for name in Folder.components(of: path) {
                if let problem = Folder.problem(with: name) { throw .badName(name: name, reason: problem) }
            }
        }
        return try write { db in
            var outcome = TransferOutcome(matched: 0, missing: [], foldersCreated: 0, sessionsAdded: 0)
            for path in Set(state.folders + state.documents.compactMap(\.folder)) where !Folder.components(of: path).isEmpty {
                if try Self.ensureFolder(db, names: Folder.components(of: path)).created { outcome.foldersCreated += 1 }
            }
            let here = try String.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = 'device_id'")
            let pairs = try Self.pairCopies(db, entries: state.documents, ownLibrary: here != nil && state.library == here)
            for (n, entry) in state.documents.enumerated() {
                guard let id = pairs[n] else {
                    outcome.missing.append(entry.title)
                    continue
                }
                outcome.matched += 1
                let folder = try entry.folder.flatMap { try Self.resolve(db, path: $0)?.id }
                try db.execute(sql: "UPDATE documents SET title = ?, folder_id = ? WHERE id = ?",
                               arguments: [entry.title, folder, id])
                if let p = entry.position {
                    try db.execute(sql: """
                        INSERT INTO positions (document_id, word_index, speed, finished, updated_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (document_id) DO UPDATE SET word_index = excluded.word_index, speed = excluded.speed,
                            finished = excluded.finished, updated_at = excluded.updated_at
                        WHERE excluded.updated_at > positions.updated_at
                        """, arguments: [id, p.word, p.speed, p.finished, p.updated.timeIntervalSince1970])
                }
                for s in entry.sessions {
                    let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM sessions WHERE document_id = ? AND abs(started_at - ?) < 0.002",
                                                  arguments: [id, s.started.timeIntervalSince1970]) ?? false
                    guard !known else { continue }
                    try db.execute(sql: """
                        INSERT INTO sessions (document_id, started_at, ended_at, first_word, last_word, words_heard, speed)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [id, s.started.timeIntervalSince1970, s.ended.timeIntervalSince1970, s.firstWord,
                                         s.lastWord, s.wordsHeard, s.speed])
                    outcome.sessionsAdded += 1
                }
                let words = try Int.fetchOne(db, sql: "SELECT word_count FROM documents WHERE id = ?", arguments: [id]) ?? 0
                outcome.bookmarksChanged += try Self.merge(db, bookmarks: entry.bookmarks ?? [], documentID: id, wordCount: words)
            }
            return outcome
        }
    }

    /// The document each export entry stands for (by entry index). Copies of one content
    /// (imported again with --force) are separate documents, so the entries and documents of
    /// one content are paired best first — the same import time (the same copy), then folder,
    /// source and title — and never a document twice. An export of this very library (some
    /// entry's import time is a document's here, in the trash or not) pairs by import time
    /// only: an entry whose own copy is gone (trashed or purged since) must not take over
    /// another copy's title and folder, which would move a document nobody touched.
    private static func pairCopies(_ db: Database, entries: [LibraryExport.Entry], ownLibrary: Bool) throws -> [Int: Int64] {
        var pairs: [Int: Int64] = [:]
        let ownExport = try ownLibrary || entries.contains { entry in
            guard let imported = entry.imported else { return false }
            return try Bool.fetchOne(db, sql: "SELECT 1 FROM documents WHERE content_hash = ? AND abs(imported_at - ?) < 0.002",
                                     arguments: [entry.contentHash, imported.timeIntervalSince1970]) ?? false
        }
        for (hash, indices) in Dictionary(grouping: entries.indices, by: { entries[$0].contentHash }) {
            let candidates = try Row.fetchAll(db, sql: """
                SELECT id, source, title, folder_id, imported_at FROM documents WHERE content_hash = ? AND deleted_at IS NULL ORDER BY id
                """, arguments: [hash])
            var scored: [(score: Int, entry: Int, candidate: Int)] = []
            for n in indices {
                let entry = entries[n]
                let folder = try entry.folder.flatMap { try resolve(db, path: $0)?.id }
                for (c, row) in candidates.enumerated() {
                    var score = 0
                    if let imported = entry.imported, abs((row[4] as Double) - imported.timeIntervalSince1970) < 0.002 { score += 8 }
                    if ownExport && score == 0 { continue }
                    if (row[3] as Int64?) == folder { score += 4 }
                    if (row[1] as String) == entry.source { score += 2 }
                    if (row[2] as String) == entry.title { score += 1 }
                    scored.append((score, n, c))
                }
            }
            scored.sort { ($0.score, -$0.entry, -$0.candidate) > ($1.score, -$1.entry, -$1.candidate) }
            var usedCandidates: Set<Int> = []
            for pair in scored where pairs[pair.entry] == nil && !usedCandidates.contains(pair.candidate) {
                pairs[pair.entry] = candidates[pair.candidate][0]
                usedCandidates.insert(pair.candidate)
            }
        }
        return pairs
    }
}
