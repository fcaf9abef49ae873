import Foundation
import Testing

/// `speak play` and `speak continue` with a sink that plays at real time into nothing.
@Suite struct CLIPlayerTests {
    static let story = """
        # Morning

        The ferry left at seven. Gulls followed it out past the harbour wall.

        # Evening

        It came back late, with the lights of the town behind it.
        """
    let null = ["SPEAK_AUDIO": "null"]

    private func words(_ output: String) -> [(time: Double, index: Int, word: String)] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t")
            guard parts.count == 3, let time = Double(parts[0]), let index = Int(parts[1]) else { return nil }
            return (time, index, String(parts[2]))
        }
    }

    @Test func everySpokenWordIsHeardInOrderAndTheEndIsRemembered() throws {
        let cli = CLI()
        let result = try cli.run(["play", cli.file("story.txt", Self.story), "--print-words"], environment: null)
        #expect(result.status == 0, "\(result.stderr)")
        let heard = words(result.stdout)
        #expect(heard.map(\.index) == Array(0..<heard.count))
        #expect(heard.first?.word == "Morning" && heard.last?.word == "it")
        #expect(zip(heard, heard.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect((heard.last?.time ?? 0) > 2, "the null sink plays at real time")
        let show = try cli.json(["show", "1"])
        #expect(show["finished"] as? Bool == true)
        let stats = try cli.json(["stats"])
        #expect(stats["sessions"] as? Int == 1)
        #expect(stats["finished"] as? Int == 1)
        // A finished document starts again from the beginning.
        let again = try cli.run(["play", "1", "--print-words", "--chapter", "2"], environment: null)
        #expect(words(again.stdout).first?.word == "Evening")
    }

    @Test func anInterruptedPlaySavesItsPositionAndResumesThere() throws {
        let cli = CLI()
        let id = try cli.run(["import", cli.file("story.txt", Self.story)]).stdout.split(separator: " ").first.map(String.init) ?? ""
        let out = cli.work.appendingPathComponent("words.txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["play", id, "--print-words"]
        process.environment = CLI.bare(["SPEAK_HOME": cli.home.path, "SPEAK_AUDIO": "null", "PATH": "/usr/bin:/bin",
                                        "XDG_CONFIG_HOME": cli.work.appendingPathComponent("config").path])
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Stopped a few words in, however fast the binary runs (a sanitizer's is slower).
        let deadline = Date().addingTimeInterval(30 * CLI.patience)
        while Date() < deadline, process.isRunning,
              (words(String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)).last?.index ?? 0) < 4 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        process.waitUntilExit()
        let heard = words(String(decoding: try Data(contentsOf: out), as: UTF8.self))
        let last = try #require(heard.last)
        #expect(last.index > 2)
        let show = try cli.json(["show", id])
        #expect(show["position"] as? Int == last.index)
        #expect(show["finished"] as? Bool == false)
        let resumed = try cli.run(["continue", "--print-words"], environment: null)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(words(resumed.stdout).first?.index == last.index)
    }

    @Test func startingPointsAndBadRequests() throws {
        let cli = CLI()
        #expect(try cli.run(["continue"], environment: null).status == 64, "nothing played yet")
        _ = try cli.run(["import", cli.file("story.txt", Self.story)])
        let from = try cli.run(["play", "1", "--from-word", "12", "--print-words"], environment: null)
        #expect(words(from.stdout).first?.index == 12)
        let at = try cli.run(["play", "1", "--at", "90%", "--print-words"], environment: null)
        #expect((words(at.stdout).first?.index ?? 0) >= 20)
        #expect(try cli.run(["play", "1", "--from-word", "999"], environment: null).status == 64)
        #expect(try cli.run(["play", "1", "--chapter", "9"], environment: null).status == 64)
        #expect(try cli.run(["play", "1", "--from-start", "--chapter", "2"], environment: null).status == 64)
        #expect(try cli.run(["play", "1", "--realtime"], environment: null).status == 64)
        #expect(try cli.run(["play", "42"], environment: null).status == 66)
        #expect(try cli.run(["play", "1", "--at", "lots"], environment: null).status == 64)
    }

    /// Every start elsewhere, stretch of listening and finish is in `speak history`, and
    /// `--from-history N` goes back to any of them.
    @Test func theHistoryKeepsEveryPositionAndPlaysFromAnyOfThem() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("story.txt", Self.story)])
        #expect(try cli.run(["history", "1"]).stderr.contains("has not been listened to yet"))
        #expect(try cli.run(["play", "1", "--from-word", "12", "--speed", "4.5", "--print-words"], environment: null).status == 0)
        #expect(try cli.run(["play", "1", "--from-word", "3", "--speed", "4.5", "--print-words"], environment: null).status == 0)
        let listed = try cli.run(["history", "1", "--json"])
        let history = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed.stderr)")
        let causes: [String] = history.compactMap { $0["cause"] as? String }
        let entryWords: [Int] = history.compactMap { $0["word"] as? Int }
        #expect(causes.first == "listen" && history.first?["startWord"] as? Int == 12, "\(history)")
        let back = try #require(causes.firstIndex(of: "rewind"), "\(history)")
        #expect(causes[..<back].contains("finish") && entryWords[back] == 3 && causes.last == "finish", "\(history)")
        #expect(try cli.run(["history", "1"]).stdout.contains("went back"))
        let again = try cli.run(["play", "1", "--from-history", String(back + 1), "--print-words"], environment: null)
        #expect(words(again.stdout).first?.index == 3)
        let missing = try cli.run(["play", "1", "--from-history", "99"], environment: null)
        #expect(missing.status == 64 && missing.stderr.contains("speak history 1"), "\(missing.stderr)")
        #expect(try cli.run(["play", "1", "--from-history", "0"], environment: null).status == 64)
        #expect(try cli.run(["play", "1", "--from-history", "1", "--chapter", "1"], environment: null).status == 64)
    }

    @Test func twoPlayersOnOneDocumentLeaveItConsistent() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("story.txt", Self.story)])
        let players = (0..<2).map { i in cli.background(["play", "1", "--from-word", String(16 + i)]) }
        for player in players {
            var environment = player.environment ?? [:]
            environment["SPEAK_AUDIO"] = "null"
            player.environment = environment
            try player.run()
        }
        players.forEach { $0.waitUntilExit() }
        #expect(players.allSatisfy { $0.terminationStatus == 0 })
        let show = try cli.json(["show", "1"])
        #expect(show["finished"] as? Bool == true)
        #expect(try cli.json(["stats"])["sessions"] as? Int == 2)
    }

    @Test func playingIntoAFileOrAPipe() throws {
        let cli = CLI()
        let file = cli.file("story.txt", Self.story)
        let wav = cli.work.appendingPathComponent("out.wav").path
        let result = try cli.run(["play", file, "-o", wav])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: wav))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(data.count > 44 + 22_050, "more than a second of audio")
        #expect(try cli.run(["play", "1", "-o", wav]).status == 73, "an existing file needs --force")
        // Nobody heard it: not finished, no position, no listening session.
        let show = try cli.json(["show", "1"])
        #expect(show["finished"] as? Bool == false && (show["position"] as? Int ?? 0) == 0, "\(show)")
        #expect(try cli.json(["stats"])["sessions"] as? Int == 0)
        let piped = try cli.run(["play", "1", "-o", "-", "--from-start"])
        #expect(piped.stdout.hasPrefix("RIFF"))
    }

    @Test func theScreenHighlightsTheWordAndFollowsTheKeys() throws {
        guard TmuxSession.available else { return }
        let cli = CLI()
        let long = (1...12).map { "Paragraph \($0) has a sentence about the sea and the wind and the boats." }.joined(separator: "\n\n")
        _ = try cli.run(["import", cli.file("long.txt", long)])
        let tmux = try TmuxSession(cli: cli, arguments: ["play", "1"], columns: 100, rows: 12)
        Thread.sleep(forTimeInterval: 2)
        let screen = try tmux.screen(escapes: true)
        #expect(screen.contains("\u{1B}[7m"), "the spoken word is in reverse video: \(screen)")
        #expect(screen.contains("1.0×"))
        let before = try #require(Self.statusWord(try tmux.screen()))
        try tmux.send("Right")
        Thread.sleep(forTimeInterval: 0.5)
        let after = try #require(Self.statusWord(try tmux.screen()))
        #expect(after >= before + 15, "a 10 s skip moves ahead (\(before) → \(after))")
        try tmux.send("Up")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try tmux.screen().contains("1.1×"))
        try tmux.send("q")
        Thread.sleep(forTimeInterval: 1)
        let position = try cli.json(["show", "1"])["position"] as? Int ?? 0
        #expect(position >= after, "quitting saves the position")
        #expect(try cli.json(["show", "1"])["finished"] as? Bool == false)
    }

    /// The word index of the status line ("word 1,234").
    static func statusWord(_ screen: String) -> Int? {
        guard let range = screen.range(of: "· word ") else { return nil }
        return Int(screen[range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
    }
}
