import Foundation
import SpeakModel
import SpeakESpeak
import SpeakSynthesis

/// A neural voice (Piper VITS on ONNX Runtime) behind the same `SpeechEngine` as eSpeak:
/// eSpeak-NG turns the text into IPA phonemes, the model turns their ids into audio, and the
/// model's own phoneme durations place every word exactly in that audio.
public final class PiperEngine: LanedSpeechEngine, @unchecked Sendable {
    public let voice: PiperVoice
    public var sampleRate: Int { voice.sampleRate }
    /// About 30× real time on a core, not eSpeak's 1,000×: a clause at a time is heard sooner.
    public var speaksByClause: Bool { true }
    /// Model runs a conversion makes at once, each on the model's threads.
    public let lanes: Int
    private let model: PiperModel
    private let phonemizer: ESpeakEngine

    /// Loads `voice` (its runnable copy made first, once) with `threads` threads per run and
    /// `lanes` runs at once. The model loads on a thread of its own while eSpeak-NG starts on
    /// this one (which must be eSpeak's thread).
    public init(voice: PiperVoice, environment: [String: String], threads: Int = 1, lanes: Int = 1) throws(PiperVoice.Problem) {
        guard let library = ONNXModel.library(environment: environment) else {
            throw PiperVoice.Problem(message: "ONNX Runtime is not installed; run scripts/bootstrap (it installs the onnxruntime wheel's library) or set SPEAK_ONNXRUNTIME")
        }
        let loading = ModelLoading { () throws(PiperVoice.Problem) -> PiperModel in
            try PiperModel(voice: voice, library: library, environment: environment, threads: threads)
        }
        do {
            phonemizer = try ESpeakEngine.shared()
            // The voice was trained on one eSpeak voice's phonemes: that voice must be here.
            try phonemizer.prepare(VoiceSettings(voice: voice.espeakVoice))
        } catch {
            _ = try? loading.result()
            if case SynthesisError.unknownVoice = error {
                throw PiperVoice.Problem(message: "the voice '\(voice.name)' needs eSpeak-NG's '\(voice.espeakVoice)' phonemes, which this eSpeak-NG does not have")
            }
            throw PiperVoice.Problem(message: error.message)
        }
        model = try loading.result()
        self.voice = voice
        self.lanes = max(1, lanes)
    }

    /// Phoneme symbols that take time of their own (stress and length marks, spaces and
    /// punctuation do not count as the places where words start).
    static func counts(_ scalar: Unicode.Scalar) -> Bool {
        !("ˈˌːˑ ,.;:!?-'\"".unicodeScalars.contains(scalar)) && !scalar.properties.isWhitespace
    }

    /// Phoneme ids per model run: long sentences are said a few clauses at a time (the front's
    /// attention grows with the square of a run).
    static let idsPerRun = 200

    /// Speeds the model's length scale says without artefacts; outside them libsonic stretches.
    static let modelSpeeds = 0.5...2.0

    public func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        let rendered = try stage(text, settings: settings)()
        if !rendered.samples.isEmpty { try rendered.samples.withUnsafeBufferPointer { try audio($0) } }
        return rendered.events
    }

    /// eSpeak-NG's part (phonemes, ids, where each word starts among them) now, on eSpeak's
    /// thread; the model's part in the render, on any thread, as several at once.
    public func stage(_ text: String, settings: VoiceSettings) throws -> @Sendable () throws -> RenderedSpeech {
        let words = Self.words(in: text)
        let clauses = try phonemizer.ipaClauses(text, voice: voice.espeakVoice)
        // Runs of clauses; in each, BOS, every phoneme followed by a pad, EOS. The counted
        // phonemes (those a word can start at) are numbered across the runs.
        var runs: [[Int64]] = []
        var counted: [(run: Int, id: Int)] = []
        var ids: [Int64] = [1, 0]
        for (n, clause) in clauses.enumerated() {
            var piece: [Int64] = []
            var places: [Int] = []
            for scalar in clause.unicodeScalars + (n + 1 < clauses.count ? [" "] : []) {
                guard let id = voice.phonemeIDs[String(scalar)] else { continue }
                if Self.counts(scalar) { places.append(piece.count) }
                piece += id + [0]
            }
            if ids.count > 2, ids.count + piece.count > Self.idsPerRun {
                runs.append(ids + [2])
                ids = [1, 0]
            }
            counted += places.map { (runs.count, ids.count + $0) }
            ids += piece
        }
        if ids.count > 2 { runs.append(ids + [2]) }
        guard !runs.isEmpty else { return { RenderedSpeech(samples: [], events: []) } }
        // Where each word starts among the counted phonemes: the phonemes of the text up to it.
        var starts: [Int] = []
        for (k, word) in words.enumerated() {
            if k == 0 { starts.append(0); continue }
            let prefix = String(String.UnicodeScalarView(text.unicodeScalars.prefix(word.start)))
            let before = try phonemizer.ipaClauses(prefix, voice: voice.espeakVoice)
                .reduce(0) { total, clause in
                    total + clause.unicodeScalars.reduce(0) { $0 + (Self.counts($1) && voice.phonemeIDs[String($1)] != nil ? 1 : 0) }
                }
            starts.append(min(max(before, starts.last ?? 0), counted.count))
        }
        // The model says 0.5-2x naturally through its length scale; the rest (and what the
        // scale falls short of) libsonic stretches in time, pitch kept, the word times with it.
        let wanted = max(0.1, Double(settings.wordsPerMinute) / 175)
        let speed = max(Self.modelSpeeds.lowerBound, min(Self.modelSpeeds.upperBound, wanted))
        let achieved = try achievedSpeed(speed, on: runs.max { $0.count < $1.count } ?? runs[0])
        let stretch = abs(wanted / achieved - 1) < 0.02 ? 1 : wanted / achieved
        let scales = [voice.noiseScale, voice.lengthScale / Float(speed), voice.noiseW]
        let model = self.model, sampleRate = self.sampleRate
        return { [runs, counted, starts, words] in
            var floats: [Float] = []
            // Sample where each run starts, and where each id of it starts (from the model's durations).
            var idStarts: [[Int]] = []
            for run in runs {
                let (said, durations) = try model.say(run, scales: scales)
                let samples = stretch == 1 ? said : TimeStretch.faster(said, speed: stretch, sampleRate: sampleRate)
                let frames = durations.reduce(0, +)
                let perFrame = frames > 0 ? Double(samples.count) / Double(frames) : 0
                var at: [Int] = []
                var sum = 0.0
                for i in run.indices {
                    at.append(floats.count + Int(sum * perFrame))
                    sum += i < durations.count ? Double(durations[i]) : 0
                }
                idStarts.append(at)
                floats += samples
            }
            let peak = max(0.01, floats.reduce(0) { max($0, abs($1)) })
            let samples = floats.map { Int16(max(-32767, min(32767, $0 * 32767 / peak))) }
            let events = zip(words, starts).map { word, start in
                guard start < counted.count else { return WordEvent(textPosition: word.start + 1, length: word.length, sample: samples.count) }
                let place = counted[start]
                return WordEvent(textPosition: word.start + 1, length: word.length, sample: idStarts[place.run][place.id])
            }
            return RenderedSpeech(samples: samples, events: events)
        }
    }

    /// How much faster the model really speaks with its length scale divided by `speed`:
    /// each phoneme's frames are rounded up, so "2×" comes out nearer 1.5×. Measured once
    /// per speed (on the first text said at it, without the duration noise) by the length
    /// of the audio.
    private var achieved: [Double: Double] = [:]

    private func achievedSpeed(_ speed: Double, on ids: [Int64]) throws -> Double {
        if speed == 1 { return 1 }
        if let known = achieved[speed] { return known }
        let steady = try model.length(ids, scales: [voice.noiseScale, voice.lengthScale, 0])
        let faster = try model.length(ids, scales: [voice.noiseScale, voice.lengthScale / Float(speed), 0])
        let measured = steady > 0 && faster > 0 ? Double(steady) / Double(faster) : speed
        achieved[speed] = measured
        return measured
    }

    /// Runs of letters and digits with their scalar offset and length.
    static func words(in text: String) -> [(start: Int, length: Int)] {
        var out: [(Int, Int)] = []
        var start: Int?
        var position = 0
        for scalar in text.unicodeScalars {
            let inWord = !scalar.properties.isWhitespace
            if inWord, start == nil { start = position }
            if !inWord, let s = start { out.append((s, position - s)); start = nil }
            position += 1
        }
        if let s = start { out.append((s, position - s)) }
        return out.filter { word in
            text.unicodeScalars.dropFirst(word.0).prefix(word.1).contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
    }
}

/// A model loading on a thread of its own; `result()` waits for it.
private final class ModelLoading: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<PiperModel, PiperVoice.Problem>?

    init(_ load: @escaping @Sendable () throws(PiperVoice.Problem) -> PiperModel) {
        Thread {
            do throws(PiperVoice.Problem) {
                self.outcome = .success(try load())
            } catch {
                self.outcome = .failure(error)
            }
            self.done.signal()
        }.start()
    }

    func result() throws(PiperVoice.Problem) -> PiperModel {
        done.wait()
        done.signal()
        switch outcome {
        case .success(let loaded): return loaded
        case .failure(let problem): throw problem
        case nil: throw PiperVoice.Problem(message: "the voice model did not load")
        }
    }
}
