import Foundation
import GRDB

/// How long a library write waits while another speak process is writing, and whom it tells.
///
/// SQLite's own busy timeout fails a writer after a fixed time; an import of a large book (or
/// any write on a loaded, slow machine) can hold the library longer than that, and a user who
/// started four imports at once wants four documents, not "try again". So a writer waits up
/// to `limit`, and after `noticeAfter` says once that it is waiting.
public struct LibraryWait: Sendable {
    /// The longest a single statement waits for another process's write to end.
    public var limit: TimeInterval
    /// How long a wait lasts before `notice` is called (once per wait).
    public var noticeAfter: TimeInterval
    /// Told that this process is waiting for the library (the CLI prints a line on a terminal).
    public var notice: @Sendable () -> Void

    /// Ten minutes, noticed after two seconds, told to no one.
    public static let standard = LibraryWait(limit: 600, noticeAfter: 2, notice: {})

    public init(limit: TimeInterval, noticeAfter: TimeInterval, notice: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.noticeAfter = noticeAfter
        self.notice = notice
    }

    /// SQLite's busy handler: called with the number of earlier tries of one lock attempt;
    /// sleeps a little longer each time (up to 100 ms) and gives up after `limit`.
    var busyMode: Database.BusyMode {
        let clock = WaitClock()
        let limit = limit, noticeAfter = noticeAfter, notice = notice
        return .callback { tries in
            let waited = clock.elapsed(restart: tries == 0)
            if waited >= limit { return false }
            if waited >= noticeAfter, clock.firstNotice() { notice() }
            usleep(UInt32(min(100, 1 << min(tries, 7)) * 1_000))
            return true
        }
    }
}

/// The start of the current wait of one connection (SQLite calls its busy handler on the
/// connection's own thread, but the handler must be Sendable).
private final class WaitClock: @unchecked Sendable {
    private let lock = NSLock()
    private var start = Date()
    private var noticed = false

    func elapsed(restart: Bool) -> TimeInterval {
        lock.withLock {
            if restart {
                start = Date()
                noticed = false
            }
            return Date().timeIntervalSince(start)
        }
    }

    /// True the first time it is asked in a wait.
    func firstNotice() -> Bool {
        lock.withLock {
            defer { noticed = true }
            return !noticed
        }
    }
}
