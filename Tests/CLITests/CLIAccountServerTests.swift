import Foundation
import Testing

/// `speak serve --accounts` (issue 26): registration, logins, password change and sync over
/// HTTP, each user's changes out of every other user's reach, and no password in the log.
@Suite struct CLIAccountServerTests {
    func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    func object(_ reply: ServerUnderTest.Reply) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any]) ?? [:]
    }

    func post(_ server: ServerUnderTest, _ path: String, _ body: [String: Any], token: String? = nil) throws -> ServerUnderTest.Reply {
        try server.request(path, method: "POST", body: json(body), contentType: "application/json",
                           headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    func change(_ sequence: Int, word: Int, device: String = "laptop", cause: String = "listen") -> [String: Any] {
        ["device": device, "sequence": sequence, "document": "sha256:abc", "word": word, "startWord": word, "cause": cause,
         "wallTime": Date().timeIntervalSince1970, "seen": 0, "clockOffset": 0]
    }

    @Test func accountsLoginsAndSyncOverHTTP() throws {
        let cli = CLI()
        let server = try ServerUnderTest(cli, arguments: ["--accounts"])
        defer { _ = server.stop() }
        let secret = "correct horse battery"
        #expect(try post(server, "/api/accounts", ["name": "ada", "password": secret]).status == 201)
        #expect(try post(server, "/api/accounts", ["name": "Ada", "password": "another password"]).status == 409)
        #expect(try post(server, "/api/accounts", ["name": "x'); DROP TABLE users;--", "password": secret]).status == 400)
        #expect(try post(server, "/api/accounts", ["name": "bob", "password": "short"]).status == 400)
        #expect(try post(server, "/api/accounts", ["name": "bob", "password": "bob's password"]).status == 201)

        let login = try post(server, "/api/sessions", ["name": "ada", "password": secret, "device": "laptop"])
        #expect(login.status == 201)
        let token = try #require(object(login)["token"] as? String)
        #expect(try post(server, "/api/sessions", ["name": "ada", "password": "wrong password"]).status == 401)
        #expect(try server.request("/api/account", headers: ["Authorization": "Bearer \(token)"]).text.contains("\"ada\""))
        #expect(try server.request("/api/account").status == 401)
        #expect(try server.request("/api/account", headers: ["Authorization": "Bearer forged"]).status == 401)

        // Sync: a change goes in once however often it is sent, and only its owner sees it.
        let body: [String: Any] = ["device": "laptop", "time": Date().timeIntervalSince1970, "seen": 0, "changes": [change(1, word: 420)]]
        let first = try post(server, "/api/sync", body, token: token)
        #expect(first.status == 200, "\(first.text)")
        #expect((object(first)["changes"] as? [[String: Any]])?.first?["word"] as? Int == 420)
        #expect((object(try post(server, "/api/sync", body, token: token))["changes"] as? [Any])?.count == 1)
        #expect(try post(server, "/api/sync", body).status == 401)
        let bob = try #require(object(try post(server, "/api/sessions", ["name": "bob", "password": "bob's password"]))["token"] as? String)
        let theirs = try post(server, "/api/sync", ["device": "tablet", "time": Date().timeIntervalSince1970, "seen": 0, "changes": []], token: bob)
        #expect((object(theirs)["changes"] as? [Any])?.isEmpty == true)

        // A new password ends the other sessions; logging out ends this one.
        let phone = try #require(object(try post(server, "/api/sessions", ["name": "ada", "password": secret]))["token"] as? String)
        #expect(try post(server, "/api/account/password", ["current": "nope nope nope", "new": "a new password"], token: token).status == 401)
        #expect(try post(server, "/api/account/password", ["current": secret, "new": "a new password"], token: token).status == 204)
        #expect(try server.request("/api/account", headers: ["Authorization": "Bearer \(phone)"]).status == 401)
        #expect(try server.request("/api/sessions", method: "DELETE", headers: ["Authorization": "Bearer \(token)"]).status == 204)
        #expect(try server.request("/api/account", headers: ["Authorization": "Bearer \(token)"]).status == 401)

        // Twenty wrong passwords: the name is refused for a while, the right password too.
        let statuses = try (0..<20).map { _ in try post(server, "/api/sessions", ["name": "bob", "password": "guess \(UUID())"]).status }
        #expect(statuses.last == 429, "\(statuses)")
        #expect(try post(server, "/api/sessions", ["name": "bob", "password": "bob's password"]).status == 429)
        // Passwords and tokens never reach the log.
        let log = server.log
        #expect(log.contains("POST /api/sessions") && !log.contains(secret) && !log.contains("bob's password") && !log.contains(token))
    }

    @Test func withoutAccountsThereAreNone() throws {
        let cli = CLI()
        let server = try ServerUnderTest(cli)
        defer { _ = server.stop() }
        #expect(try post(server, "/api/accounts", ["name": "ada", "password": "long enough"]).status == 404)
        let refused = try cli.run(["serve", "--database", "/tmp/x.sqlite"])
        #expect(refused.status == 64)
    }
}
