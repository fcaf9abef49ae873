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
        return migrator
    }
}
