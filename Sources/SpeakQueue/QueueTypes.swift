import Foundation
import SpeakModel

/// A document to convert, as `speak queue add` enqueues it: paths every worker sees, and
/// the options of `speak convert` to run it with.
public struct NewJob: Sendable, Equatable {
    public var input: String
    public var inputHash: String
    public var outputDirectory: String
    public var arguments: [String]

    public init(input: String, inputHash: String, outputDirectory: String, arguments: [String]) {
        self.input = input
        self.inputHash = inputHash
        self.outputDirectory = outputDirectory
        self.arguments = arguments
    }

    /// The conversion's settings as one string: the same input with other settings is another job.
    public var settings: String { arguments.joined(separator: " ") }
}

/// A job a worker holds: its lease is renewed while it converts.
public struct QueueJob: Sendable, Equatable {
    public var id: Int64
    public var input: String
    public var inputHash: String
    public var outputDirectory: String
    public var arguments: [String]
    /// 1 for the first try; the lease is this attempt's.
    public var attempt: Int
}

/// What a finished job wrote, as the queue keeps it (never the audio).
public struct JobOutput: Sendable, Equatable {
    public var name: String
    public var hash: String
    public var audioSeconds: Double

    public init(name: String, hash: String, audioSeconds: Double) {
        self.name = name
        self.hash = hash
        self.audioSeconds = audioSeconds
    }
}

/// How a finished job was taken.
public enum CompletionOutcome: Sendable, Equatable {
    /// This worker's output is the job's.
    case published
    /// Another worker finished it first (or it was cancelled): this worker's output is dropped.
    case alreadyDone(state: String)
}

/// The queue at a glance (`speak queue status`).
public struct QueueStatus: Codable, Sendable, Equatable {
    public struct Failure: Codable, Sendable, Equatable {
        public var id: Int64
        public var input: String
        public var error: String
        public var attempts: Int
    }

    public var queued = 0
    public var running = 0
    public var done = 0
    public var failed = 0
    public var cancelled = 0
    /// Jobs finished per minute over the last 15 minutes.
    public var jobsPerMinute: Double?
    /// Audio made per second of wall time over the same window.
    public var audioSecondsPerSecond: Double?
    /// Until the queued and running jobs are done at that rate.
    public var etaSeconds: Double?
    /// Workers holding a live lease.
    public var workers: [String] = []
    public var failures: [Failure] = []

    public init() {}
}

/// One step of a job's history: claimed, done, failed, retry, expired, discarded, cancelled.
public struct QueueEvent: Codable, Sendable, Equatable {
    public var job: Int64
    public var worker: String?
    public var event: String
    public var detail: String?
    public var at: String
}

/// A job finished, for checking its output (`speak convert --verify DIR --queue URL`).
public struct FinishedJob: Codable, Sendable, Equatable {
    public var id: Int64
    public var input: String
    public var inputHash: String
    public var output: String
    public var outputHash: String
    public var settings: String
}

/// What went wrong with the queue: one line for the user.
public struct QueueError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus

    public init(_ message: String, exitStatus: ExitStatus = .unavailable) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// The URL with its password hidden, for messages and logs.
    public static func redacted(_ url: String) -> String {
        guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://"), scheme.upperBound < at else { return url }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
