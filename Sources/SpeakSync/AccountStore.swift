import Foundation
import SpeakLibrary
import SpeakModel

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

    public init(id: Int64, name: String, created: Date) {
        self.id = id
        self.name = name
        self.created = created
    }
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

    let database: any AccountDatabase
    private let hashing: any PasswordHashing
    let now: @Sendable () -> Date

    /// A store on `database`.
    public init(database: any AccountDatabase, hashing: any PasswordHashing, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.hashing = hashing
        self.now = now
    }

    /// Opens (or creates) an SQLite store at `path`.
    public convenience init(path: String, hashing: any PasswordHashing, now: @escaping @Sendable () -> Date = Date.init) throws(AccountError) {
        self.init(database: try SQLiteAccountDatabase(path: path), hashing: hashing, now: now)
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
        guard let id = try database.addUser(name: name, passwordHash: hash, created: created.timeIntervalSince1970) else {
            throw AccountError(.nameTaken, "the name '\(name)' is taken; choose another")
        }
        return Account(id: id, name: name, created: created)
    }

    /// A session for `device` when the password is right; too many wrong ones in a while and
    /// every attempt is refused until the while has passed.
    public func login(name: String, password: String, device: String) throws(AccountError) -> AccountSession {
        let time = now().timeIntervalSince1970
        // No user name holds a NUL (PostgreSQL's text would cut the name there).
        guard !name.unicodeScalars.contains("\0") else { throw AccountError(.unauthorized, "wrong user name or password") }
        let device = device.replacingOccurrences(of: "\0", with: "")
        guard try database.failures(name: name, since: time - Self.attemptWindow) < Self.allowedFailures else {
            throw AccountError(.tooManyAttempts, "too many wrong passwords for '\(name)'; try again in 15 minutes")
        }
        let user = try database.user(named: name)
        // An unknown name costs the same time as a wrong password: names are not revealed.
        guard let user, hashing.verify(password, hash: user.passwordHash) else {
            if user == nil { _ = hashing.verify(password, hash: Self.decoyHash(hashing)) }
            try database.recordFailure(name: name, at: time, forgettingBefore: time - Self.attemptWindow)
            throw AccountError(.unauthorized, "wrong user name or password")
        }
        let token = Self.newToken()
        let expires = time + Self.sessionLength
        try database.addToken(hash: Self.digest(token), user: user.id, name: name, device: device, created: time, expires: expires)
        return AccountSession(token: token, expires: Date(timeIntervalSince1970: expires))
    }

    /// The user a token belongs to; an unknown, forged or expired token is refused.
    public func account(token: String) throws(AccountError) -> Account {
        guard let found = try database.account(tokenHash: Self.digest(token), now: now().timeIntervalSince1970) else {
            throw AccountError(.unauthorized, "not logged in, or the login has expired; log in again")
        }
        return found
    }

    /// Ends the session of `token`.
    public func logout(token: String) throws(AccountError) {
        try database.removeToken(hash: Self.digest(token))
    }

    /// Changes the password of the user of `token` once the current one is given again; every
    /// other session of the user ends.
    public func changePassword(token: String, current: String, new: String) throws(AccountError) {
        let account = try account(token: token)
        guard let hash = try database.passwordHash(user: account.id), hashing.verify(current, hash: hash) else {
            throw AccountError(.unauthorized, "the current password is wrong")
        }
        guard new.count >= 8 else { throw AccountError(.badRequest, "a password has at least 8 characters") }
        try database.setPassword(user: account.id, hash: hashing.hash(new), keeping: Self.digest(token))
    }

    /// Takes a device's changes (again is harmless: a change already here is not stored twice)
    /// and answers with every change of the user after `seen`.
    public func sync(account: Account, device: String, deviceTime: Double, seen: Int64, changes: [SyncedPosition]) throws(AccountError) -> SyncReply {
        // PostgreSQL's text holds no NUL, and no client has a reason to send one.
        let texts = [device] + changes.flatMap { [$0.device, $0.document, $0.deviceName ?? "", $0.edit?.value ?? ""] }
        guard !texts.contains(where: { $0.unicodeScalars.contains("\0") }) else {
            throw AccountError(.badRequest, "a change holds a NUL character; nothing was stored")
        }
        let received = now().timeIntervalSince1970
        let offset = received - deviceTime
        let own = changes.filter { $0.device == device }.map { change in
            var change = change
            change.deviceName = change.deviceName.map { String($0.prefix(100)) }
            if let edit = change.edit { change.edit = LibraryEdit(field: edit.field, value: String(edit.value.prefix(edit.field.valueLimit))) }
            return change
        }
        let (found, last) = try database.exchange(user: account.id, changes: own, clockOffset: offset, received: received, after: seen)
        return SyncReply(changes: found, seen: max(seen, last), clockOffset: offset)
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

    private static let decoy = Locked<String?>(nil)
}
