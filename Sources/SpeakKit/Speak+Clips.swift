import Foundation
import SpeakAudio
import SpeakLibrary
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

    var encoder: EncoderSettings {
        switch self {
        case .wav: EncoderSettings(format: .wav)
        case .mp3: EncoderSettings(format: .mp3)
        case .opus: EncoderSettings(format: .opus)
        }
    }

    var mimeType: String {
        switch self {
        case .wav: "audio/wav"
        case .mp3: "audio/mpeg"
        case .opus: "audio/ogg; codecs=opus"
        }
    }
}

extension Speak {
    /// The speech of `document` from word `from`: whole sentences until at least
    /// `minimumWords` words are said (the rest of the document when fewer are left), by
    /// `voice` (nil: the document's language's) at `speed`, with the document's skip rules.
    public func speechClip(of document: Document, from: Int, minimumWords: Int, voice: String?, speed: Double,
                           format: ClipFormat = .wav) throws -> SpeechClip {
        let speech = try speechOptions(for: document, request: SpeechRequest())
        var settings = try voiceSettings(voice: voice ?? defaultVoice(for: document.metadata.language), speed: speed, wordsPerMinute: nil)
        settings.speech = speech
        let engine = try self.engine(for: settings, requested: voice)
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

    /// Loads `voice` (nil: the default voice for `language`) so that the first clip it speaks
    /// does not wait for it: a neural model takes about a second to load, once per process.
    public func prepareVoice(_ voice: String?, language: String?) throws {
        let settings = try voiceSettings(voice: voice ?? defaultVoice(for: language), speed: 1, wordsPerMinute: nil)
        _ = try engine(for: settings, requested: voice)
    }

    /// A document of the library, whole.
    public func storedDocument(id: Int64) throws(LibraryError) -> Document {
        try library().document(id: id)
    }

    /// Saves where the listener of document `id` is (a browser's position, as the player saves its own).
    public func savePosition(documentID id: Int64, word: Int, speed: Double?, finished: Bool = false) throws(LibraryError) {
        try library().savePosition(documentID: id, wordIndex: word, speed: speed, finished: finished)
    }
}
