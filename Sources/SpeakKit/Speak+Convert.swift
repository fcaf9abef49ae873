import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakModel
import SpeakSynthesis

/// What the user asked for when converting a document to audio.
public struct ConvertRequest: Sendable {
    /// The WAV file to write.
    public var output: String
    /// A timing file (.json, .vtt or .srt), if wanted.
    public var timings: String?
    /// One cue per word in .vtt/.srt instead of one per sentence.
    public var wordCues = false
    /// Global index of the first word to speak.
    public var fromWord = 0
    public var voice: String?
    /// Multiplier of the voice's normal rate (0.5…4.5).
    public var speed: Double?
    /// Rate in words per minute; wins over `speed`.
    public var wordsPerMinute: Int?
    /// Speak skipped blocks (headers, page numbers, …) too.
    public var readAll = false
    /// Replace an existing output file.
    public var overwrite = false

    public init(output: String) {
        self.output = output
    }
}

/// What a conversion produced.
public struct ConversionSummary: Sendable, Codable {
    public var output: String
    public var timings: String?
    public var words: Int
    public var audioSeconds: Double
    public var wallSeconds: Double
    public var realTimeFactor: Double { wallSeconds > 0 ? audioSeconds / wallSeconds : 0 }
}

/// A speed or rate outside what the engine can do.
public struct SpeedError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }
}

extension Speak {
    /// Speed multipliers users may ask for, like the best reading apps.
    public static let speedRange = 0.5...4.5

    /// Converts a file or library document to a WAV file (and a timing file), streaming the
    /// audio to disk; a partial file is removed when anything fails.
    public func convert(_ input: InputReference, request: ConvertRequest,
                        progress: ProgressHandler? = nil) throws -> ConversionSummary {
        let started = Date()
        let settings = try voiceSettings(request)
        if FileManager.default.fileExists(atPath: request.output), !request.overwrite {
            throw AudioOutputError(path: request.output, reason: "the file exists; pass --force to replace it")
        }
        if let timings = request.timings, TimingWriter.format(forPath: timings) == nil {
            throw InputUsageError(message: "timing file '\(timings)' must end in .json, .vtt or .srt")
        }
        let document = try self.document(input)
        let engine = try ESpeakEngine.shared()
        let writer = try WAVWriter(path: request.output, sampleRate: engine.sampleRate)
        let timeline: Timeline
        do {
            timeline = try Synthesizer(engine: engine, settings: settings).run(
                document, fromWord: request.fromWord, includeSkipped: request.readAll,
                audio: { try writer.write($0) }, progress: progress)
            try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
        if let timings = request.timings {
            try TimingWriter.write(timeline, of: document, to: timings, wordCues: request.wordCues)
        }
        return ConversionSummary(output: request.output, timings: request.timings, words: timeline.words.count,
                                 audioSeconds: timeline.seconds(timeline.totalSamples),
                                 wallSeconds: Date().timeIntervalSince(started))
    }

    /// Voice and rate from the request, falling back to the config file.
    func voiceSettings(_ request: ConvertRequest) throws -> VoiceSettings {
        if let wpm = request.wordsPerMinute, !(80...1000).contains(wpm) {
            throw SpeedError(message: "--wpm \(wpm) is out of range; use 80…1000 words per minute")
        }
        if let speed = request.speed, !Self.speedRange.contains(speed) {
            throw SpeedError(message: "--speed \(speed) is out of range; use \(Self.speedRange.lowerBound)…\(Self.speedRange.upperBound)")
        }
        let wpm = request.wordsPerMinute ?? Int((config.wordsPerMinute * (request.speed ?? config.speed)).rounded())
        return VoiceSettings(voice: request.voice ?? config.voice, wordsPerMinute: wpm)
    }

    /// The language voices of the speech engine, optionally only those for `language`.
    public func voices(language: String? = nil) -> [ESpeakVoice] {
        let all = ESpeakVoices.all()
        guard let language = language?.lowercased() else { return all }
        return all.filter { voice in voice.languages.contains { $0.lowercased().hasPrefix(language) } }
    }
}
