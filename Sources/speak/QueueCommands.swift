import ArgumentParser
import Foundation
import SpeakKit

/// `speak queue …` and `speak worker …` hand over to the `speak-queue` helper (the only binary
/// of the command line that links libpq), with the same arguments — `--help` too.
enum QueueHelper {
    static func run(_ arguments: [String]) throws -> Never {
        try HelperHandover.run("speak-queue", overriddenBy: "SPEAK_QUEUE_HELPER", arguments)
    }
}

struct QueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "A conversion queue on PostgreSQL for workers on many machines (add|status|retry|cancel|history|verify).",
        discussion: "'speak queue --help' lists the subcommands; 'speak queue add --help' one of them.",
        helpNames: []
    )

    @Argument(parsing: .allUnrecognized, help: "add, status, retry, cancel, history or verify, and their options.")
    var arguments: [String] = []

    func run() throws {
        try QueueHelper.run(["queue"] + (arguments.isEmpty ? ["--help"] : arguments))
    }
}

struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Take conversion jobs from a queue on PostgreSQL and convert them (speak worker --queue postgres://…).",
        helpNames: []
    )

    @Argument(parsing: .allUnrecognized, help: "--queue URL, --jobs N, --lease SECONDS, --until-empty.")
    var arguments: [String] = []

    func run() throws {
        try QueueHelper.run(["worker"] + arguments)
    }
}

/// A conversion run by a queue worker stops when the worker dies (`kill -9` included), so
/// nothing goes on writing into a folder that another worker will clean up.
enum ParentWatch {
    static func start() {
        guard let value = ProcessInfo.processInfo.environment["SPEAK_WORKER_PARENT"], let parent = Int32(value) else { return }
        Thread.detachNewThread {
            while getppid() == parent { Thread.sleep(forTimeInterval: 0.2) }
            // The partial-file handlers remove what was being written.
            kill(getpid(), SIGTERM)
        }
    }
}
