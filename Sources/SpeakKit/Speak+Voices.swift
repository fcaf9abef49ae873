import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakModel
import SpeakNeural
import SpeakSynthesis

/// The voices `speak voices` lists: the presets, then every language eSpeak ships.
public struct VoiceList: Sendable, Codable {
    public var presets: [VoicePreset]
    public var languages: [Voice]
    /// Installed neural voices (Piper models).
    public var neural: [NeuralVoiceInfo] = []
}

/// A neural voice as `speak voices` lists it.
public struct NeuralVoiceInfo: Sendable, Codable, Equatable {
    public var name: String
    public var language: String
    public var quality: String
    public var sampleRate: Int
    /// From the voice's model card; nil when it has none.
    public var licence: String?
    public var model: String
}

/// No preset or engine voice speaks the language asked for.
public struct NoVoiceError: UserFacingError, Equatable {
    public var language: String
    public var message: String { "no voice matches '\(language)'; 'speak voices' lists every voice and its languages" }
    public var exitStatus: ExitStatus { .unavailable }
}

extension Speak {
    /// Keeps the speech engine's C diagnostics off the terminal (call once, from a command
    /// that synthesizes, after its arguments are parsed): `speak` reports problems itself.
    public static func silenceEngineDiagnostics() {
        ESpeakEngine.silenceDiagnostics()
    }

    /// What the preview says when the preset has no sentence of its own.
    public static let previewSentence = "Hi, would you like to use me as your voice?"

    /// The voice presets (`voices/` directories), read once.
    public func presets() throws(VoicePresetError) -> [VoicePreset] {
        if let loadedPresets { return loadedPresets }
        let presets = try VoicePresets.load(environment: environment)
        loadedPresets = presets
        return presets
    }

    /// Presets and engine languages, optionally only those for `language` (prefix match). A
    /// language no voice speaks is a `NoVoiceError`: an empty list would read as "no voices".
    public func voiceList(language: String? = nil) throws -> VoiceList {
        let all = ESpeakVoices.all()
        let neural = PiperVoice.installed(environment: environment).map {
            NeuralVoiceInfo(name: $0.name, language: $0.language, quality: $0.quality, sampleRate: $0.sampleRate, licence: $0.licence, model: $0.model)
        }
        guard let requested = language else { return VoiceList(presets: try presets(), languages: all, neural: neural) }
        let language = requested.lowercased()
        let list = VoiceList(presets: try presets().filter { $0.language.lowercased().hasPrefix(language) || $0.voice.lowercased().hasPrefix(language) },
                             languages: all.filter { voice in voice.languages.contains { $0.lowercased().hasPrefix(language) } },
                             neural: neural.filter { $0.language.lowercased().hasPrefix(language) })
        if list.presets.isEmpty, list.languages.isEmpty, list.neural.isEmpty { throw NoVoiceError(language: requested) }
        return list
    }

    /// Voice, rate, pitch and range for a voice name (a preset id or an eSpeak voice), a speed
    /// multiplier and a rate, falling back to the config file. A preset's own pace is the
    /// "normal rate" that `speed` multiplies.
    public func voiceSettings(voice: String?, speed: Double?, wordsPerMinute: Int?) throws -> VoiceSettings {
        if let wpm = wordsPerMinute, !(80...1000).contains(wpm) {
            throw SpeedError(message: "--wpm \(wpm) is out of range; use 80…1000 words per minute")
        }
        if let speed, !Self.speedRange.contains(speed) {
            throw SpeedError(message: "--speed \(speed) is out of range; use \(Self.speedRange.lowerBound)…\(Self.speedRange.upperBound)")
        }
        let name = voice ?? config.voice
        let preset = try presets().first { $0.id.lowercased() == name.lowercased() }
        let normal = config.wordsPerMinute * (preset?.speed ?? 1)
        let wpm = wordsPerMinute ?? min(1000, Int((normal * (speed ?? config.speed)).rounded()))
        return VoiceSettings(voice: preset?.engineVoice ?? name, wordsPerMinute: wpm, pitch: preset?.pitch, range: preset?.range)
    }

    func voiceSettings(_ request: ConvertRequest) throws -> VoiceSettings {
        try voiceSettings(voice: request.voice, speed: request.speed, wordsPerMinute: request.wordsPerMinute)
    }

    /// The voice for a document when none was asked for: an installed neural voice for the
    /// document's language (`<html lang>`, `--lang`; English when unknown) unless the config
    /// names a voice; else the configured voice if it speaks that language, else a preset for
    /// it, else eSpeak's voice for it; unknown languages keep the configured voice.
    func defaultVoice(for language: String?) throws -> String? {
        if !config.voiceIsSet, let neural = neuralDefault(for: language ?? config.voice) { return neural }
        guard let primary = language?.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init),
              !primary.isEmpty else { return nil }
        let configured = config.voice.lowercased()
        let configuredLanguage = try presets().first { $0.id.lowercased() == configured }?.language.lowercased() ?? configured
        if configuredLanguage == primary || configuredLanguage.hasPrefix(primary + "-") { return nil }
        if let preset = try presets().first(where: { $0.language.lowercased().split(separator: "-").first.map(String.init) == primary }) {
            return preset.id
        }
        return ESpeakVoices.all().first { $0.languages.contains { $0.lowercased() == primary } }?.identifier
    }

    /// The installed neural voice for `language` ("en-US", "de"): one of its region first,
    /// else one of its language; nil when none is installed.
    func neuralDefault(for language: String) -> String? {
        let wanted = language.lowercased().replacingOccurrences(of: "_", with: "-")
        guard let primary = wanted.split(separator: "-").first.map(String.init), !primary.isEmpty else { return nil }
        let voices = PiperVoice.installed(environment: environment)
        return (voices.first { $0.language.lowercased() == wanted }
            ?? voices.first { $0.language.lowercased().split(separator: "-").first.map(String.init) == primary })?.name
    }

    /// Selects the voice on the engine thread: an unknown voice fails here, before workers
    /// start or output files are created, with the close presets among the suggestions.
    func prepare(_ engine: ESpeakEngine, _ settings: VoiceSettings, requested: String?) throws {
        do {
            try EngineThread.shared.sync { try engine.prepare(settings) }
        } catch SynthesisError.unknownVoice(let voice, let suggestions) {
            let name = (requested ?? voice).lowercased()
            let presets = ((try? presets()) ?? []).map(\.id).filter { id in
                id.hasPrefix(String(name.prefix(2))) || name.hasPrefix(String(id.prefix(2)))
            }
            throw SynthesisError.unknownVoice(requested ?? voice, suggestions: Array((presets + suggestions).prefix(6)))
        }
    }

    /// Says a voice's sample sentence: on the audio device (`audio` "null" for the silent
    /// real-time sink), or into the WAV file `output` ("-" for standard output).
    public func previewVoice(_ name: String, output: String?, audio: String?) throws {
        let settings = try voiceSettings(voice: name, speed: nil, wordsPerMinute: nil)
        let preset = try presets().first { $0.id.lowercased() == name.lowercased() }
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: preset?.sample ?? Self.previewSentence)
        let document = builder.build(metadata: DocumentMetadata(title: "Preview", source: name, format: .text, contentHash: ""))
        let engine = try self.engine(for: settings, requested: name)
        let stream = try SpeechStream(document: document, engine: engine, settings: settings)
        // Fail on an unknown voice before touching the output.
        let first = try stream.next()
        if let output {
            let writer = try WAVWriter(path: output, sampleRate: engine.sampleRate)
            do {
                var piece = first
                while let current = piece {
                    try current.samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try writer.write(buffer) }
                    piece = try stream.next()
                }
                try writer.finish()
            } catch {
                writer.discard()
                throw error
            }
            return
        }
        let sink = try AudioOutput.open(name: audio ?? environment["SPEAK_AUDIO"], sampleRate: engine.sampleRate)
        var piece = first
        while let current = piece {
            try current.samples.withUnsafeBufferPointer { buffer throws(AudioDeviceError) in try sink.write(buffer) }
            piece = try stream.next()
        }
        sink.drain()
    }
}
