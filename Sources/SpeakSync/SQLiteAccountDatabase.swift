import Foundation
import GRDB
import SpeakLibrary

/// The account store in one SQLite file (WAL, so reads go on while a sync writes).
public final class SQLiteAccountDatabase: AccountDatabase {
    /// Internal, not private: the fuzz harness rolls it back between inputs.
    let queue: DatabaseQueue

    /// Opens (or creates and migrates) the file at `path`.
    public init(path: String) throws(AccountError) {
        var config = Configuration()
        config.journalMode = .wal
        config.busyMode = .timeout(15)
        do {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            queue = try DatabaseQueue(path: path, configuration: config)
            try AccountSchema.migrator.migrate(queue)
        } catch {
            throw AccountError(.storage, "cannot open the account store '\(path)': \(error)")
        }
    }

    public func addUser(name: String, passwordHash: String, created: Double) throws(AccountError) -> Int64? {
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE name = ?", arguments: [name]) == nil else { return nil }
            try db.execute(sql: "INSERT INTO users (name, password_hash, created_at) VALUES (?, ?, ?)", arguments: [name, passwordHash, created])
            return db.lastInsertedRowID
        }
    }

    public func user(named name: String) throws(AccountError) -> StoredUser? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, password_hash FROM users WHERE name = ?", arguments: [name]).map { StoredUser(id: $0[0], passwordHash: $0[1]) }
        }
    }

    public func failures(name: String, since: Double) throws(AccountError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM failed_logins WHERE name = ? AND at > ?", arguments: [name, since]) ?? 0 }
    }

    public func recordFailure(name: String, at: Double, forgettingBefore cutoff: Double) throws(AccountError) {
        try write { db in
            try db.execute(sql: "DELETE FROM failed_logins WHERE at < ?", arguments: [cutoff])
            try db.execute(sql: "INSERT INTO failed_logins (name, at) VALUES (?, ?)", arguments: [name, at])
        }
    }

    public func addToken(hash: String, user: Int64, name: String, device: String, created: Double, expires: Double) throws(AccountError) {
        try write { db in
            try db.execute(sql: "INSERT INTO tokens (token_hash, user_id, device, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [hash, user, device, created, expires])
            try db.execute(sql: "DELETE FROM failed_logins WHERE name = ?", arguments: [name])
        }
    }

    public func account(tokenHash: String, now: Double) throws(AccountError) -> Account? {
        try read { db in
            try Row.fetchOne(db, sql: """
                SELECT u.id, u.name, u.created_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ? AND t.expires_at > ?
                """, arguments: [tokenHash, now]).map { Account(id: $0[0], name: $0[1], created: Date(timeIntervalSince1970: $0[2])) }
        }
    }

    public func removeToken(hash: String) throws(AccountError) {
        try write { db in try db.execute(sql: "DELETE FROM tokens WHERE token_hash = ?", arguments: [hash]) }
    }

    public func passwordHash(user: Int64) throws(AccountError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [user]) }
    }

    public func setPassword(user: Int64, hash: String, keeping tokenHash: String) throws(AccountError) {
        try write { db in
            try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [hash, user])
            try db.execute(sql: "DELETE FROM tokens WHERE user_id = ? AND token_hash != ?", arguments: [user, tokenHash])
        }
    }

    public func exchange(user: Int64, changes: [SyncedPosition], clockOffset: Double, received: Double,
                         after seen: Int64) throws(AccountError) -> (changes: [SyncedPosition], last: Int64) {
        // One writer at a time (the queue), so order numbers are committed in order.
        try write { db in
            for change in changes {
                try db.execute(sql: """
                    INSERT INTO changes (user_id, device, device_name, sequence, document, word, start_word, speed, cause, wall_time,
                        seen, clock_offset, received_at, edit_field, edit_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, device, sequence) DO NOTHING
                    """, arguments: [user, change.device, change.deviceName, change.sequence, change.document, change.word, change.startWord,
                                     change.speed, change.cause.rawValue, change.wallTime, change.seen, clockOffset, received,
                                     change.edit?.field.rawValue, change.edit?.value])
            }
            let rows = try Row.fetchAll(db, sql: """
                SELECT order_number, device, sequence, document, word, start_word, speed, cause, wall_time, seen, clock_offset, device_name,
                    edit_field, edit_value
                FROM changes WHERE user_id = ? AND order_number > ? ORDER BY order_number
                """, arguments: [user, seen])
            let found = rows.map { row in
                var change = SyncedPosition(device: row[1], sequence: row[2], document: row[3], word: row[4], startWord: row[5], speed: row[6],
                                            cause: PositionCause(rawValue: row[7]) ?? .listen, wallTime: row[8], seen: row[9], order: row[0],
                                            clockOffset: row[10])
                change.deviceName = row[11]
                if let field = (row[12] as String?).flatMap(EditField.init(rawValue:)), let value = row[13] as String? {
                    change.edit = LibraryEdit(field: field, value: value)
                }
                return change
            }
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(order_number) FROM changes WHERE user_id = ?", arguments: [user]) ?? 0
            return (found, last)
        }
    }

    public func putDocument(user: Int64, _ document: RemoteDocument, payload: Data) throws(AccountError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO remote_documents (user_id, content_hash, title, format, words, size, source_name, uploaded_at, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, content_hash) DO UPDATE SET title = excluded.title, format = excluded.format, words = excluded.words,
                    size = excluded.size, source_name = excluded.source_name, uploaded_at = excluded.uploaded_at, payload = excluded.payload
                """, arguments: [user, document.contentHash, document.title, document.format, document.words, document.size,
                                 document.sourceName, document.uploaded.timeIntervalSince1970, payload])
        }
    }

    public func documents(user: Int64) throws(AccountError) -> [RemoteDocument] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT content_hash, title, format, words, size, source_name, uploaded_at FROM remote_documents
                WHERE user_id = ? ORDER BY uploaded_at DESC, content_hash
                """, arguments: [user]).map { row in
                RemoteDocument(contentHash: row[0], title: row[1], format: row[2], words: row[3], size: row[4], sourceName: row[5],
                               uploaded: Date(timeIntervalSince1970: row[6]))
            }
        }
    }

    public func documentPayload(user: Int64, contentHash: String) throws(AccountError) -> Data? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM remote_documents WHERE user_id = ? AND content_hash = ?", arguments: [user, contentHash])
        }
    }

    private func read<T>(_ work: (Database) throws -> T) throws(AccountError) -> T {
        do { return try queue.read(work) } catch { throw Self.translate(error) }
    }

    private func write<T>(_ work: (Database) throws -> T) throws(AccountError) -> T {
        do { return try queue.write(work) } catch { throw Self.translate(error) }
    }

    private static func translate(_ error: any Error) -> AccountError {
        (error as? AccountError) ?? AccountError(.storage, "the account store failed: \(error)")
    }
}
