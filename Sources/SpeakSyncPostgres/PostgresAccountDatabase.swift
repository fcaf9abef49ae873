import Foundation
import SpeakLibrary
import SpeakSync
import SpeakPostgres
import SpeakModel

/// The account store on PostgreSQL, for several `speak serve` instances on one database:
/// nothing is kept in the instance but idle connections, so any instance answers any request.
/// A connection lost (the database restarted) fails the request it was in with one line; the
/// next request connects again.
public final class PostgresAccountDatabase: AccountDatabase {
    private let url: String
    private let idle = Locked<[PostgresConnection]>([])
    /// Idle connections kept for the next requests; more are opened while the server is busy.
    private static let keptIdle = 16

    /// Connects to `url` (postgres://user:password@host:port/database) and migrates the schema
    /// (instances starting together take turns).
    public init(url: String) throws(AccountError) {
        self.url = url
        try transaction { connection throws(PostgresError) in
            try connection.query("SELECT pg_advisory_xact_lock(8017)")
            try PostgresSchema.migrate(connection)
        }
    }

    public func addUser(name: String, passwordHash: String, created: Double) throws(AccountError) -> Int64? {
        // A name taken meanwhile by another instance is a conflict too: no row comes back.
        try transaction { connection throws(PostgresError) in
            try connection.query("INSERT INTO users (name, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id",
                                 [name, passwordHash, String(created)]).first?.first??.int64
        }
    }

    public func user(named name: String) throws(AccountError) -> StoredUser? {
        try transaction { connection throws(PostgresError) in
            try connection.query("SELECT id, password_hash FROM users WHERE lower(name) = lower($1)", [name]).first.flatMap { row in
                guard let id = row[0]?.int64, let hash = row[1] else { return nil }
                return StoredUser(id: id, passwordHash: hash)
            }
        }
    }

    public func failures(name: String, since: Double) throws(AccountError) -> Int {
        try transaction { connection throws(PostgresError) in
            try connection.query("SELECT COUNT(*) FROM failed_logins WHERE lower(name) = lower($1) AND at > $2", [name, String(since)])
                .first?.first??.int64.map(Int.init) ?? 0
        }
    }

    public func recordFailure(name: String, at: Double, forgettingBefore cutoff: Double) throws(AccountError) {
        try transaction { connection throws(PostgresError) in
            try connection.query("DELETE FROM failed_logins WHERE at < $1", [String(cutoff)])
            try connection.query("INSERT INTO failed_logins (name, at) VALUES ($1, $2)", [name, String(at)])
        }
    }

    public func addToken(hash: String, user: Int64, name: String, device: String, created: Double, expires: Double) throws(AccountError) {
        try transaction { connection throws(PostgresError) in
            try connection.query("INSERT INTO tokens (token_hash, user_id, device, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
                                 [hash, String(user), device, String(created), String(expires)])
            try connection.query("DELETE FROM failed_logins WHERE lower(name) = lower($1)", [name])
        }
    }

    public func account(tokenHash: String, now: Double) throws(AccountError) -> Account? {
        try transaction { connection throws(PostgresError) in
            try connection.query("""
                SELECT u.id, u.name, u.created_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1 AND t.expires_at > $2
                """, [tokenHash, String(now)]).first.flatMap { row in
                guard let id = row[0]?.int64, let name = row[1], let created = row[2]?.double else { return nil }
                return Account(id: id, name: name, created: Date(timeIntervalSince1970: created))
            }
        }
    }

    public func removeToken(hash: String) throws(AccountError) {
        try transaction { connection throws(PostgresError) in try connection.query("DELETE FROM tokens WHERE token_hash = $1", [hash]) }
    }

    public func passwordHash(user: Int64) throws(AccountError) -> String? {
        try transaction { connection throws(PostgresError) in
            try connection.query("SELECT password_hash FROM users WHERE id = $1", [String(user)]).first?.first ?? nil
        }
    }

    public func setPassword(user: Int64, hash: String, keeping tokenHash: String) throws(AccountError) {
        try transaction { connection throws(PostgresError) in
            try connection.query("UPDATE users SET password_hash = $1 WHERE id = $2", [hash, String(user)])
            try connection.query("DELETE FROM tokens WHERE user_id = $1 AND token_hash <> $2", [String(user), tokenHash])
        }
    }

    public func exchange(user: Int64, changes: [SyncedPosition], clockOffset: Double, received: Double,
                         after seen: Int64) throws(AccountError) -> (changes: [SyncedPosition], last: Int64) {
        try transaction { connection throws(PostgresError) in
            // One exchange per user at a time, on any instance: order numbers then become
            // visible in the order they were given, and a device that has seen N misses nothing below it.
            try connection.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [String(user)])
            for change in changes {
                try connection.query("""
                    INSERT INTO changes (user_id, device, device_name, sequence, document, word, start_word, speed, cause, wall_time,
                        seen, clock_offset, received_at, edit_field, edit_value) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
                    ON CONFLICT (user_id, device, sequence) DO NOTHING
                    """, [String(user), change.device, change.deviceName, String(change.sequence), change.document, String(change.word),
                          String(change.startWord), change.speed.map { String($0) }, change.cause.rawValue, String(change.wallTime),
                          String(change.seen), String(clockOffset), String(received), change.edit?.field.rawValue, change.edit?.value])
            }
            let rows = try connection.query("""
                SELECT order_number, device, sequence, document, word, start_word, speed, cause, wall_time, seen, clock_offset, device_name,
                    edit_field, edit_value
                FROM changes WHERE user_id = $1 AND order_number > $2 ORDER BY order_number
                """, [String(user), String(seen)])
            let found = rows.compactMap(Self.change)
            let last = try connection.query("SELECT MAX(order_number) FROM changes WHERE user_id = $1", [String(user)]).first?.first??.int64 ?? 0
            return (found, last)
        }
    }

    public func putDocument(user: Int64, _ document: RemoteDocument, payload: Data) throws(AccountError) {
        try transaction { connection throws(PostgresError) in
            try connection.query("""
                INSERT INTO remote_documents (user_id, content_hash, title, format, words, size, source_name, uploaded_at, payload)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                ON CONFLICT (user_id, content_hash) DO UPDATE SET title = excluded.title, format = excluded.format, words = excluded.words,
                    size = excluded.size, source_name = excluded.source_name, uploaded_at = excluded.uploaded_at, payload = excluded.payload
                """, [String(user), document.contentHash, document.title, document.format, String(document.words), String(document.size),
                      document.sourceName, String(document.uploaded.timeIntervalSince1970), String(decoding: payload, as: UTF8.self)])
        }
    }

    public func documents(user: Int64) throws(AccountError) -> [RemoteDocument] {
        try transaction { connection throws(PostgresError) in
            try connection.query("""
                SELECT content_hash, title, format, words, size, source_name, uploaded_at FROM remote_documents
                WHERE user_id = $1 ORDER BY uploaded_at DESC, content_hash
                """, [String(user)]).compactMap { row in
                guard let hash = row[0], let title = row[1], let format = row[2], let words = row[3]?.int64, let size = row[4]?.int64,
                      let uploaded = row[6]?.double else { return nil }
                return RemoteDocument(contentHash: hash, title: title, format: format, words: Int(words), size: Int(size), sourceName: row[5],
                                      uploaded: Date(timeIntervalSince1970: uploaded))
            }
        }
    }

    public func documentPayload(user: Int64, contentHash: String) throws(AccountError) -> Data? {
        try transaction { connection throws(PostgresError) in
            try connection.query("SELECT payload FROM remote_documents WHERE user_id = $1 AND content_hash = $2", [String(user), contentHash])
                .first?.first.flatMap { $0 }.map { Data($0.utf8) }
        }
    }

    private static func change(_ row: [String?]) -> SyncedPosition? {
        guard let order = row[0]?.int64, let device = row[1], let sequence = row[2]?.int64, let document = row[3],
              let word = row[4]?.int64, let start = row[5]?.int64, let cause = row[7], let wallTime = row[8]?.double,
              let seen = row[9]?.int64, let offset = row[10]?.double else { return nil }
        var change = SyncedPosition(device: device, sequence: sequence, document: document, word: Int(word), startWord: Int(start),
                                    speed: row[6]?.double, cause: PositionCause(rawValue: cause) ?? .listen, wallTime: wallTime, seen: seen,
                                    order: order, clockOffset: offset)
        change.deviceName = row[11]
        if let field = row[12].flatMap(EditField.init(rawValue:)), let value = row[13] {
            change.edit = LibraryEdit(field: field, value: value)
        }
        return change
    }

    /// Runs `work` in a transaction on a pooled connection. A pooled connection found dead at
    /// the start (the database restarted since) is replaced, nothing having been done on it.
    @discardableResult
    private func transaction<T>(_ work: (PostgresConnection) throws(PostgresError) -> T) throws(AccountError) -> T {
        do throws(PostgresError) {
            var connection = try take()
            do {
                try connection.query("BEGIN")
            } catch where error.connectionLost {
                connection = try PostgresConnection(url: url)
                try connection.query("BEGIN")
            }
            do {
                let result = try work(connection)
                try connection.query("COMMIT")
                give(back: connection)
                return result
            } catch {
                if !error.connectionLost { _ = try? connection.query("ROLLBACK") }
                give(back: connection)
                throw error
            }
        } catch {
            throw AccountError(.storage, "the account database failed: \(error.message)")
        }
    }

    private func take() throws(PostgresError) -> PostgresConnection {
        if let pooled = idle.withLock({ $0.popLast() }) { return pooled }
        return try PostgresConnection(url: url)
    }

    private func give(back connection: PostgresConnection) {
        guard connection.isReusable else { return }
        idle.withLock { pool in
            if pool.count < Self.keptIdle { pool.append(connection) }
        }
    }
}

private extension String {
    var int64: Int64? { Int64(self) }
    var double: Double? { Double(self) }
}
