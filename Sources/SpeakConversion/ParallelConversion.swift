import Foundation
import SpeakAudio
import SpeakImport
import SpeakModel
import SpeakSynthesis

/// A WAV conversion spread over `speak __slices` worker processes (eSpeak-NG runs one
/// synthesis per process). Workers ask for slices of a few minutes of audio as they finish one
/// (`SliceCutter`), so none sits idle at the end, and each writes its audio straight into the
/// output file at the offset this process gives it as soon as the slices before it are done
/// (`SliceServer`): no part files, and no audio passes through this process or is copied twice.
/// To a pipe (`-o -`), the workers send the audio back and it is written here, in order.
public final class ParallelConversion: @unchecked Sendable {
    /// What a conversion spoke: samples, words, and sentences left silent.
    public struct Outcome {
        public var samples: Int
        public var words: Int
        public var silenced: Int
    }

    private let workers: [SliceWorkerProcess]
    private let cutter: SliceCutter
    private let inputName: String
    private var board: SliceBoard?
    /// The output file, and the temporary name the workers write into.
    private var output: (path: String, temporary: String)?

    /// Starts `jobs` workers on `input` (a path or library id they can open themselves). They
    /// load the document and the voice while this process gets ready; dropped unused, they end.
    public init(document: Document, input: String, inputName: String, settings: VoiceSettings, readAll: Bool, fromWord: Int,
         jobs: Int) throws {
        // A slice is at most three minutes of audio: what a worker may hold while it waits.
        cutter = SliceCutter(document: document, fromWord: fromWord, includeSkipped: readAll, workers: jobs,
                             maximumWords: max(100, settings.wordsPerMinute * 3))
        self.inputName = inputName
        var arguments = ["__slices", input, "--voice", settings.voice, "--wpm", String(settings.wordsPerMinute)]
        if let pitch = settings.pitch { arguments += ["--pitch", String(pitch)] }
        if let range = settings.range { arguments += ["--range", String(range)] }
        arguments += ["--speech", settings.speech.argument]
        if readAll { arguments.append("--read-all") }
        var started: [SliceWorkerProcess] = []
        for _ in 0..<jobs {
            guard let helper = HelperProcess(executable: try SpeakExecutable.path(), arguments: arguments) else {
                started.forEach { $0.cancel() }
                throw ConversionFailure(message: "cannot start a synthesis worker: \(String(cString: strerror(errno)))")
            }
            started.append(SliceWorkerProcess(helper))
        }
        workers = started
    }

    deinit {
        if board == nil { workers.forEach { $0.cancel() } }
        workers.forEach { $0.stop() }
    }

    /// Runs the conversion into `writer` (and `timings`); the audio is complete in the file (or
    /// written to the pipe) when it returns. The caller completes the header and timing file.
    public func run(writer: WAVWriter, timings: TimingWriter?, progress: ProgressHandler?) throws -> Outcome {
        let board = SliceBoard(cutter: cutter, writer: writer, timings: timings, progress: progress)
        self.board = board
        if let path = writer.temporaryPath {
            output = (writer.path, path)
            for worker in workers { worker.send(.file(path: path)) }
        }
        let finished = DispatchGroup()
        for index in workers.indices {
            finished.enter()
            Thread {
                defer { finished.leave() }
                do {
                    try self.serve(worker: index, board: board)
                } catch {
                    // The others may wait for a slice this worker will never finish.
                    if board.fail(error) { self.workers.forEach { $0.cancel() } }
                }
            }.start()
        }
        finished.wait()
        workers.forEach { $0.stop() }
        return try board.outcome()
    }

    /// Feeds one worker slices until none are left, then waits for its audio to be written.
    private func serve(worker index: Int, board: SliceBoard) throws {
        let worker = workers[index]
        while let slice = board.take(worker: index) {
            guard worker.send(.slice(id: slice.id, words: slice.words, offset: slice.offset)) else { throw crash(slice.words) }
            waiting: while true {
                guard let message = worker.receive() else { throw crash(slice.words) }
                switch message {
                case .audio(let id, let samples):
                    try board.stream(samples, of: id)
                case .done(let id, let samples, let silenced, let timeline):
                    for placement in try board.finish(id, samples: samples, silenced: silenced, timeline: timeline) {
                        // A worker that is gone is noticed by its own thread.
                        workers[placement.worker].send(.offset(id: placement.id, offset: placement.offset))
                    }
                    break waiting
                case .written(let id):
                    board.written(id)
                case .failed(_, let status, let message):
                    throw failure(message, status: status)
                default:
                    throw crash(slice.words)
                }
            }
        }
        while let held = board.unwritten(worker: index) {
            guard let message = worker.receive() else { throw crash(held) }
            switch message {
            case .written(let id): board.written(id)
            case .failed(_, let status, let message):
                throw failure(message, status: status)
            default: throw crash(held)
            }
        }
    }

    /// A worker's failure; the file it could not write is named as the user knows it.
    private func failure(_ message: String, status: Int32) -> SliceFailure {
        var message = message
        if let output { message = message.replacingOccurrences(of: output.temporary, with: output.path) }
        return SliceFailure(message: message, exitStatus: ExitStatus(rawValue: status) ?? .software)
    }

    private func crash(_ words: Range<Int>) -> ConversionFailure {
        let last = words.upperBound >= cutter.documentWordCount ? "end" : String(words.upperBound - 1)
        return ConversionFailure(message: "synthesis of '\(inputName)' words \(words.lowerBound)…\(last) crashed")
    }
}

/// One `speak __slices` child process; sends may come from any conversion thread.
private final class SliceWorkerProcess: @unchecked Sendable {
    private let helper: HelperProcess
    private let lock = NSLock()

    init(_ helper: HelperProcess) {
        self.helper = helper
    }

    @discardableResult
    func send(_ message: SliceMessage) -> Bool {
        lock.withLock { message.send(to: helper.descriptor) }
    }

    /// The next message; nil when the worker died. Only the worker's own thread receives.
    func receive() -> SliceMessage? {
        SliceMessage.receive(from: helper.descriptor)
    }

    func cancel() {
        helper.cancel()
    }

    func stop() {
        helper.stop()
    }
}

/// `speak` itself, for starting worker and helper processes.
enum SpeakExecutable {
    static func path() throws -> String {
        do {
            return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw ConversionFailure(message: "cannot find the speak executable to start workers")
        }
    }
}

/// A conversion that failed inside `speak` (a worker crashed or misbehaved).
public struct ConversionFailure: UserFacingError {
    public var message: String
    /// `.software` unless a worker said why (a document trashed meanwhile is `.noInput`).
    public var exitStatus: ExitStatus = .software
}
