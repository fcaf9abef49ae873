import Foundation
import SpeakAudio
import SpeakModel
@testable import SpeakSynthesis
import Testing

/// Records the thread and settings of every call; fails on a chunk containing "boom".
final class RecordingEngine: SpeechEngine, @unchecked Sendable {
    let sampleRate = 1000
    private let fake = FakeEngine()
    private let lock = NSLock()
    private var calls: [(text: String, onEngineThread: Bool, wpm: Int)] = []

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        lock.withLock { calls.append((text, EngineThread.shared.isCurrent, settings.wordsPerMinute)) }
        if text.contains("boom") { throw SynthesisError.engineFailed("boom") }
        return try fake.synthesize(text, settings: settings, audio: audio)
    }

    var recorded: [(text: String, onEngineThread: Bool, wpm: Int)] { lock.withLock { calls } }
}

/// Twenty paragraphs of three sentences: long enough to seek around in.
func longDocument(paragraphs: Int = 20) -> Document {
    document((0..<paragraphs).map { p in "Paragraph \(p) starts here. It has a middle sentence with words. And it ends now." })
}

func drain(_ stream: SpeechStream) throws -> [SpeechPiece] {
    var pieces: [SpeechPiece] = []
    while let piece = try stream.next() { pieces.append(piece) }
    return pieces
}

@Suite struct SpeechStreamTests {
    let settings = VoiceSettings(wordsPerMinute: 175)

    @Test func streamGivesTheSameAudioAndTimesAsADirectRunOnTheEngineThread() throws {
        let doc = longDocument(paragraphs: 3)
        var direct: [Int16] = []
        let timeline = try Synthesizer(engine: FakeEngine(), settings: settings).run(doc, audio: { direct.append(contentsOf: $0) })
        let engine = RecordingEngine()
        let pieces = try drain(try SpeechStream(document: doc, engine: engine, settings: settings, aheadSeconds: 1))
        #expect(pieces.flatMap(\.samples) == direct)
        #expect(pieces.flatMap(\.words) == timeline.words)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.endSample == $1.startSample })
        #expect(engine.recorded.allSatisfy { $0.onEngineThread })
    }

    @Test func seekAheadLandsOnTheWordSoundingThenAndSpeechContinuesFromIt() throws {
        let doc = longDocument()
        let timeline = try Synthesizer(engine: FakeEngine(), settings: settings).run(doc, audio: { _ in })
        let stream = try SpeechStream(document: doc, engine: RecordingEngine(), settings: settings, aheadSeconds: 0.5)
        _ = try stream.next()
        let target = timeline.seconds(timeline.totalSamples) * 0.7
        let expected = try #require(timeline.word(at: target))
        #expect(try stream.seek(to: target) == expected.index)
        #expect(stream.position == timeline.seconds(expected.startSample))
        let piece = try #require(try stream.next())
        #expect(piece.words.first?.index == expected.index)
        #expect(piece.startSample == expected.startSample)
        #expect(piece.samples.count == piece.sampleCount, "audio after a seek is kept")
    }

    @Test func skipBackWithinWhatWasHeardAndForwardAgain() throws {
        let doc = longDocument()
        let stream = try SpeechStream(document: doc, engine: RecordingEngine(), settings: settings)
        var heard: [TimedWord] = []
        for _ in 0..<9 { heard += try #require(try stream.next()).words }
        let before = stream.position
        let word = try #require(try stream.skip(by: -10))
        let landing = try #require(heard.first { $0.index == word })
        #expect(landing.startSample <= Int((before - 10) * 1000))
        #expect(heard.first { $0.index == word + 1 }.map { $0.startSample > Int((before - 10) * 1000) } ?? true)
        let again = try #require(try stream.next())
        #expect(again.words.first?.index == word && again.startSample == landing.startSample)
        let forward = try #require(try stream.skip(by: 3))
        #expect(forward > word)
    }

    @Test func skipBackBeforeTheStartingWordTimesTheTextBeforeIt() throws {
        let doc = longDocument()
        let start = 200
        let stream = try SpeechStream(document: doc, engine: RecordingEngine(), settings: settings, fromWord: start)
        let first = try #require(try stream.next())
        #expect(first.words.first?.index == start && first.startSample == 0)
        let word = try #require(try stream.skip(by: -8, from: 0))
        #expect(word < start)
        let piece = try #require(try stream.next())
        #expect(piece.words.first?.index == word)
        #expect(piece.startSample <= -8000, "times before the start are negative and reach the target")
        #expect(piece.startSample > -8000 - 3000, "but not much further back than asked")
        // Back past the beginning of the document: the first word.
        #expect(try stream.seek(to: -100_000) == 0)
    }

    /// ← from a start in the middle of a long sentence once jumped forward (3,003 → 3,039):
    /// the sentence's words after the start were timed again, before it.
    @Test func skipBackFromAMidSentenceStartLandsBeforeIt() throws {
        let doc = longDocument(), start = 200
        let timeline = try Synthesizer(engine: FakeEngine(), settings: settings).run(doc, audio: { _ in })
        let stream = try SpeechStream(document: doc, engine: RecordingEngine(), settings: settings, fromWord: start)
        _ = try #require(try stream.next())
        let word = try #require(try stream.skip(by: -2, from: 0))
        #expect(word < start)
        let at = timeline.seconds(timeline.words[start].startSample) - 2
        #expect(word == timeline.word(at: at)?.index)
    }

    @Test func seekPastTheEndEndsTheStream() throws {
        let stream = try SpeechStream(document: longDocument(paragraphs: 2), engine: RecordingEngine(), settings: settings)
        #expect(try stream.seek(to: 100_000) == nil)
        #expect(try stream.next() == nil)
    }

    @Test func jumpAndSpeedChangeRestartAtAWord() throws {
        let engine = RecordingEngine()
        let stream = try SpeechStream(document: longDocument(), engine: engine, settings: settings)
        _ = try stream.next()
        try stream.jump(toWord: 100)
        let piece = try #require(try stream.next())
        #expect(piece.words.first?.index == 100)
        stream.change(settings: VoiceSettings(wordsPerMinute: 350))
        let faster = try #require(try stream.next())
        #expect(faster.words.first?.index ?? 0 >= 100)
        #expect(engine.recorded.last?.wpm == 350)
        #expect(throws: SynthesisError.wordOutOfRange(99_999, count: longDocument().wordCount)) { try stream.jump(toWord: 99_999) }
    }

    @Test func engineFailureReachesTheConsumer() throws {
        let stream = try SpeechStream(document: document(["Fine first.", "Then boom here."]), engine: RecordingEngine(), settings: settings)
        #expect(throws: SynthesisError.engineFailed("boom")) { _ = try drain(stream) }
    }
}

@Suite struct TimelineFileTests {
    @Test func recordsRoundTripWithSentenceStarts() throws {
        let path = NSTemporaryDirectory() + "speak-timeline-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let part = try TimelineFile(path: path)
        try part.append(sentence: [TimedWord(index: 5, startSample: 0, endSample: 10), TimedWord(index: 6, startSample: 10, endSample: 30)])
        try part.append(sentence: [TimedWord(index: 7, startSample: 30, endSample: 1 << 40)])
        try part.finish()
        let records = Array(try part.records())
        #expect(records.map(\.word.index) == [5, 6, 7])
        #expect(records.map(\.word.endSample) == [10, 30, 1 << 40])
        #expect(records.map(\.startsSentence) == [true, false, true])
        #expect(part.wordCount == 3 && TimelineFile.wordCount(at: path) == 3)
    }
}
