import Foundation
import Testing

/// `speak play` as an MPRIS media player, driven by playerctl over a private session bus.
@Suite(.serialized) struct CLIMediaKeysTests {
    static let story = """
        # Morning

        The ferry left at seven. Gulls followed it out past the harbour wall, and the town grew small behind it. \
        The captain counted the passengers twice and wrote the number in the log.

        # Noon

        By noon the sea was flat and bright. Nobody spoke much; the engine said enough for everyone. \
        A child asked how deep the water was, and nobody knew.

        # Evening

        It came back late, with the lights of the town behind it. The gulls had gone home long before.
        """

    private func until(_ timeout: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return false
    }

    @Test func playerctlDrivesThePlayerAndTheLibraryKeepsUp() throws {
        guard PrivateSessionBus.available else { return }
        let cli = CLI()
        let file = cli.file("ferry.txt", Self.story)
        _ = try cli.run(["import", file, "--title", "The Ferry"])
        let bus = try PrivateSessionBus(directory: cli.work.appendingPathComponent("dbus"))
        var environment = ProcessInfo.processInfo.environment
        environment["SPEAK_HOME"] = cli.home.path
        environment["XDG_CONFIG_HOME"] = cli.work.appendingPathComponent("config").path
        environment["SPEAK_AUDIO"] = "null"
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let log = cli.work.appendingPathComponent("play.log").path
        let pid = try Spawn.start([CLI.binary, "play", "1", "--no-tui"], environment: environment, output: log)
        defer {
            kill(pid, SIGKILL)
            _ = Spawn.wait(pid, timeout: 5)
        }
        func saved() throws -> Int { try cli.json(["show", "1"])["position"] as? Int ?? -1 }

        #expect(try until { try bus.playerctl(["status"]) == "Playing" }, "the player is on the bus")
        let metadata = try bus.playerctl(["metadata", "--format", "{{xesam:title}}|{{mpris:trackid}}|{{mpris:length}}|{{xesam:album}}|{{xesam:trackNumber}}|{{xesam:url}}"])
        let fields = metadata.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 6, "\(metadata)")
        if fields.count == 6 {
            #expect(fields[0] == "The Ferry")
            #expect(fields[1] == "'/org/mpris/MediaPlayer2/speak/document/1'", "playerctl quotes an object path")
            #expect((Int(fields[2]) ?? 0) > 10_000_000, "the length in microseconds: \(fields[2])")
            #expect(fields[3] == "Morning" && fields[4] == "1", "the chapter as the track")
            #expect(fields[5] == URL(fileURLWithPath: file).absoluteString)
        }

        // Status changes arrive as PropertiesChanged signals: playerctl --follow prints them.
        let followed = cli.work.appendingPathComponent("follow.log").path
        let follower = try Spawn.start(["playerctl", "--player=speak", "--follow", "status"],
                                       environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": bus.address], output: followed)
        defer {
            kill(follower, SIGTERM)
            _ = Spawn.wait(follower, timeout: 5)
        }
        Thread.sleep(forTimeInterval: 1.5)
        _ = try bus.playerctl(["play-pause"])
        #expect(try bus.playerctl(["status"]) == "Paused")
        #expect(try until { try saved() > 0 }, "pausing saves the position")
        let paused = try saved()
        let position = try bus.playerctl(["position"])
        Thread.sleep(forTimeInterval: 0.6)
        #expect(try bus.playerctl(["position"]) == position, "paused: the position stands still")
        #expect(try saved() == paused)

        _ = try bus.playerctl(["play"])
        #expect(try bus.playerctl(["status"]) == "Playing")
        #expect(try until { ((try? String(contentsOfFile: followed, encoding: .utf8)) ?? "").contains("Paused\nPlaying") },
                "signalled: \((try? String(contentsOfFile: followed, encoding: .utf8)) ?? "")")

        // The rate is the speed, set over D-Bus and read back.
        let property = ["dbus-send", "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.speak", "/org/mpris/MediaPlayer2"]
        let environment2 = ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": bus.address]
        _ = try Spawn.run(property + ["org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Rate", "variant:double:1.5"],
                          environment: environment2)
        let rateChanged = try until {
            try Spawn.run(property + ["org.freedesktop.DBus.Properties.Get", "string:org.mpris.MediaPlayer2.Player", "string:Rate"],
                          environment: environment2).output.contains("double 1.5")
        }
        #expect(rateChanged, "the rate reads back as set")
        _ = try Spawn.run(property + ["org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Rate", "variant:double:1"],
                          environment: environment2)
        _ = try bus.playerctl(["next"])
        #expect(try until { try bus.playerctl(["metadata", "xesam:album"]) == "Noon" }, "next goes to the next chapter")
        _ = try bus.playerctl(["pause"])
        #expect(try until { try saved() > paused + 20 }, "the jump is saved")

        _ = try bus.playerctl(["position", "1"])
        #expect(try until { try bus.playerctl(["metadata", "xesam:album"]) == "Morning" }, "SetPosition goes back by time")
        let seconds = Double(try bus.playerctl(["position"])) ?? -1
        #expect(abs(seconds - 1) < 1, "position \(seconds)")
        _ = try bus.playerctl(["play"])

        #expect(try bus.playerctl(["volume"]).hasPrefix("1.0"))
        _ = try bus.playerctl(["volume", "0.3"])
        #expect(try bus.playerctl(["volume"]).hasPrefix("1.0"), "the volume is the desktop's, untouched")
        #expect(try bus.playerctl(["status"]) == "Playing")

        Thread.sleep(forTimeInterval: 0.5)
        _ = try bus.playerctl(["stop"])
        #expect(Spawn.wait(pid, timeout: 5) == 0, "stop ends playback: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(try saved() >= 0 && (try saved()) < paused + 20, "stopping saves where it was")
        #expect((try? String(contentsOfFile: log, encoding: .utf8)) ?? "" == "", "nothing on stderr")
    }

    @Test func withoutASessionBusPlaybackIsUnchanged() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("ferry.txt", "Short. Two words.")])
        let result = try cli.run(["play", "1", "--no-tui"], environment: ["SPEAK_AUDIO": "null",
                                                                         "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "silently off: \(result.stderr)")
    }
}
