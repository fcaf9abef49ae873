import GRDB

/// The sync server's tables, migrated in order like the library's.
enum AccountSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: users, logins, changes") { db in
            try db.execute(sql: """
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    password_hash TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE TABLE tokens (
                    token_hash TEXT PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    expires_at REAL NOT NULL
                );
                CREATE TABLE failed_logins (name TEXT NOT NULL COLLATE NOCASE, at REAL NOT NULL);
                CREATE INDEX failed_logins_by_name ON failed_logins(name, at);
                CREATE TABLE changes (
                    order_number INTEGER PRIMARY KEY AUTOINCREMENT,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    device_name TEXT,
                    sequence INTEGER NOT NULL,
                    document TEXT NOT NULL,
                    word INTEGER NOT NULL,
                    start_word INTEGER NOT NULL,
                    speed REAL,
                    cause TEXT NOT NULL,
                    wall_time REAL NOT NULL,
                    seen INTEGER NOT NULL,
                    clock_offset REAL NOT NULL,
                    received_at REAL NOT NULL,
                    UNIQUE (user_id, device, sequence)
                );
                CREATE INDEX changes_by_user ON changes(user_id, order_number);
                """)
        }
        migrator.registerMigration("v2: documents of the users' libraries") { db in
            try db.execute(sql: """
                CREATE TABLE remote_documents (
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    content_hash TEXT NOT NULL,
                    title TEXT NOT NULL,
                    format TEXT NOT NULL,
                    words INTEGER NOT NULL,
                    size INTEGER NOT NULL,
                    source_name TEXT,
                    uploaded_at REAL NOT NULL,
                    payload BLOB NOT NULL,
                    PRIMARY KEY (user_id, content_hash)
                );
                """)
        }
        migrator.registerMigration("v3: library edits") { db in
            // Library edits (title, folder, trash) travel in the same log as positions.
            try db.execute(sql: "ALTER TABLE changes ADD COLUMN edit_field TEXT; ALTER TABLE changes ADD COLUMN edit_value TEXT")
        }
        return migrator
    }
}
