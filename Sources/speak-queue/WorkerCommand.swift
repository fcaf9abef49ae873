import ArgumentParser
import Foundation
import SpeakQueue

struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Take conversion jobs from a queue on PostgreSQL and convert them, on any number of machines at once.",
        discussion: """
            A job is held under a lease the worker renews; if the worker dies, another takes the \
            job once the lease has run out. A job that fails three times is marked failed with its \
            error ('speak queue status' lists them, 'speak queue retry' queues them again). SIGTERM \
            or Ctrl-C stops the worker, handing its jobs back.

            Examples:
              speak worker --queue postgres://speak:secret@db/speak --jobs 2
              speak worker --queue … --until-empty      # for batch systems: stop when nothing is left
            """
    )

    @Option(help: "The queue: postgres://USER:PASSWORD@HOST/DATABASE (default: $SPEAK_QUEUE).")
    var queue: String?

    @Option(help: "Jobs converted at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seconds a job is held without a renewal before another worker may take it.")
    var lease: Double = 60

    @Flag(help: "Stop once nothing is queued or running (instead of waiting for more jobs).")
    var untilEmpty = false

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if lease < 2 { throw ValidationError("--lease must be at least 2 seconds") }
    }

    func run() throws {
        try reportingErrors {
            let url = try queueURL(queue)
            let worker = try QueueWorker(queue: JobQueue(url: url), slots: jobs, lease: lease, untilEmpty: untilEmpty)
            try worker.run()
        }
    }
}
