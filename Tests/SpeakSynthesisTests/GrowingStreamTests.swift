import Foundation
import SpeakModel
@testable import SpeakSynthesis
import Testing

/// Holds the engine on the chunk that contains `word` until `release()`.
final class GateEngine: SpeechEngine, @unchecked Sendable {
    let sampleRate = 1000
    private let fake = FakeEngine()
    private let word: String
    private let entered = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    init(holdingAt word: String) { self.word = word }

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        if text.contains(word) {
            entered.signal()
            gate.wait()
        }
        return try fake.synthesize(text, settings: settings, audio: audio)
    }

    func waitUntilHeld() -> Bool { entered.wait(timeout: .now() + 30) == .success }
    func release() { gate.signal() }
}

/// A stream playing the beginning of a document that is still being read (a scan page by
/// page): what the grown document says about the words already planned wins.
@Suite struct GrowingStreamTests {
    let settings = VoiceSettings(wordsPerMinute: 175)

    /// Two paragraphs, then the line at the foot of page 1 (`footer`: the next pages showed it
    /// is a running footer), then, when `rest`, page 2.
    static func page(footer: SkipReason?, header: SkipReason? = nil, rest: Bool) -> Document {
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: "The witness was asked about the door.", page: 1)
        builder.append(.paragraph, text: "She said it was the basement.", page: 1)
        builder.append(.paragraph, text: "99e5b696-09ac-4d72", page: 1, skip: footer)
        builder.append(.paragraph, text: "Deposition of Jane Roe", page: 2, skip: header)
        if rest {
            builder.append(.paragraph, text: "Then they went upstairs.", page: 2)
            builder.append(.paragraph, text: "Nobody was there.", page: 2)
        }
        return builder.build(metadata: DocumentMetadata(title: "Scan", source: "-", format: .image, contentHash: ""))
    }

    static func spoken(_ document: Document) -> [Int] {
        document.blocks.filter(\.isSpoken).flatMap { Array($0.wordIndices) }
    }

    func heard(_ stream: SpeechStream) throws -> [Int] {
        try drain(stream).flatMap { $0.words.map(\.index) }
    }

    /// The footer was queued as speech before the rest of the scan said it is a footer.
    @Test func queuedSpeechOfWhatTurnedOutToBeFurnitureIsDropped() throws {
        let opening = Self.page(footer: nil, rest: false)
        let grown = Self.page(footer: .footer, rest: true)
        let stream = try SpeechStream(document: opening, engine: FakeEngine(), settings: settings, growing: true)
        let footer = opening.blocks[2].firstWord
        let deadline = Date().addingTimeInterval(30)
        while !stream.queuedWords.contains(footer), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(stream.queuedWords.contains(footer))
        stream.extend(with: grown)
        #expect(try heard(stream) == Self.spoken(grown))
    }

    /// The engine was making the footer's speech when the rest came.
    @Test func speechMadeFromTheOldBeginningWhileTheRestCameIsCheckedAgainstIt() throws {
        let opening = Self.page(footer: nil, rest: false)
        let grown = Self.page(footer: .footer, rest: true)
        let engine = GateEngine(holdingAt: "99e5b696")
        let stream = try SpeechStream(document: opening, engine: engine, settings: settings, growing: true)
        #expect(engine.waitUntilHeld())
        stream.extend(with: grown)
        engine.release()
        #expect(try heard(stream) == Self.spoken(grown))
    }

    /// A heading the beginning took for a running header is read once the rest shows it is not.
    @Test func wordsTheGrownDocumentReadsAreNotPassedOver() throws {
        let opening = Self.page(footer: nil, header: .header, rest: true)
        let grown = Self.page(footer: nil, header: nil, rest: true)
        let stream = try SpeechStream(document: opening, engine: FakeEngine(), settings: settings, growing: true)
        let after = opening.blocks[4].firstWord
        let deadline = Date().addingTimeInterval(30)
        while !stream.queuedWords.contains(after), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        stream.extend(with: grown)
        #expect(try heard(stream) == Self.spoken(grown))
    }

    /// Speech goes on from the first word not yet made, also when the beginning's last block
    /// was skipped and the grown document reads it.
    @Test func aBeginningEndingInASkippedBlockGoesOnFromIt() throws {
        let opening = Self.page(footer: nil, header: .header, rest: false)
        let grown = Self.page(footer: nil, header: nil, rest: true)
        let stream = try SpeechStream(document: opening, engine: FakeEngine(), settings: settings, growing: true)
        var words: [Int] = []
        for _ in 0..<3 { words += try #require(try stream.next()).words.map(\.index) }
        stream.extend(with: grown)
        words += try heard(stream)
        #expect(words == Self.spoken(grown))
    }
}
