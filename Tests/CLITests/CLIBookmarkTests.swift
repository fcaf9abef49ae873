import Foundation
import Testing

/// `speak bookmarks`, `speak notes` and `speak play --bookmark`.
@Suite struct CLIBookmarkTests {
    static let story = """
        # The Tide Table

        The harbour master kept the tide table by the door. Every morning he read it aloud.

        # The Storm

        The storm came in the night. By dawn the boats were safe again, and the gulls were back.
        """

    private func marks(_ cli: CLI, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try cli.run(["bookmarks"] + arguments + ["--json"])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    @Test func addListEditRemoveAndPlayFromABookmark() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("tide.txt", Self.story)])
        #expect(try cli.run(["bookmarks", "1"]).stderr.contains("No bookmarks"))
        // Word 15 is inside "Every morning he read it aloud." (words 13–18): the bookmark goes to its start.
        let added = try cli.run(["bookmarks", "1", "--add", "15", "--note", "read aloud, like us"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("bookmark 1 of 1"))
        _ = try cli.run(["bookmarks", "1", "--add", "23"])
        var list = try marks(cli, ["1"])
        #expect(list.map { $0["number"] as? Int } == [1, 2])
        #expect(list.first?["sentence"] as? String == "Every morning he read it aloud.")
        #expect(list.first?["chapter"] as? String == "The Tide Table")
        #expect(list.last?["chapter"] as? String == "The Storm")
        let start = try #require(list.first?["word"] as? Int)
        #expect(start == 13)

        let table = try cli.run(["bookmarks"])
        #expect(table.stdout.contains("read aloud, like us") && table.stdout.contains("The storm came in the night."), "\(table.stdout)")

        let played = try cli.run(["play", "1", "--bookmark", "1", "--print-words"], environment: ["SPEAK_AUDIO": "null"])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.split(separator: "\n").first?.split(separator: "\t").dropFirst().first == Substring(String(start)))

        #expect(try cli.run(["bookmarks", "1", "--edit", "2", "--note", "storm"]).status == 0)
        list = try marks(cli, ["1"])
        #expect(list.last?["note"] as? String == "storm")
        #expect(try cli.run(["bookmarks", "1", "--remove", "1"]).stdout.contains("removed bookmark 1"))
        list = try marks(cli, ["1"])
        #expect(list.count == 1 && list.first?["note"] as? String == "storm")

        let notes = try cli.run(["notes", "1", "--export", "md"])
        #expect(notes.stdout.hasPrefix("# The Tide Table") || notes.stdout.hasPrefix("# "), "\(notes.stdout)")
        #expect(notes.stdout.contains("> The storm came in the night."))
        #expect(notes.stdout.contains("storm\n"))
        #expect(notes.stdout.contains("`speak play 1 --from-word "))
        let file = cli.work.appendingPathComponent("notes.md").path
        #expect(try cli.run(["notes", "1", "--export", "md", "-o", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == notes.stdout)
        #expect(try cli.run(["notes", "1", "--export", "md", "-o", file]).status != 0, "an existing file needs --force")
        #expect(try cli.run(["notes", "1"]).stdout.contains("✎ storm"))
    }

    @Test func badBookmarkRequestsSayWhatToDo() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("tide.txt", Self.story)])
        let missing = try cli.run(["play", "1", "--bookmark", "3"], environment: ["SPEAK_AUDIO": "null"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "speak: document 1 has no bookmarks; press b while it plays to add one\n")
        let outside = try cli.run(["bookmarks", "1", "--add", "5000"])
        #expect(outside.status == 64, "\(outside.stderr)")
        #expect(try cli.run(["bookmarks", "1", "--remove", "1"]).status == 64)
        #expect(try cli.run(["bookmarks", "9"]).status == 66)
        #expect(try cli.run(["bookmarks", "--add", "3"]).status == 64)
        #expect(try cli.run(["notes", "1", "--export", "pdf"]).status == 64)
        #expect(try marks(cli, ["1"]).isEmpty, "nothing half-made")
    }

    @Test func bookmarksGoWithTheLibraryExport() throws {
        let here = CLI(), there = CLI()
        let file = here.file("tide.txt", Self.story)
        _ = try here.run(["import", file])
        _ = try here.run(["bookmarks", "1", "--add", "30", "--note", "gulls"])
        let exported = here.work.appendingPathComponent("state.json").path
        #expect(try here.run(["library", "export", exported]).status == 0)
        _ = try there.run(["import", there.file("tide.txt", Self.story)])
        let applied = try there.run(["library", "import", exported])
        #expect(applied.stdout.contains("1 bookmark added or changed"), "\(applied.stdout)")
        #expect(try marks(there, ["1"]).first?["note"] as? String == "gulls")
    }
}
