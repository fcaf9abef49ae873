import Foundation
import SpeakModel
import Testing

/// The lock that stands in for `Synchronization.Mutex` (ThreadSanitizer sees it).
@Suite struct LockedTests {
    @Test func changesOnManyThreadsAreAllKept() {
        let counter = Locked(0), seen = Locked<Set<Int>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<5_000 {
                counter.withLock { $0 += 1 }
                seen.withLock { _ = $0.insert(thread * 10_000 + i) }
            }
        }
        #expect(counter.withLock { $0 } == 40_000)
        #expect(seen.withLock { $0.count } == 40_000)
    }

    @Test func anErrorThrownInsideLeavesTheLockFree() {
        struct Refused: Error {}
        let value = Locked("kept")
        #expect(throws: Refused.self) { try value.withLock { (_: inout String) throws(Refused) in throw Refused() } }
        #expect(value.withLock { $0 } == "kept")
    }
}
