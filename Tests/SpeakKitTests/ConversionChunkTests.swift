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
}
