import Foundation

/// Splits `0..<count` into contiguous ranges, `perCore` per core, and maps them at the same
/// time, the results in range order. Small inputs stay on the calling thread.
struct ParallelChunks {
    let ranges: [Range<Int>]

    /// `perCore` above 1 when items differ in cost (paragraphs of a book): a core that finishes
    /// its range early takes the next instead of waiting for the other.
    init(count: Int, minimumPerChunk: Int = 200, perCore: Int = 1) {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount * perCore, count / minimumPerChunk))
        let size = (count + parts - 1) / max(parts, 1)
        ranges = size == 0 ? [0..<0] : stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    func map<T>(_ transform: (Range<Int>) -> T) -> [T] {
        guard ranges.count > 1 else { return ranges.map(transform) }
        let results = Results<T>(count: ranges.count)
        withoutActuallyEscaping(transform) { transform in
            let box = UncheckedBox(transform)
            DispatchQueue.concurrentPerform(iterations: ranges.count) { i in
                results.set(i, box.value(ranges[i]))
            }
        }
        return results.values()
    }

    private final class Results<T>: @unchecked Sendable {
        private var slots: [T?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: T) {
            lock.lock()
            slots[i] = value
            lock.unlock()
        }
        func values() -> [T] { slots.compactMap { $0 } }
    }

    /// The transform only reads shared state, so it may run on several threads.
    private struct UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
