import Foundation
import Testing

/// `speak queue` and `speak worker` on a real PostgreSQL (issue 29): workers on one queue
/// convert every document exactly once even when one is killed mid-job, every output verifies,
/// nothing temporary is left; bad URLs, outputs and inputs fail with one line each.
@Suite(.enabled(if: TestPostgres.available, "needs SPEAK_TEST_POSTGRES (make test starts a server)"))
struct CLIQueueTests {
    private static let sentences = [
        "The keeper climbed the stairs and lit the lamp again, as every evening.",
        "The light went round above the bay until the morning came.",
        "Ships passed in the dark and answered with their horns.",
        "In the winter the fog lay on the water for days at a time.",
    ]

    private func document(_ n: Int) -> String {
        "Report \(n)\n\n" + (0..<(8 + n % 5 * 3)).map { Self.sentences[($0 + n) % Self.sentences.count] }.joined(separator: " ") + "\n"
    }

    private func worker(_ cli: CLI, _ url: String, log: String) throws -> Process {
        let process = cli.background(["worker", "--queue", url, "--jobs", "1", "--lease", "3", "--until-empty"])
        FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        return process
    }

    private func events(_ cli: CLI, _ url: String) throws -> [[String: Any]] {
        let result = try cli.run(["queue", "history", "--queue", url, "--json"])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    @Test func threeWorkersConvertEachDocumentOnceThoughOneIsKilled() throws {
        let cli = CLI()
        let url = try TestPostgres.newDatabase()
        let inputs = (0..<30).map { cli.file("in/report-\($0).txt", document($0)) }
        let added = try cli.run(["queue", "add"] + inputs + ["--to", url, "-o", "out"])
        #expect(added.status == 0 && added.stderr.contains("queued 30 jobs"), "\(added.stderr)")
        let again = try cli.run(["queue", "add"] + inputs + ["--to", url, "-o", "out"])
        #expect(again.stderr.contains("queued 0 jobs (30 already in the queue)"), "\(again.stderr)")

        let workers = try (0..<3).map { try worker(cli, url, log: cli.work.appendingPathComponent("worker-\($0).log").path) }
        defer { for process in workers where process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Killed while it holds a job: its last step is a claim.
        let victim = "\(ProcessInfo.processInfo.hostName):\(workers[0].processIdentifier)"
        let deadline = Date().addingTimeInterval(120 * CLI.patience)
        var killedMidJob = false
        while Date() < deadline, workers[0].isRunning {
            let mine = try events(cli, url).filter { $0["worker"] as? String == victim }
            if mine.last?["event"] as? String == "claimed" {
                kill(workers[0].processIdentifier, SIGKILL)
                killedMidJob = true
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(killedMidJob)
        for process in workers.dropFirst() {
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            #expect(!process.isRunning && process.terminationStatus == 0)
        }

        let status = try cli.json(["queue", "status", "--queue", url])
        #expect(status["done"] as? Int == 30 && status["failed"] as? Int == 0 && status["running"] as? Int == 0, "\(status)")
        let history = try events(cli, url)
        let done = Dictionary(grouping: history.filter { $0["event"] as? String == "done" }, by: { $0["job"] as? Int ?? 0 })
        #expect(done.count == 30 && done.values.allSatisfy { $0.count == 1 }, "\(done.mapValues(\.count))")
        #expect(history.contains { $0["event"] as? String == "expired" && $0["worker"] as? String == victim }, "\(history.suffix(10))")

        let verified = try cli.run(["convert", "--verify", "out", "--queue", url])
        #expect(verified.status == 0 && verified.stderr.contains("30 jobs done in out: all verified"), "\(verified.stderr)")
        let out = cli.work.appendingPathComponent("out").path
        let everything = FileManager.default.subpaths(atPath: out) ?? []
        #expect(everything.filter { $0.hasSuffix(".wav") && !$0.hasPrefix(".") }.count == 30, "\(everything)")
        #expect(!everything.contains { $0.contains(".speak-work") || $0.contains(".partial-") }, "\(everything.filter { $0.contains("work") || $0.contains("partial") })")
        // Run again, a queue that is done takes nothing.
        let idle = try cli.run(["worker", "--queue", url, "--until-empty"])
        #expect(idle.status == 0 && idle.stderr.contains("the queue is empty") && !idle.stderr.contains("done:"), "\(idle.stderr)")
    }

    @Test func badURLsOutputsAndInputsFailWithOneLineAndTheRestGoesOn() throws {
        let cli = CLI()
        for (url, status, message) in [
            ("postgres://speak:secret@127.0.0.1:1/nowhere", Int32(69), "cannot use the job queue at postgres://speak:***@127.0.0.1:1/nowhere"),
            ("postgres://127.0.0.1:\(URLComponents(string: TestPostgres.server ?? "")?.port ?? 54329)/postgres", 69, "cannot use the job queue"),
            ("http://example.org/queue", 64, "is not a PostgreSQL URL"),
        ] {
            let result = try cli.run(["queue", "status", "--queue", url], environment: ["PGUSER": "", "USER": "nobody-here"])
            #expect(result.status == status && result.stderr.contains(message), "\(url): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("secret"), "\(result.stderr)")
        }
        #expect(try cli.run(["queue", "status"], environment: ["SPEAK_QUEUE": ""]).status == 64)

        let url = try TestPostgres.newDatabase()
        let good = cli.file("in/good.txt", document(1))
        let gone = cli.file("in/gone.txt", document(2))
        let blocked = cli.file("in/blocked.txt", document(3))
        #expect(try cli.run(["queue", "add", good, gone, "--to", url, "-o", "out"]).status == 0)
        #expect(try cli.run(["queue", "add", blocked, "--to", url, "-o", "blocked"]).status == 0)
        try FileManager.default.removeItem(atPath: gone)
        // A file where the output directory was: no worker can write there.
        try FileManager.default.removeItem(at: cli.work.appendingPathComponent("blocked"))
        cli.file("blocked", "not a directory")
        let run = try cli.run(["worker", "--queue", url, "--until-empty", "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let status = try cli.json(["queue", "status", "--queue", url])
        #expect(status["done"] as? Int == 1 && status["failed"] as? Int == 2, "\(status)")
        let failures = (status["failures"] as? [[String: Any]] ?? []).map { $0["error"] as? String ?? "" }
        #expect(failures.contains { $0.contains("gone.txt' is not there any more") } && failures.contains { $0.contains("cannot write to") }, "\(failures)")
        #expect(try cli.run(["queue", "add", cli.work.appendingPathComponent("missing.txt").path, "--to", url, "-o", "out"]).status == 66)

        // Failed jobs go back with retry (and fail again); cancel takes them out.
        let retried = try cli.run(["queue", "retry", "--queue", url])
        #expect(retried.stderr.contains("queued 2 jobs again"), "\(retried.stderr)")
        let cancelled = try cli.run(["queue", "cancel", "--all", "--queue", url])
        #expect(cancelled.stderr.contains("cancelled 2 jobs"), "\(cancelled.stderr)")
        #expect(try cli.json(["queue", "status", "--queue", url])["cancelled"] as? Int == 2)
        #expect(try cli.run(["convert", "--verify", "out", "--queue", url]).status == 0)
    }
}
