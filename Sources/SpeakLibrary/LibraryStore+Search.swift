import Foundation
import GRDB
import SpeakModel

/// One place where a search matched: a document's title or a run of its spoken words.
public struct SearchHit: Sendable, Equatable, Codable {
    public var documentID: Int64
    public var title: String
    /// The chapter holding the hit, when the document has chapters.
    public var chapter: String?
    /// Global index of the first matching word (0 for a title hit): what `--from-word` takes.
    public var wordIndex: Int
    /// Number of words in the match.
    public var matchedWords: Int
    /// Words before the match, the matching words and words after it, each with the spaces
    /// and punctuation of the text kept: `before + match + after` is the text as written
    /// ("… " and " …" mark where the context was cut).
    public var before: String
    public var match: String
    public var after: String
    /// True when the title matched rather than the text.
    public var inTitle: Bool
}

extension LibraryStore {
    /// How many matching blocks are ranked. Rarer words are ranked over every match; for
    /// words found in more blocks than this, the first blocks in library order are ranked.
    static let rankedCandidates = 400

    /// Full-text search over titles and spoken text of documents not in the trash (only
    /// those under `folders` when given). Title hits come first, then text hits where the
    /// words occur in this order, then the rest, each by BM25 relevance.
    public func search(_ query: String, folders: [Int64]? = nil, limit: Int = 20) throws(LibraryError) -> [SearchHit] {
        let terms = SearchTerms.terms(in: query)
        guard !terms.isEmpty else { throw .emptySearch(query: query.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let match = SearchTerms.matchExpression(terms)
        let scope = folders.map { " AND d.folder_id IN (\($0.map(String.init).joined(separator: ",")))" } ?? ""
        return try read { db in
            var hits: [SearchHit] = []
            let titles = try Row.fetchAll(db, sql: """
                SELECT d.id, d.title FROM title_index t JOIN documents d ON d.id = t.rowid
                WHERE title_index MATCH ? AND d.deleted_at IS NULL\(scope) ORDER BY t.rank LIMIT ?
                """, arguments: [match, limit])
            for row in titles {
                let title: String = row[1]
                hits.append(SearchHit(documentID: row[0], title: title, chapter: nil, wordIndex: 0, matchedWords: 0,
                                      before: "", match: title, after: "", inTitle: true))
            }
            guard hits.count < limit else { return hits }
            let rows = try Row.fetchCursor(db, sql: """
                SELECT b.*, d.segmentation, d.title AS document_title
                FROM text_index t JOIN blocks b ON b.id = t.rowid JOIN documents d ON d.id = b.document_id
                WHERE text_index MATCH ? AND d.deleted_at IS NULL\(scope) LIMIT ?
                """, arguments: [match, Self.rankedCandidates])
            let scorer = try BM25(db, terms: terms)
            // Ranked on the text alone; words and context only for the hits shown.
            var ranked: [(row: Row, match: BlockMatch, score: Double)] = []
            while let row = try rows.next() {
                guard let match = BlockMatch(terms: terms, text: row["text"]) else { continue }
                ranked.append((row.copy(), match, scorer.score(match.termCounts, length: match.length)))
            }
            ranked.sort { ($0.match.inOrder ? 1 : 0, $0.score) > ($1.match.inOrder ? 1 : 0, $1.score) }
            for entry in ranked.prefix(limit - hits.count) {
                var hit = entry.match.hit(in: try Self.block(from: entry.row))
                hit.documentID = entry.row["document_id"]
                hit.title = entry.row["document_title"]
                hit.chapter = try String.fetchOne(db, sql: """
                    SELECT title FROM chapters WHERE document_id = ? AND first_word <= ? ORDER BY first_word DESC LIMIT 1
                    """, arguments: [hit.documentID, hit.wordIndex])
                hits.append(hit)
            }
            return hits
        }
    }
}
