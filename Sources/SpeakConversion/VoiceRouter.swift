import SpeakSynthesis

/// A neural voice that hands paragraphs in other languages (chunks with a voice of their own)
/// to eSpeak-NG, at the neural voice's sample rate, so one stream carries both.
final class VoiceRouter: LanedSpeechEngine {
    private let neural: any SpeechEngine
    private let name: String
    private let espeak: GuardedEngine

    init(neural: any SpeechEngine, name: String, espeak: GuardedEngine) {
        self.neural = neural
        self.name = name.lowercased()
        self.espeak = espeak
    }

    var sampleRate: Int { neural.sampleRate }
    var silencedSentences: Int { espeak.silencedSentences }
    var speaksByClause: Bool { neural.speaksByClause }
    var lanes: Int { (neural as? any LanedSpeechEngine)?.lanes ?? 1 }

    /// The neural voice's first part; a paragraph eSpeak-NG reads is said now, and its render
    /// only hands it over.
    func stage(_ text: String, settings: VoiceSettings) throws -> @Sendable () throws -> RenderedSpeech {
        if settings.voice.lowercased() == name, let laned = neural as? any LanedSpeechEngine {
            return try laned.stage(text, settings: settings)
        }
        var samples: [Int16] = []
        let events = try synthesize(text, settings: settings) { samples.append(contentsOf: $0) }
        let said = RenderedSpeech(samples: samples, events: events)
        return { said }
    }

    func synthesize(_ text: String, settings: VoiceSettings,
                    audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        if settings.voice.lowercased() == name { return try neural.synthesize(text, settings: settings, audio: audio) }
        let engine = espeak
        guard engine.sampleRate != sampleRate else { return try engine.synthesize(text, settings: settings, audio: audio) }
        var samples: [Int16] = []
        let events = try engine.synthesize(text, settings: settings) { samples.append(contentsOf: $0) }
        let ratio = Double(sampleRate) / Double(engine.sampleRate)
        try Self.resample(samples, ratio: ratio).withUnsafeBufferPointer { try audio($0) }
        return events.map { WordEvent(textPosition: $0.textPosition, length: $0.length, sample: Int((Double($0.sample) * ratio).rounded())) }
    }

    /// Linear interpolation to `ratio` times as many samples (speech, not music: enough).
    static func resample(_ samples: [Int16], ratio: Double) -> [Int16] {
        guard !samples.isEmpty, ratio != 1 else { return samples }
        let count = Int((Double(samples.count) * ratio).rounded())
        return (0..<count).map { i in
            let x = Double(i) / ratio
            let k = min(samples.count - 1, Int(x))
            let next = min(samples.count - 1, k + 1)
            let f = x - Double(k)
            return Int16((Double(samples[k]) * (1 - f) + Double(samples[next]) * f).rounded())
        }
    }
}
