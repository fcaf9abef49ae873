import Foundation

/// A value shared by threads behind a lock: what `Synchronization.Mutex` is for, on a pthread
/// mutex (`NSLock`), which ThreadSanitizer sees. It took every `Mutex.withLock` on two threads
/// for a Swift access race (Swift 6.3; a counter under a Mutex gave the right total), and
/// `make test-tsan` stops at the first report.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value with the lock held.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
