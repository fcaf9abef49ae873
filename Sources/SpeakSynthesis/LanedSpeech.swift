import Foundation
import SpeakModel

/// Speaks a range of a document with an engine that renders on several lanes at once: the
/// first part of each chunk runs in order on the engine thread, the renders on `lanes` threads
/// of their own, and the pieces come out in document order — the same pieces, with the same
/// times, as one chunk after another would give.
public enum LanedSpeech {
    /// Chunks staged per lane ahead of the one being written (their audio is a few seconds each).
    static let queuedPerLane = 4

    /// Speaks words `fromWord..<toWord` of `document` (whole sentences), handing each piece to
    /// `consume` in order, with samples counted from the start of this run.
    public static func speak(_ document: Document, fromWord: Int, toWord: Int, includeSkipped: Bool, engine: any LanedSpeechEngine,
                             settings: VoiceSettings, consume: (SpeechPiece) throws -> Void) throws {
        try Synthesizer.check(fromWord, in: document)
        let lanes = RenderLanes(count: max(1, engine.lanes))
        defer { lanes.close() }
        var waiting: [(chunk: SpeechChunk, settings: VoiceSettings, result: RenderLanes.Ticket)] = []
        var base = 0
        func deliverOldest() throws {
            let (chunk, settings, ticket) = waiting.removeFirst()
            let rendered = try ticket.wait()
            let piece = Synthesizer.assemble(chunk, samples: rendered.samples, delivered: rendered.samples.count, events: rendered.events,
                                             base: base, keepAudio: true, wordsPerMinute: settings.wordsPerMinute, sampleRate: engine.sampleRate)
            base = piece.endSample
            try consume(piece)
        }
        for chunk in ChunkPlanner.sequence(of: document, fromWord: fromWord, toWord: toWord, includeSkipped: includeSkipped,
                                           speech: settings.speech, byClause: false) {
            var said = settings
            if let voice = chunk.voice { said.voice = voice }
            let render = try EngineThread.shared.sync { [said] in try engine.stage(chunk.text, settings: said) }
            waiting.append((chunk, said, lanes.submit(render)))
            // Renders wait their turn while the lanes run: a lane that finishes short sentences
            // while the oldest, long one is still rendering takes the next instead of idling.
            while waiting.count > lanes.count * Self.queuedPerLane { try deliverOldest() }
        }
        while !waiting.isEmpty { try deliverOldest() }
    }
}

/// Threads that run renders in the order they are submitted, each handing its result back
/// through a ticket.
final class RenderLanes: @unchecked Sendable {
    let count: Int
    private let condition = NSCondition()
    private var queue: [(render: @Sendable () throws -> RenderedSpeech, ticket: Ticket)] = []
    private var closed = false
    private let finished = DispatchGroup()

    init(count: Int) {
        self.count = count
        for n in 0..<count {
            finished.enter()
            let thread = Thread { [self] in
                defer { finished.leave() }
                while let (render, ticket) = take() {
                    ticket.fulfil(Result { try render() })
                }
            }
            thread.name = "speak.render.\(n)"
            thread.start()
        }
    }

    /// Queues `render`; its ticket gives the result.
    func submit(_ render: @escaping @Sendable () throws -> RenderedSpeech) -> Ticket {
        let ticket = Ticket()
        condition.lock()
        queue.append((render, ticket))
        condition.signal()
        condition.unlock()
        return ticket
    }

    /// Drops the renders not started and waits for the running ones (their results unused).
    func close() {
        condition.lock()
        closed = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        finished.wait()
    }

    private func take() -> (@Sendable () throws -> RenderedSpeech, Ticket)? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !closed { condition.wait() }
        guard !closed else { return nil }
        return queue.removeFirst()
    }

    /// One render's result, waited for.
    typealias Ticket = ResultSlot<RenderedSpeech>
}
