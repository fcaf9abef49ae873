import Foundation
import SpeakImportOCR

/// A second Tesseract engine that starts on a thread of its own and reads on one: the lower
/// half of a page while the first engine reads the upper half.
final class PartnerEngine: @unchecked Sendable {
    private let started = DispatchSemaphore(value: 0)
    /// Set by the starting thread before `started` is signalled.
    private var made: TesseractEngine?
    private var waited = false

    init(languages: String, pageSegmentation: Int) {
        Thread { [self] in
            made = try? TesseractEngine(languages: languages, pageSegmentation: pageSegmentation)
            started.signal()
        }.start()
    }

    /// The engine once it has started; nil when it could not (the page is then read whole).
    var engine: TesseractEngine? {
        if !waited {
            started.wait()
            waited = true
        }
        return made
    }

    /// Work running on a thread of its own; `wait()` gives its result.
    final class Job<Value>: @unchecked Sendable {
        fileprivate let done = DispatchSemaphore(value: 0)
        fileprivate var result: Result<Value, OCRFailure> = .failure(OCRFailure(kind: .engine, message: "not read"))

        func wait() -> Result<Value, OCRFailure> {
            done.wait()
            return result
        }
    }

    /// Runs `work` with `engine` and `image` (neither used elsewhere meanwhile) on a new thread.
    func run<Value>(_ engine: TesseractEngine, _ image: PageImage,
                    _ work: @escaping (TesseractEngine, PageImage) throws(OCRFailure) -> Value) -> Job<Value> {
        let job = Job<Value>()
        let box = Handoff(engine: engine, image: image, work: work, job: job)
        Thread {
            box.job.result = Result { () throws(OCRFailure) in try box.work(box.engine, box.image) }
            box.job.done.signal()
        }.start()
        return job
    }

    /// What the reading thread is handed; the caller keeps its hands off until `wait()`.
    private struct Handoff<Value>: @unchecked Sendable {
        let engine: TesseractEngine
        let image: PageImage
        let work: (TesseractEngine, PageImage) throws(OCRFailure) -> Value
        let job: Job<Value>
    }
}
