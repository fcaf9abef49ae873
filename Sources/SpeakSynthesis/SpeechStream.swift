import Foundation
import SpeakModel
import SpeakSpeech

/// A document being spoken: the engine thread synthesizes sentence pieces ahead of the
/// consumer (up to `aheadSeconds`), the consumer takes them in order with `next()`, and
/// `seek(to:)` / `skip(by:)` restart speech at the word sounding at a time.
///
/// Times are stream samples: 0 is the start of the first word spoken, and a seek moves the
/// position to the start of the word it lands on, so the timeline stays continuous.
public final class SpeechStream: @unchecked Sendable {
    public let sampleRate: Int
    /// The document being spoken; it grows when `extend(with:complete:)` brings more of it.
    public var document: Document {
        condition.lock()
        defer { condition.unlock() }
        return current
    }
    var current: Document
    /// More of the document is coming (`extend(with:)`, `endGrowing()`): at the end of what
    /// is here, `next()` waits instead of ending.
    private var growing: Bool
    /// The first word the chunk source has not yet made a piece of.
    private var nextWord: Int
    /// How many times the document grew; `sourceVersion`: when the chunk source was made.
    private var version = 0
    private var sourceVersion = 0
    let synthesizer: Synthesizer
    let thread: EngineThread
    private let toWord: Int
    let includeSkipped: Bool
    /// Long sentences go to the engine a few clauses at a time (see `speaksByClause`).
    let byClause: Bool
    private let aheadSamples: Int
    /// Words kept behind the consumer for seeking back without re-synthesizing.
    private let historyWords: Int

    let condition = NSCondition()
    private var generation = 0
    private var source: ChunkSource
    private var queue: [SpeechPiece] = []
    private var queuedSamples = 0
    /// Every word with a known time: the words heard (within the history) and those queued.
    private var known: [TimedWord] = []
    private var producedSamples = 0
    private var consumedSamples = 0
    private var demandSample = -1
    private var producing = false
    private var exhausted = false
    private var failure: (any Error)?
    var settings: VoiceSettings
    /// The paragraph opening last made ahead (see `prepareOpening`).
    private var preparedOpening: Int?

    /// Starts synthesizing `document` at `fromWord` (up to `toWord`, exclusive) on `thread`.
    /// `growing`: the document is the beginning of one still being read (the first lines of
    /// a scanned page); `extend(with:)` brings the rest. `byClause`: whether long sentences
    /// go to the engine a clause at a time (nil: as the engine prefers, for a listener).
    public init(document: Document, engine: any SpeechEngine, settings: VoiceSettings, fromWord: Int = 0,
                toWord: Int = .max, includeSkipped: Bool = false, aheadSeconds: Double = 30,
                historyWords: Int = 20_000, thread: EngineThread = .shared, growing: Bool = false, byClause: Bool? = nil) throws {
        try Synthesizer.check(fromWord, in: document)
        self.current = document
        self.growing = growing
        self.nextWord = fromWord
        self.sampleRate = engine.sampleRate
        self.synthesizer = Synthesizer(engine: engine, settings: settings)
        self.settings = settings
        self.thread = thread
        self.toWord = toWord
        self.includeSkipped = includeSkipped
        self.byClause = byClause ?? engine.speaksByClause
        self.aheadSamples = Int(aheadSeconds * Double(engine.sampleRate))
        self.historyWords = historyWords
        self.source = ChunkSource(document: document, fromWord: fromWord, toWord: toWord, includeSkipped: includeSkipped, speech: settings.speech,
                             byClause: self.byClause)
        condition.lock()
        pump()
        condition.unlock()
    }

    deinit {
        cancel()
    }

    /// The next piece of speech in order, waiting for the engine if needed; nil at the end.
    public func next() throws -> SpeechPiece? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let failure { throw failure }
            if !queue.isEmpty {
                let piece = queue.removeFirst()
                queuedSamples -= piece.sampleCount
                consumedSamples = piece.endSample
                trimHistory()
                pump()
                return piece
            }
            if exhausted, !growing { return nil }
            pump()
            condition.wait()
        }
    }

    /// The words of the pieces made and not yet taken (for tests).
    var queuedWords: [Int] {
        condition.lock()
        defer { condition.unlock() }
        return queue.flatMap { $0.words.map(\.index) }
    }

    /// Stream position after the pieces taken so far, in seconds.
    public var position: Double {
        condition.lock()
        defer { condition.unlock() }
        return Double(consumedSamples) / Double(sampleRate)
    }

    /// Restarts speech at the word sounding `seconds` into the stream: synthesizes ahead when
    /// the time is beyond what is ready, and times the text before the first known word when
    /// it lies before it. Returns the word speech restarts at, or nil when `seconds` is past
    /// the end (the stream then ends).
    @discardableResult
    public func seek(to seconds: Double) throws -> Int? {
        let target = Int((seconds * Double(sampleRate)).rounded())
        condition.lock()
        defer { condition.unlock() }
        // Ahead: let the producer run past its limit, timing only, until the target is covered.
        demandSample = target
        while target >= producedSamples, !exhausted, failure == nil {
            pump()
            condition.wait()
        }
        demandSample = -1
        if let failure { throw failure }
        if target >= producedSamples {
            generation += 1
            queue.removeAll()
            queuedSamples = 0
            consumedSamples = producedSamples
            return nil
        }
        if let first = known.first, target < first.startSample, first.index > 0 {
            generation += 1
            let before = try timeWords(before: first, covering: first.startSample - target)
            if known.first == first { known.insert(contentsOf: before, at: 0) }
        }
        let landing = known.last { $0.startSample <= target } ?? known.first
        guard let landing else { return nil }
        restart(at: landing.index, sample: landing.startSample)
        return landing.index
    }

    /// Moves by `seconds` (negative: back) from `position`, or from `from` when the caller's
    /// clock is behind the pieces taken (a player hears a piece after taking it). Going back
    /// before the word the stream started at times the text before it (negative times).
    @discardableResult
    public func skip(by seconds: Double, from: Double? = nil) throws -> Int? {
        try seek(to: (from ?? position) + seconds)
    }

    /// Brings more of the document of which the stream had the beginning: its first words are
    /// the words the stream had. Speech goes on from where what it had ended. `complete`: this
    /// is the whole document; otherwise a longer beginning, and more may follow (a book
    /// translated paragraph by paragraph, a scan read page by page). A beginning no longer
    /// than what the stream has brings nothing.
    public func extend(with grown: Document, complete: Bool = true) {
        condition.lock()
        defer { condition.unlock() }
        guard growing, complete || grown.wordCount > current.wordCount else { return }
        growing = !complete
        current = grown
        version += 1
        // The grown document can say its beginning otherwise: a line at the foot of a page
        // is a running footer once the next pages have it too. Speech made ahead from the
        // old beginning is made again from where they part, and the source goes on in the
        // grown document (a running job's piece is checked when it comes back).
        unqueuePiecesTheDocumentNoLongerSays()
        if !producing { replaceSource() }
        if failure == nil { exhausted = false }
        pump()
        condition.broadcast()
    }

    /// No more of the document is coming (reading the rest failed): the stream ends with
    /// what it has.
    public func endGrowing() {
        condition.lock()
        defer { condition.unlock() }
        growing = false
        condition.broadcast()
    }

    /// Restarts speech at document word `word`, at the current position.
    public func jump(toWord word: Int) throws {
        try Synthesizer.check(word, in: document)
        condition.lock()
        defer { condition.unlock() }
        // Times of other words no longer line up with the position: forget them.
        known.removeAll()
        restart(at: word, sample: consumedSamples)
    }

    /// Changes voice or rate from the word sounding at the position on; times of the words
    /// before it keep the old rate.
    public func change(settings newSettings: VoiceSettings) {
        condition.lock()
        defer { condition.unlock() }
        guard newSettings != settings else { return }
        settings = newSettings
        let word = known.last { $0.startSample <= consumedSamples }?.index ?? known.first?.index
        guard let word else { return }
        restart(at: word, sample: consumedSamples)
    }

    /// Stops synthesis; `next()` returns nil from now on.
    public func cancel() {
        condition.lock()
        defer { condition.unlock() }
        generation += 1
        queue.removeAll()
        queuedSamples = 0
        exhausted = true
        growing = false
        condition.broadcast()
    }

    // MARK: Producer (the engine thread); everything below runs with `condition` locked.

    private func restart(at word: Int, sample: Int) {
        generation += 1
        queue.removeAll()
        queuedSamples = 0
        if let cut = known.firstIndex(where: { $0.index >= word }) { known.removeSubrange(cut...) }
        producedSamples = sample
        consumedSamples = sample
        nextWord = word
        replaceSource()
        exhausted = false
        failure = nil
        pump()
        condition.broadcast()
    }

    /// A chunk source over the document as it is now, from `nextWord`.
    private func replaceSource() {
        source = ChunkSource(document: current, fromWord: nextWord, toWord: toWord, includeSkipped: includeSkipped, speech: settings.speech,
                             byClause: byClause)
        sourceVersion = version
    }

    /// The words the document as it is now speaks in `range`, in order.
    private func spokenWords(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty, var b = current.blockIndex(containingWord: range.lowerBound) else { return [] }
        var words: [Int] = []
        while b < current.blocks.count, current.blocks[b].firstWord < range.upperBound {
            let block = current.blocks[b]
            if includeSkipped || block.isSpoken { words += block.wordIndices.clamped(to: range) }
            b += 1
        }
        return words
    }

    /// True when `piece`, following speech that ended before word `after`, says exactly the
    /// words the document as it is now speaks from there to the piece's last word.
    private func documentSays(_ piece: SpeechPiece, after: Int) -> Bool {
        guard let last = piece.words.last?.index else { return true }
        return piece.words.map(\.index) == spokenWords(in: after..<min(last + 1, toWord))
    }

    /// Drops the queued pieces from the first one the grown document says otherwise (words
    /// now skipped, or words now read that it passed over); production restarts at its words.
    private func unqueuePiecesTheDocumentNoLongerSays() {
        // Each piece from the word after the one before it: words read in the gap count.
        var after = queue.first?.words.first?.index ?? nextWord
        var parting: (cut: Int, word: Int)?
        for k in queue.indices {
            if !documentSays(queue[k], after: after) {
                parting = (k, after)
                break
            }
            after = (queue[k].words.last?.index).map { $0 + 1 } ?? after
        }
        guard let (cut, word) = parting else { return }
        generation += 1
        producedSamples = queue[cut].startSample
        queuedSamples -= queue[cut...].reduce(0) { $0 + $1.sampleCount }
        queue.removeSubrange(cut...)
        if let first = known.firstIndex(where: { $0.index >= word }) { known.removeSubrange(first...) }
        nextWord = word
        replaceSource()
    }

    /// Schedules the next chunk on the engine thread when the queue wants more.
    private func pump() {
        guard !producing, !exhausted, failure == nil,
              queuedSamples < aheadSamples || producedSamples <= demandSample else { return }
        producing = true
        let job = Job(generation: generation, source: source, sourceVersion: sourceVersion, settings: settings, base: producedSamples,
                      keepAudio: producedSamples > demandSample)
        thread.async { [self] in produce(job) }
    }

    private func produce(_ job: Job) {
        let chunk = job.source.next()
        var piece: SpeechPiece?
        var error: (any Error)?
        if let chunk {
            synthesizer.settings = job.settings
            do {
                piece = try synthesizer.piece(for: chunk, startingAt: job.base, keepAudio: job.keepAudio) {
                    isStale(job.generation)
                }
            } catch is SynthesisCancelled {
            } catch let failed {
                error = failed
            }
        }
        condition.lock()
        defer { condition.unlock() }
        producing = false
        var opening: Int?
        if job.generation == generation {
            let planned = job.sourceVersion == version
            if let error {
                failure = error
            } else if let piece, planned || documentSays(piece, after: nextWord) {
                queue.append(piece)
                queuedSamples += piece.sampleCount
                known += piece.words
                producedSamples = piece.endSample
                nextWord = (piece.words.last?.index).map { $0 + 1 } ?? nextWord
                opening = openingAfter(piece)
            } else if chunk == nil, planned {
                exhausted = true
            }
            // Planned from a shorter beginning: go on in the document as it is now.
            if !planned { replaceSource() }
        }
        pump()
        if let opening {
            preparedOpening = opening
            let settings = job.settings, document = current
            thread.async { [self] in prepareOpening(at: opening, of: document, settings: settings) }
        }
        condition.broadcast()
    }

    /// For an engine slow enough to be heard thinking (`byClause`): the first word of the
    /// paragraph after `piece`'s, where a paragraph jump goes, when its opening is not made yet.
    private func openingAfter(_ piece: SpeechPiece) -> Int? {
        guard byClause, let last = piece.words.last?.index, let b = current.blockIndex(containingWord: last) else { return nil }
        let next = current.blocks[(b + 1)...].first { includeSkipped || $0.isSpoken }
        guard let word = next?.firstWord, word < toWord, word != preparedOpening else { return nil }
        return word
    }

    /// Makes the opening chunk of the paragraph at `word` ahead (after the piece queued last):
    /// a jump there, or the stream reaching it, takes it without waiting for the engine.
    private func prepareOpening(at word: Int, of document: Document, settings: VoiceSettings) {
        let chunks = ChunkPlanner.sequence(of: document, fromWord: word, toWord: toWord, includeSkipped: includeSkipped,
                                           speech: settings.speech, byClause: byClause)
        guard let chunk = chunks.first(where: { _ in true }) else { return }
        synthesizer.settings = settings
        // A failure here is met again, and reported, when the stream gets to the chunk.
        try? synthesizer.prepare(chunk)
    }

    private func isStale(_ generation: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return generation != self.generation
    }

    /// Drops times of words heard long ago; a seek back beyond them times the text again.
    private func trimHistory() {
        guard known.count > 2 * historyWords else { return }
        let heard = known.firstIndex { $0.startSample >= consumedSamples } ?? known.count
        let drop = min(heard, known.count - historyWords)
        if drop > 0 { known.removeFirst(drop) }
    }
}
