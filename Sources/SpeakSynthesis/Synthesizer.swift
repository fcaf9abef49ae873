import SpeakModel

/// Speaks a document chunk by chunk with an engine, streaming the audio to a consumer and
/// building the timeline as it goes: memory stays flat however long the document is.
public final class Synthesizer {
    public let engine: any SpeechEngine
    public var settings: VoiceSettings

    public init(engine: any SpeechEngine, settings: VoiceSettings) {
        self.engine = engine
        self.settings = settings
    }

    /// Pause after a paragraph, in seconds at 175 wpm; it shrinks as the rate grows.
    static let paragraphPause = 0.35

    /// Synthesizes `document` from global word `fromWord` up to `toWord` (exclusive, at a
    /// sentence start); `audio` receives PCM in order and `progress` the fraction of words done.
    /// Returns the timeline of every spoken word, with samples counted from this run's start.
    public func run(_ document: Document, fromWord: Int = 0, toWord: Int = .max, includeSkipped: Bool = false,
                    audio: (UnsafeBufferPointer<Int16>) throws -> Void,
                    progress: ProgressHandler? = nil) throws -> Timeline {
        guard fromWord >= 0, fromWord < max(1, document.wordCount) else {
            throw SynthesisError.wordOutOfRange(fromWord, count: document.wordCount)
        }
        var timeline = Timeline(sampleRate: engine.sampleRate)
        let pauseSamples = Int(Self.paragraphPause * 175 / Double(max(80, settings.wordsPerMinute)) * Double(engine.sampleRate))
        let silence = [Int16](repeating: 0, count: pauseSamples)
        let span = Double(max(1, min(toWord, document.wordCount) - fromWord))
        for chunk in ChunkPlanner.sequence(of: document, fromWord: fromWord, toWord: toWord, includeSkipped: includeSkipped) {
            let base = timeline.totalSamples
            var delivered = 0
            let events = try engine.synthesize(chunk.text, settings: settings) { samples in
                delivered += samples.count
                try audio(samples)
            }
            timeline.sentenceStarts.append(timeline.words.count)
            let starts = EventMapper.wordStarts(words: chunk.wordSpans, events: events, audioSamples: delivered)
            for (i, start) in starts.enumerated() {
                let end = i + 1 < starts.count ? starts[i + 1] : delivered
                timeline.words.append(TimedWord(index: chunk.firstWord + i, startSample: base + start, endSample: base + end))
            }
            timeline.totalSamples += delivered
            if chunk.endsBlock, !chunk.endsDocument, !silence.isEmpty {
                try silence.withUnsafeBufferPointer { try audio($0) }
                timeline.totalSamples += silence.count
            }
            progress?(Double(chunk.firstWord + chunk.wordSpans.count - fromWord) / span)
        }
        guard !timeline.words.isEmpty else { throw SynthesisError.nothingToSpeak }
        return timeline
    }
}
