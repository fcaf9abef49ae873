import Foundation
import Testing

/// `speak play --background`, `d` in the player, and `speak status`, `pause`, `resume`, `stop`.
@Suite(.serialized) struct CLIBackgroundTests {
    static let text = (1...30).map { "Paragraph \($0) says that the tide comes in twice a day and goes out twice a day." }
        .joined(separator: "\n\n")

    private func status(_ cli: CLI) throws -> [String: Any]? {
        try JSONSerialization.jsonObject(with: Data(cli.run(["status", "--json"]).stdout.utf8), options: .fragmentsAllowed) as? [String: Any]
    }

    private func cleanUp(_ cli: CLI) {
        if let pid = (try? status(cli))?["pid"] as? Int { kill(pid_t(pid), SIGKILL) }
    }

    @Test func playbackGoesOnWhenTheTerminalClosesAndAnyTerminalControlsIt() throws {
        guard TmuxSession.available else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("tide.txt", Self.text)])
        defer { cleanUp(cli) }
        #expect(try cli.run(["status"]).stdout == "nothing is playing in the background\n")
        let tmux = try TmuxSession(cli: cli, arguments: ["play", "1", "--background"], columns: 80, rows: 24)
        Thread.sleep(forTimeInterval: 2)
        #expect(try tmux.screen().contains("▶ playing: '"))
        try tmux.kill()
        let first = try #require(try status(cli), "the player outlives its terminal")
        #expect(first["documentID"] as? Int == 1)
        Thread.sleep(forTimeInterval: 1.5)
        let later = try #require(try status(cli))
        #expect((later["word"] as? Int ?? 0) > (first["word"] as? Int ?? 0), "the word advances: \(first) → \(later)")

        let again = try cli.run(["play", "1", "--background"])
        #expect(again.status == 69, "one background player per library")
        #expect(again.stderr.contains("is already playing in the background") && again.stderr.contains("speak stop"), "\(again.stderr)")

        #expect(try cli.run(["pause"]).status == 0)
        Thread.sleep(forTimeInterval: 0.7)
        let paused = try #require(try status(cli))
        #expect(paused["paused"] as? Bool == true)
        Thread.sleep(forTimeInterval: 1)
        #expect(try status(cli)?["word"] as? Int == paused["word"] as? Int, "paused: the word stands still")
        #expect(try cli.run(["resume"]).status == 0)
        Thread.sleep(forTimeInterval: 1.5)
        let resumed = try #require(try status(cli))
        #expect(resumed["paused"] as? Bool == false)
        #expect((resumed["word"] as? Int ?? 0) > (paused["word"] as? Int ?? 0))

        let stopped = try cli.run(["stop"])
        #expect(stopped.status == 0)
        #expect(stopped.stdout.hasPrefix("stopped '") && stopped.stdout.contains("' at word "), "\(stopped.stdout)")
        #expect(try status(cli) == nil)
        let saved = try cli.json(["show", "1"])["position"] as? Int ?? 0
        #expect(saved >= resumed["word"] as? Int ?? 0, "stop saves the position")
        #expect(try cli.run(["stop"]).status == 69)
        #expect(try cli.run(["pause"]).stderr.contains("nothing is playing in the background"))
    }

    @Test func killingTheBackgroundPlayerLosesAtMostFiveSeconds() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("tide.txt", Self.text)])
        defer { cleanUp(cli) }
        let started = try cli.run(["play", "1", "--background"], environment: ["SPEAK_AUDIO": "null"])
        #expect(started.status == 0, "\(started.stderr)")
        Thread.sleep(forTimeInterval: 8)
        let state = try #require(try status(cli))
        let pid = try #require(state["pid"] as? Int)
        kill(pid_t(pid), SIGKILL)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try status(cli) == nil, "a killed player is not reported as playing")
        let saved = try cli.json(["show", "1"])["position"] as? Int ?? 0
        let heard = state["word"] as? Int ?? 0
        // Five seconds at the default pace (about 2.9 words a second), and half a second the status may lag.
        #expect(heard - saved <= 17, "lost \(heard - saved) words (saved \(saved), heard \(heard))")
        #expect(saved > 0)
        // The lock went with the process: a new background player starts.
        #expect(try cli.run(["play", "1", "--background"], environment: ["SPEAK_AUDIO": "null"]).status == 0)
        #expect(try cli.run(["stop"]).status == 0)
    }

    @Test func dInThePlayerHandsPlaybackToTheBackground() throws {
        guard TmuxSession.available else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("tide.txt", Self.text)])
        defer { cleanUp(cli) }
        let tmux = try TmuxSession(cli: cli, arguments: ["play", "1", "--from-word", "50"], columns: 80, rows: 24)
        Thread.sleep(forTimeInterval: 2)
        try tmux.send("d")
        Thread.sleep(forTimeInterval: 2)
        let screen = try tmux.screen()
        #expect(screen.contains("in the background"), "\(screen)")
        let state = try #require(try status(cli))
        #expect((state["word"] as? Int ?? 0) > 50)
        #expect(try cli.run(["stop"]).status == 0)
    }
}
