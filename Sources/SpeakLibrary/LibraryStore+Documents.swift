import Foundation
import GRDB
import SpeakModel

extension LibraryStore {
    /// Stores a document in one transaction and returns its new id, in the folder named by
    /// `folderPath` (created if missing; empty: the top level). Unless `allowDuplicate` is set, a document with the same content hash
    /// already in the library is returned instead (checked inside the transaction, so two
    /// processes cannot both store it). `progress` receives the fraction of blocks written.
    @discardableResult
    public func insert(_ document: Document, folderPath: [String] = [], book: Bool = false, allowDuplicate: Bool = true,
                       translationOf link: TranslationLink? = nil,
                       progress: ProgressHandler? = nil) throws(LibraryError) -> (id: Int64, duplicate: Bool) {
        try write { db in
            if !allowDuplicate, let existing = try Int64.fetchOne(db, sql: """
                SELECT id FROM documents WHERE content_hash = ? AND deleted_at IS NULL ORDER BY id LIMIT 1
                """, arguments: [document.metadata.contentHash]) {
                return (existing, true)
            }
            let folder = folderPath.isEmpty ? nil : try Self.ensureFolder(db, names: folderPath).id
            let m = document.metadata
            try db.execute(sql: """
                INSERT INTO documents (title, author, language, source, format, content_hash, created_at, imported_at,
                    page_count, site_name, canonical_url, word_count, spoken_word_count, block_count, warnings,
                    folder_id, book, page_labels, identifiers)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, '[]', ?, ?, ?, ?)
                """, arguments: [m.title, m.author, m.language, m.source, m.format.rawValue, m.contentHash,
                                 m.created?.timeIntervalSince1970, (m.imported ?? Date()).timeIntervalSince1970,
                                 m.pageCount, m.siteName, m.canonicalURL, folder, book, Self.encodeLabels(m.pageLabels),
                                 m.identifiers.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }])
            let id = db.lastInsertedRowID
            try Self.writeContent(db, id: id, document: document, progress: progress)
            if let link { try Self.link(db, translation: id, link) }
            return (id, false)
        }
    }

    /// Writes a document's blocks and chapters and the counts that describe them.
    static func writeContent(_ db: Database, id: Int64, document: Document, progress: ProgressHandler?) throws {
        let warnings = String(decoding: (try? JSONEncoder().encode(document.warnings)) ?? Data("[]".utf8), as: UTF8.self)
        try db.execute(sql: """
            UPDATE documents SET word_count = ?, spoken_word_count = ?, block_count = ?, warnings = ?, segmentation = ?
            WHERE id = ?
            """, arguments: [document.wordCount, document.spokenWordCount, document.blocks.count, warnings,
                             WordSegmenter.version, id])
        let insertBlock = try db.makeStatement(sql: """
            INSERT INTO blocks (document_id, first_word, ordinal, word_count, kind, level, page, skip, text, words)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let total = max(1, document.blocks.count)
        for (i, block) in document.blocks.enumerated() {
            try insertBlock.execute(arguments: [id, block.firstWord, i, block.wordCount, block.kind.name,
                                                block.kind.level, block.page, block.skip?.rawValue,
                                                block.text, storedSpans(block)])
            if i % 4096 == 4095 { progress?(Double(i) / Double(total)) }
        }
        let insertChapter = try db.makeStatement(sql: """
            INSERT INTO chapters (document_id, ordinal, title, first_word, level) VALUES (?, ?, ?, ?, ?)
            """)
        for (i, chapter) in document.chapters.enumerated() {
            try insertChapter.execute(arguments: [id, i, chapter.title, chapter.firstWord, chapter.level])
        }
        progress?(1)
    }

    /// A block's word spans as stored: nothing when the segmenter finds the same words in
    /// its text again (a third of the text's size saved), the spans otherwise.
    static func storedSpans(_ block: Block) -> Data {
        let spans = block.packedWordSpans
        if spans.isEmpty { return Data() }
        return WordSpanCodec.encode(WordSegmenter.words(in: block.text)) == spans ? Data() : Data(spans)
    }

    /// The document already stored with this content hash, if any.
    public func summary(contentHash: String) throws(LibraryError) -> DocumentSummary? {
        try read { db in
            try Row.fetchOne(db, sql: Self.summarySQL + " WHERE d.content_hash = ? AND d.deleted_at IS NULL ORDER BY d.id LIMIT 1",
                             arguments: [contentHash]).map(Self.summary(from:))
        }
    }

    /// One document's summary. A document in the trash is refused unless `includeTrashed`.
    public func summary(id: Int64, includeTrashed: Bool = false) throws(LibraryError) -> DocumentSummary {
        let found = try read { db in
            try Row.fetchOne(db, sql: Self.summarySQL + " WHERE d.id = ?", arguments: [id]).map(Self.summary(from:))
        }
        guard let found else { throw .documentNotFound(id) }
        if found.deleted != nil, !includeTrashed { throw .documentInTrash(id) }
        return found
    }

    /// Documents not in the trash, in the requested order: those directly in `folder` (nil:
    /// the top level), or every document when `recursive` is set.
    public func list(sort: LibrarySort = .recent, filter: LibraryFilter = .all,
                     folder: Int64? = nil, recursive: Bool = true) throws(LibraryError) -> [DocumentSummary] {
        var conditions = ["d.deleted_at IS NULL", filter.sql]
        var arguments: StatementArguments = []
        if !recursive {
            conditions.append(folder == nil ? "d.folder_id IS NULL" : "d.folder_id = ?")
            if let folder { arguments += [folder] }
        }
        return try summaries(where: conditions.joined(separator: " AND "), arguments: arguments, order: Self.order(sort))
    }

    /// The documents added most recently, newest first.
    public func recent(limit: Int) throws(LibraryError) -> [DocumentSummary] {
        try summaries(where: "d.deleted_at IS NULL", order: Self.order(.added), limit: max(1, limit))
    }

    static func order(_ sort: LibrarySort) -> String {
        switch sort {
        case .recent: "COALESCE(p.updated_at, d.imported_at) DESC, d.id DESC"
        case .title: "d.title COLLATE NOCASE ASC, d.id ASC"
        case .added: "d.imported_at DESC, d.id DESC"
        case .progress: "CASE WHEN p.finished THEN 1.0 ELSE COALESCE(p.word_index, 0) * 1.0 / MAX(d.word_count, 1) END DESC, d.id DESC"
        case .length: "d.word_count DESC, d.id DESC"
        }
    }

    func summaries(where condition: String, arguments: StatementArguments = [], order: String,
                   limit: Int? = nil) throws(LibraryError) -> [DocumentSummary] {
        let sql = Self.summarySQL + " WHERE " + condition + " ORDER BY " + order + (limit.map { " LIMIT \($0)" } ?? "")
        return try read { db in
            // A cursor keeps each row backed by the statement, so columns are read without copying.
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            var summaries: [DocumentSummary] = []
            while let row = try rows.next() { summaries.append(Self.summary(from: row)) }
            return summaries
        }
    }

    /// Deletes a document and everything that belongs to it, for good.
    public func purge(id: Int64) throws(LibraryError) {
        let changed = try write { db in
            try db.execute(sql: "DELETE FROM documents WHERE id = ?", arguments: [id])
            return db.changesCount
        }
        if changed == 0 { throw .documentNotFound(id) }
    }

    /// The full document: metadata, blocks with their words, chapters and warnings.
    public func document(id: Int64) throws(LibraryError) -> Document {
        let summary = try summary(id: id)
        var metadata = summary.metadata
        let (blocks, chapters) = try read { db in
            // Not in the summary: `speak ls` reads thousands of those and never shows labels.
            let extra = try Row.fetchOne(db, sql: "SELECT page_labels, identifiers FROM documents WHERE id = ?", arguments: [id])
            metadata.pageLabels = Self.decodeLabels(extra?[0])
            metadata.identifiers = (extra?[1] as String?).flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) }
            let blockRows = try Row.fetchCursor(db, sql: """
                SELECT b.*, d.segmentation FROM blocks b JOIN documents d ON d.id = b.document_id
                WHERE b.document_id = ? ORDER BY b.first_word
                """, arguments: [id])
            var blocks: [Block] = []
            while let row = try blockRows.next() { blocks.append(try Self.block(from: row)) }
            let chapters = try Row.fetchAll(db, sql: "SELECT title, first_word, level FROM chapters WHERE document_id = ? ORDER BY ordinal",
                                            arguments: [id]).map { Chapter(title: $0["title"], firstWord: $0["first_word"], level: $0["level"]) }
            return (blocks, chapters)
        }
        return Document(metadata: metadata, blocks: blocks, chapters: chapters, warnings: summary.warnings)
    }

    static func encodeLabels(_ labels: [String]?) -> String? {
        labels.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    static func decodeLabels(_ json: String?) -> [String]? {
        json.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
    }

    /// The word with global index `index` of document `id`, read without loading the document.
    public func word(documentID id: Int64, index: Int) throws(LibraryError) -> Word? {
        try read { db in
            guard index >= 0, let row = try Row.fetchOne(db, sql: """
                SELECT b.*, d.segmentation FROM blocks b JOIN documents d ON d.id = b.document_id
                WHERE b.document_id = ? AND b.first_word <= ? ORDER BY b.first_word DESC LIMIT 1
                """, arguments: [id, index]) else { return nil }
            let block = try Self.block(from: row)
            guard block.wordIndices.contains(index) else { return nil }
            let span = block.wordSpans[index - block.firstWord]
            let scalars = block.text.unicodeScalars
            let lower = scalars.index(scalars.startIndex, offsetBy: span.range.lowerBound)
            let upper = scalars.index(lower, offsetBy: span.range.count)
            return Word(index: index, blockIndex: row["ordinal"], range: span.range, text: String(scalars[lower..<upper]))
        }
    }

    // Columns in a fixed order, read by position: `speak ls` decodes 10,000 of these rows and
    // lookups by name cost a scan of the column names each.
    static let summarySQL = """
        SELECT d.id, d.title, d.author, d.language, d.source, d.format, d.content_hash, d.created_at,
            d.imported_at, d.page_count, d.site_name, d.canonical_url, d.word_count, d.spoken_word_count,
            d.warnings, p.word_index, p.finished, p.speed, p.updated_at,
            (SELECT COUNT(*) FROM chapters c WHERE c.document_id = d.id AND c.level = 1), d.folder_id, d.deleted_at, d.book
        FROM documents d LEFT JOIN positions p ON p.document_id = d.id
        """

    static func summary(from row: Row) -> DocumentSummary {
        let warningsJSON: String = row[14] ?? "[]"
        let warnings = warningsJSON == "[]" ? [] : (try? JSONDecoder().decode([String].self, from: Data(warningsJSON.utf8))) ?? []
        func date(_ column: Int) -> Date? { (row[column] as Double?).map(Date.init(timeIntervalSince1970:)) }
        let metadata = DocumentMetadata(
            id: row[0], title: row[1], author: row[2], language: row[3], source: row[4],
            format: DocumentFormat(rawValue: row[5]) ?? .text, contentHash: row[6], created: date(7),
            imported: date(8), pageCount: row[9], siteName: row[10], canonicalURL: row[11])
        return DocumentSummary(
            metadata: metadata, wordCount: row[12], spokenWordCount: row[13], chapterCount: row[19],
            position: row[15], finished: (row[16] as Bool?) ?? false, speed: row[17], lastListened: date(18),
            warnings: warnings, folderID: row[20], deleted: date(21), isBook: row[22])
    }

    /// A block from a `blocks` row; rows that leave the spans to the segmenter must carry
    /// their document's `segmentation` column.
    static func block(from row: Row) throws -> Block {
        let segmentation: Int = row.hasColumn("segmentation") ? row["segmentation"] : 0
        let name: String = row["kind"]
        guard let kind = BlockKind(name: name, level: row["level"]) else {
            throw LibraryError.storage(reason: "unknown block kind '\(name)'")
        }
        let count: Int = row["word_count"]
        let words: Data = row["words"]
        let text: String = row["text"]
        let skip = (row["skip"] as String?).flatMap(SkipReason.init(rawValue:))
        if words.isEmpty, count > 0 {
            guard segmentation == WordSegmenter.version else {
                throw LibraryError.storage(reason: "a document stored with word segmentation \(segmentation) cannot be read by this version")
            }
            return Block(kind: kind, text: text, page: row["page"], skip: skip, firstWord: row["first_word"],
                         segmentedWordCount: count)
        }
        guard let block = Block(kind: kind, text: text, page: row["page"], skip: skip,
                                firstWord: row["first_word"], wordCount: count, packedWordSpans: [UInt8](words)) else {
            throw LibraryError.storage(reason: "damaged word table in a block")
        }
        return block
    }
}
