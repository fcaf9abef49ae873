import Foundation
import SpeakLibrary
import SpeakModel
import SpeakSync
import Testing

/// A stand-in for bcrypt: fast, and still never the password itself.
struct ReversedHashing: PasswordHashing {
    func hash(_ password: String) -> String { "rev:" + String(password.reversed()) }
    func verify(_ password: String, hash: String) -> Bool { hash == self.hash(password) }
}

/// A clock the test moves.
final class TestClock: Sendable {
    private let time = Locked(Date(timeIntervalSince1970: 2_000_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
}

@Suite struct AccountStoreTests {
    let clock = TestClock()

    func store(_ backend: Backend) throws -> AccountStore {
        AccountStore(database: try backend.database(), hashing: ReversedHashing(), now: { [clock] in clock.now })
    }

    @Test(arguments: Backend.available) func namesArePeoplesOwnAndPasswordsLongEnough(backend: Backend) throws {
        let accounts = try store(backend)
        let ada = try accounts.create(name: "ada", password: "analytical engine")
        #expect(ada.name == "ada")
        #expect(throws: AccountError(.nameTaken, "the name 'ADA' is taken; choose another")) { try accounts.create(name: "ADA", password: "another one") }
        #expect((try? accounts.create(name: "bob", password: "short"))?.name == nil)
        #expect((try? accounts.create(name: "bob'; DROP TABLE users; --", password: "long enough"))?.name == nil)
        #expect((try? accounts.create(name: "", password: "long enough"))?.name == nil)
        // The failed ones left nothing: the name is still free, the first account still there.
        #expect(try accounts.create(name: "bob", password: "long enough").name == "bob")
        #expect(try accounts.login(name: "ada", password: "analytical engine", device: "d").token.count == 64)
    }

    @Test(arguments: Backend.available) func loginsExpireAndWrongPasswordsAreLimited(backend: Backend) throws {
        let accounts = try store(backend)
        _ = try accounts.create(name: "ada", password: "analytical engine")
        let session = try accounts.login(name: "ada", password: "analytical engine", device: "laptop")
        #expect(try accounts.account(token: session.token).name == "ada")
        #expect(throws: AccountError.self) { try accounts.account(token: "forged") }
        #expect(throws: AccountError.self) { try accounts.login(name: "ada", password: "wrong password", device: "x") }
        #expect(throws: AccountError.self) { try accounts.login(name: "nobody", password: "analytical engine", device: "x") }
        for _ in 0..<12 { _ = try? accounts.login(name: "ada", password: "' OR '1'='1", device: "x") }
        do {
            _ = try accounts.login(name: "ada", password: "analytical engine", device: "x")
            Issue.record("a login after 13 wrong passwords went through")
        } catch {
            #expect(error.kind == .tooManyAttempts)
        }
        clock.advance(AccountStore.attemptWindow + 1)
        #expect(throws: Never.self) { try accounts.login(name: "ada", password: "analytical engine", device: "x") }
        clock.advance(AccountStore.sessionLength)
        #expect(throws: AccountError.self) { try accounts.account(token: session.token) }
    }

    /// Wrong passwords older than the window count for nothing and are dropped: a stream of
    /// made-up names must not grow the table for ever.
    @Test(arguments: Backend.available) func wrongPasswordsPastTheWindowAreForgotten(backend: Backend) throws {
        let database = try backend.database()
        for index in 0..<5 { try database.recordFailure(name: "guess\(index)", at: 100, forgettingBefore: 0) }
        #expect(try database.failures(name: "guess3", since: 0) == 1)
        try database.recordFailure(name: "late", at: 1_000, forgettingBefore: 500)
        #expect(try database.failures(name: "guess3", since: 0) == 0)
        #expect(try database.failures(name: "late", since: 0) == 1)
    }

    @Test(arguments: Backend.available) func aNewPasswordEndsTheOtherSessions(backend: Backend) throws {
        let accounts = try store(backend)
        _ = try accounts.create(name: "ada", password: "analytical engine")
        let here = try accounts.login(name: "ada", password: "analytical engine", device: "laptop")
        let there = try accounts.login(name: "ada", password: "analytical engine", device: "phone")
        #expect(throws: AccountError.self) { try accounts.changePassword(token: here.token, current: "not it at all", new: "difference engine") }
        try accounts.changePassword(token: here.token, current: "analytical engine", new: "difference engine")
        #expect(try accounts.account(token: here.token).name == "ada")
        #expect(throws: AccountError.self) { try accounts.account(token: there.token) }
        #expect(throws: AccountError.self) { try accounts.login(name: "ada", password: "analytical engine", device: "x") }
        #expect(throws: Never.self) { try accounts.login(name: "ada", password: "difference engine", device: "x") }
        try accounts.logout(token: here.token)
        #expect(throws: AccountError.self) { try accounts.account(token: here.token) }
    }

    @Test(arguments: Backend.available) func syncTakesChangesOnceAndShowsEachUserOnlyTheirs(backend: Backend) throws {
        let accounts = try store(backend)
        let ada = try accounts.create(name: "ada", password: "analytical engine")
        let bob = try accounts.create(name: "bob", password: "long enough")
        let change = SyncedPosition(device: "laptop", sequence: 1, document: "sha256:x", word: 120, cause: .listen,
                                    wallTime: clock.now.timeIntervalSince1970 - 3_600, seen: 0)
        let first = try accounts.sync(account: ada, device: "laptop", deviceTime: clock.now.timeIntervalSince1970 - 3_600, seen: 0, changes: [change])
        #expect(first.changes.map(\.word) == [120] && first.changes.first?.order == first.seen)
        #expect(abs(first.clockOffset - 3_600) < 1, "the laptop's clock is an hour slow")
        // Sent again (a retry after a lost answer): not stored twice.
        let again = try accounts.sync(account: ada, device: "laptop", deviceTime: clock.now.timeIntervalSince1970, seen: 0, changes: [change])
        #expect(again.changes.count == 1 && again.seen == first.seen)
        // A device sends only its own changes; another user sees none of ada's.
        var forged = change
        forged.device = "phone"
        _ = try accounts.sync(account: ada, device: "laptop", deviceTime: clock.now.timeIntervalSince1970, seen: 0, changes: [forged])
        let other = try accounts.sync(account: bob, device: "tablet", deviceTime: clock.now.timeIntervalSince1970, seen: 0, changes: [])
        #expect(other.changes.isEmpty)
        let phone = try accounts.sync(account: ada, device: "phone", deviceTime: clock.now.timeIntervalSince1970, seen: first.seen, changes: [])
        #expect(phone.changes.isEmpty && phone.seen == first.seen)
    }
}

/// The account's library on the server (`speak upload`, `speak download`, `speak ls --remote`).
@Suite struct RemoteLibraryTests {
    static func upload(_ title: String, hash: String = "sha256:" + String(repeating: "ab", count: 32)) throws -> Data {
        var builder = DocumentBuilder()
        builder.append(.heading(level: 1), text: title)
        builder.append(.paragraph, text: "The keeper climbed the stairs and lit the lamp again.")
        builder.append(.paragraph, text: "Page 3", skip: .pageNumber)
        let document = builder.build(metadata: DocumentMetadata(title: title, author: nil, language: "en", source: "/tmp/keeper.md",
                                                                format: .text, contentHash: hash, imported: Date(timeIntervalSince1970: 0)))
        return try JSONEncoder().encode(DocumentUpload(document: document, sourceName: "/home/ada/keeper.md", source: Data("# The Keeper\n".utf8)))
    }

    @Test(arguments: Backend.available) func eachUserSeesOnlyTheirOwnDocuments(backend: Backend) throws {
        let accounts = AccountStore(database: try backend.database(), hashing: ReversedHashing())
        let ada = try accounts.create(name: "ada", password: "analytical engine")
        let bob = try accounts.create(name: "bob", password: "long enough")
        let stored = try accounts.upload(account: ada, json: try Self.upload("The Keeper"))
        #expect(stored.words == 14 && stored.sourceName == "keeper.md" && stored.title == "The Keeper")
        // Again, retitled: replaced, not doubled.
        _ = try accounts.upload(account: ada, json: try Self.upload("The Lamp Keeper"))
        #expect(try accounts.remoteDocuments(account: ada).map(\.title) == ["The Lamp Keeper"])
        #expect(try accounts.remoteDocuments(account: bob).isEmpty)
        let payload = try accounts.download(account: ada, contentHash: stored.contentHash)
        let back = try JSONDecoder().decode(DocumentUpload.self, from: payload)
        #expect(back.document.wordCount == 15 && back.document.blocks.last?.skip == .pageNumber && back.source == Data("# The Keeper\n".utf8))
        #expect(back.document.blocks.map(\.wordTexts) == (try JSONDecoder().decode(DocumentUpload.self, from: try Self.upload("The Lamp Keeper"))).document.blocks.map(\.wordTexts))
        // Bob asking for ada's document hears what he would for none at all.
        #expect(throws: AccountError(.notFound, "no document \(stored.contentHash) in your library on the server; 'speak ls --remote' lists them")) {
            try accounts.download(account: bob, contentHash: stored.contentHash)
        }
        #expect(throws: AccountError.self) { try accounts.download(account: ada, contentHash: "sha256:' OR 1=1 --") }
    }

    @Test(arguments: Backend.available) func aBrokenUploadIsRefusedAndNothingStored(backend: Backend) throws {
        let accounts = AccountStore(database: try backend.database(), hashing: ReversedHashing())
        let ada = try accounts.create(name: "ada", password: "analytical engine")
        var object = try #require(try JSONSerialization.jsonObject(with: try Self.upload("The Keeper")) as? [String: Any])
        var document = try #require(object["document"] as? [String: Any])
        var blocks = try #require(document["blocks"] as? [[String: Any]])
        blocks[1]["firstWord"] = 40
        document["blocks"] = blocks
        object["document"] = document
        for bad in [Data("not json".utf8), try JSONSerialization.data(withJSONObject: object), try Self.upload("No Hash", hash: "")] {
            do {
                _ = try accounts.upload(account: ada, json: bad)
                Issue.record("a broken upload was stored")
            } catch {
                #expect(error.kind == .badRequest, "\(error.message)")
            }
        }
        #expect(try accounts.remoteDocuments(account: ada).isEmpty)
    }
}

/// SQL in every field a client sends: stored and answered as the text it is, on both stores.
@Suite struct HostileInputTests {
    static let hostile = ["'; DROP TABLE changes; --", "\" OR \"1\"=\"1", "x'); DELETE FROM users; --", "$1", "\\x00\\", "ä' || (SELECT password_hash FROM users) || '"]

    @Test(arguments: Backend.available) func sqlInEveryFieldIsJustText(backend: Backend) throws {
        let accounts = AccountStore(database: try backend.database(), hashing: ReversedHashing())
        let ada = try accounts.create(name: "ada", password: "analytical engine")
        for (n, text) in Self.hostile.enumerated() {
            var change = SyncedPosition(device: text, sequence: Int64(n + 1), document: text, word: n, cause: .listen, wallTime: 2_000_000_000, seen: 0)
            change.deviceName = text
            var edit = change
            edit.sequence += 100
            edit.edit = LibraryEdit(field: .title, value: text)
            let reply = try accounts.sync(account: ada, device: text, deviceTime: 2_000_000_000, seen: 0, changes: [change, edit])
            let back = reply.changes.filter { $0.device == text }
            #expect(back.count == 2 && back.allSatisfy { $0.document == text && $0.deviceName == text }, "\(text)")
            #expect(back.contains { $0.edit?.value == text })
            #expect(throws: AccountError.self) { try accounts.login(name: text, password: text, device: text) }
            #expect(throws: AccountError.self) { try accounts.download(account: ada, contentHash: text) }
            let upload = try RemoteLibraryTests.upload(text, hash: "sha256:" + String(n))
            #expect(try accounts.upload(account: ada, json: upload).title == text)
        }
        // A NUL is refused whole (PostgreSQL's text cannot hold one); in a title it is dropped.
        let nul = SyncedPosition(device: "d\u{0}", sequence: 1, document: "sha256:x", word: 1, cause: .listen, wallTime: 2_000_000_000, seen: 0)
        #expect(throws: AccountError.self) { try accounts.sync(account: ada, device: "d\u{0}", deviceTime: 2_000_000_000, seen: 0, changes: [nul]) }
        #expect(try accounts.upload(account: ada, json: try RemoteLibraryTests.upload("Null\u{0}Title", hash: "sha256:nul")).title == "NullTitle")
        #expect(throws: AccountError.self) { try accounts.login(name: "ada\u{0}x", password: "analytical engine", device: "d") }
        #expect(try accounts.login(name: "ada", password: "analytical engine", device: "d\u{0}").token.count == 64)
        #expect(try accounts.remoteDocuments(account: ada).count == Self.hostile.count + 1)
        #expect(try accounts.sync(account: ada, device: "auditor", deviceTime: 2_000_000_000, seen: 0, changes: []).changes.count == 2 * Self.hostile.count)
    }
}
