import Foundation

/// A detached tmux session on its own server socket, running a command in a terminal of a
/// given size, for tests of what `speak` shows on a screen.
final class TmuxSession {
    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    let name = "speak-test-\(UUID().uuidString.prefix(8))"
    private let cli: CLI

    /// Starts `arguments` of `speak` (with the CLI's library and a null sink) in a
    /// `columns`×`rows` terminal; the window stays open for a few seconds after it exits.
    init(cli: CLI, arguments: [String], columns: Int, rows: Int, environment: [String: String] = [:]) throws {
        self.cli = cli
        var variables = ["SPEAK_HOME": cli.home.path, "XDG_CONFIG_HOME": cli.work.appendingPathComponent("config").path, "SPEAK_AUDIO": "null"]
        for (key, value) in environment { variables[key] = value }
        let command = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
            + " " + ([CLI.binary] + arguments).map(Self.quote).joined(separator: " ") + "; sleep 5"
        _ = try tmux(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), command])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// The screen as text; with `escapes`, with its colours and attributes.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", name])
    }

    func send(_ keys: String...) throws { _ = try tmux(["send-keys", "-t", name] + keys) }

    func resize(columns: Int, rows: Int) throws { _ = try tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)]) }

    /// Ends the session as closing its terminal would.
    func kill() throws { _ = try tmux(["kill-server"]) }

    private static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs tmux through bash, which closes every descriptor above 2 first: the server tmux
    /// starts would otherwise keep Foundation's process-monitoring descriptors open, and
    /// waiting for `new-session` would last as long as the session.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let script = "for fd in $(ls /proc/$$/fd); do [ $fd -gt 2 ] && eval \"exec $fd>&-\"; done; exec "
            + (["tmux", "-L", name] + arguments).map(Self.quote).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let out = cli.work.appendingPathComponent("tmux-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment.removeValue(forKey: "TMUX")
        environment.removeValue(forKey: "NO_COLOR")
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }
}
