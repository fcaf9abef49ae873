import Foundation
import SpeakESpeak
import SpeakModel
import SpeakSynthesis

/// Synthesizes the segments a conversion is missing: in this process, or — when there are
/// several jobs, several segments and an input a worker can open again — in `speak __segments`
/// worker processes that each take the next segment as they finish one, so a worker that drew
/// short segments does not sit idle. A finished segment is a complete file in its place, so an
/// interrupted run keeps every segment finished before the interruption.
public struct SegmentRunner: Sendable {
    let document: Document
    let job: SegmentJob
    /// The file path or library id workers open; nil when only this process has the document.
    let input: String?
    let jobs: Int
    let inputName: String

    public init(document: Document, job: SegmentJob, input: String?, jobs: Int, inputName: String) {
        self.document = document
        self.job = job
        self.input = input
        self.jobs = jobs
        self.inputName = inputName
    }

    public func run(_ segments: [(range: Range<Int>, path: String)], progress: ProgressHandler?) throws {
        guard !segments.isEmpty else {
            progress?(1)
            return
        }
        let total = Double(segments.reduce(0) { $0 + $1.range.count(in: document) })
        let workers = min(jobs, segments.count)
        guard workers > 1, let input else {
            // Alone, a neural voice renders a sentence on each core: faster than every core on one.
            let engine = try EngineChoice.engine(for: job.settings, threads: 1, lanes: max(1, ProcessInfo.processInfo.activeProcessorCount))
            var done = 0.0
            for (n, segment) in segments.enumerated() {
                let words = Double(segment.range.count(in: document))
                let before = done
                try job.synthesize(document, range: segment.range, engine: engine, path: segment.path,
                                   progress: { progress?((before + $0 * words) / max(1, total)) })
                done += words
                Self.simulatePowerLoss(after: n + 1)
            }
            return
        }
        let state = RunnerState(segments)
        let finished = DispatchGroup()
        for _ in 0..<workers {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                do {
                    let worker = try SegmentWorker(input: input, job: job)
                    defer { worker.stop() }
                    while let segment = state.next() {
                        do {
                            try worker.synthesize(segment.range, path: segment.path)
                        } catch let error as ConversionFailure {
                            let last = segment.range.upperBound >= document.wordCount ? "end" : String(segment.range.upperBound - 1)
                            throw ConversionFailure(message: "synthesis of '\(inputName)' words \(segment.range.lowerBound)…\(last): \(error.message)",
                                                    exitStatus: error.exitStatus)
                        }
                        progress?(state.finish(words: segment.range.count(in: document), total: total))
                    }
                } catch {
                    state.fail(error)
                }
            }
            thread.start()
        }
        finished.wait()
        if let failure = state.failure { throw failure }
    }
}

extension SegmentRunner {
    /// Fault injection for the tests of resuming: "power-loss-after:N" kills this process
    /// (SIGKILL: no cleanup runs) once N segments are finished.
    static func simulatePowerLoss(after finished: Int) {
        let fault = ProcessInfo.processInfo.environment["SPEAK_FAULT_INJECT"] ?? ""
        guard fault.hasPrefix("power-loss-after:"), let count = Int(fault.dropFirst("power-loss-after:".count)),
              finished >= count else { return }
        kill(getpid(), SIGKILL)
    }
}

/// The queue of segments shared by the worker threads, the progress, and the first failure.
private final class RunnerState: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [(range: Range<Int>, path: String)]
    private var doneWords = 0
    private var finished = 0
    private(set) var failure: (any Error)?

    init(_ segments: [(range: Range<Int>, path: String)]) {
        pending = segments.reversed()
    }

    /// The next segment, or nil when all are taken or something failed.
    func next() -> (range: Range<Int>, path: String)? {
        lock.withLock { failure == nil ? pending.popLast() : nil }
    }

    func finish(words: Int, total: Double) -> Double {
        lock.withLock {
            doneWords += words
            finished += 1
            SegmentRunner.simulatePowerLoss(after: finished)
            return Double(doneWords) / max(1, total)
        }
    }

    func fail(_ error: any Error) {
        lock.withLock { failure = failure ?? error }
    }
}

extension Range<Int> {
    /// The number of words of `document` in this range.
    func count(in document: Document) -> Int {
        Swift.max(0, Swift.min(upperBound, document.wordCount) - lowerBound)
    }
}
