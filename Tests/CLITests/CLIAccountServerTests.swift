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

    @Test(arguments: TestPostgres.stores) func accountsLoginsAndSyncOverHTTP(store: String) throws {
        let cli = CLI()
        let server = try ServerUnderTest(cli, arguments: try TestPostgres.serveArguments(store))
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

    /// `speak upload --help` and the like show the helper's help, with its options and examples.
    @Test func theSyncCommandsHelpIsTheHelpersOwn() throws {
        let cli = CLI()
        for (command, expected) in [("upload", "speak upload 3 4 5"), ("download", "speak ls --remote"), ("sync", "--json"),
                                    ("account", "--password-stdin")] {
            let help = try cli.run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("Examples:") && help.stdout.contains(expected), "\(command): \(help.stdout)")
        }
        #expect(try cli.run(["account", "login", "--help"]).stdout.contains("--password-stdin"))
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

/// `speak account` and `speak sync` (issue 26): two devices (two libraries) and one server.
@Suite struct CLISyncTests {
    static let book = "# The Keeper\n\n" + (1...60).map { "Paragraph \($0) begins here. The keeper climbed the stairs and lit the lamp again." }
        .joined(separator: "\n\n") + "\n"

    func position(_ cli: CLI) throws -> Int? {
        try cli.json(["show", "1"])["position"] as? Int
    }

    /// Listens to document 1 from `word` until a few words have been heard, then stops as Ctrl-C would.
    func listen(_ cli: CLI, from word: Int) throws {
        _ = try Spawn.playUntilHeard(5, [CLI.binary, "play", "1", "--from-word", String(word)],
                                     environment: CLI.bare(["SPEAK_HOME": cli.home.path, "SPEAK_AUDIO": "null", "PATH": "/usr/bin:/bin",
                                                            "XDG_CONFIG_HOME": cli.work.appendingPathComponent("config").path]),
                                     log: cli.work.appendingPathComponent("heard-\(word).txt").path)
    }

    @Test(arguments: TestPostgres.stores) func twoDevicesShareTheirPositionsAndNoneIsLost(store: String) throws {
        let server = try ServerUnderTest(CLI(), arguments: try TestPostgres.serveArguments(store))
        defer { _ = server.stop() }
        let url = server.base.absoluteString
        let laptop = CLI(), phone = CLI()
        for device in [laptop, phone] { #expect(try device.run(["import", device.file("keeper.md", Self.book)]).status == 0) }

        // Not logged in yet; a bad address; a password that is not typed twice the same.
        #expect(try laptop.run(["sync"]).stderr.contains("speak account login"))
        #expect(try laptop.run(["account", "login", "--server", "ftp://x", "--name", "ada", "--password-stdin"], stdin: Data("p\n".utf8)).status == 64)
        #expect(try laptop.run(["account", "create", "--server", url, "--name", "ada"]).stderr.contains("--password-stdin"))
        let created = try laptop.run(["account", "create", "--server", url, "--name", "ada", "--password-stdin"],
                                     stdin: Data("lamp light 42\nlamp light 42\n".utf8))
        #expect(created.status == 0, "\(created.stderr)")
        let file = laptop.work.appendingPathComponent("config/speak/account.json").path
        let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        #expect(try phone.run(["account", "login", "--server", url, "--name", "ada", "--password-stdin"],
                              stdin: Data("wrong one\n".utf8)).status == 64)
        #expect(try phone.run(["account", "login", "--server", url, "--name", "ada", "--password-stdin"],
                              stdin: Data("lamp light 42\n".utf8)).status == 0)
        #expect(try phone.run(["account", "whoami"]).stdout.contains("ada on"))

        // The laptop listens and jumps ahead; the phone takes it on the next sync.
        try listen(laptop, from: 500)
        let laptopAt = try #require(try position(laptop))
        #expect(try laptop.run(["sync"]).status == 0)
        let taken = try phone.run(["sync"])
        #expect(taken.stdout.contains("now at word \(laptopAt)"), "\(taken.stdout)\(taken.stderr)")
        #expect(try position(phone) == laptopAt)
        // The phone goes back, after the laptop listened on offline: the rewind is the newer change.
        try listen(laptop, from: laptopAt + 5)
        try listen(phone, from: 40)
        let rewound = try #require(try position(phone))
        #expect(try phone.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try position(laptop) == rewound, "the most recent change, the phone's rewind, holds")
        // Every change of both devices is in both histories.
        let history = try laptop.run(["history", "1", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(Set(entries.compactMap { $0["deviceID"] as? String }).count == 2, "\(entries)")
        #expect(entries.contains { $0["cause"] as? String == "rewind" && $0["word"] as? Int == 40 })
        #expect(try laptop.run(["sync", "--status"]).stdout.contains("0 position changes to send"))

        // A new password logs the other device out.
        #expect(try laptop.run(["account", "passwd", "--password-stdin"], stdin: Data("lamp light 42\nnew lamp 43\nnew lamp 43\n".utf8)).status == 0)
        #expect(try phone.run(["sync"]).stderr.contains("expired or ended"))
        #expect(try laptop.run(["account", "logout"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// A document uploaded from one device, listed and downloaded on another (no import again),
    /// its position there at once; another user can neither list nor fetch it.
    @Test(arguments: TestPostgres.stores) func aDocumentGoesUpFromOneDeviceAndComesDownOnAnother(store: String) throws {
        let server = try ServerUnderTest(CLI(), arguments: try TestPostgres.serveArguments(store))
        defer { _ = server.stop() }
        let url = server.base.absoluteString
        let http = CLIAccountServerTests()
        let laptop = CLI(), phone = CLI()
        #expect(try laptop.run(["import", laptop.file("keeper.md", Self.book)]).status == 0)
        #expect(try laptop.run(["account", "create", "--server", url, "--name", "ada", "--password-stdin"],
                               stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        #expect(try phone.run(["account", "login", "--server", url, "--name", "ada", "--password-stdin"],
                              stdin: Data("lamp light 42\n".utf8)).status == 0)
        #expect(try phone.run(["ls", "--remote"]).stdout.contains("no documents in your library"))
        try listen(laptop, from: 300)
        let laptopAt = try #require(try position(laptop))
        #expect(try laptop.run(["sync"]).status == 0)

        let uploaded = try laptop.run(["upload", "1"])
        #expect(uploaded.status == 0 && uploaded.stdout.contains("uploaded 1  The Keeper") && uploaded.stdout.contains("with its source file"),
                "\(uploaded.stdout)\(uploaded.stderr)")
        #expect(uploaded.stderr.isEmpty, "no progress bar when piped")
        let missing = try laptop.run(["upload", "99"])
        #expect(missing.status != 0 && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")

        // The phone: the positions wait for the document, the listing shows it is not here yet.
        #expect(try phone.run(["sync"]).stdout.contains("for documents not in this library yet"))
        let listed = try phone.run(["ls", "--remote"])
        #expect(listed.stdout.contains("The Keeper") && listed.stdout.contains("REMOTE ID"), "\(listed.stdout)\(listed.stderr)")
        let remote = try #require(try JSONSerialization.jsonObject(with: Data(try phone.run(["ls", "--remote", "--json"]).stdout.utf8)) as? [[String: Any]])
        let hash = try #require(remote.first?["contentHash"] as? String)
        let short = String(hash.dropFirst(7).prefix(12))
        #expect(try phone.run(["download", "ffffffff"]).status == 66)
        let downloaded = try phone.run(["download", short])
        #expect(downloaded.status == 0 && downloaded.stdout.contains("downloaded \(short) → 1  The Keeper"), "\(downloaded.stdout)\(downloaded.stderr)")
        #expect(downloaded.stdout.contains("now at word \(laptopAt)"), "\(downloaded.stdout)")
        #expect(try position(phone) == laptopAt)
        #expect(try phone.run(["text", "1", "--all"]).stdout == (try laptop.run(["text", "1", "--all"])).stdout)
        let source = try #require(try phone.json(["show", "1"])["source"] as? String)
        let kept = try String(contentsOfFile: source, encoding: .utf8)
        #expect(source.contains("/downloads/") && kept == Self.book)
        #expect(try phone.run(["download", short]).stdout.contains("already in this library as 1"))
        #expect(try phone.run(["ls"]).stdout.components(separatedBy: "The Keeper").count == 2, "not added twice")

        // Another user: the document is not there for them, by list or by id.
        #expect(try http.post(server, "/api/accounts", ["name": "bob", "password": "bob's password"]).status == 201)
        let bob = try #require(http.object(try http.post(server, "/api/sessions", ["name": "bob", "password": "bob's password"]))["token"] as? String)
        let ada = try #require(http.object(try http.post(server, "/api/sessions", ["name": "ada", "password": "lamp light 42"]))["token"] as? String)
        #expect(try server.request("/api/account/documents/\(hash)", headers: ["Authorization": "Bearer \(bob)"]).status == 404)
        #expect(try server.request("/api/account/documents/\(hash)", headers: ["Authorization": "Bearer \(ada)"]).status == 200)
        #expect(try server.request("/api/account/documents", headers: ["Authorization": "Bearer \(bob)"]).text == "[]")
        #expect(try server.request("/api/account/documents/\(hash)").status == 401)
        #expect(try server.request("/api/account/documents", method: "POST", body: Data("{\"document\": 1}".utf8), contentType: "application/json",
                                   headers: ["Authorization": "Bearer \(bob)"]).status == 400)
    }

    /// The seed's rule: a sync asked for while a book plays moves playback to where another
    /// device left it, once the sync is done (the player's `y`).
    @Test func aSyncWhilePlayingGoesOnWhereTheOtherDeviceLeftIt() throws {
        let server = try ServerUnderTest(CLI(), arguments: ["--accounts"])
        defer { _ = server.stop() }
        let url = server.base.absoluteString
        let laptop = CLI(), phone = CLI()
        for device in [laptop, phone] {
            #expect(try device.run(["import", device.file("keeper.md", Self.book)]).status == 0)
        }
        #expect(try laptop.run(["account", "create", "--server", url, "--name", "ada", "--password-stdin"],
                               stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        #expect(try phone.run(["account", "login", "--server", url, "--name", "ada", "--password-stdin"],
                              stdin: Data("lamp light 42\n".utf8)).status == 0)
        try listen(phone, from: 10)
        #expect(try phone.run(["sync"]).status == 0)
        try listen(laptop, from: 600)
        #expect(try laptop.run(["sync"]).status == 0)
        let there = try #require(try position(laptop))

        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sync/player-key.py")
        // `y` after six seconds: the phone has saved its own listening by then (every five
        // seconds), newer than the laptop's; it must not hide where the laptop went on.
        let played = try phone.run([script.path, CLI.binary, "1", "y", "where another device left it"],
                                   environment: ["SPEAK_AUDIO": "null", "KEY_AFTER": "6"], executable: "/usr/bin/python3")
        #expect(played.stdout.contains("going on at word \(there)"), "\(played.stdout)\(played.stderr)")
        #expect((try position(phone) ?? 0) >= there)

        // The same from the phone's web reader: its sync button, after the laptop went on
        // listening and the page saved its own listening, newer than the laptop's.
        let reader = try ServerUnderTest(phone)
        defer { _ = reader.stop() }
        let page = try reader.request("/read/1").text
        #expect(page.contains("id=\"sync\""))
        let start = try #require(Self.attribute("data-start", in: page).flatMap(Int.init))
        let since = try #require(Self.attribute("data-since", in: page).flatMap(Double.init))
        let before = try #require(try position(laptop))
        try listen(laptop, from: before)
        #expect(try laptop.run(["sync"]).status == 0)
        let further = try #require(try position(laptop))
        #expect(further > before, "the laptop listened on")
        let saved = try reader.request("/api/documents/1/position", method: "POST", body: Data("{\"word\": \(start + 3), \"speed\": 1}".utf8),
                                       contentType: "application/json")
        #expect(saved.status == 204)
        let asked = try JSONSerialization.data(withJSONObject: ["document": 1, "word": start, "since": since])
        let synced = try reader.request("/api/sync-now", method: "POST", body: asked, contentType: "application/json")
        let reply = try #require(try JSONSerialization.jsonObject(with: synced.body) as? [String: Any], "\(synced.text)")
        #expect(reply["synced"] as? Bool == true, "\(reply)")
        #expect((reply["moved"] as? [String: Int])?["1"] == further,
                "\(reply) start \(start) since \(since); phone's history: \((try? phone.run(["history", "1", "--json"]).stdout) ?? "")")
        #expect(try reader.request("/api/sync-now", method: "POST", body: Data("{".utf8), contentType: "application/json").status == 400)
    }

    /// The value of the first `name="…"` in `page`.
    static func attribute(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: name + "=\"") else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The server killed (-9) while a device syncs, and started again on the same store: the
    /// device's sync fails with one line or goes through, the next one brings everything, and
    /// nothing is applied twice; logins survive the restart.
    @Test func aServerKilledMidSyncLosesNothingAndAppliesNothingTwice() throws {
        let store = CLI().work.appendingPathComponent("accounts.sqlite").path
        var server = try ServerUnderTest(CLI(), arguments: ["--accounts", "--database", store])
        let laptop = CLI(), phone = CLI()
        for device in [laptop, phone] { #expect(try device.run(["import", device.file("keeper.md", Self.book)]).status == 0) }
        #expect(try laptop.run(["account", "create", "--server", server.base.absoluteString, "--name", "ada", "--password-stdin"],
                               stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        #expect(try phone.run(["account", "login", "--server", server.base.absoluteString, "--name", "ada", "--password-stdin"],
                              stdin: Data("lamp light 42\n".utf8)).status == 0)
        try listen(laptop, from: 300)
        let syncing = Process()
        syncing.executableURL = URL(fileURLWithPath: CLI.binary)
        syncing.arguments = ["sync"]
        syncing.environment = CLI.bare(["SPEAK_HOME": laptop.home.path, "PATH": "/usr/bin:/bin",
                                        "XDG_CONFIG_HOME": laptop.work.appendingPathComponent("config").path])
        let said = Pipe()
        syncing.standardError = said
        syncing.standardOutput = FileHandle.nullDevice
        try syncing.run()
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        syncing.waitUntilExit()
        let error = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(syncing.terminationStatus == 0 || (syncing.terminationStatus == 69 && error.split(separator: "\n").count == 1), "\(error)")

        // Started again on the same store, at another port: the devices' logins still hold.
        server = try ServerUnderTest(CLI(), arguments: ["--accounts", "--database", store])
        defer { _ = server.stop() }
        for device in [laptop, phone] {
            let file = device.work.appendingPathComponent("config/speak/account.json")
            var account = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            account["server"] = server.base.absoluteString
            try JSONSerialization.data(withJSONObject: account).write(to: file)
        }
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).stdout.contains("sent 0 changes"))
        #expect(try phone.run(["sync"]).status == 0)
        #expect(try position(phone) == (try position(laptop)))
        let mine = try laptop.run(["history", "1", "--json"]), theirs = try phone.run(["history", "1", "--json"])
        let laptopEntries = (try JSONSerialization.jsonObject(with: Data(mine.stdout.utf8)) as? [[String: Any]]) ?? []
        let phoneEntries = (try JSONSerialization.jsonObject(with: Data(theirs.stdout.utf8)) as? [[String: Any]]) ?? []
        #expect(!laptopEntries.isEmpty && phoneEntries.count == laptopEntries.count, "\(laptopEntries)\n\(phoneEntries)")
    }
}

