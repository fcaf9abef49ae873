import Foundation

/// The chunks of a translation and their results, shared by the pipelines that take them
/// in order: a failure stops everyone, and the translated beginning can be waited for.
final class ChunkBoard: @unchecked Sendable {
    private let chunks: [Range<Int>]
    private let totalWords: Int
    private let condition = NSCondition()
    /// Set once a worker has begun (before that, no worker running means none started yet).
    private var started = false
    private var done: [Bool]
    private var translated: [String?]
    private var doneWords = 0
    private var working: Int
    private(set) var failure: TranslateError?

    init(chunks: [Range<Int>], totalWords: Int) {
        self.chunks = chunks
        self.totalWords = totalWords
        done = Array(repeating: false, count: chunks.count)
        translated = Array(repeating: nil, count: chunks.last?.upperBound ?? 0)
        working = 0
    }

    /// Worker `worker` of `workers`: its own pipeline, which takes chunks worker, worker +
    /// workers, … all at once and hands back their results in order.
    func work(worker: Int, of workers: Int, pair: ApertiumPair, texts: [String], progress: @Sendable (Int, Int) -> Void) {
        condition.lock()
        working += 1
        started = true
        condition.unlock()
        defer {
            condition.lock()
            working -= 1
            condition.broadcast()
            condition.unlock()
        }
        let mine = Array(stride(from: worker, to: chunks.count, by: workers))
        guard !mine.isEmpty else { return }
        do throws(TranslateError) {
            let pipeline = try ApertiumPipeline(pair: pair)
            var next = 0
            try pipeline.translate(mine.map { Array(texts[chunks[$0]]) }, pair: pair.name) { results in
                let index = mine[next]
                next += 1
                let range = chunks[index]
                condition.lock()
                for (offset, result) in results.enumerated() { translated[range.lowerBound + offset] = result }
                done[index] = true
                doneWords += texts[range].reduce(0) { $0 + DocumentTranslator.words($1) }
                let (now, total, stop) = (doneWords, totalWords, failure != nil)
                condition.broadcast()
                condition.unlock()
                progress(now, total)
                return !stop
            }
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: TranslateError) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }

    /// The number of items translated from the start on once it is more than `shown`; nil
    /// when all workers have ended (or one failed).
    func waitForPrefix(beyond shown: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if failure != nil { return nil }
            let ready = done.firstIndex(of: false).map { chunks[$0].lowerBound } ?? translated.count
            if ready > shown, ready < translated.count { return ready }
            if ready == translated.count || (working == 0 && started) { return nil }
            condition.wait()
        }
    }

    /// The results of items `0..<count`.
    func results(upTo count: Int) -> [String?] {
        condition.lock()
        defer { condition.unlock() }
        return Array(translated.prefix(count))
    }
}
