import Foundation
import GRDB
import SpeakLibrary
import SpeakModel
import Synchronization

/// Turns passwords into stored hashes and checks them (bcrypt in the server).
public protocol PasswordHashing: Sendable {
    func hash(_ password: String) -> String
    func verify(_ password: String, hash: String) -> Bool
}

/// Why an account request is refused: one line for the user, and the HTTP status it is.
public struct AccountError: Error, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case badRequest, unauthorized, nameTaken, tooManyAttempts, notFound, storage
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// A user of a sync server.
public struct Account: Sendable, Equatable, Codable {
    public var id: Int64
    public var name: String
    public var created: Date
}

/// A login: the token a device sends with every request, until it expires.
public struct AccountSession: Sendable, Equatable, Codable {
    public var token: String
    public var expires: Date
}

/// What a sync answers: every change the device had not received (its own pushed ones too,
/// with the order the server gave them), how far it has now seen, and its clock's offset.
public struct SyncReply: Sendable, Equatable, Codable {
    public var changes: [SyncedPosition]
    public var seen: Int64
    public var clockOffset: Double
}

/// The sync server's store: users, their logins, and every position change their devices
/// sent, in the order received. Only hashes of passwords and tokens are kept.
public final class AccountStore: Sendable {
    /// Logins last this long.
    public static let sessionLength: Double = 30 * 86_400
    /// Wrong passwords for one name within `attemptWindow` seconds before logins are refused.
    public static let allowedFailures = 10
    public static let attemptWindow: Double = 900

    private let queue: DatabaseQueue
    private let hashing: any PasswordHashing
    private let now: @Sendable () -> Date

    /// Opens (or creates) the store at `path`.
    public init(path: String, hashing: any PasswordHashing, now: @escaping @Sendable () -> Date = Date.init) throws(AccountError) {
        self.hashing = hashing
        self.now = now
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

    /// A new user. The name is refused when taken (whatever its case), and nothing is written.
    public func create(name: String, password: String) throws(AccountError) -> Account {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard (1...64).contains(name.count), name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw AccountError(.badRequest, "a user name is 1 to 64 letters, digits, '.', '_' or '-'")
        }
        guard password.count >= 8 else { throw AccountError(.badRequest, "a password has at least 8 characters") }
        let hash = hashing.hash(password)
        let created = now()
        return try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE name = ?", arguments: [name]) == nil else {
                throw AccountError(.nameTaken, "the name '\(name)' is taken; choose another")
            }
            try db.execute(sql: "INSERT INTO users (name, password_hash, created_at) VALUES (?, ?, ?)",
                           arguments: [name, hash, created.timeIntervalSince1970])
            return Account(id: db.lastInsertedRowID, name: name, created: created)
        }
    }

    /// A session for `device` when the password is right; too many wrong ones in a while and
    /// every attempt is refused until the while has passed.
    public func login(name: String, password: String, device: String) throws(AccountError) -> AccountSession {
        let time = now().timeIntervalSince1970
        let user = try read { db in
            let failures = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM failed_logins WHERE name = ? AND at > ?",
                                            arguments: [name, time - Self.attemptWindow]) ?? 0
            guard failures < Self.allowedFailures else {
                throw AccountError(.tooManyAttempts, "too many wrong passwords for '\(name)'; try again in 15 minutes")
            }
            return try Row.fetchOne(db, sql: "SELECT id, password_hash FROM users WHERE name = ?", arguments: [name])
                .map { (id: $0[0] as Int64, hash: $0[1] as String) }
        }
        // An unknown name costs the same time as a wrong password: names are not revealed.
        guard let user, hashing.verify(password, hash: user.hash) else {
            if user == nil { _ = hashing.verify(password, hash: Self.decoyHash(hashing)) }
            try write { db in try db.execute(sql: "INSERT INTO failed_logins (name, at) VALUES (?, ?)", arguments: [name, time]) }
            throw AccountError(.unauthorized, "wrong user name or password")
        }
        let token = Self.newToken()
        let expires = time + Self.sessionLength
        try write { db in
            try db.execute(sql: "INSERT INTO tokens (token_hash, user_id, device, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [Self.digest(token), user.id, device, time, expires])
            try db.execute(sql: "DELETE FROM failed_logins WHERE name = ?", arguments: [name])
        }
        return AccountSession(token: token, expires: Date(timeIntervalSince1970: expires))
    }

    /// The user a token belongs to; an unknown, forged or expired token is refused.
    public func account(token: String) throws(AccountError) -> Account {
        let time = now().timeIntervalSince1970
        let found = try read { db in
            try Row.fetchOne(db, sql: """
                SELECT u.id, u.name, u.created_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ? AND t.expires_at > ?
                """, arguments: [Self.digest(token), time])
        }
        guard let found else { throw AccountError(.unauthorized, "not logged in, or the login has expired; log in again") }
        return Account(id: found[0], name: found[1], created: Date(timeIntervalSince1970: found[2]))
    }

    /// Ends the session of `token`.
    public func logout(token: String) throws(AccountError) {
        try write { db in try db.execute(sql: "DELETE FROM tokens WHERE token_hash = ?", arguments: [Self.digest(token)]) }
    }

    /// Changes the password of the user of `token` once the current one is given again; every
    /// other session of the user ends.
    public func changePassword(token: String, current: String, new: String) throws(AccountError) {
        let account = try account(token: token)
        let hash = try read { db in try String.fetchOne(db, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [account.id]) }
        guard let hash, hashing.verify(current, hash: hash) else { throw AccountError(.unauthorized, "the current password is wrong") }
        guard new.count >= 8 else { throw AccountError(.badRequest, "a password has at least 8 characters") }
        let newHash = hashing.hash(new)
        try write { db in
            try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [newHash, account.id])
            try db.execute(sql: "DELETE FROM tokens WHERE user_id = ? AND token_hash != ?", arguments: [account.id, Self.digest(token)])
        }
    }

    /// Takes a device's changes (again is harmless: a change already here is not stored twice)
    /// and answers with every change of the user after `seen`.
    public func sync(account: Account, device: String, deviceTime: Double, seen: Int64, changes: [SyncedPosition]) throws(AccountError) -> SyncReply {
        let received = now().timeIntervalSince1970
        let offset = received - deviceTime
        return try write { db in
            for change in changes where change.device == device {
                try db.execute(sql: """
                    INSERT OR IGNORE INTO changes (user_id, device, device_name, sequence, document, word, start_word, speed, cause, wall_time,
                        seen, clock_offset, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [account.id, device, change.deviceName.map { String($0.prefix(100)) }, change.sequence, change.document,
                                     change.word, change.startWord, change.speed, change.cause.rawValue, change.wallTime, change.seen, offset, received])
            }
            let rows = try Row.fetchAll(db, sql: """
                SELECT order_number, device, sequence, document, word, start_word, speed, cause, wall_time, seen, clock_offset, device_name
                FROM changes WHERE user_id = ? AND order_number > ? ORDER BY order_number
                """, arguments: [account.id, seen])
            let changes = rows.map { row in
                var change = SyncedPosition(device: row[1], sequence: row[2], document: row[3], word: row[4], startWord: row[5], speed: row[6],
                                            cause: PositionCause(rawValue: row[7]) ?? .listen, wallTime: row[8], seen: row[9], order: row[0],
                                            clockOffset: row[10])
                change.deviceName = row[11]
                return change
            }
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(order_number) FROM changes WHERE user_id = ?", arguments: [account.id]) ?? 0
            return SyncReply(changes: changes, seen: max(seen, last), clockOffset: offset)
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

    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    static func digest(_ token: String) -> String {
        SHA256.hex(of: Array(token.utf8))
    }

    private static func decoyHash(_ hashing: any PasswordHashing) -> String {
        decoy.withLock { stored in
            if let stored { return stored }
            let made = hashing.hash("decoy password for unknown names")
            stored = made
            return made
        }
    }

    private static let decoy = Mutex<String?>(nil)
}
