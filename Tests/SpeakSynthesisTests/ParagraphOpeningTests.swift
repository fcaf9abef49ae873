import Foundation
import SpeakModel
@testable import SpeakSynthesis
import Testing

/// FakeEngine's speech, asking for clauses as a neural voice does; records what it is given.
private final class SlowVoice: SpeechEngine, @unchecked Sendable {
    let sampleRate = 1000
    var speaksByClause: Bool { true }
    private let fake = FakeEngine()
    private let lock = NSLock()
    private var texts: [String] = []

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        lock.withLock { texts.append(text) }
        return try fake.synthesize(text, settings: settings, audio: audio)
    }

    func given(containing part: String) -> Int { lock.withLock { texts.filter { $0.contains(part) }.count } }
    var given: [String] { lock.withLock { texts } }
}

/// A slow engine is not heard thinking at a paragraph jump: the opening of the paragraph after
/// the one being heard is made ahead, and used by a jump there or when speech reaches it.
@Suite struct ParagraphOpeningTests {
    let settings = VoiceSettings(wordsPerMinute: 175)

    @Test func aJumpToTheNextParagraphTakesItsOpeningMadeAhead() throws {
        let doc = longDocument(paragraphs: 4)
        let engine = SlowVoice()
        let stream = try SpeechStream(document: doc, engine: engine, settings: settings, aheadSeconds: 0.2)
        _ = try stream.next()
        let deadline = Date().addingTimeInterval(5)
        while engine.given(containing: "Paragraph 1 ") == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(engine.given(containing: "Paragraph 1 ") == 1, "made ahead: \(engine.given)")
        #expect(engine.given(containing: "Paragraph 2 ") == 0, "only the next paragraph's opening")
        let at = stream.position
        try stream.jump(toWord: doc.blocks[1].firstWord)
        let piece = try #require(try stream.next())
        #expect(piece.words.first?.index == doc.blocks[1].firstWord)
        #expect(Double(piece.startSample) / 1000 == at && piece.words.first?.startSample == piece.startSample)
        #expect(engine.given(containing: "Paragraph 1 ") == 1, "the jump synthesized nothing again")
        // The same sound and times as the opening said on its own.
        let alone = try SpeechStream(document: doc, engine: SlowVoice(), settings: settings, fromWord: doc.blocks[1].firstWord, aheadSeconds: 0.2)
        let expected = try #require(try alone.next())
        #expect(piece.samples == expected.samples)
        #expect(piece.words.map { $0.startSample - piece.startSample } == expected.words.map { $0.startSample - expected.startSample })
        // Speech goes on from there, and the paragraph after it is made ahead in turn.
        while engine.given(containing: "Paragraph 2 ") == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(engine.given(containing: "Paragraph 2 ") == 1)
    }

    @Test func speechReachingAnOpeningMadeAheadSoundsAsItWouldHaveAndSaysEachClauseOnce() throws {
        let doc = longDocument(paragraphs: 5)
        let engine = SlowVoice()
        let pieces = try drain(try SpeechStream(document: doc, engine: engine, settings: settings, aheadSeconds: 0.5))
        var direct: [Int16] = []
        let once = SlowVoice()
        let timeline = try Synthesizer(engine: once, settings: settings).run(doc, audio: { direct.append(contentsOf: $0) })
        #expect(pieces.flatMap(\.samples) == direct)
        #expect(pieces.flatMap(\.words) == timeline.words)
        // The same clauses as a direct run, each once; the openings made ahead come earlier.
        #expect(engine.given.sorted() == once.given.sorted(), "\(engine.given)")
        for p in 0..<5 { #expect(engine.given(containing: "Paragraph \(p) ") == 1) }
    }
}
