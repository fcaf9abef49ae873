import SpeakModel

/// The audio of one sentence chunk (with the paragraph pause after it, if any) and when each
/// of its words starts, in samples of the stream it belongs to.
public struct SpeechPiece: Sendable {
    /// PCM, 16-bit mono at the engine's rate; empty when the piece was only timed.
    public var samples: [Int16]
    /// Stream position of the piece's first sample.
    public var startSample: Int
    /// Length of the piece in samples (also when `samples` was not kept).
    public var sampleCount: Int
    /// Every word of the chunk, with stream samples.
    public var words: [TimedWord]
    public var endSample: Int { startSample + sampleCount }
}

/// Speaks a document chunk by chunk with an engine. `run` streams the audio to a consumer on
/// the calling thread; `SpeechStream` runs the same chunks ahead on the engine thread.
public final class Synthesizer {
    public let engine: any SpeechEngine
    public var settings: VoiceSettings

    /// Openings made ahead of time (`prepare`), used when their chunk is asked for.
    let prepared = PreparedPieces()

    public init(engine: any SpeechEngine, settings: VoiceSettings) {
        self.engine = engine
        self.settings = settings
    }

    /// Synthesizes `chunk` now with the current settings and keeps it for when it is asked
    /// for (unless it is kept already).
    func prepare(_ chunk: SpeechChunk) throws {
        guard !prepared.contains(chunk, settings: settings) else { return }
        prepared.keep(try piece(for: chunk, startingAt: 0), for: chunk, settings: settings)
    }

    /// Pause after a paragraph, in seconds at 175 wpm; it shrinks as the rate grows.
    static let paragraphPause = 0.35
    /// Pause after a line of verse inside its stanza, likewise.
    static let linePause = 0.2

    /// Synthesizes `document` from global word `fromWord` up to `toWord` (exclusive, at a
    /// sentence start); `audio` receives PCM in order and `progress` the fraction of words done.
    /// Returns the timeline of every spoken word, with samples counted from this run's start.
    /// `byClause`: long sentences go to the engine a clause at a time (nil: as it prefers).
    public func run(_ document: Document, fromWord: Int = 0, toWord: Int = .max, includeSkipped: Bool = false, byClause: Bool? = nil,
                    audio: (UnsafeBufferPointer<Int16>) throws -> Void,
                    progress: ProgressHandler? = nil) throws -> Timeline {
        try Self.check(fromWord, in: document)
        var timeline = Timeline(sampleRate: engine.sampleRate)
        let span = Double(max(1, min(toWord, document.wordCount) - fromWord))
        for chunk in ChunkPlanner.sequence(of: document, fromWord: fromWord, toWord: toWord, includeSkipped: includeSkipped,
                                           speech: settings.speech, byClause: byClause ?? engine.speaksByClause) {
            let piece = try self.piece(for: chunk, startingAt: timeline.totalSamples)
            try piece.samples.withUnsafeBufferPointer { try audio($0) }
            if chunk.startsSentence { timeline.sentenceStarts.append(timeline.words.count) }
            timeline.words += piece.words
            timeline.totalSamples = piece.endSample
            progress?(Double(chunk.firstWord + chunk.wordSpans.count - fromWord) / span)
        }
        guard !timeline.words.isEmpty else { throw SynthesisError.nothingToSpeak }
        return timeline
    }

    static func check(_ fromWord: Int, in document: Document) throws(SynthesisError) {
        guard fromWord >= 0, fromWord < max(1, document.wordCount) else {
            throw .wordOutOfRange(fromWord, count: document.wordCount)
        }
    }

    /// Synthesizes one chunk into a piece that starts at stream sample `base`. Without
    /// `keepAudio` only the timing is kept (seeking ahead needs times, not sound);
    /// `shouldStop` is asked between audio buffers and aborts with `SynthesisCancelled`.
    func piece(for chunk: SpeechChunk, startingAt base: Int, keepAudio: Bool = true,
               shouldStop: () -> Bool = { false }) throws -> SpeechPiece {
        if keepAudio, let made = prepared.take(chunk, settings: settings, base: base) { return made }
        var samples: [Int16] = []
        var delivered = 0
        var settings = self.settings
        if let voice = chunk.voice { settings.voice = voice }
        let events = try engine.synthesize(chunk.text, settings: settings) { buffer in
            if shouldStop() { throw SynthesisCancelled() }
            delivered += buffer.count
            if keepAudio { samples.append(contentsOf: buffer) }
        }
        return Self.assemble(chunk, samples: samples, delivered: delivered, events: events, base: base, keepAudio: keepAudio,
                             wordsPerMinute: settings.wordsPerMinute, sampleRate: engine.sampleRate)
    }

    /// The piece of `chunk` from the engine's output (`delivered` samples, kept in `samples`
    /// when `keepAudio`), starting at stream sample `base`: the events placed on the chunk's
    /// words, and the pause after its block added.
    static func assemble(_ chunk: SpeechChunk, samples: [Int16], delivered: Int, events: [WordEvent], base: Int, keepAudio: Bool,
                         wordsPerMinute: Int, sampleRate: Int) -> SpeechPiece {
        var samples = samples
        let starts = EventMapper.wordStarts(words: chunk.wordSpans, events: events, audioSamples: delivered)
        let words = starts.enumerated().map { i, start in
            TimedWord(index: chunk.firstWord + i, startSample: base + start,
                      endSample: base + (i + 1 < starts.count ? starts[i + 1] : delivered), skipped: chunk.skippedWords.contains(i))
        }
        var count = delivered
        if chunk.endsBlock, !chunk.endsDocument {
            let pause = Int((chunk.endsLine ? Self.linePause : Self.paragraphPause) * 175 / Double(max(80, wordsPerMinute)) * Double(sampleRate))
            count += pause
            if keepAudio { samples.append(contentsOf: repeatElement(0, count: pause)) }
        }
        return SpeechPiece(samples: samples, startSample: base, sampleCount: count, words: words)
    }
}

/// Thrown inside synthesis when its result is no longer wanted (the stream was sought).
struct SynthesisCancelled: Error {}
