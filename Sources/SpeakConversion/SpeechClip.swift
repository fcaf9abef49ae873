import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// A stretch of a document's speech for a client that plays it itself (the web reader): the
/// audio as a file, and when each word is heard in it.
public struct SpeechClip: Sendable {
    /// One word heard: its document index and its time in the clip, in seconds.
    public struct Word: Sendable, Equatable, Codable {
        public var index: Int
        public var start: Double
        public var end: Double
    }

    public var audio: Data
    public var mimeType: String
    public var words: [Word]
    /// Document indices of the words that start a sentence in the clip.
    public var sentenceStarts: [Int]
    public var duration: Double
    /// The word the next clip starts at; nil when this one reaches the end of the document.
    public var nextWord: Int?
}

/// Audio formats a browser decodes by itself.
public enum ClipFormat: String, Sendable, CaseIterable {
    case wav, mp3, opus

    /// The encoder of the format.
    public var encoder: EncoderSettings {
        switch self {
        case .wav: EncoderSettings(format: .wav)
        case .mp3: EncoderSettings(format: .mp3)
        case .opus: EncoderSettings(format: .opus)
        }
    }

    /// The type a browser is told.
    public var mimeType: String {
        switch self {
        case .wav: "audio/wav"
        case .mp3: "audio/mpeg"
        case .opus: "audio/ogg; codecs=opus"
        }
    }
}

extension SpeechClip {
    /// The speech of `document` from word `from`: whole sentences until at least
    /// `minimumWords` words are said (the rest of the document when fewer are left), by
    /// `engine` with `settings` (its voice, rate and spoken-text options), encoded as `format`.
    public static func make(of document: Document, from: Int, minimumWords: Int, engine: any SpeechEngine,
                            settings: VoiceSettings, format: ClipFormat) throws -> SpeechClip {
        let speech = settings.speech
        var said = 0
        var end: Int?
        for chunk in ChunkPlanner.sequence(of: document, fromWord: from, speech: speech, byClause: engine.speaksByClause) {
            said += chunk.wordSpans.count
            if said >= minimumWords {
                end = chunk.firstWord + chunk.wordSpans.count
                break
            }
        }
        let encoder = try SegmentEncoders.make(format.encoder, sampleRate: engine.sampleRate)
        let timeline = try Synthesizer(engine: engine, settings: settings)
            .run(document, fromWord: from, toWord: end ?? .max, audio: { try encoder.write($0) })
        let encoded = try encoder.finish()
        let rate = Double(engine.sampleRate)
        // An MP3 decoder plays the encoder's delay before the first sample; an Opus decoder
        // drops it (the stream's pre-skip).
        let lead = format == .mp3 ? Double(encoded.leadIn) / rate : 0
        let words = timeline.words.filter { !$0.skipped }.map {
            SpeechClip.Word(index: $0.index, start: lead + Double($0.startSample) / rate, end: lead + Double($0.endSample) / rate)
        }
        let next = end.flatMap { end in document.blocks.contains { $0.isSpoken && $0.wordIndices.upperBound > end } ? end : nil }
        return SpeechClip(audio: encoded.standaloneFile(sampleRate: engine.sampleRate) ?? Data(), mimeType: format.mimeType,
                          words: words,
                          sentenceStarts: timeline.sentenceStarts.compactMap { timeline.words.indices.contains($0) ? timeline.words[$0].index : nil },
                          duration: lead + Double(timeline.totalSamples) / rate, nextWord: next)
    }
}
