import Foundation
import Testing

/// The web reader of each account (issue 26): a browser logged in with an account reads that
/// account's documents and positions, writes its position back for the other devices, and
/// reaches neither the server owner's library nor another user's.
@Suite struct CLIAccountReaderTests {
    func cookie(_ reply: ServerUnderTest.Reply) -> String? {
        guard let header = reply.headers["set-cookie"], header.hasPrefix("speak_account="),
              let value = header.split(separator: ";").first, value.count > "speak_account=".count else { return nil }
        return String(value)
    }

    func login(_ server: ServerUnderTest, _ name: String, _ password: String) throws -> ServerUnderTest.Reply {
        try server.request("/account/login", method: "POST", body: Data("name=\(name)&password=\(password.replacingOccurrences(of: " ", with: "+"))".utf8),
                           contentType: "application/x-www-form-urlencoded")
    }

    @Test(arguments: TestPostgres.stores) func aBrowserReadsItsAccountsLibraryAndNoOtherOne(store: String) throws {
        let owner = CLI()
        #expect(try owner.run(["import", owner.file("secret.md", "# The Owner's Diary\n\nNothing for the users of this server.\n")]).status == 0)
        let server = try ServerUnderTest(owner, arguments: try TestPostgres.serveArguments(store))
        defer { _ = server.stop() }
        let laptop = CLI(), devices = CLISyncTests()
        #expect(try laptop.run(["import", laptop.file("keeper.md", CLISyncTests.book)]).status == 0)
        #expect(try laptop.run(["account", "create", "--server", server.base.absoluteString, "--name", "ada", "--password-stdin"],
                               stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        #expect(try laptop.run(["upload", "1"]).status == 0)
        try devices.listen(laptop, from: 300)
        let laptopAt = try #require(try devices.position(laptop))
        #expect(try laptop.run(["sync"]).status == 0)

        // Logging in.
        #expect(try server.request("/account/login").text.contains("action=\"/account/login\""))
        #expect(try login(server, "ada", "wrong password").status == 401)
        let loggedIn = try login(server, "ada", "lamp light 42")
        #expect(loggedIn.status == 303 && loggedIn.headers["location"] == "/")
        let ada = try #require(cookie(loggedIn), "\(loggedIn.headers)")

        // The account's library, at the laptop's position; not the owner's.
        let library = try server.request("/", cookie: ada)
        #expect(library.status == 200 && library.text.contains("The Keeper") && !library.text.contains("Owner's Diary"), "\(library.text.prefix(400))")
        let reader = try server.request("/read/1", cookie: ada)
        #expect(reader.status == 200 && reader.text.contains("The Keeper"))
        // The server's working copy of ada's library (a device of the account) took the laptop's position.
        let copy = try owner.run(["show", "1", "--json"], environment: ["SPEAK_HOME": owner.home.appendingPathComponent("accounts/1").path])
        #expect(copy.stdout.contains("\"position\" : \(laptopAt)"), "\(copy.stdout)")
        let clip = try server.request("/api/documents/1/clip?from=0&words=5", cookie: ada)
        #expect(clip.status == 200, "\(clip.text)")

        // The browser's position reaches the laptop at its next sync.
        let heard = try server.request("/api/documents/1/position", method: "POST", body: Data("{\"word\": 777}".utf8),
                                       contentType: "application/json", cookie: ada)
        #expect(heard.status == 204)
        let synced = try laptop.run(["sync"])
        #expect(synced.stdout.contains("now at word 777"), "\(synced.stdout)\(synced.stderr)")
        let button = try server.request("/api/sync-now", method: "POST", cookie: ada)
        #expect(button.text.contains("\"synced\":true"), "\(button.text)")

        // Another user sees none of it, by page or by id; a forged cookie logs nobody in.
        #expect(try server.request("/api/accounts", method: "POST", body: Data("{\"name\":\"bob\",\"password\":\"bob's password\"}".utf8),
                                   contentType: "application/json").status == 201)
        let bob = try #require(cookie(try login(server, "bob", "bob's password")))
        let theirs = try server.request("/", cookie: bob)
        #expect(theirs.status == 200 && !theirs.text.contains("The Keeper") && !theirs.text.contains("Owner's Diary"))
        #expect(try server.request("/read/1", cookie: bob).status == 404)
        #expect(try server.request("/api/documents/1/clip?from=0&words=5", cookie: bob).status == 404)
        #expect(try server.request("/api/documents/1/position", method: "POST", body: Data("{\"word\": 1}".utf8),
                                   contentType: "application/json", cookie: bob).status == 404)
        let forged = try server.request("/", cookie: "speak_account=forged")
        #expect(forged.status == 303 && forged.headers["location"] == "/account/login")

        // Logged out: the cookie no longer opens the account.
        #expect(try server.request("/account/logout", method: "POST", cookie: ada).status == 303)
        #expect(try server.request("/", cookie: ada).headers["location"] == "/account/login")
    }
}
