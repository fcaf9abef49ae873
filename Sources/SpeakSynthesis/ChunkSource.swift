import Foundation
import SpeakModel
import SpeakSpeech

/// The chunks still to speak in one generation of a stream; used by one job at a time.
final class ChunkSource: @unchecked Sendable {
    private var iterator: any IteratorProtocol<SpeechChunk>

    init(document: Document, fromWord: Int, toWord: Int, includeSkipped: Bool, speech: SpeechOptions, byClause: Bool) {
        iterator = ChunkPlanner.sequence(of: document, fromWord: fromWord, toWord: toWord, includeSkipped: includeSkipped, speech: speech,
                                         byClause: byClause)
            .makeIterator()
    }

    func next() -> SpeechChunk? { iterator.next() }
}

/// One piece for the engine thread to make, with the stream's state when it was asked for.
struct Job: @unchecked Sendable {
    var generation: Int
    var source: ChunkSource
    var sourceVersion: Int
    var settings: VoiceSettings
    var base: Int
    var keepAudio: Bool
}

extension NSCondition {
    /// Runs `work` with the lock released (for waiting on another thread without blocking it).
    func unlocked<T>(_ work: () throws -> T) rethrows -> T {
        unlock()
        defer { lock() }
        return try work()
    }
}
