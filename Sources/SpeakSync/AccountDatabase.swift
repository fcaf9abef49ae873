import Foundation
import SpeakLibrary

/// A user's stored login data: what a login checks a password against.
public struct StoredUser: Sendable, Equatable {
    public var id: Int64
    public var passwordHash: String

    public init(id: Int64, passwordHash: String) {
        self.id = id
        self.passwordHash = passwordHash
    }
}

/// Where an account store keeps its data: SQLite (one file, zero setup) or PostgreSQL (several
/// servers on one database). Each call is one transaction; the rules (names, passwords, limits,
/// tokens) are the store's, so both keep the same schema and answer the same way.
public protocol AccountDatabase: Sendable {
    /// Adds a user; nil when the name is taken, whatever its case.
    func addUser(name: String, passwordHash: String, created: Double) throws(AccountError) -> Int64?
    /// The user of a name, whatever its case.
    func user(named name: String) throws(AccountError) -> StoredUser?
    /// How many wrong passwords were given for a name since `since`.
    func failures(name: String, since: Double) throws(AccountError) -> Int
    /// Records a wrong password for a name and forgets everyone's from before `cutoff`, which
    /// no longer count: a stream of wrong names must not grow the table without end.
    func recordFailure(name: String, at: Double, forgettingBefore cutoff: Double) throws(AccountError)
    /// Stores a login and forgets the name's wrong passwords.
    func addToken(hash: String, user: Int64, name: String, device: String, created: Double, expires: Double) throws(AccountError)
    /// The account a token hash belongs to while it has not expired.
    func account(tokenHash: String, now: Double) throws(AccountError) -> Account?
    func removeToken(hash: String) throws(AccountError)
    func passwordHash(user: Int64) throws(AccountError) -> String?
    /// Sets a new password and ends every login of the user but `keeping`.
    func setPassword(user: Int64, hash: String, keeping tokenHash: String) throws(AccountError)
    /// Stores a device's changes (one already stored is not stored again) and answers the
    /// user's changes after `seen` in the order received, with the last order number.
    /// Concurrent exchanges of one user are serialized, so order numbers are seen in the order
    /// they were committed.
    func exchange(user: Int64, changes: [SyncedPosition], clockOffset: Double, received: Double,
                  after seen: Int64) throws(AccountError) -> (changes: [SyncedPosition], last: Int64)

    /// Stores (or replaces) a document of the user's library with its upload as sent.
    func putDocument(user: Int64, _ document: RemoteDocument, payload: Data) throws(AccountError)
    /// The user's documents, newest upload first.
    func documents(user: Int64) throws(AccountError) -> [RemoteDocument]
    /// The upload of one document of the user; nil when the user has none with that hash.
    func documentPayload(user: Int64, contentHash: String) throws(AccountError) -> Data?
}
