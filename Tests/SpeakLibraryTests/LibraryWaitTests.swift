import Foundation
@testable import SpeakLibrary
import SpeakModel
import Testing

/// A write while another process writes: the library waits (as long as `LibraryWait` says)
/// instead of failing after SQLite's fixed timeout.
@Suite struct LibraryWaitTests {
    /// Holds the library's write lock from another connection for `seconds`; returns once held.
    private func holdWriteLock(_ directory: URL, seconds: Double) throws -> DispatchSemaphore {
        let holder = try LibraryStore(directory: directory)
        let held = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? holder.queue.write { _ in
                held.signal()
                Thread.sleep(forTimeInterval: seconds)
            }
            done.signal()
        }
        held.wait()
        return done
    }

    @Test func aWriteWaitsForAnotherWriterAndSaysSoOnce() throws {
        let directory = temporaryDirectory()
        let notices = Counter()
        let store = try LibraryStore(directory: directory, wait: LibraryWait(limit: 30, noticeAfter: 0.3, notice: { notices.add() }))
        let done = try holdWriteLock(directory, seconds: 1.5)
        let started = Date()
        let id = try store.insert(sampleDocument()).id
        #expect(Date().timeIntervalSince(started) >= 1.0, "the insert did not wait for the lock")
        #expect(try store.summary(id: id).wordCount == sampleDocument().wordCount)
        #expect(notices.value == 1)
        done.wait()
    }

    @Test func aWriteGivesUpAfterItsLimitWithTheBusyError() throws {
        let directory = temporaryDirectory()
        let notices = Counter()
        let store = try LibraryStore(directory: directory, wait: LibraryWait(limit: 0.3, noticeAfter: 10, notice: { notices.add() }))
        let done = try holdWriteLock(directory, seconds: 2)
        #expect(throws: LibraryError.busy(path: directory.appendingPathComponent("library.sqlite").path)) {
            try store.insert(sampleDocument())
        }
        #expect(notices.value == 0)
        done.wait()
        #expect(try store.list().isEmpty)
        _ = try store.insert(sampleDocument())
        #expect(try store.list().count == 1)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
