import Foundation
import SpeakModel

/// A helper executable (`speak-ocr`, `speak-pdf`) talking one line per message over a socket
/// pair on its standard input and output, so a helper that dies shows up as end of file and
/// never as SIGPIPE. Its stderr goes nowhere: the C libraries' chatter never reaches the user.
public final class HelperProcess: @unchecked Sendable {
    private let pid: pid_t
    private let socket: Int32
    private var stopped = false
    private var buffer = [UInt8]()
    /// Where the unread part of `buffer` starts (compacted when it passes half the buffer).
    private var offset = 0

    /// Starts `executable`; nil when it cannot be started. Started with `posix_spawn`, not
    /// Foundation's `Process`, which took 3 ms per helper: a tenth of reading a short PDF.
    public init?(executable: String, arguments: [String], environment extra: [String: String] = [:]) {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0 else { return nil }
        // The child's end is moved above the standard descriptors, so that duplicating it onto
        // them always clears close-on-exec (it is 0 or 1 when this process has no stdin or stdout).
        let child = fcntl(descriptors[1], F_DUPFD_CLOEXEC, 3)
        close(descriptors[1])
        guard child >= 0 else {
            close(descriptors[0])
            return nil
        }
        defer { close(child) }
        // A crash in a C library should end the helper at once, not start Swift's backtracer.
        var overrides = ["SWIFT_BACKTRACE": "enable=no"]
        for (key, value) in extra { overrides[key] = value }
        guard let pid = Self.spawn(executable, arguments: arguments, overrides: overrides, socket: child) else {
            close(descriptors[0])
            return nil
        }
        self.pid = pid
        socket = descriptors[0]
    }

    deinit {
        if !stopped { stop() }
    }

    /// posix_spawn with the socket as standard input and output, stderr to /dev/null, no
    /// signal blocked and the usual signal dispositions (a parent may run with signals blocked
    /// or ignored, and a helper must still die of Ctrl-C and a closed pipe).
    private static func spawn(_ executable: String, arguments: [String], overrides: [String: String], socket: Int32) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, 0)
        posix_spawn_file_actions_adddup2(&actions, socket, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        // This process's environment as it is (ProcessInfo's dictionary cost 0.3 ms to build),
        // with the overrides in place of any variables of the same names.
        var envp: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            let name = String(cString: variable).prefix { $0 != "=" }
            if overrides[String(name)] == nil { envp.append(strdup(variable)) }
            entry += 1
        }
        envp += overrides.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }

    /// The parent's end of the socket, for helpers that speak a binary protocol.
    public var descriptor: Int32 { socket }

    /// Sends one line (a newline is added); false when the helper is gone.
    @discardableResult
    public func send(_ line: String) -> Bool {
        Array((line + "\n").utf8).withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var done = 0
            while done < bytes.count {
                let n = Foundation.send(socket, base + done, bytes.count - done, Int32(MSG_NOSIGNAL))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// The next line the helper wrote, without its newline; nil at end of file.
    public func nextLine() -> Data? {
        var searched = offset
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[offset..<newline])
                offset = newline + 1
                if offset * 2 > buffer.count {
                    buffer.removeFirst(offset)
                    offset = 0
                }
                return line
            }
            searched = buffer.count
            let before = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress.map { $0 + before }, 1 << 16, 0) }
            buffer.removeLast((1 << 16) - max(0, n))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
        }
    }

    /// Exactly `count` bytes after the last line read; nil when the helper ended sooner.
    public func read(count: Int) -> Data? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while buffer.count - offset < count {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
        let data = Data(buffer[offset..<(offset + count)])
        offset += count
        return data
    }

    /// Ends a helper that is not needed: closes its socket and kills it, then reaps it in
    /// `stop()` (or when dropped), without waiting here for it to start up and notice.
    public func cancel() {
        guard !stopped else { return }
        kill(pid, SIGKILL)
    }

    /// Closing the socket tells the helper to end; waits for it.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        close(socket)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Tells a helper that has answered everything to end, without waiting for it: tearing a
    /// helper down takes it 2–3 ms, a tenth of reading a short PDF. It is reaped when the next
    /// helper starts or finishes (a thread to wait for it could outlive `exit` and crash it).
    public func finish() {
        guard !stopped else { return }
        stopped = true
        close(socket)
        Self.finishing.withLock { pids in
            pids.append(pid)
            pids.removeAll { pid in
                var status: Int32 = 0
                return waitpid(pid, &status, WNOHANG) != 0
            }
        }
    }

    /// Helpers told to end by `finish()` and not reaped yet.
    private static let finishing = Locked<[pid_t]>([])

    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        case exit(Int32)
        case signal(Int32)
    }

    /// Waits for a started child to end. `waitid` without reaping blocks until the child is
    /// gone; Foundation then reaps it and records its status within a millisecond, instead of
    /// `waitUntilExit` noticing up to 50 ms later.
    @discardableResult
    public static func reap(_ process: Process) -> Ending {
        let pid = process.processIdentifier
        guard pid > 0 else { return .exit(-1) }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        while process.isRunning { usleep(200) }
        return process.terminationReason == .exit ? .exit(process.terminationStatus) : .signal(process.terminationStatus)
    }

    /// In a helper: the value after `option` on its command line.
    public static func argument(_ option: String) -> String? {
        let arguments = CommandLine.arguments
        guard let at = arguments.firstIndex(of: option), at + 1 < arguments.count else { return nil }
        return arguments[at + 1]
    }

    /// `name` in the directory of the running executable, or `$variable` when set.
    public static func path(_ name: String, overriddenBy variable: String) -> String {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty { return path }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "speak"
        return (executable.parentPath as NSString).appendingPathComponent(name)
    }
}
