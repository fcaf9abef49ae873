import Foundation
import SpeakModel
import Testing

/// The sync server on PostgreSQL (issue 26): two `speak serve` instances on one database with
/// devices going from one to the other and one instance killed, and the database restarted
/// while clients sync.
@Suite(.enabled(if: TestPostgres.available, "needs SPEAK_TEST_POSTGRES (make test starts a PostgreSQL server)"))
struct CLIPostgresTests {
    let devices = CLISyncTests()

    /// Points a device's login at another server (as a load balancer would send it there).
    func point(_ device: CLI, at server: ServerUnderTest) throws {
        let file = device.work.appendingPathComponent("config/speak/account.json")
        var account = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        account["server"] = server.base.absoluteString
        try JSONSerialization.data(withJSONObject: account).write(to: file)
    }

    @Test func twoServersShareOneDatabaseAndEitherCanDie() throws {
        let database = try TestPostgres.newDatabase()
        let first = try ServerUnderTest(CLI(), arguments: ["--accounts", "--database", database])
        let second = try ServerUnderTest(CLI(), arguments: ["--accounts", "--database", database])
        defer { _ = first.stop(); _ = second.stop() }
        let laptop = CLI(), phone = CLI()
        for device in [laptop, phone] { #expect(try device.run(["import", device.file("keeper.md", CLISyncTests.book)]).status == 0) }
        #expect(try laptop.run(["account", "create", "--server", first.base.absoluteString, "--name", "ada", "--password-stdin"],
                               stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        // Registered on one instance, logged in on the other.
        #expect(try phone.run(["account", "login", "--server", second.base.absoluteString, "--name", "ada", "--password-stdin"],
                              stdin: Data("lamp light 42\n".utf8)).status == 0)
        for round in 0..<4 {
            let (mover, follower) = round % 2 == 0 ? (laptop, phone) : (phone, laptop)
            try point(mover, at: round % 2 == 0 ? first : second)
            try point(follower, at: round % 2 == 0 ? second : first)
            try devices.listen(mover, from: [400, 90, 700, 20][round])
            let synced = try mover.run(["sync"])
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(try follower.run(["sync"]).status == 0)
            #expect(try devices.position(follower) == (try devices.position(mover)), "round \(round)")
        }
        // One instance dies: the devices go on through the other, and nothing is lost.
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        for device in [laptop, phone] { try point(device, at: second) }
        try devices.listen(laptop, from: 250)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try phone.run(["sync"]).status == 0)
        #expect(try devices.position(phone) == (try devices.position(laptop)))
        let histories = try [laptop, phone].map { device in
            (try JSONSerialization.jsonObject(with: Data(try device.run(["history", "1", "--json"]).stdout.utf8)) as? [[String: Any]]) ?? []
        }
        #expect(histories[0].count >= 5 && histories[0].count == histories[1].count, "\(histories)")
    }

    @Test func aDatabaseRestartedUnderLoadFailsRequestsCleanlyThenRecovers() throws {
        let cluster = TestPostgres.ownCluster
        let url = try TestPostgres.script(["start", cluster.name, cluster.port])
        defer { _ = try? TestPostgres.script(["stop", cluster.name, cluster.port]) }
        let server = try ServerUnderTest(CLI(), arguments: ["--accounts", "--database", url])
        defer { _ = server.stop() }
        let body: @Sendable ([String: Any]) -> Data = { object in (try? JSONSerialization.data(withJSONObject: object)) ?? Data() }
        #expect(try server.request("/api/accounts", method: "POST", body: body(["name": "ada", "password": "lamp light 42"]),
                                   contentType: "application/json").status == 201)
        let login = try server.request("/api/sessions", method: "POST", body: body(["name": "ada", "password": "lamp light 42"]),
                                       contentType: "application/json")
        let token = try #require((try JSONSerialization.jsonObject(with: login.body) as? [String: Any])?["token"] as? String)

        // Three devices sync back to back, each sending a new change every time, while the database restarts.
        let restarted = Locked(false), done = Locked(false)
        let outcomes = Locked<[(device: Int, sequence: Int, status: Int, text: String, afterRestart: Bool)]>([])
        @Sendable func send(_ device: Int, _ sequences: ClosedRange<Int>) throws -> ServerUnderTest.Reply {
            let changes: [[String: Any]] = sequences.map { n in
                ["device": "d\(device)", "sequence": n, "document": "sha256:book", "word": n, "startWord": n, "cause": "listen",
                 "wallTime": Date().timeIntervalSince1970, "seen": 0, "clockOffset": 0]
            }
            return try server.request("/api/sync", method: "POST",
                                      body: body(["device": "d\(device)", "time": Date().timeIntervalSince1970, "seen": 0, "changes": changes]),
                                      contentType: "application/json", headers: ["Authorization": "Bearer \(token)"])
        }
        let load = DispatchGroup()
        for device in 0..<3 {
            DispatchQueue.global().async(group: load) {
                var sequence = 0
                while !done.withLock({ $0 }) {
                    sequence += 1
                    let after = restarted.withLock { $0 }
                    let reply = Result { try send(device, sequence...sequence) }
                    let (status, text) = (try? reply.get()).map { ($0.status, $0.text) } ?? (0, "no answer: \(reply)")
                    outcomes.withLock { $0.append((device, sequence, status, text, after)) }
                }
            }
        }
        Thread.sleep(forTimeInterval: 0.7)
        try TestPostgres.script(["restart", cluster.name, cluster.port])
        restarted.withLock { $0 = true }
        Thread.sleep(forTimeInterval: 1.5)
        done.withLock { $0 = true }
        load.wait()

        let all = outcomes.withLock { $0 }
        // Every answer is a success or a clean 503 with one line saying why; the server stays up and recovers.
        for outcome in all where outcome.status != 200 {
            #expect(outcome.status == 503 && outcome.text.contains("account database") && !outcome.text.contains("\\n"), "\(outcome)")
        }
        #expect(all.contains { $0.afterRestart && $0.status == 200 }, "no request went through after the restart")
        #expect(server.process.isRunning, "the server stopped: \(server.log.suffix(4000))")
        // Each device sends everything again (as after failures): each change is there once, none lost.
        for device in 0..<3 {
            let sent = all.filter { $0.device == device }.map(\.sequence).max() ?? 0
            #expect(try send(device, 1...max(1, sent)).status == 200)
        }
        let everything = try send(9, 1...1)
        let changes = (try JSONSerialization.jsonObject(with: everything.body) as? [String: Any])?["changes"] as? [[String: Any]] ?? []
        let keys = changes.map { "\($0["device"] ?? "")/\($0["sequence"] ?? "")" }
        #expect(Set(keys).count == keys.count, "a change stored twice")
        for device in 0..<3 {
            let sent = all.filter { $0.device == device }.map(\.sequence).max() ?? 0
            #expect(changes.filter { $0["device"] as? String == "d\(device)" }.count == max(1, sent))
        }
    }
}
