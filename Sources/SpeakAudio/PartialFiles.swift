import Foundation
import SpeakModel

/// Files being written that must not survive an interruption: on SIGINT, SIGTERM or SIGHUP
/// (and SIGPIPE, when a player reading `-o -` goes away) they are unlinked before the
/// process exits, so Ctrl-C never leaves half an audio file.
public enum PartialFiles {
    private static let lock = NSLock()
    // C strings kept ready, because only async-signal-safe calls are allowed in the handler.
    nonisolated(unsafe) private static var paths: [String: UnsafeMutablePointer<CChar>] = [:]
    nonisolated(unsafe) private static var snapshot: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var installed = false

    /// Starts watching `path`.
    public static func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if paths[path] == nil { paths[path] = strdup(path) }
        rebuildSnapshot()
        installHandlers()
    }

    /// Makes the signals end the process (removing what is registered) from now on, also when
    /// they were ignored by whoever started it: a long conversion stops on Ctrl-C or SIGTERM
    /// before its first file exists as well as after.
    public static func watchSignals() {
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
    }

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        // A parent may have started us with these blocked (a program run from a Dispatch
        // thread inherits that thread's mask), and a blocked Ctrl-C never arrives.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            signal(signalNumber, partialFilesSignalHandler)
            sigaddset(&unblocked, signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Stops watching `path` (it was completed or removed).
    public static func unregister(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if let pointer = paths.removeValue(forKey: path) { free(pointer) }
        rebuildSnapshot()
    }

    private static func rebuildSnapshot() {
        let old = snapshot
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count + 1)
        for (i, pointer) in paths.values.enumerated() { list[i] = pointer }
        list[paths.count] = nil
        snapshot = list
        old?.deallocate()
    }

    /// Removes what conversions whose process is gone (killed with SIGKILL, or a power loss)
    /// left of `path` next to it: `PartialFile`'s ".NAME.partial-PID" files. Nothing could
    /// clean up after those processes themselves.
    public static func removeAbandoned(near path: String) {
        let directory = path.parentPath
        let prefix = ".\((path as NSString).lastPathComponent).partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: ((directory.isEmpty ? "." : directory) as NSString).appendingPathComponent(name))
        }
    }

    fileprivate static func removeAllForSignal() {
        guard var entry = snapshot else { return }
        while let path = entry.pointee {
            unlink(path)
            entry += 1
        }
    }
}

private func partialFilesSignalHandler(_ signalNumber: Int32) {
    PartialFiles.removeAllForSignal()
    _exit(128 + signalNumber)
}
