import Foundation
import SpeakConversion
import SpeakModel
import SpeakSynthesis
import Testing

/// An engine that asks for clauses, as a neural voice does, and records what it is given.
private final class ClauseEngine: SpeechEngine, @unchecked Sendable {
    let sampleRate = 1000
    var speaksByClause: Bool { true }
    private let lock = NSLock()
    private var texts: [String] = []

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        lock.withLock { texts.append(text) }
        var events: [WordEvent] = []
        var position = 0
        var start: Int?
        for scalar in text.unicodeScalars + [" "] {
            if scalar.properties.isWhitespace {
                if let s = start { events.append(WordEvent(textPosition: s + 1, length: position - s, sample: events.count * 10)) }
                start = nil
            } else if start == nil {
                start = position
            }
            position += 1
        }
        let samples = [Int16](repeating: 1, count: events.count * 10)
        try samples.withUnsafeBufferPointer { try audio($0) }
        return events
    }

    var given: [String] { lock.withLock { texts } }
}

/// `ClauseEngine` in two parts, its renders on `lanes` lanes; records how many ran at once.
private final class LanedClauseEngine: LanedSpeechEngine, @unchecked Sendable {
    let sampleRate = 1000
    var speaksByClause: Bool { true }
    let lanes = 2
    private let inner = ClauseEngine()
    private let lock = NSLock()
    private var running = 0
    private(set) var mostAtOnce = 0

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        try inner.synthesize(text, settings: settings, audio: audio)
    }

    func stage(_ text: String, settings: VoiceSettings) throws -> @Sendable () throws -> RenderedSpeech {
        { [self] in
            lock.withLock {
                running += 1
                mostAtOnce = max(mostAtOnce, running)
            }
            defer { lock.withLock { running -= 1 } }
            Thread.sleep(forTimeInterval: 0.02)
            var samples: [Int16] = []
            let events = try inner.synthesize(text, settings: settings) { samples.append(contentsOf: $0) }
            return RenderedSpeech(samples: samples, events: events)
        }
    }

    var given: [String] { inner.given }
}

/// A conversion has no listener waiting for the first clause: a slow engine is given whole
/// sentences there (faster on a neural model), and clauses only where someone listens.
@Suite struct ConversionChunkTests {
    let text = "The keeper climbed the stairs at dusk, and the lamp was lit again; it burned through the night, "
        + "as on every night before, until the grey morning came. Short one, here."

    private func document() -> Document {
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: text)
        return builder.build(metadata: DocumentMetadata(title: "T", source: "t.txt", format: .text, contentHash: "h"))
    }

    @Test func aConversionGivesANeuralVoiceWholeSentences() throws {
        let document = document()
        let converted = ClauseEngine()
        var words: [Int] = []
        try RangeSpeech.speak(document, range: 0..<document.wordCount, engine: converted, settings: VoiceSettings(), readAll: false,
                              progress: nil) { piece in words += piece.words.map(\.index) }
        #expect(converted.given.count == 2)
        #expect(words == Array(0..<document.wordCount))

        // The workers of `--jobs 2` speak their slices through the synthesizer the same way.
        let sliced = ClauseEngine()
        _ = try Synthesizer(engine: sliced, settings: VoiceSettings()).run(document, byClause: false, audio: { _ in })
        #expect(sliced.given == converted.given)

        let played = ClauseEngine()
        let stream = try SpeechStream(document: document, engine: played, settings: VoiceSettings())
        while try stream.next() != nil {}
        #expect(played.given.count > 2, "a listener still hears the first clause first")
    }

    @Test func aConversionRendersANeuralVoiceSentencesOnEveryLaneAndKeepsTheirOrder() throws {
        var builder = DocumentBuilder()
        for n in 0..<4 { builder.append(.paragraph, text: text + " Paragraph \(n) ends.") }
        let document = builder.build(metadata: DocumentMetadata(title: "T", source: "t.txt", format: .text, contentHash: "h"))
        var alone: [SpeechPiece] = []
        try RangeSpeech.speak(document, range: 0..<document.wordCount, engine: ClauseEngine(), settings: VoiceSettings(), readAll: false,
                              progress: nil) { alone.append($0) }
        let laned = LanedClauseEngine()
        var pieces: [SpeechPiece] = []
        let done = LockedValue(0.0)
        try RangeSpeech.speak(document, range: 0..<document.wordCount, engine: laned, settings: VoiceSettings(), readAll: false,
                              progress: { done.value = $0 }) { pieces.append($0) }
        #expect(laned.mostAtOnce == 2)
        #expect(laned.given.count == 12, "whole sentences, as without lanes")
        #expect(pieces.flatMap(\.words) == alone.flatMap(\.words))
        #expect(pieces.flatMap(\.samples) == alone.flatMap(\.samples))
        #expect(done.value == 1)
    }
}

private final class LockedValue<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
