import SpeakModel
import SpeakSpeech

/// A word event reported by a speech engine while it synthesizes one chunk of text.
public struct WordEvent: Sendable, Equatable {
    /// 1-based position of the event in the chunk text, in Unicode scalars (eSpeak's unit).
    public var textPosition: Int
    /// Length in scalars (0 for clause-end events).
    public var length: Int
    /// Sample index relative to the start of the chunk's audio.
    public var sample: Int

    public init(textPosition: Int, length: Int, sample: Int) {
        self.textPosition = textPosition
        self.length = length
        self.sample = sample
    }
}

/// Voice and rate for synthesis.
public struct VoiceSettings: Sendable, Equatable {
    /// Engine voice name, e.g. "en-us" or "en-gb+f3".
    public var voice: String
    /// Speaking rate in words per minute.
    public var wordsPerMinute: Int
    /// Base pitch 0…100 (nil: the voice's own, eSpeak's 50).
    public var pitch: Int?
    /// Pitch range 0…100: 0 is monotone (nil: the voice's own).
    public var range: Int?
    /// How the text is said: its language's rules, skip rules and lexicon (as written by default).
    public var speech: SpeechOptions

    public init(voice: String = "en-us", wordsPerMinute: Int = 175, pitch: Int? = nil, range: Int? = nil,
                speech: SpeechOptions = .asWritten) {
        self.voice = voice
        self.wordsPerMinute = wordsPerMinute
        self.pitch = pitch
        self.range = range
        self.speech = speech
    }
}

/// A speech engine: turns one chunk of text into 16-bit mono PCM and word events.
///
/// Engines are used from one thread at a time; eSpeak-NG keeps all its state in globals.
public protocol SpeechEngine: AnyObject {
    /// Samples per second of the PCM the engine produces.
    var sampleRate: Int { get }

    /// Synthesizes `text`, handing audio to `audio` as it is produced, and returns the word
    /// events with samples relative to the start of this chunk.
    func synthesize(_ text: String, settings: VoiceSettings,
                    audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent]

    /// Sentences left silent because the engine could not say them (0 for most engines).
    var silencedSentences: Int { get }

    /// True for a slow engine (a neural voice): long sentences are given to it a few clauses
    /// at a time, so playback starts after the first clause instead of the whole sentence.
    var speaksByClause: Bool { get }
}

extension SpeechEngine {
    public var silencedSentences: Int { 0 }
    public var speaksByClause: Bool { false }
}

/// A chunk's audio and word events, as `SpeechEngine.synthesize` reports them.
public struct RenderedSpeech: Sendable {
    public var samples: [Int16]
    public var events: [WordEvent]

    public init(samples: [Int16], events: [WordEvent]) {
        self.samples = samples
        self.events = events
    }
}

/// An engine whose work on a chunk comes in two parts: a first part that runs one call at a
/// time on the engine thread (eSpeak-NG's phonemes), and a render that runs on any thread, as
/// many at once as there are `lanes` (a neural model's inference). A conversion keeps every
/// lane busy with the chunks after the one it is writing.
public protocol LanedSpeechEngine: SpeechEngine {
    /// Renders worth running at once (1: one after another).
    var lanes: Int { get }

    /// The first part of synthesizing `text`; the render it returns does the rest, on any
    /// thread, and gives what `synthesize` would have.
    func stage(_ text: String, settings: VoiceSettings) throws -> @Sendable () throws -> RenderedSpeech
}

/// Why synthesis failed.
public enum SynthesisError: UserFacingError, Equatable {
    case engineUnavailable(String)
    case unknownVoice(String, suggestions: [String])
    case engineFailed(String)
    case nothingToSpeak
    case wordOutOfRange(Int, count: Int)

    public var message: String {
        switch self {
        case .engineUnavailable(let reason):
            "the speech engine is not available: \(reason); install espeak-ng-data (scripts/bootstrap)"
        case .unknownVoice(let voice, let suggestions):
            "unknown voice '\(voice)'" + (suggestions.isEmpty ? "; 'speak voices' lists them" : "; did you mean \(suggestions.joined(separator: ", "))?")
        case .engineFailed(let reason):
            "speech synthesis failed: \(reason)"
        case .nothingToSpeak:
            "the document has no words to speak"
        case .wordOutOfRange(let word, let count):
            "word \(word) is out of range: the document has \(count) words (0…\(max(0, count - 1)))"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .engineUnavailable: .unavailable
        case .unknownVoice: .usage
        case .engineFailed: .software
        case .nothingToSpeak: .dataError
        case .wordOutOfRange: .usage
        }
    }
}
