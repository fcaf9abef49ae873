import SpeakPostgres

/// The account store's tables on PostgreSQL: the same tables and columns as the SQLite file's
/// (AccountSchema), in PostgreSQL's types (an upload's JSON as text rather than bytes), migrated in order and recorded in `schema_migrations`.
enum PostgresSchema {
    static let migrations: [(version: Int, name: String, script: String)] = [
        (1, "users, logins, changes", """
            CREATE TABLE users (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            );
            CREATE UNIQUE INDEX users_by_name ON users (lower(name));
            CREATE TABLE tokens (
                token_hash TEXT PRIMARY KEY,
                user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                device TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION NOT NULL
            );
            CREATE TABLE failed_logins (name TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
            CREATE INDEX failed_logins_by_name ON failed_logins (lower(name), at);
            CREATE TABLE changes (
                order_number BIGSERIAL PRIMARY KEY,
                user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                device TEXT NOT NULL,
                device_name TEXT,
                sequence BIGINT NOT NULL,
                document TEXT NOT NULL,
                word BIGINT NOT NULL,
                start_word BIGINT NOT NULL,
                speed DOUBLE PRECISION,
                cause TEXT NOT NULL,
                wall_time DOUBLE PRECISION NOT NULL,
                seen BIGINT NOT NULL,
                clock_offset DOUBLE PRECISION NOT NULL,
                received_at DOUBLE PRECISION NOT NULL,
                UNIQUE (user_id, device, sequence)
            );
            CREATE INDEX changes_by_user ON changes (user_id, order_number);
            """),
        (2, "documents of the users' libraries", """
            CREATE TABLE remote_documents (
                user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                content_hash TEXT NOT NULL,
                title TEXT NOT NULL,
                format TEXT NOT NULL,
                words BIGINT NOT NULL,
                size BIGINT NOT NULL,
                source_name TEXT,
                uploaded_at DOUBLE PRECISION NOT NULL,
                payload TEXT NOT NULL,
                PRIMARY KEY (user_id, content_hash)
            );
            """),
        (3, "library edits", "ALTER TABLE changes ADD COLUMN edit_field TEXT; ALTER TABLE changes ADD COLUMN edit_value TEXT;"),
    ]

    /// Applies the migrations not yet recorded (the caller holds the migration lock).
    static func migrate(_ connection: PostgresConnection) throws(PostgresError) {
        try connection.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let done = Set(try connection.query("SELECT version FROM schema_migrations").compactMap { row in row.first.flatMap { $0 }.flatMap { Int($0) } })
        for migration in migrations where !done.contains(migration.version) {
            try connection.run(script: migration.script)
            try connection.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [String(migration.version), migration.name])
        }
    }
}
