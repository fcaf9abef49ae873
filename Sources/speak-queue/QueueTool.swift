// speak-queue: the shared conversion queue on PostgreSQL (`speak queue …` and `speak worker`
// run it). libpq is linked here, not in `speak`; the conversions themselves are `speak
// convert` processes.
import ArgumentParser
import Foundation
import SpeakBatch
import SpeakModel
import SpeakQueue

@main
struct QueueTool: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "speak", subcommands: [QueueCommand.self, WorkerCommand.self])
}

/// Runs `work`, printing a user-facing error as one line with its exit status.
func reportingErrors(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as any UserFacingError {
        say("speak: \(error.message)")
        throw ExitCode(error.exitStatus.rawValue)
    }
}

/// One line on standard error.
func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The queue's URL: the option, else `SPEAK_QUEUE`.
func queueURL(_ option: String?) throws -> String {
    guard let url = option ?? ProcessInfo.processInfo.environment["SPEAK_QUEUE"], !url.isEmpty else {
        throw QueueError("name the queue: --queue postgres://USER:PASSWORD@HOST/DATABASE (or set SPEAK_QUEUE)", exitStatus: .usage)
    }
    guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
        throw QueueError("'\(QueueError.redacted(url))' is not a PostgreSQL URL: use postgres://USER:PASSWORD@HOST/DATABASE", exitStatus: .usage)
    }
    return url
}

func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

struct QueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "A conversion queue on PostgreSQL that workers on any number of machines take jobs from.",
        discussion: """
            Inputs and the output directory must be on storage every worker sees (NFS, CephFS, a \
            Kubernetes volume): the queue keeps paths, hashes and states, never audio.

            Examples:
              speak queue add books/*.epub --to postgres://speak:secret@db/speak -o /shared/audio --format opus
              speak worker --queue postgres://speak:secret@db/speak --jobs 2
              speak queue status --queue postgres://speak:secret@db/speak
              speak queue retry --queue … ; speak queue cancel 12 13 --queue …
              speak convert --verify /shared/audio --queue postgres://speak:secret@db/speak
            """,
        subcommands: [QueueAdd.self, QueueStatusCommand.self, QueueRetry.self, QueueCancel.self, QueueHistory.self, QueueVerify.self]
    )
}

struct QueueAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Enqueue one conversion job per input file.")

    @Argument(help: "Files on storage every worker sees.")
    var inputs: [String]

    @Option(help: "The queue: postgres://USER:PASSWORD@HOST/DATABASE (default: $SPEAK_QUEUE).")
    var to: String?

    @Option(name: .shortAndLong, help: "The directory the audio files go to (every worker must be able to write it).")
    var output: String

    @Option(help: "wav, opus or mp3.") var format: String?
    @Option(help: "Bit rate in kbps for opus and mp3.") var bitrate: Int?
    @Option(help: "The voice ('speak voices' lists them).") var voice: String?
    @Option(help: "Speed as a multiple of the normal rate.") var speed: Double?
    @Option(help: "Rate in words per minute.") var wpm: Int?
    @Option(help: "json, vtt or srt: word timings next to each audio file.") var timings: String?
    @Option(help: "'chapters': one file per chapter.") var split: String?
    @Flag(help: "Also speak what is normally skipped.") var readAll = false
    @Flag(help: "Print the number added as JSON.") var json = false

    func run() throws {
        try reportingErrors {
            let url = try queueURL(to)
            let directory = URL(fileURLWithPath: output).standardizedFileURL.path
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw QueueError("cannot create the directory '\(output)': \((error as NSError).localizedDescription)", exitStatus: .cannotCreate)
            }
            var arguments: [String] = []
            for (flag, value) in [("--format", format), ("--bitrate", bitrate.map(String.init)), ("--voice", voice), ("--speed", speed.map { String($0) }),
                                  ("--wpm", wpm.map(String.init)), ("--timings", timings), ("--split", split)] {
                if let value { arguments += [flag, value] }
            }
            if readAll { arguments.append("--read-all") }
            var jobs: [NewJob] = []
            for input in inputs {
                let path = URL(fileURLWithPath: input).standardizedFileURL.path
                var folder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &folder), !folder.boolValue else {
                    throw QueueError("'\(input)' is not a file; the queue takes files on storage every worker sees", exitStatus: .noInput)
                }
                let (_, hash) = try OutputRecord.hashFile(path)
                jobs.append(NewJob(input: path, inputHash: hash, outputDirectory: directory, arguments: arguments))
            }
            let added = try JobQueue(url: url).add(jobs)
            if json { return try printJSON(["added": added, "already": jobs.count - added]) }
            say("queued \(added) job\(added == 1 ? "" : "s")" + (added < jobs.count ? " (\(jobs.count - added) already in the queue)" : ""))
        }
    }
}

struct QueueStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Counts, throughput, ETA, workers and failures.")

    @Option(help: "The queue (default: $SPEAK_QUEUE).") var queue: String?
    @Flag(help: "Print the status as JSON.") var json = false

    func run() throws {
        try reportingErrors {
            let status = try JobQueue(url: try queueURL(queue)).status()
            if json { return try printJSON(status) }
            print("queued \(status.queued) · running \(status.running) · done \(status.done) · failed \(status.failed) · cancelled \(status.cancelled)")
            if let rate = status.jobsPerMinute {
                let eta = status.etaSeconds.map { $0 < 1 ? "done" : Self.duration($0) } ?? "?"
                print(String(format: "throughput %.1f jobs/min", rate)
                      + (status.audioSecondsPerSecond.map { String(format: " (%.0f× real time)", $0) } ?? "") + " · ETA \(eta)")
            }
            if !status.workers.isEmpty { print("workers: " + status.workers.joined(separator: ", ")) }
            for failure in status.failures {
                print("failed \(failure.id) \(failure.input): \(failure.error) (\(failure.attempts) attempt\(failure.attempts == 1 ? "" : "s"))")
            }
        }
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s" : seconds < 5400 ? "\(Int((seconds / 60).rounded())) min"
            : String(format: "%.1f h", seconds / 3600)
    }
}

struct QueueRetry: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retry", abstract: "Queue failed or cancelled jobs again (all, or the ids given).")

    @Argument(help: "Job ids (default: every failed or cancelled job).") var ids: [Int64] = []
    @Option(help: "The queue (default: $SPEAK_QUEUE).") var queue: String?

    func run() throws {
        try reportingErrors {
            let count = try JobQueue(url: try queueURL(queue)).retry(ids)
            say("queued \(count) job\(count == 1 ? "" : "s") again")
        }
    }
}

struct QueueCancel: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel queued and running jobs (the ids given, or --all).")

    @Argument(help: "Job ids.") var ids: [Int64] = []
    @Flag(help: "Every queued and running job.") var all = false
    @Option(help: "The queue (default: $SPEAK_QUEUE).") var queue: String?

    func validate() throws {
        if ids.isEmpty == !all { throw ValidationError("name the jobs to cancel, or --all") }
    }

    func run() throws {
        try reportingErrors {
            let count = try JobQueue(url: try queueURL(queue)).cancel(ids)
            say("cancelled \(count) job\(count == 1 ? "" : "s")")
        }
    }
}

struct QueueHistory: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Every step of every job (or of one): claimed, done, failed, expired…")

    @Argument(help: "A job id.") var id: Int64?
    @Option(help: "The queue (default: $SPEAK_QUEUE).") var queue: String?
    @Flag(help: "Print the steps as JSON.") var json = false

    func run() throws {
        try reportingErrors {
            let events = try JobQueue(url: try queueURL(queue)).history(job: id)
            if json { return try printJSON(events) }
            for event in events {
                print("\(event.at) job \(event.job) \(event.event)" + (event.worker.map { " by \($0)" } ?? "") + (event.detail.map { ": \($0)" } ?? ""))
            }
        }
    }
}
