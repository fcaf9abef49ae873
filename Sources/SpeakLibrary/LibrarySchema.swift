import GRDB

/// Versioned schema migrations. A migration is never edited once released; changes go in a
/// new one, so that every library ever written can be brought up to date.
enum LibrarySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE folders (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    parent_id INTEGER REFERENCES folders(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    UNIQUE (parent_id, name)
                );
                CREATE TABLE documents (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL,
                    author TEXT,
                    language TEXT,
                    source TEXT NOT NULL,
                    format TEXT NOT NULL,
                    content_hash TEXT NOT NULL,
                    created_at REAL,
                    imported_at REAL NOT NULL,
                    page_count INTEGER,
                    site_name TEXT,
                    canonical_url TEXT,
                    word_count INTEGER NOT NULL,
                    spoken_word_count INTEGER NOT NULL,
                    block_count INTEGER NOT NULL,
                    warnings TEXT NOT NULL DEFAULT '[]',
                    folder_id INTEGER REFERENCES folders(id) ON DELETE SET NULL,
                    deleted_at REAL
                );
                CREATE INDEX documents_by_hash ON documents(content_hash);
                CREATE TABLE blocks (
                    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    first_word INTEGER NOT NULL,
                    ordinal INTEGER NOT NULL,
                    word_count INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    level INTEGER,
                    page INTEGER,
                    skip TEXT,
                    text TEXT NOT NULL,
                    words BLOB NOT NULL,
                    PRIMARY KEY (document_id, first_word)
                );
                CREATE TABLE chapters (
                    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    first_word INTEGER NOT NULL,
                    PRIMARY KEY (document_id, ordinal)
                );
                CREATE TABLE positions (
                    document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
                    word_index INTEGER NOT NULL,
                    speed REAL,
                    finished INTEGER NOT NULL DEFAULT 0,
                    updated_at REAL NOT NULL
                );
                CREATE TABLE sessions (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    started_at REAL NOT NULL,
                    ended_at REAL NOT NULL,
                    first_word INTEGER NOT NULL,
                    last_word INTEGER NOT NULL,
                    words_heard INTEGER NOT NULL,
                    speed REAL NOT NULL
                );
                CREATE INDEX sessions_by_document ON sessions(document_id, started_at);
                """)
        }
        migrator.registerMigration("v2: folders with trash, full-text search") { db in
            try db.execute(sql: """
                CREATE TABLE folders_v2 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    parent_id INTEGER REFERENCES folders(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    deleted_at REAL
                );
                INSERT INTO folders_v2 (id, parent_id, name, created_at) SELECT id, parent_id, name, created_at FROM folders;
                DROP TABLE folders;
                ALTER TABLE folders_v2 RENAME TO folders;
                CREATE UNIQUE INDEX folders_by_name ON folders(COALESCE(parent_id, 0), name) WHERE deleted_at IS NULL;
                CREATE INDEX documents_by_folder ON documents(folder_id, deleted_at);
                ALTER TABLE documents ADD COLUMN book INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE documents ADD COLUMN segmentation INTEGER NOT NULL DEFAULT 0;
                """)
            // Blocks get an integer key, numbered in document order: the full-text index
            // stores differences between the keys of the blocks holding a term, and small
            // differences take a byte or two (a composite key made the index 2.5 times larger).
            try db.execute(sql: """
                CREATE TABLE blocks_v2 (
                    id INTEGER PRIMARY KEY,
                    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    first_word INTEGER NOT NULL,
                    ordinal INTEGER NOT NULL,
                    word_count INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    level INTEGER,
                    page INTEGER,
                    skip TEXT,
                    text TEXT NOT NULL,
                    words BLOB NOT NULL,
                    UNIQUE (document_id, first_word)
                );
                INSERT INTO blocks_v2 (document_id, first_word, ordinal, word_count, kind, level, page, skip, text, words)
                    SELECT document_id, first_word, ordinal, word_count, kind, level, page, skip, text, words
                    FROM blocks ORDER BY document_id, first_word;
                DROP TABLE blocks;
                ALTER TABLE blocks_v2 RENAME TO blocks;
                """)
            // Spoken text, one row per block, keyed by the block's id. Contentless (the text is
            // already in `blocks`) and without positions or frequencies (detail=none): on
            // English text full detail costs 60–80 % of the text's size, this about a fifth.
            // Phrases and ranking are worked out on the candidate blocks' text instead
            // (LibraryStore+Search).
            try db.execute(sql: """
                CREATE VIRTUAL TABLE text_index USING fts5(text, content='', detail=none, columnsize=0,
                    tokenize='unicode61 remove_diacritics 2');
                INSERT INTO text_index (rowid, text) SELECT id, text FROM blocks WHERE skip IS NULL;
                CREATE TRIGGER blocks_indexed AFTER INSERT ON blocks WHEN new.skip IS NULL BEGIN
                    INSERT INTO text_index (rowid, text) VALUES (new.id, new.text);
                END;
                CREATE TRIGGER blocks_unindexed AFTER DELETE ON blocks WHEN old.skip IS NULL BEGIN
                    INSERT INTO text_index (text_index, rowid, text) VALUES ('delete', old.id, old.text);
                END;
                CREATE VIRTUAL TABLE text_terms USING fts5vocab(text_index, 'row');
                CREATE VIRTUAL TABLE title_index USING fts5(title, content='documents', content_rowid='id',
                    tokenize='unicode61 remove_diacritics 2');
                INSERT INTO title_index (rowid, title) SELECT id, title FROM documents;
                CREATE TRIGGER titles_indexed AFTER INSERT ON documents BEGIN
                    INSERT INTO title_index (rowid, title) VALUES (new.id, new.title);
                END;
                CREATE TRIGGER titles_unindexed AFTER DELETE ON documents BEGIN
                    INSERT INTO title_index (title_index, rowid, title) VALUES ('delete', old.id, old.title);
                END;
                CREATE TRIGGER titles_reindexed AFTER UPDATE OF title ON documents BEGIN
                    INSERT INTO title_index (title_index, rowid, title) VALUES ('delete', old.id, old.title);
                    INSERT INTO title_index (rowid, title) VALUES (new.id, new.title);
                END;
                """)
        }
        migrator.registerMigration("v3: page labels") { db in
            // A JSON array of the printed page labels, for sources that number pages their own way.
            try db.execute(sql: "ALTER TABLE documents ADD COLUMN page_labels TEXT")
        }
        migrator.registerMigration("v4: how documents are said") { db in
            // The document's own skip rules (comma-separated; NULL: the configured ones).
            try db.execute(sql: "ALTER TABLE documents ADD COLUMN speech_skip TEXT")
            // The pronunciation lexicon: global, for a folder (and the folders in it) or a document.
            try db.execute(sql: """
                CREATE TABLE lexicon (
                    id INTEGER PRIMARY KEY,
                    scope TEXT NOT NULL CHECK (scope IN ('global', 'folder', 'document')),
                    target_id INTEGER,
                    pattern TEXT NOT NULL,
                    replacement TEXT NOT NULL,
                    is_regex INTEGER NOT NULL DEFAULT 0,
                    is_phonemes INTEGER NOT NULL DEFAULT 0,
                    whole_word INTEGER NOT NULL DEFAULT 1,
                    case_sensitive INTEGER NOT NULL DEFAULT 1,
                    created_at REAL NOT NULL
                );
                CREATE INDEX lexicon_scope ON lexicon (scope, target_id);
                """)
        }
        migrator.registerMigration("v5: identifiers") { db in
            // A JSON object of what the source prints about itself: arXiv id, DOI, journal.
            try db.execute(sql: "ALTER TABLE documents ADD COLUMN identifiers TEXT")
        }
        migrator.registerMigration("v6: chapter levels") { db in
            // A book's table of contents is nested: parts, chapters, sections.
            try db.execute(sql: "ALTER TABLE chapters ADD COLUMN level INTEGER NOT NULL DEFAULT 1")
        }
        migrator.registerMigration("v7: position history") { db in
            // Every change of a listening position, by device; never deleted (a stretch of
            // listening is one entry whose end moves; each seek, rewind or finish is a new one).
            // A device numbers its entries (sequence): sync orders by it, not by clocks.
            try db.execute(sql: """
                CREATE TABLE library_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE position_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    word_index INTEGER NOT NULL,
                    speed REAL,
                    cause TEXT NOT NULL,
                    wall_time REAL NOT NULL,
                    uptime REAL NOT NULL,
                    started_at REAL NOT NULL,
                    start_word INTEGER NOT NULL,
                    UNIQUE (device, sequence)
                );
                CREATE INDEX position_log_by_document ON position_log(document_id, id);
                """)
            // The positions saved so far become the first entries, from this device.
            let device = try PositionHistory.device(db)
            try db.execute(sql: """
                INSERT INTO position_log (document_id, device, sequence, word_index, speed, cause, wall_time, uptime, started_at, start_word)
                SELECT document_id, ?, ROW_NUMBER() OVER (ORDER BY updated_at, document_id), word_index, speed,
                    CASE WHEN finished THEN 'finish' ELSE 'listen' END, updated_at, 0, updated_at, word_index
                FROM positions
                """, arguments: [device.id])
            try db.execute(sql: "INSERT OR REPLACE INTO library_meta (key, value) VALUES ('device_sequence', (SELECT COUNT(*) FROM position_log))")
        }
        migrator.registerMigration("v8: position sync") { db in
            // What a sync server said of each entry (its order; the device's clock offset), and
            // how much of the server's log the device had received when it made the entry.
            try db.execute(sql: """
                ALTER TABLE position_log ADD COLUMN server_order INTEGER;
                ALTER TABLE position_log ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE position_log ADD COLUMN clock_offset REAL;
                CREATE TABLE sync_inbox (
                    document_hash TEXT NOT NULL,
                    device TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    change TEXT NOT NULL,
                    PRIMARY KEY (device, sequence)
                );
                """)
        }
        migrator.registerMigration("v9: library edits") { db in
            // Titles, folders and the trash, changed on this device or received from others:
            // merged per field like positions, numbered with them, never deleted.
            try db.execute(sql: """
                CREATE TABLE edit_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    document_hash TEXT NOT NULL,
                    device TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    field TEXT NOT NULL,
                    value TEXT NOT NULL,
                    wall_time REAL NOT NULL,
                    seen INTEGER NOT NULL,
                    server_order INTEGER,
                    clock_offset REAL,
                    UNIQUE (device, sequence)
                );
                CREATE INDEX edit_log_by_document ON edit_log(document_hash, field);
                """)
        }
        migrator.registerMigration("v10: bookmarks") { db in
            // A bookmark keeps its uid across libraries (export, sync); a removed one stays as
            // a tombstone so that a copy elsewhere learns of the removal.
            try db.execute(sql: """
                CREATE TABLE bookmarks (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    uid TEXT NOT NULL UNIQUE,
                    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    word_index INTEGER NOT NULL,
                    note TEXT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    deleted_at REAL
                );
                CREATE INDEX bookmarks_by_document ON bookmarks(document_id, word_index);
                """)
        }
        migrator.registerMigration("v11: translations") { db in
            // A translation is a document of its own, block for block its original's.
            try db.execute(sql: """
                CREATE TABLE translations (
                    translation_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
                    original_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                    pair TEXT NOT NULL,
                    language TEXT NOT NULL,
                    engine TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE INDEX translations_by_original ON translations(original_id, language);
                """)
        }
        return migrator
    }
}
