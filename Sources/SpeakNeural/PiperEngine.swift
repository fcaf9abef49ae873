import Foundation
import SpeakModel
import SpeakESpeak
import SpeakSynthesis

/// A neural voice (Piper VITS on ONNX Runtime) behind the same `SpeechEngine` as eSpeak:
/// eSpeak-NG turns the text into IPA phonemes, the model turns their ids into audio, and the
/// model's own phoneme durations place every word exactly in that audio.
public final class PiperEngine: SpeechEngine, @unchecked Sendable {
    public let voice: PiperVoice
    public var sampleRate: Int { voice.sampleRate }
    /// About 30× real time on a core, not eSpeak's 1,000×: a clause at a time is heard sooner.
    public var speaksByClause: Bool { true }
    private let model: ONNXModel
    private let durationOutput: String?
    private let phonemizer: ESpeakEngine

    /// Loads `voice` (patched to report durations first, once) with `threads` threads.
    public init(voice: PiperVoice, environment: [String: String], threads: Int = 1) throws(PiperVoice.Problem) {
        guard let library = ONNXModel.library(environment: environment) else {
            throw PiperVoice.Problem(message: "ONNX Runtime is not installed; run scripts/bootstrap (it installs the onnxruntime wheel's library) or set SPEAK_ONNXRUNTIME")
        }
        do {
            phonemizer = try ESpeakEngine.shared()
            // The voice was trained on one eSpeak voice's phonemes: that voice must be here.
            try phonemizer.prepare(VoiceSettings(voice: voice.espeakVoice))
        } catch SynthesisError.unknownVoice {
            throw PiperVoice.Problem(message: "the voice '\(voice.name)' needs eSpeak-NG's '\(voice.espeakVoice)' phonemes, which this eSpeak-NG does not have")
        } catch {
            throw PiperVoice.Problem(message: (error as? SynthesisError)?.message ?? "\(error)")
        }
        let (path, output) = try Self.timedModel(voice, environment: environment)
        self.voice = voice
        model = try ONNXModel(library: library, model: path, threads: threads)
        durationOutput = model.outputCount >= 2 ? output : nil
    }

    /// The model that reports durations: next to the voice when its directory is writable,
    /// else in the user's cache; made once.
    static func timedModel(_ voice: PiperVoice, environment: [String: String]) throws(PiperVoice.Problem) -> (String, String) {
        let stem = URL(fileURLWithPath: voice.model).deletingPathExtension()
        let cache = (environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache") + "/speak/voices"
        let candidates = [stem.path + ".timed.onnx", cache + "/" + stem.lastPathComponent + ".timed.onnx"]
        let output = "/Ceil_output_0"
        for path in candidates where FileManager.default.fileExists(atPath: path) { return (path, output) }
        guard let data = FileManager.default.contents(atPath: voice.model) else {
            throw PiperVoice.Problem(message: "cannot read the voice model '\(voice.model)'")
        }
        let patched: Data?
        do {
            patched = try PiperModelPatch.patched(data)
        } catch {
            throw PiperVoice.Problem(message: "'\(voice.model)' is not a Piper voice model (\(error)); reinstall the voice")
        }
        guard let patched else { return (voice.model, output) }
        for path in candidates {
            try? FileManager.default.createDirectory(atPath: path.parentPath, withIntermediateDirectories: true)
            let partial = path + ".partial-\(getpid())"
            if FileManager.default.createFile(atPath: partial, contents: patched), rename(partial, path) == 0 { return (path, output) }
            unlink(partial)
        }
        throw PiperVoice.Problem(message: "cannot write the timed copy of '\(voice.model)' next to it or in \(cache)")
    }

    /// Phoneme symbols that take time of their own (stress and length marks, spaces and
    /// punctuation do not count as the places where words start).
    static func counts(_ scalar: Unicode.Scalar) -> Bool {
        !("ˈˌːˑ ,.;:!?-'\"".unicodeScalars.contains(scalar)) && !scalar.properties.isWhitespace
    }

    /// Phoneme ids per model run: long sentences are said a few clauses at a time, which keeps
    /// the decoder's memory small (its last layers hold 256 samples a frame per channel).
    static let idsPerRun = 200

    /// Speeds the model's length scale says without artefacts; outside them libsonic stretches.
    static let modelSpeeds = 0.5...2.0

    public func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
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
        guard !runs.isEmpty else { return [] }
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
        var floats: [Float] = []
        // Sample where each run starts, and where each id of it starts (from the model's durations).
        var idStarts: [[Int]] = []
        for run in runs {
            let (said, durations) = try model.run(ids: run, scales: scales, durationOutput: durationOutput)
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
        try samples.withUnsafeBufferPointer { try audio($0) }
        return zip(words, starts).map { word, start in
            guard start < counted.count else { return WordEvent(textPosition: word.start + 1, length: word.length, sample: samples.count) }
            let place = counted[start]
            return WordEvent(textPosition: word.start + 1, length: word.length, sample: idStarts[place.run][place.id])
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
        let steady = try model.run(ids: ids, scales: [voice.noiseScale, voice.lengthScale, 0], durationOutput: nil).audio.count
        let faster = try model.run(ids: ids, scales: [voice.noiseScale, voice.lengthScale / Float(speed), 0], durationOutput: nil).audio.count
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
