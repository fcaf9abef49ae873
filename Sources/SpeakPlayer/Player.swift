import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// What the player is doing, for a view to show.
public struct PlayerStatus: Sendable, Equatable {
    /// The word being heard (global index), or the word playback starts at.
    public var word: Int
    /// Seconds heard since playback started, at the speeds they were played.
    public var heardSeconds: Double
    /// Words heard since playback started: a word skipped over with the arrow keys is not
    /// heard, a word heard again after skipping back counts again.
    public var wordsHeard = 0
    public var paused: Bool
    public var speed: Double
    /// Seconds left on the sleep timer, or nil when it is off or set to the end of the chapter.
    public var sleepSecondsLeft: Double?
    public var sleepAtChapterEnd: Bool
    /// True once playback has ended (end of the document, sleep timer, stop or failure).
    public var ended: Bool
    public var finishedDocument: Bool
}

/// Steps of the sleep timer, cycled by `cycleSleepTimer()`.
public enum SleepTimer: Sendable, Equatable {
    case off
    case minutes(Int)
    case endOfChapter

    var next: SleepTimer {
        switch self {
        case .off: .minutes(5)
        case .minutes(5): .minutes(15)
        case .minutes(15): .minutes(30)
        case .minutes(30): .minutes(60)
        case .minutes: .endOfChapter
        case .endOfChapter: .off
        }
    }
}

/// Plays a document on an audio sink: synthesis runs ahead in a `SpeechStream`, audio goes to
/// the sink in slices of 40 ms, so that pause, skip, speed and jumps take effect within one
/// slice; the word heard follows the samples handed to the sink, minus its latency.
///
/// `run()` plays on the calling thread until the end; the commands may come from any thread.
public final class Player: @unchecked Sendable {
    /// The speeds a listener can choose, as multiples of the voice's normal pace.
    public static let speedRange = ListeningSpeed.range
    /// The document being played; it grows when `extend(with:)` brings the rest of it.
    public var document: Document { stream.document }
    let stream: SpeechStream
    let sink: any AudioSink
    let latencySamples: Int
    let sampleRate: Int
    let settingsForSpeed: (Double) throws -> VoiceSettings
    let onPosition: (_ word: Int, _ speed: Double, _ finished: Bool) -> Void
    let onWord: (TimedWord) -> Void
    let clock: () -> Double

    let lock = NSCondition()
    var status: PlayerStatus
    var pending: [Command] = []
    private var sleepTimer = SleepTimer.off
    var sleepDeadline: Double?
    var requestedSpeed: Double?
    var lastSaved = 0.0

    enum Command {
        case skip(Double)
        case speed(Double)
        case jump(Int)
    }

    /// `settingsForSpeed` turns a speed (1 = the voice's normal pace) into voice settings;
    /// `onPosition` saves the position (called every 5 s of listening, at paragraph ends, on
    /// pause and at the end); `onWord` sees every word as it is heard. `growing`: `document` is
    /// the beginning of one still being read, and playback waits for `extend(with:)` at its end.
    public init(document: Document, engine: any SpeechEngine, sink: any AudioSink, speed: Double, fromWord: Int,
                growing: Bool = false, includeSkipped: Bool = false,
                latencySeconds: Double = 0, clock: @escaping () -> Double = { Date().timeIntervalSinceReferenceDate },
                settingsForSpeed: @escaping (Double) throws -> VoiceSettings,
                onPosition: @escaping (Int, Double, Bool) -> Void, onWord: @escaping (TimedWord) -> Void = { _ in }) throws {
        self.sink = sink
        self.sampleRate = engine.sampleRate
        self.latencySamples = Int(latencySeconds * Double(engine.sampleRate))
        self.settingsForSpeed = settingsForSpeed
        self.onPosition = onPosition
        self.onWord = onWord
        self.clock = clock
        stream = try SpeechStream(document: document, engine: engine, settings: try settingsForSpeed(speed), fromWord: fromWord,
                                  includeSkipped: includeSkipped, growing: growing)
        status = PlayerStatus(word: fromWord, heardSeconds: 0, paused: false, speed: speed, sleepSecondsLeft: nil,
                              sleepAtChapterEnd: false, ended: false, finishedDocument: false)
    }

    /// A copy of the current status.
    public var snapshot: PlayerStatus {
        lock.lock()
        defer { lock.unlock() }
        var copy = status
        if let sleepDeadline { copy.sleepSecondsLeft = max(0, sleepDeadline - clock()) }
        return copy
    }

    public func togglePause() {
        lock.lock()
        status.paused.toggle()
        lock.broadcast()
        lock.unlock()
    }

    /// Pauses (true) or goes on playing (false).
    public func setPaused(_ paused: Bool) {
        lock.lock()
        status.paused = paused
        lock.broadcast()
        lock.unlock()
    }

    /// Sets the speed (1 = the voice's normal pace), within the engine's range.
    public func setSpeed(_ speed: Double) {
        let speed = ListeningSpeed.clamped((speed * 100).rounded() / 100)
        lock.lock()
        requestedSpeed = speed
        lock.unlock()
        enqueue(.speed(speed))
    }

    /// Moves by `seconds` of audio (negative: back).
    public func skip(by seconds: Double) { enqueue(.skip(seconds)) }

    /// Changes the speed by `delta` (0.1 steps), within the engine's range.
    public func changeSpeed(by delta: Double) {
        lock.lock()
        // From the last speed asked for: two quick presses make two steps.
        let base = requestedSpeed ?? status.speed
        let speed = ListeningSpeed.clamped(((base + delta) * 10).rounded() / 10)
        requestedSpeed = speed
        lock.unlock()
        enqueue(.speed(speed))
    }

    /// Jumps to the start of the paragraph `offset` paragraphs away (-1: previous; a jump back
    /// from inside a paragraph first goes to its start).
    public func jumpParagraph(_ offset: Int) {
        let word = snapshot.word
        let spoken = document.blocks.filter(\.isSpoken)
        guard let current = spoken.lastIndex(where: { $0.firstWord <= word }) else { return }
        var target = current + offset
        if offset < 0, word - spoken[current].firstWord > 3 { target = current + offset + 1 }
        guard spoken.indices.contains(target) else { return }
        enqueue(.jump(spoken[target].firstWord))
    }

    /// Jumps to `word` (a position that came from elsewhere: another device, a sync).
    public func jump(toWord word: Int) {
        guard word >= 0, word < document.wordCount else { return }
        enqueue(.jump(word))
    }

    /// Jumps to the start of the chapter `offset` chapters away.
    public func jumpChapter(_ offset: Int) {
        let word = snapshot.word
        guard !document.chapters.isEmpty else { return jumpParagraph(offset) }
        let current = document.chapters.lastIndex { $0.firstWord <= word } ?? -1
        var target = current + offset
        if offset < 0, current >= 0, word - document.chapters[current].firstWord > 10 { target = current + offset + 1 }
        guard target >= 0, target < document.chapters.count else { return }
        enqueue(.jump(document.chapters[target].firstWord))
    }

    /// Off → 5 → 15 → 30 → 60 min → end of chapter → off.
    @discardableResult
    public func cycleSleepTimer() -> SleepTimer {
        lock.lock()
        defer { lock.unlock() }
        sleepTimer = sleepTimer.next
        sleepDeadline = nil
        status.sleepAtChapterEnd = false
        switch sleepTimer {
        case .off: break
        case .minutes(let minutes): sleepDeadline = clock() + Double(minutes * 60)
        case .endOfChapter: status.sleepAtChapterEnd = true
        }
        return sleepTimer
    }

    /// Brings more of the document whose beginning is playing (`complete`: all of it):
    /// listening goes on into it.
    public func extend(with grown: Document, complete: Bool = true) { stream.extend(with: grown, complete: complete) }

    /// Nothing more is coming: playback ends with what it has.
    public func endGrowing() { stream.endGrowing() }

    /// Ends playback; `run()` returns after saving the position.
    public func stop() {
        lock.lock()
        status.ended = true
        lock.broadcast()
        lock.unlock()
        // Playback may be waiting for the rest of a growing document.
        stream.endGrowing()
    }

    private func enqueue(_ command: Command) {
        lock.lock()
        pending.append(command)
        lock.broadcast()
        lock.unlock()
    }
}
