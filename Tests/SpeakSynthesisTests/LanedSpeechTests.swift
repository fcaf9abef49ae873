import Foundation
import SpeakModel
@testable import SpeakSynthesis
import Testing

/// `FakeEngine`'s sound and events, in two parts: the first part records whether it ran on the
/// engine thread; the render waits longer for shorter texts (so later chunks tend to finish
/// first) and records how many renders ran at once. A chunk containing "boom" fails in its render.
final class LanedFakeEngine: LanedSpeechEngine, @unchecked Sendable {
    let sampleRate = 1000
    let lanes: Int
    private let lock = NSLock()
    private var running = 0
    private(set) var mostAtOnce = 0
    private(set) var stagedOffEngineThread = 0

    init(lanes: Int) {
        self.lanes = lanes
    }

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        let rendered = try stage(text, settings: settings)()
        try rendered.samples.withUnsafeBufferPointer { try audio($0) }
        return rendered.events
    }

    func stage(_ text: String, settings: VoiceSettings) throws -> @Sendable () throws -> RenderedSpeech {
        if !EngineThread.shared.isCurrent { lock.withLock { stagedOffEngineThread += 1 } }
        return { [self] in
            lock.withLock {
                running += 1
                mostAtOnce = max(mostAtOnce, running)
            }
            defer { lock.withLock { running -= 1 } }
            Thread.sleep(forTimeInterval: max(0.001, 0.02 - Double(text.count) / 5000))
            if text.contains("boom") { throw SynthesisError.engineFailed("boom") }
            var samples: [Int16] = []
            let events = try FakeEngine().synthesize(text, settings: settings) { samples.append(contentsOf: $0) }
            return RenderedSpeech(samples: samples, events: events)
        }
    }
}

@Suite struct LanedSpeechTests {
    let settings = VoiceSettings(wordsPerMinute: 175)

    @Test func rendersOnSeveralLanesGiveTheSamePiecesInOrderAsOneChunkAfterAnother() throws {
        let doc = document((0..<6).map { p in
            "Paragraph \(p) starts here. A much longer middle sentence follows it, with many more words than the others. End \(p)."
        })
        let expected = try drain(try SpeechStream(document: doc, engine: FakeEngine(), settings: settings, historyWords: 0, byClause: false))
        let engine = LanedFakeEngine(lanes: 3)
        var pieces: [SpeechPiece] = []
        try LanedSpeech.speak(doc, fromWord: 0, toWord: .max, includeSkipped: false, engine: engine, settings: settings) { pieces.append($0) }
        #expect(pieces.count == expected.count)
        #expect(pieces.flatMap(\.samples) == expected.flatMap(\.samples))
        #expect(pieces.flatMap(\.words) == expected.flatMap(\.words))
        #expect(pieces.map(\.startSample) == expected.map(\.startSample))
        #expect(engine.mostAtOnce > 1)
        #expect(engine.mostAtOnce <= 3)
        #expect(engine.stagedOffEngineThread == 0)
    }

    @Test func aRangeStartsAtItsFirstWordWithSamplesCountedFromThere() throws {
        let doc = longDocument(paragraphs: 4)
        let from = doc.blocks[2].firstWord
        let expected = try drain(try SpeechStream(document: doc, engine: FakeEngine(), settings: settings, fromWord: from, historyWords: 0,
                                                  byClause: false))
        var pieces: [SpeechPiece] = []
        try LanedSpeech.speak(doc, fromWord: from, toWord: .max, includeSkipped: false, engine: LanedFakeEngine(lanes: 2),
                              settings: settings) { pieces.append($0) }
        #expect(pieces.first?.words.first?.index == from)
        #expect(pieces.first?.startSample == 0)
        #expect(pieces.flatMap(\.words) == expected.flatMap(\.words))
    }

    @Test func aFailedRenderStopsTheRunWithItsErrorAndNothingAfterIt() throws {
        let doc = document(["One fine sentence here.", "Then a boom sentence.", "And a last one."])
        var delivered: [Int] = []
        #expect(throws: SynthesisError.engineFailed("boom")) {
            try LanedSpeech.speak(doc, fromWord: 0, toWord: .max, includeSkipped: false, engine: LanedFakeEngine(lanes: 2),
                                  settings: settings) { delivered += $0.words.map(\.index) }
        }
        #expect(delivered == Array(0..<4))
    }

    @Test func aWordOutsideTheDocumentIsRefused() {
        #expect(throws: SynthesisError.wordOutOfRange(99, count: 4)) {
            try LanedSpeech.speak(document(["Four words are here."]), fromWord: 99, toWord: .max, includeSkipped: false,
                                  engine: LanedFakeEngine(lanes: 2), settings: settings) { _ in }
        }
    }
}
