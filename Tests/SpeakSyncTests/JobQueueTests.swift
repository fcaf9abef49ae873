import Foundation
import SpeakQueue
import Testing

/// The conversion queue's rules on a real PostgreSQL (issue 29): a lease that runs out gives
/// the job to another worker, the first to finish publishes and the second finds it done, three
/// failed attempts fail a job, and a job is never taken by two workers at once.
@Suite(.enabled(if: Backend.postgresServer != nil, "needs SPEAK_TEST_POSTGRES (make test starts a server)"))
struct JobQueueTests {
    private func queue(jobs: Int = 1) throws -> JobQueue {
        let queue = try JobQueue(url: try Backend.freshDatabase())
        let added = try queue.add((0..<jobs).map { NewJob(input: "/in/\($0).txt", inputHash: "sha256:\($0)", outputDirectory: "/out", arguments: ["--format", "opus"]) })
        #expect(added == jobs)
        return queue
    }

    @Test func aRowAskingForMoreThanSettingsFailsInsteadOfRunning() throws {
        // Anyone who can write to the database could queue "-o /elsewhere": the worker refuses it.
        let queue = try JobQueue(url: try Backend.freshDatabase())
        _ = try queue.add([NewJob(input: "/in/x.txt", inputHash: "sha256:x", outputDirectory: "/out", arguments: ["-o", "/etc/"])])
        #expect(try queue.claim(worker: "w", lease: 60) == nil)
        let status = try queue.status()
        #expect(status.failed == 1 && status.queued == 0)
        #expect(try queue.history().contains { $0.detail?.contains("'-o' is not a setting a job can carry") == true })
    }

    @Test func aJobIsAddedOnceAndTakenByOneWorkerAtATime() throws {
        let queue = try queue(jobs: 2)
        #expect(try queue.add([NewJob(input: "/elsewhere/0.txt", inputHash: "sha256:0", outputDirectory: "/out", arguments: ["--format", "opus"])]) == 0)
        #expect(try queue.add([NewJob(input: "/in/0.txt", inputHash: "sha256:0", outputDirectory: "/out", arguments: ["--format", "mp3"])]) == 1)
        let first = try #require(try queue.claim(worker: "a", lease: 60))
        let second = try #require(try queue.claim(worker: "b", lease: 60))
        #expect(first.id != second.id && first.attempt == 1 && first.arguments == ["--format", "opus"])
        #expect(try queue.status().running == 2 && (try queue.status().workers) == ["a", "b"])
    }

    @Test func theFirstToFinishPublishesAndTheLateWorkerLeavesIt() throws {
        let queue = try queue()
        let slow = try #require(try queue.claim(worker: "slow", lease: 1))
        #expect(try queue.claim(worker: "fast", lease: 60) == nil)
        Thread.sleep(forTimeInterval: 1.3)
        // The lease ran out: the job is another worker's, and the first one's renewal says so.
        let fast = try #require(try queue.claim(worker: "fast", lease: 60))
        #expect(fast.id == slow.id && fast.attempt == 2)
        #expect(try queue.renew(slow, worker: "slow", lease: 60) == false)
        #expect(try queue.complete(fast, worker: "fast") { JobOutput(name: "0.opus", hash: "sha256:fast", audioSeconds: 3) } == .published)
        var published = false
        let late = try queue.complete(slow, worker: "slow") {
            published = true
            return JobOutput(name: "0.opus", hash: "sha256:slow", audioSeconds: 3)
        }
        #expect(late == .alreadyDone(state: "done") && !published)
        let events = try queue.history()
        #expect(events.filter { $0.event == "done" }.map(\.worker) == ["fast"], "\(events)")
        #expect(events.contains { $0.event == "expired" && $0.worker == "slow" } && events.contains { $0.event == "discarded" })
        #expect(try queue.finished(in: "/out").map(\.outputHash) == ["sha256:fast"])
        #expect(try queue.isDrained())
    }

    @Test func threeFailuresFailAJobAndRetryQueuesItAgain() throws {
        let queue = try queue()
        for attempt in 1...3 {
            let job = try #require(try queue.claim(worker: "w", lease: 60))
            #expect(job.attempt == attempt)
            #expect(try queue.fail(job, worker: "w", error: "eSpeak crashed", permanent: false) == (attempt < 3 ? "queued" : "failed"))
        }
        #expect(try queue.claim(worker: "w", lease: 60) == nil)
        let status = try queue.status()
        #expect(status.failed == 1 && status.failures.first?.error == "eSpeak crashed" && status.failures.first?.attempts == 3)
        #expect(try queue.retry([]) == 1)
        let again = try #require(try queue.claim(worker: "w", lease: 60))
        #expect(again.attempt == 1)
        // A permanent failure (the input is gone) fails at once; a released job waits untried.
        #expect(try queue.fail(again, worker: "w", error: "'/in/0.txt' is not there any more", permanent: true) == "failed")
        #expect(try queue.retry([again.id]) == 1)
        let held = try #require(try queue.claim(worker: "w", lease: 60))
        try queue.release(held, worker: "w")
        #expect(try queue.claim(worker: "w", lease: 60)?.attempt == 1)
        #expect(try queue.cancel([]) == 1 && (try queue.status().cancelled) == 1)
        #expect(try queue.renew(held, worker: "w", lease: 60) == false)
    }

    @Test func workersThatDieThreeTimesFailTheJob() throws {
        let queue = try queue()
        for _ in 1...3 {
            _ = try #require(try queue.claim(worker: "dies", lease: 0.2))
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(try queue.claim(worker: "dies", lease: 0.2) == nil)
        #expect(try queue.status().failures.first?.error.contains("stopped answering 3 times") == true)
    }
}
