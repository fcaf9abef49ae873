import Foundation
import SpeakAudio
import SpeakKit
import SpeakModel
import SpeakSynthesis
import Testing

/// One word = 100 samples at 1,000 Hz: a tenth of a second per word, exactly.
final class WordClockEngine: SpeechEngine {
    let sampleRate = 1000

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        let scalars = Array(text.unicodeScalars)
        var events: [WordEvent] = []
        var i = 0
        while i < scalars.count {
            if scalars[i] == " " { i += 1; continue }
            var j = i
            while j < scalars.count, scalars[j] != " " { j += 1 }
            events.append(WordEvent(textPosition: i + 1, length: j - i, sample: events.count * 100))
            i = j
        }
        let samples = [Int16](repeating: 1, count: events.count * 100)
        try samples.withUnsafeBufferPointer { try audio($0) }
        return events
    }
}

/// A clock that moves only when audio is written (or a test moves it).
final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0.0
    var now: Double { lock.withLock { value } }
    func advance(_ seconds: Double) { lock.withLock { value += seconds } }
}

/// Takes audio instantly and advances the fake clock by its length.
final class InstantSink: AudioSink, @unchecked Sendable {
    let clock: FakeClock
    private(set) var samples = 0
    private(set) var flushes = 0
    init(clock: FakeClock) { self.clock = clock }
    func write(_ buffer: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        samples += buffer.count
        clock.advance(Double(buffer.count) / 1000)
    }
    func drain() {}
    func flush() { flushes += 1 }
    var latency: Double { 0 }
}

/// Records what the player reports.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var heardWords: [Int] = []
    private var savedPositions: [(word: Int, speed: Double, finished: Bool)] = []
    var words: [Int] { lock.withLock { heardWords } }
    var saves: [(word: Int, speed: Double, finished: Bool)] { lock.withLock { savedPositions } }
    func heard(_ word: Int) { lock.withLock { heardWords.append(word) } }
    func saved(_ word: Int, _ speed: Double, _ finished: Bool) { lock.withLock { savedPositions.append((word, speed, finished)) } }
}

@Suite struct PlayerTests {
    /// Two chapters of three paragraphs of ten words each: words 0…59.
    static let document: Document = {
        var builder = DocumentBuilder()
        for chapter in 0..<2 {
            builder.beginChapter("Chapter \(chapter + 1)")
            for paragraph in 0..<3 {
                builder.append(.paragraph, text: (0..<10).map { "w\(chapter)\(paragraph)\($0)" }.joined(separator: " ") + ".")
            }
        }
        return builder.build(metadata: DocumentMetadata(title: "Test", source: "-", format: .text, contentHash: ""))
    }()

    let clock = FakeClock()
    let recorder = Recorder()
    let speeds = Recorder()

    private func player(from word: Int = 0, react: @escaping @Sendable (Player, Int) -> Void = { _, _ in }) throws -> (Player, InstantSink) {
        let sink = InstantSink(clock: clock)
        var made: Player?
        let recorder = self.recorder
        let speeds = self.speeds
        let clock = self.clock
        let player = try Player(document: Self.document, engine: WordClockEngine(), sink: sink, speed: 1, fromWord: word,
                                clock: { clock.now },
                                settingsForSpeed: { speed in
                                    speeds.heard(Int((speed * 10).rounded()))
                                    return VoiceSettings(voice: "en", wordsPerMinute: Int(175 * speed))
                                },
                                onPosition: { recorder.saved($0, $1, $2) },
                                onWord: { word in
                                    recorder.heard(word.index)
                                    if let made { react(made, word.index) }
                                })
        made = player
        return (player, sink)
    }

    @Test func playsEveryWordInOrderAndMarksTheEnd() throws {
        let (player, sink) = try player()
        try player.run()
        #expect(recorder.words == Array(0..<60))
        #expect(sink.samples >= 60 * 100, "every word, and the pauses between paragraphs")
        #expect(recorder.saves.last.map { ($0.word, $0.finished) } ?? (0, false) == (59, true))
        #expect(player.snapshot.finishedDocument)
        #expect(abs(player.snapshot.heardSeconds - Double(sink.samples) / 1000) < 0.001)
    }

    /// The first two paragraphs of `document`, as a scanned page's opening is of the page.
    static let opening: Document = {
        var builder = DocumentBuilder()
        builder.beginChapter("Chapter 1")
        for paragraph in 0..<2 {
            builder.append(.paragraph, text: (0..<10).map { "w0\(paragraph)\($0)" }.joined(separator: " ") + ".")
        }
        return builder.build(metadata: DocumentMetadata(title: "Test", source: "-", format: .text, contentHash: ""))
    }()

    private func growingPlayer() throws -> Player {
        let recorder = self.recorder
        let clock = self.clock
        return try Player(document: Self.opening, engine: WordClockEngine(), sink: InstantSink(clock: clock), speed: 1, fromWord: 0,
                          growing: true, clock: { clock.now },
                          settingsForSpeed: { VoiceSettings(voice: "en", wordsPerMinute: Int(175 * $0)) },
                          onPosition: { recorder.saved($0, $1, $2) }, onWord: { recorder.heard($0.index) })
    }

    /// A scanned page plays from its first lines while the rest is read: at the end of the
    /// opening, playback waits for the rest and goes on into it.
    @Test func aGrowingDocumentPlaysItsOpeningThenTheRest() throws {
        let player = try growingPlayer()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { player.extend(with: Self.document) }
        try player.run()
        #expect(recorder.words == Array(0..<60))
        #expect(player.document.wordCount == 60)
        #expect(player.snapshot.finishedDocument)
    }

    /// The first `paragraphs` paragraphs of `document`, as a translation or a scan has them
    /// while the rest is still being made.
    static func beginning(paragraphs: Int) -> Document {
        var builder = DocumentBuilder()
        for chapter in 0..<2 {
            builder.beginChapter("Chapter \(chapter + 1)")
            for paragraph in 0..<3 where chapter * 3 + paragraph < paragraphs {
                builder.append(.paragraph, text: (0..<10).map { "w\(chapter)\(paragraph)\($0)" }.joined(separator: " ") + ".")
            }
        }
        return builder.build(metadata: DocumentMetadata(title: "Test", source: "-", format: .text, contentHash: ""))
    }

    /// A book translated paragraph by paragraph: each longer beginning goes on from where the
    /// last one ended, every word once and in order; one no longer than what plays changes nothing.
    @Test func aGrowingDocumentGoesOnThroughEachLongerBeginning() throws {
        let player = try growingPlayer()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            player.extend(with: Self.beginning(paragraphs: 4), complete: false)
            player.extend(with: Self.beginning(paragraphs: 3), complete: false)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                player.extend(with: Self.beginning(paragraphs: 5), complete: false)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { player.extend(with: Self.document) }
            }
        }
        try player.run()
        #expect(recorder.words == Array(0..<60))
        #expect(player.document.wordCount == 60)
        #expect(player.snapshot.finishedDocument)
    }

    @Test func aGrowingDocumentEndsWithWhatItHasWhenTheRestFails() throws {
        let player = try growingPlayer()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            player.extend(with: Self.beginning(paragraphs: 3), complete: false)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { player.endGrowing() }
        }
        try player.run()
        #expect(recorder.words == Array(0..<30))
    }

    @Test func aGrowingDocumentEndsWithItsOpeningWhenTheRestFailsAndStopsWhileWaiting() throws {
        let failed = try growingPlayer()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { failed.endGrowing() }
        try failed.run()
        #expect(recorder.words == Array(0..<20))
        let stopped = try growingPlayer()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { stopped.stop() }
        try stopped.run()
        #expect(!stopped.snapshot.finishedDocument, "stopped while waiting is not the end of the document")
    }

    @Test func positionsAreSavedAtParagraphEndsAndEveryFiveSeconds() throws {
        let (player, _) = try player()
        try player.run()
        let saved = recorder.saves.map(\.word)
        for paragraphStart in [10, 20, 30, 40, 50] { #expect(saved.contains(paragraphStart)) }
    }

    @Test func skipMovesByTimeAndFlushesTheSink() throws {
        let once = Once()
        let (player, sink) = try player { player, word in
            if word == 5, once.first() { player.skip(by: 2) }
        }
        try player.run()
        let words = recorder.words
        let after = try #require(words.firstIndex(of: 5)).advanced(by: 1)
        // Two seconds are twenty words, less the pause after the first paragraph.
        #expect(words[after] >= 18 && words[after] <= 26, "landed at \(words[after])")
        #expect(sink.flushes >= 1)
        #expect(words.last == 59)
        // The words skipped over were not heard, and the statistics say so.
        #expect(player.snapshot.wordsHeard == words.count && words.count < 60 - 10, "\(player.snapshot.wordsHeard)")
    }

    @Test func speedChangesRestartAtTheWordHeardWithNewSettings() throws {
        let once = Once()
        let (player, _) = try player { player, word in
            if word == 12, once.first() {
                player.changeSpeed(by: 0.1)
                player.changeSpeed(by: 0.1)
            }
        }
        try player.run()
        #expect(player.snapshot.speed == 1.2)
        #expect(speeds.words.contains(12), "settings were made for 1.2×")
        #expect(recorder.saves.last?.speed == 1.2, "the speed is saved with the position")
        #expect(recorder.words.last == 59)
    }

    @Test func paragraphAndChapterJumps() throws {
        let steps = Once()
        let (player, _) = try player { player, word in
            if word == 3, steps.first() { player.jumpParagraph(1) }
            if word == 12, steps.second() { player.jumpChapter(1) }
        }
        try player.run()
        let words = recorder.words
        #expect(words.firstIndex(of: 4) == nil, "the rest of the first paragraph was skipped")
        #expect(words.contains(10))
        #expect(words.firstIndex(of: 13) == nil && words.contains(30), "then on to chapter 2")
    }

    @Test func pauseStopsTheWordsUntilResumed() throws {
        let once = Once()
        let (player, sink) = try player { player, word in
            if word == 7, once.first() { player.togglePause() }
        }
        let done = DispatchSemaphore(value: 0)
        Thread { try? player.run(); done.signal() }.start()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(player.snapshot.paused)
        let words = recorder.words.count
        let samples = sink.samples
        Thread.sleep(forTimeInterval: 0.3)
        #expect(recorder.words.count == words && sink.samples == samples)
        #expect(recorder.saves.last?.word == 7, "pausing saves the position")
        player.togglePause()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(recorder.words.last == 59)
    }

    @Test func sleepTimerStopsAfterItsTimeOrAtTheChapterEnd() throws {
        let minutes = Once()
        let (timed, _) = try player { player, word in
            if word == 2, minutes.first() { player.cycleSleepTimer() }
        }
        try timed.run()
        #expect(recorder.words.last == 59, "five minutes are longer than the document")

        let chapter = PlayerTests()
        let atChapterEnd = Once()
        let (player, _) = try chapter.player { player, word in
            guard word == 2, atChapterEnd.first() else { return }
            for _ in 0..<5 { player.cycleSleepTimer() }
        }
        try player.run()
        #expect(player.snapshot.sleepAtChapterEnd)
        #expect(chapter.recorder.words.last == 29, "stops at the end of chapter 1")
        #expect(chapter.recorder.saves.last.map { ($0.word, $0.finished) } ?? (0, true) == (29, false))

        let expiring = PlayerTests()
        let once = Once()
        let (short, _) = try expiring.player { player, word in
            if word == 2, once.first() { player.cycleSleepTimer() }
            if word == 4, once.second() { expiring.clock.advance(301) }
        }
        try short.run()
        #expect((expiring.recorder.words.last ?? 0) < 8, "five minutes passed: stopped")
    }

    @Test func aDeviceThatDisappearsStopsPlaybackWithThePositionSaved() throws {
        let recorder = Recorder()
        let player = try Player(document: Self.document, engine: WordClockEngine(), sink: VanishingSink(after: 20),
                                speed: 1, fromWord: 0, settingsForSpeed: { _ in VoiceSettings() },
                                onPosition: { recorder.saved($0, $1, $2) }, onWord: { recorder.heard($0.index) })
        #expect(throws: AudioDeviceError.self) { try player.run() }
        let last = try #require(recorder.words.last)
        #expect(last > 0)
        #expect(recorder.saves.last.map { ($0.word, $0.finished) } ?? (0, true) == (last, false))
    }

    @Test func stopEndsPlaybackAndKeepsThePosition() throws {
        let (player, _) = try player(from: 33) { player, word in
            if word == 36 { player.stop() }
        }
        try player.run()
        #expect(recorder.words.first == 33)
        #expect(recorder.saves.last.map { ($0.word, $0.finished) } ?? (0, true) == (36, false))
    }
}

/// Lets a reaction happen once (or a second thing once).
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var firstDone = false
    private var secondDone = false
    func first() -> Bool { lock.withLock { defer { firstDone = true }; return !firstDone } }
    func second() -> Bool { lock.withLock { defer { secondDone = true }; return !secondDone } }
}

/// A device that goes away after a number of writes.
final class VanishingSink: AudioSink, @unchecked Sendable {
    private var left: Int
    init(after writes: Int) { left = writes }
    func write(_ buffer: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        left -= 1
        if left < 0 { throw AudioDeviceError(reason: "the device went away") }
    }
    func drain() {}
    func flush() {}
    var latency: Double { 0 }
}
