import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakModel
import SpeakSynthesis

/// The work of a `speak __slices` worker: speaks the slices it is sent (`SliceMessage`) and
/// writes their audio into the output file at the offsets the conversion gives it — or, when
/// the output is a pipe, sends the audio back. A slice whose offset is not known yet (the
/// slice before it is still being spoken elsewhere) is kept in memory until it is, while the
/// worker goes on with the next one; at most `maximumHeld` are kept.
public final class SliceServer {
    private let document: Document
    private let engine: any SpeechEngine
    private let settings: VoiceSettings
    private let readAll: Bool
    private var file: SharedPCMFile?
    private let input: Int32 = 0, output: Int32 = 1
    private var requests: [(id: Int, words: Range<Int>)] = []
    private var offsets: [Int: Int] = [:]
    private var held: [Int: [Int16]] = [:]
    /// The slice being spoken (named when it fails).
    private var current = -1
    static let maximumHeld = 2

    init(document: Document, engine: any SpeechEngine, settings: VoiceSettings, readAll: Bool) {
        self.document = document
        self.engine = engine
        self.settings = settings
        self.readAll = readAll
    }

    /// Serves until the conversion closes the socket (or is gone).
    func run() {
        do {
            while true {
                if requests.isEmpty || held.count >= Self.maximumHeld {
                    guard let message = SliceMessage.receive(from: input) else { return }
                    try handle(message)
                    continue
                }
                try speak(requests.removeFirst())
            }
        } catch is ParentGone {
            return
        } catch {
            let status = (error as? UserFacingError)?.exitStatus ?? .software
            SliceMessage.failed(id: current, status: status.rawValue, message: (error as? UserFacingError)?.message ?? "\(error)")
                .send(to: output)
        }
    }

    private func handle(_ message: SliceMessage) throws {
        switch message {
        case .file(let path):
            file = try SharedPCMFile(path: path)
        case .slice(let id, let words, let offset):
            // Fault injection for the tests of worker failure handling.
            if ProcessInfo.processInfo.environment["SPEAK_FAULT_INJECT"] == "slice-crash" { kill(getpid(), SIGKILL) }
            if let offset { offsets[id] = offset }
            requests.append((id, words))
        case .offset(let id, let offset):
            if let samples = held.removeValue(forKey: id) {
                try write(samples, at: offset)
                try send(.written(id: id))
            } else {
                offsets[id] = offset
            }
        default:
            throw ParentGone()
        }
    }

    /// Speaks a slice on the engine thread, each sentence's audio written while it is still in
    /// the cache (a second thread between engine and file cost a tenth of the CPU time again).
    /// Whole sentences even to a neural voice, as in every conversion (see `RangeSpeech`).
    private func speak(_ request: (id: Int, words: Range<Int>)) throws {
        current = request.id
        let silencedBefore = engine.silencedSentences
        var pending: [Int16] = []
        var written = 0
        let synthesizer = Synthesizer(engine: engine, settings: settings)
        let timeline: Timeline
        do {
            timeline = try EngineThread.shared.sync {
                try synthesizer.run(document, fromWord: request.words.lowerBound, toWord: request.words.upperBound,
                                    includeSkipped: readAll, byClause: false, audio: { samples in
                    // Offsets for this slice or a held one may have come while the engine spoke.
                    while SliceMessage.isWaiting(on: input) {
                        guard let message = SliceMessage.receive(from: input) else { throw ParentGone() }
                        try handle(message)
                    }
                    if file == nil {
                        try send(.audio(id: request.id, samples: Array(samples)))
                        written += samples.count
                    } else if let offset = offsets[request.id] {
                        if !pending.isEmpty {
                            try write(pending, at: offset + written * 2)
                            written += pending.count
                            pending.removeAll()
                        }
                        try write(samples, at: offset + written * 2)
                        written += samples.count
                    } else {
                        pending.append(contentsOf: samples)
                    }
                })
            }
        } catch SynthesisError.nothingToSpeak {
            timeline = Timeline(sampleRate: engine.sampleRate)
        }
        // Fault injection for the tests of slices finishing out of order: the first slice
        // is the last to be done, so every other slice waits for its place.
        if request.id == 0, ProcessInfo.processInfo.environment["SPEAK_FAULT_INJECT"] == "slice-first-slow" { sleep(2) }
        var records: [TimelineRecord] = []
        records.reserveCapacity(timeline.words.count)
        var starts = Set(timeline.sentenceStarts)
        starts.insert(0)
        for (i, word) in timeline.words.enumerated() {
            records.append(TimelineRecord(word: word, startsSentence: starts.contains(i)))
        }
        try send(.done(id: request.id, samples: written + pending.count, silenced: engine.silencedSentences - silencedBefore, timeline: records))
        guard file != nil else { return }
        if let offset = offsets.removeValue(forKey: request.id) {
            if !pending.isEmpty { try write(pending, at: offset + written * 2) }
            try send(.written(id: request.id))
        } else {
            held[request.id] = pending
        }
    }

    private func write(_ samples: [Int16], at offset: Int) throws {
        try samples.withUnsafeBufferPointer { try write($0, at: offset) }
    }

    private func write(_ samples: UnsafeBufferPointer<Int16>, at offset: Int) throws {
        try file?.write(samples, at: offset)
    }

    private func send(_ message: SliceMessage) throws {
        guard message.send(to: output) else { throw ParentGone() }
    }
}

/// The conversion closed the socket or went away: nothing more to do.
private struct ParentGone: Error {}

extension SliceServer {
    /// The loop of a `speak __slices` worker on standard input and output: loads the document
    /// and the engine once, then speaks slices until the conversion closes the socket. Audio
    /// goes into the file the conversion names (the file being assembled) or, without one, back
    /// over the socket.
    public static func serve(document load: () throws -> Document, settings: VoiceSettings, readAll: Bool) {
        let server: SliceServer
        do {
            let document = try load()
            // The voice is loaded now, while the conversion is still getting ready.
            let engine = try EngineChoice.engine(for: settings, threads: 1)
            server = SliceServer(document: document, engine: engine, settings: settings, readAll: readAll)
        } catch {
            let status = (error as? UserFacingError)?.exitStatus ?? .software
            SliceMessage.failed(id: -1, status: status.rawValue, message: (error as? UserFacingError)?.message ?? "\(error)").send(to: 1)
            return
        }
        server.run()
    }
}
