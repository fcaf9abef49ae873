import Dispatch
import Foundation
import SpeakKit
import SpeakModel

/// Imports started from the browser: each runs on its own (OCR of a long scan takes minutes)
/// and reports its progress, then the document it made or the importer's one-line error.
final class ImportJobs: Sendable {
    struct Job: Sendable, Encodable {
        var id: Int
        var name: String
        var progress: Double
        /// "reading", "done" or "failed".
        var state: String
        var document: Int64?
        var title: String?
        var duplicate: Bool?
        var error: String?
    }

    private let speak: Speak
    private let jobs = Locked<[Int: Job]>([:])
    private let queue = DispatchQueue(label: "speak-serve.imports", attributes: .concurrent)
    /// Every import still running in this process, of any library (the fuzzer waits on it so
    /// that no request's work runs on into the next).
    static let inFlight = DispatchGroup()

    /// Runs once a document is in the library (an account's library: it goes to the account).
    private let onImported: (@Sendable (Int64) throws -> Void)?

    init(speak: Speak, onImported: (@Sendable (Int64) throws -> Void)? = nil) {
        self.speak = speak
        self.onImported = onImported
    }

    /// Starts importing `input` (named `name` in what the user sees) into `folder`; returns the job.
    func start(_ input: InputReference, name: String, request: ImportRequest) -> Job {
        let job = jobs.withLock { jobs in
            let job = Job(id: (jobs.keys.max() ?? 0) + 1, name: name, progress: 0, state: "reading")
            jobs[job.id] = job
            // Finished jobs are forgotten after a while: keep the last 200.
            if jobs.count > 200, let oldest = jobs.values.filter({ $0.state != "reading" }).map(\.id).min() { jobs[oldest] = nil }
            return job
        }
        // Counted by the group, which is left only after the block and what it holds (the
        // uploaded bytes) are released: left from inside the block, a waiter (the fuzzer's
        // leak check) could go on while the bytes were still being let go, and saw them leaked.
        queue.async(group: Self.inFlight) { [self] in
            do {
                let outcome = try speak.importInput(input, request: request) { fraction in
                    self.update(job.id) { $0.progress = max($0.progress, min(0.99, fraction)) }
                }
                try onImported?(outcome.id)
                update(job.id) {
                    $0.state = "done"
                    $0.progress = 1
                    $0.document = outcome.id
                    $0.title = outcome.title
                    $0.duplicate = outcome.duplicate
                }
            } catch let error as any UserFacingError {
                update(job.id) { $0.state = "failed"; $0.error = error.message }
            } catch {
                update(job.id) { $0.state = "failed"; $0.error = "\(name): \(error)" }
            }
        }
        return job
    }

    func job(_ id: Int) -> Job? {
        jobs.withLock { $0[id] }
    }

    private func update(_ id: Int, _ change: (inout Job) -> Void) {
        jobs.withLock { jobs in
            if var job = jobs[id] {
                change(&job)
                jobs[id] = job
            }
        }
    }
}
