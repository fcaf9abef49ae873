import Foundation
import SpeakModel
import SpeakBatch
import SpeakQueue
import Synchronization

/// The worker's loop: takes jobs while it has free slots, runs each as a `speak convert`
/// process writing into a private folder beside the outputs, renews the leases, and on
/// success publishes the output (moved into place, with its record) under the job's lock.
final class QueueWorker {
    private struct Running {
        var job: QueueJob
        var process: Process
        var folder: String
        var renewed: Date
        var started: Date
        var dropped = false
    }

    private let queue: JobQueue
    private let slots: Int
    private let lease: Double
    private let untilEmpty: Bool
    private let name = "\(ProcessInfo.processInfo.hostName):\(getpid())"
    private let speak: String
    private var running: [Running] = []
    private static let stopping = Atomic<Bool>(false)
    private var signalSources: [DispatchSourceSignal] = []
    /// Signalled when a conversion ends (or a stop is asked for).
    private let exited = DispatchSemaphore(value: 0)
    /// How long a worker waits for an unreachable queue to answer again.
    static let patience: Double = 300

    init(queue: JobQueue, slots: Int, lease: Double, untilEmpty: Bool) {
        self.queue = queue
        self.slots = slots
        self.lease = lease
        self.untilEmpty = untilEmpty
        let environment = ProcessInfo.processInfo.environment
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        speak = environment["SPEAK_BIN"] ?? (own.parentPath as NSString).appendingPathComponent("speak")
    }

    func run() throws {
        watchSignals()
        say("worker \(name): taking jobs (\(slots) at once)")
        var unreachableSince: Date?
        while true {
            finishExited()
            if Self.stopping.load(ordering: .relaxed) { return try stop() }
            do {
                try renewLeases()
                var took = false
                while running.count < slots, let job = try queue.claim(worker: name, lease: lease) {
                    start(job)
                    took = true
                }
                if unreachableSince != nil { say("worker \(name): the queue answers again") }
                unreachableSince = nil
                if running.isEmpty, !took, untilEmpty, try queue.isDrained() { break }
            } catch let error as QueueError where error.exitStatus == .unavailable {
                // The database restarting or a network cut: conversions go on, and the
                // queue is tried again for a while before the worker gives up.
                let since = unreachableSince ?? Date()
                if unreachableSince == nil { say("speak: \(error.message); trying again for \(Int(Self.patience)) s") }
                unreachableSince = since
                if Date().timeIntervalSince(since) > Self.patience { throw error }
                Thread.sleep(forTimeInterval: 2)
            }
            // Woken by a conversion ending, else in time to renew the leases; with nothing to
            // do, the queue is looked at again every second (a dead worker's job comes back
            // when its lease runs out).
            _ = exited.wait(timeout: .now() + min(1, lease / 6))
        }
        say("worker \(name): the queue is empty")
    }

    // MARK: Jobs

    private func start(_ job: QueueJob) {
        let work = (job.outputDirectory as NSString).appendingPathComponent(".speak-work")
        // Folders of earlier attempts at this job (a worker that died) go first.
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: work)) ?? [] where stale.hasPrefix("job-\(job.id)-") {
            try? FileManager.default.removeItem(atPath: (work as NSString).appendingPathComponent(stale))
        }
        let folder = (work as NSString).appendingPathComponent("job-\(job.id)-\(job.attempt)-\(name.replacingOccurrences(of: "/", with: "_"))")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            guard FileManager.default.fileExists(atPath: job.input) else {
                throw WorkerError("'\(job.input)' is not there any more")
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: speak)
            process.arguments = ["convert", job.input, "-o", folder + "/", "--jobs", "1", "--json", "--force"] + job.arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["SPEAK_WORKER_PARENT": String(getpid())]) { $1 }
            FileManager.default.createFile(atPath: folder + "/.stdout", contents: nil)
            FileManager.default.createFile(atPath: folder + "/.stderr", contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: folder + "/.stdout")
            process.standardError = FileHandle(forWritingAtPath: folder + "/.stderr")
            process.standardInput = FileHandle.nullDevice
            process.terminationHandler = { [exited] _ in exited.signal() }
            try process.run()
            running.append(Running(job: job, process: process, folder: folder, renewed: Date(), started: Date()))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            removeIfEmpty(work)
            let reason = (error as? WorkerError)?.message ?? "cannot write to \(job.outputDirectory): \((error as NSError).localizedDescription)"
            report(job, failed: reason, permanent: true)
        }
    }

    private func finishExited() {
        var index = 0
        while index < running.count {
            let entry = running[index]
            guard !entry.process.isRunning else { index += 1; continue }
            running.remove(at: index)
            defer {
                try? FileManager.default.removeItem(atPath: entry.folder)
                removeIfEmpty(entry.folder.parentPath)
            }
            if entry.dropped { continue }
            let status = entry.process.terminationStatus
            if entry.process.terminationReason == .exit, status == 0 {
                publish(entry)
            } else {
                let errors = (try? String(contentsOfFile: entry.folder + "/.stderr", encoding: .utf8)) ?? ""
                let last = errors.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "speak: ", with: "") }
                let reason = entry.process.terminationReason == .uncaughtSignal
                    ? "speak convert was stopped by signal \(status)" : last ?? "speak convert ended with status \(status)"
                // Usage, data, missing input, output not writable: trying again cannot help.
                let permanent = entry.process.terminationReason == .exit && [64, 65, 66, 73, 77].contains(status)
                report(entry.job, failed: reason, permanent: permanent)
            }
        }
    }

    private func publish(_ entry: Running) {
        let job = entry.job
        do {
            let outcome = try queue.complete(job, worker: name) {
                try JobPublisher(job: job, folder: entry.folder).publish()
            }
            switch outcome {
            case .published:
                say(String(format: "job %lld done: %@ (%.1f s)", job.id, (job.input as NSString).lastPathComponent, Date().timeIntervalSince(entry.started)))
            case .alreadyDone(let state):
                say("job \(job.id): already \(state) by another worker; this worker's output is dropped")
            }
        } catch let error as QueueError {
            say("speak: job \(job.id): \(error.message)")
        } catch {
            report(job, failed: "cannot put the output in place: \(error)", permanent: false)
        }
    }

    private func report(_ job: QueueJob, failed reason: String, permanent: Bool) {
        do {
            let state = try queue.fail(job, worker: name, error: reason, permanent: permanent)
            say("job \(job.id) \(state == "queued" ? "failed (will be tried again)" : "failed"): \(reason)")
        } catch {
            say("speak: job \(job.id) failed (\(reason)), and the queue could not be told: \(error)")
        }
    }

    private func renewLeases() throws {
        let now = Date()
        for index in running.indices where !running[index].dropped && now.timeIntervalSince(running[index].renewed) >= lease / 3 {
            if try queue.renew(running[index].job, worker: name, lease: lease) {
                running[index].renewed = now
            } else {
                // Cancelled, or taken over after this worker fell silent: stop converting it.
                running[index].dropped = true
                running[index].process.terminate()
                say("job \(running[index].job.id): no longer this worker's (cancelled or taken over); stopped")
            }
        }
    }

    private func stop() throws {
        for entry in running where !entry.dropped {
            entry.process.terminate()
            entry.process.waitUntilExit()
            try? queue.release(entry.job, worker: name)
            try? FileManager.default.removeItem(atPath: entry.folder)
            removeIfEmpty(entry.folder.parentPath)
        }
        say("worker \(name): stopped; its jobs are back in the queue")
    }

    private func removeIfEmpty(_ folder: String) {
        if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func watchSignals() {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [exited] in
                QueueWorker.stopping.store(true, ordering: .relaxed)
                exited.signal()
            }
            source.resume()
            signalSources.append(source)
        }
    }
}

struct WorkerError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
