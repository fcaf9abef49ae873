import Foundation
import SpeakESpeak
import SpeakSynthesis

/// A neural voice (Piper VITS on ONNX Runtime) behind the same `SpeechEngine` as eSpeak:
/// eSpeak-NG turns the text into IPA phonemes, the model turns their ids into audio, and the
/// model's own phoneme durations place every word exactly in that audio.
public final class PiperEngine: SpeechEngine, @unchecked Sendable {
    public let voice: PiperVoice
    public var sampleRate: Int { voice.sampleRate }
    private let model: ONNXModel
    private let durationOutput: String?
    private let phonemizer: ESpeakEngine

    /// Loads `voice` (patched to report durations first, once) with `threads` threads.
    public init(voice: PiperVoice, environment: [String: String], threads: Int = 1) throws(PiperVoice.Problem) {
        guard let library = ONNXModel.library(environment: environment) else {
            throw PiperVoice.Problem(message: "ONNX Runtime is not installed; run scripts/bootstrap (it installs the onnxruntime wheel's library) or set SPEAK_ONNXRUNTIME")
        }
        let (path, output) = try Self.timedModel(voice, environment: environment)
        self.voice = voice
        model = try ONNXModel(library: library, model: path, threads: threads)
        durationOutput = model.outputCount >= 2 ? output : nil
        do {
            phonemizer = try ESpeakEngine.shared()
        } catch {
            throw PiperVoice.Problem(message: error.message)
        }
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
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
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

    public func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        let words = Self.words(in: text)
        let clauses = try phonemizer.ipaClauses(text, voice: voice.espeakVoice)
        // Ids: BOS, then each phoneme followed by a pad, EOS; where each counted phoneme sits.
        var ids: [Int64] = [1, 0]
        var counted: [Int] = []
        for (n, clause) in clauses.enumerated() {
            let scalars = clause.unicodeScalars + (n + 1 < clauses.count ? [" "] : [])
            for scalar in scalars {
                guard let id = voice.phonemeIDs[String(scalar)] else { continue }
                if Self.counts(scalar) { counted.append(ids.count) }
                ids += id + [0]
            }
        }
        ids.append(2)
        guard ids.count > 3 else { return [] }
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
        let speed = max(0.5, min(2.0, Double(settings.wordsPerMinute) / 175))
        let (floats, durations) = try model.run(ids: ids, scales: [voice.noiseScale, voice.lengthScale / Float(speed), voice.noiseW],
                                                durationOutput: durationOutput)
        let peak = max(0.01, floats.reduce(0) { max($0, abs($1)) })
        let samples = floats.map { Int16(max(-32767, min(32767, $0 * 32767 / peak))) }
        try samples.withUnsafeBufferPointer { try audio($0) }
        // Samples per duration frame (256 for Piper's voices), from the model's own output.
        let frames = durations.reduce(0, +)
        guard frames > 0, durations.count == ids.count else {
            return words.map { WordEvent(textPosition: $0.start + 1, length: $0.length, sample: 0) }
        }
        let perFrame = Double(samples.count) / Double(frames)
        var before = [Double](repeating: 0, count: ids.count + 1)
        for i in ids.indices { before[i + 1] = before[i] + Double(durations[i]) }
        return zip(words, starts).map { word, start in
            let id = start < counted.count ? counted[start] : ids.count - 1
            return WordEvent(textPosition: word.start + 1, length: word.length, sample: Int(before[id] * perFrame))
        }
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
