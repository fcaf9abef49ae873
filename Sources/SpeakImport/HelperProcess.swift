import Foundation

/// A helper executable (`speak-ocr`, `speak-pdf`) talking one line per message over a socket
/// pair on its standard input and output, so a helper that dies shows up as end of file and
/// never as SIGPIPE. Its stderr goes nowhere: the C libraries' chatter never reaches the user.
public final class HelperProcess: @unchecked Sendable {
    private let process = Process()
    private let socket: Int32
    private var buffer = [UInt8]()
    /// Where the unread part of `buffer` starts (compacted when it passes half the buffer).
    private var offset = 0

    /// Starts `executable`; nil when it cannot be started.
    public init?(executable: String, arguments: [String], environment extra: [String: String] = [:]) {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0 else { return nil }
        socket = descriptors[0]
        let child = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // A crash in a C library should end the helper at once, not start Swift's backtracer.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardInput = child
        process.standardOutput = child
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            try child.close()
        } catch {
            close(socket)
            return nil
        }
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

    /// Closing the socket tells the helper to end; waits for it (see `reap`: waiting with
    /// `Process.waitUntilExit` added up to 50 ms to every import that used a helper).
    public func stop() {
        close(socket)
        Self.reap(process)
    }

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
        return ((executable as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }
}
