import Foundation

/// The chunks of a translation and their results, shared by the pipelines that take them
/// in order: a failure stops everyone, and the translated beginning can be waited for.
final class ChunkBoard: @unchecked Sendable {
    private let chunks: [Range<Int>]
    private let totalWords: Int
    private let condition = NSCondition()
    private var next = 0
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

    /// One worker: its own pipeline, chunks taken in order until none is left or one failed.
    func work(pair: ApertiumPair, texts: [String], progress: @Sendable (Int, Int) -> Void) {
        condition.lock()
        working += 1
        condition.unlock()
        defer {
            condition.lock()
            working -= 1
            condition.broadcast()
            condition.unlock()
        }
        let pipeline: ApertiumPipeline
        do {
            pipeline = try ApertiumPipeline(pair: pair)
        } catch {
            fail(error)
            return
        }
        defer { pipeline.close() }
        while let index = take() {
            let range = chunks[index]
            do {
                let results = try pipeline.translate(Array(texts[range]), pair: pair.name)
                condition.lock()
                for (offset, result) in results.enumerated() { translated[range.lowerBound + offset] = result }
                done[index] = true
                doneWords += texts[range].reduce(0) { $0 + DocumentTranslator.words($1) }
                let (now, total) = (doneWords, totalWords)
                condition.broadcast()
                condition.unlock()
                progress(now, total)
            } catch {
                fail(error)
                return
            }
        }
    }

    private func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard failure == nil, next < chunks.count else { return nil }
        next += 1
        return next - 1
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
            if ready == translated.count || (working == 0 && next > 0) { return nil }
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
