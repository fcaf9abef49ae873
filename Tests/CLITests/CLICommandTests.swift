import Foundation
import Testing

@Suite struct CLICommandTests {
    @Test func importListShowTextRemove() throws {
        let cli = CLI()
        let notes = cli.file("notes.txt", "Chapter 1\n\nFirst line of a\nwrapped paragraph.\n\nChapter 2\n\nMore words here.\n")
        let chapter = cli.file("chapter-two.txt", "Another document entirely.\n")
        let imported = try cli.run(["import", notes, chapter])
        #expect(imported.status == 0, "\(imported.stderr)")
        let ids = imported.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(ids == ["1", "2"])

        let ls = try cli.run(["ls"])
        #expect(ls.status == 0)
        let lines = ls.stdout.split(separator: "\n")
        #expect(lines.first?.contains("TITLE") == true && lines.first?.contains("PROGRESS") == true)
        #expect(lines.count == 3)
        #expect(ls.stdout.contains("notes") && ls.stdout.contains("chapter-two"))

        let show = try cli.run(["show", "1"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("Chapters (2)"))
        #expect(show.stdout.contains("reading"))
        #expect(show.stdout.contains("wpm"))

        let text = try cli.run(["text", "1"])
        #expect(text.stdout == "Chapter 1\n\nFirst line of a wrapped paragraph.\n\nChapter 2\n\nMore words here.\n")

        let removed = try cli.run(["rm", "1"])
        #expect(removed.status == 0)
        #expect(try cli.list().map { $0["id"] as? Int } == [2])
    }

    @Test func standardInputWithTitle() throws {
        let cli = CLI()
        let result = try cli.run(["import", "-", "--title", "Draft"], stdin: Data("A draft from a pipe.\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let list = try cli.list()
        #expect(list.first?["title"] as? String == "Draft")
        #expect(list.first?["source"] as? String == "stdin")
        #expect(try cli.run(["text", "1"]).stdout == "A draft from a pipe.\n")
    }

    @Test func sameContentTwiceReturnsTheExistingIdUnlessForced() throws {
        let cli = CLI()
        let path = cli.file("a.txt", "Some words to import.\n")
        let copy = cli.file("copy-of-a.txt", "Some words to import.\n")
        #expect(try cli.run(["import", path]).stdout.hasPrefix("1 "))
        let again = try cli.run(["import", copy])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("1 "))
        #expect(again.stderr.contains("already in the library as 1"))
        #expect(try cli.run(["import", copy, "--force"]).stdout.hasPrefix("2 "))
        #expect(try cli.list().count == 2)
    }

    @Test func jsonOutputsAreValid() throws {
        let cli = CLI()
        let path = cli.file("j.txt", "# Title Here\n\nBody text.\n")
        let imported = try cli.run(["import", path, "--json"])
        let outcomes = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]]
        #expect(outcomes?.first?["id"] as? Int == 1)
        #expect(outcomes?.first?["duplicate"] as? Bool == false)
        let show = try cli.run(["show", "1", "--json"])
        let details = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        #expect(details?["title"] as? String == "Title Here")
        #expect(details?["words"] as? Int == 4)
        #expect((details?["chapters"] as? [Any])?.count == 1)
        let list = try cli.list()
        #expect(list.first?["words"] as? Int == 4)
        #expect(list.first?["progress"] as? Double == 0)
    }

    @Test func textOfAFileDoesNotStoreIt() throws {
        let cli = CLI()
        let path = cli.file("t.txt", "Para one\nwrapped.\n\n\n\nPara two.")
        let result = try cli.run(["text", path])
        #expect(result.status == 0)
        #expect(result.stdout == "Para one wrapped.\n\nPara two.\n")
        #expect(try cli.list().isEmpty)
    }

    @Test func versionIsPrinted() throws {
        let result = try CLI().run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("speak 0."))
    }

    @Test(arguments: [[], ["import"], ["ls"], ["show"], ["text"], ["rm"], ["convert"], ["voices"]])
    func everyHelpHasAnExample(_ command: [String]) throws {
        let result = try CLI().run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("speak "))
    }

    @Test func configSpeedChangesReadingTime() throws {
        let cli = CLI()
        cli.file("config/speak/config.toml", "# my settings\nspeed = 2.0\nwpm = 150\n")
        let path = cli.file("w.txt", String(repeating: "word ", count: 600))
        _ = try cli.run(["import", path])
        let show = try cli.run(["show", "1", "--json"])
        let details = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        #expect(details?["wordsPerMinute"] as? Double == 300)
        #expect(details?["readingSeconds"] as? Double == 120)
        cli.file("config/speak/config.toml", "speed = fast\n")
        let bad = try cli.run(["ls"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("config.toml") && bad.stderr.contains("line 1"))
    }
}
