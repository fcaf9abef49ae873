import Foundation

/// Processes started with posix_spawn: daemons and background players that Foundation's
/// Process would keep waiting on (they inherit its monitoring descriptors).
enum Spawn {
    /// Starts `arguments` with `environment`, standard output and error into `output`.
    static func start(_ arguments: [String], environment: [String: String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // Signals this process ignores or blocks (a player under test ignores SIGTERM) are the
        // child's own again: a daemon started here must die of SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw CocoaError(.executableLoad) }
        return pid
    }

    /// Plays (`arguments`: the binary, "play", …) until `words` words have been heard, then
    /// interrupts it as Ctrl-C does; its exit status. Waiting for words, not for a time: an
    /// instrumented binary (make test-tsan) takes seconds to start, and a SIGINT that comes before
    /// its handler is set ends it with 130, having listened to nothing.
    static func playUntilHeard(_ words: Int, _ arguments: [String], environment: [String: String], log: String) throws -> Int32? {
        unlink(log)
        let pid = try start(arguments + ["--no-tui", "--print-words"], environment: environment, output: log)
        let deadline = Date().addingTimeInterval(30 * CLI.patience)
        while Date() < deadline,
              String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
                  .split(separator: "\n").filter({ $0.split(separator: "\t").count == 3 }).count < words {
            usleep(50_000)
        }
        kill(pid, SIGINT)
        return wait(pid, timeout: 10 * CLI.patience)
    }

    /// Runs to the end and returns its exit status and output.
    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
        defer { unlink(output) }
        let pid = try start(arguments, environment: environment, output: output)
        let status = wait(pid, timeout: 30) ?? -1
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// The exit status once `pid` ends, or nil when it runs longer than `timeout` seconds.
    static func wait(_ pid: pid_t, timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            if done == -1, errno != EINTR { return nil }
            usleep(20_000)
        }
        return nil
    }
}

/// A D-Bus session bus of the test's own (dbus-daemon on a socket in a temporary directory).
final class PrivateSessionBus {
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") && FileManager.default.isExecutableFile(atPath: "/usr/bin/playerctl")
    }

    let address: String
    private let pid: pid_t
    private let directory: URL

    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        let config = directory.appendingPathComponent("session.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        address = "unix:path=" + socket
        pid = try Spawn.start(["dbus-daemon", "--config-file=\(config.path)", "--nofork", "--nopidfile"],
                              environment: ["PATH": "/usr/bin:/bin"], output: directory.appendingPathComponent("daemon.log").path)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(20_000) }
    }

    deinit {
        kill(pid, SIGTERM)
        _ = Spawn.wait(pid, timeout: 5)
    }

    /// Runs `playerctl --player=speak ARGUMENTS` on this bus; its output without the newline.
    func playerctl(_ arguments: [String]) throws -> String {
        let result = try Spawn.run(["playerctl", "--player=speak"] + arguments,
                                   environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address])
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
