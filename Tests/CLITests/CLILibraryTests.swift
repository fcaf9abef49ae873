import Foundation
import Testing

/// Folders, directory imports, books, trash, search, stats and library transfer, end to end.
@Suite struct CLILibraryTests {
    private func importedID(_ result: CLI.Result) -> String {
        result.stdout.split(separator: "\n").first?.split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func foldersHoldDocumentsAndRefuseBadMoves() throws {
        let cli = CLI()
        #expect(try cli.run(["mkdir", "Papers/2026"]).stdout == "created Papers/2026/\n")
        let a = importedID(try cli.run(["import", cli.file("a.txt", "Tides and clocks.\n"), "--folder", "Papers/2026"]))
        let b = importedID(try cli.run(["import", cli.file("b.txt", "Another thing entirely.\n")]))
        let inFolder = try cli.json(["ls", "Papers/2026"])
        #expect((inFolder["documents"] as? [[String: Any]])?.map { $0["id"] as? Int } == [Int(a)])
        #expect(inFolder["path"] as? String == "Papers/2026")
        let top = try cli.json(["ls"])
        #expect((top["folders"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Papers"])
        #expect((top["folders"] as? [[String: Any]])?.first?["documentCount"] as? Int == 1)
        #expect((top["documents"] as? [[String: Any]])?.map { $0["id"] as? Int } == [Int(b)])

        let missing = try cli.run(["mv", b, "Papers/2025"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("speak mkdir 'Papers/2025'"))
        let cycle = try cli.run(["mv", "Papers", "Papers/2026"])
        #expect(cycle.status == 64)
        #expect(cycle.stderr.contains("inside it"))
        let slash = try cli.run(["rename", "Papers", "a/b"])
        #expect(slash.status == 64)
        #expect(slash.stderr.contains("'/'"))
        #expect(try cli.run(["mv", b, "Papers"]).status == 0)
        #expect(try cli.run(["rename", b, "Better title"]).status == 0)
        let tree = try cli.json(["ls", "-R"])
        let papers = (tree["folders"] as? [[String: Any]])?.first
        #expect((papers?["documents"] as? [[String: Any]])?.first?["title"] as? String == "Better title")
        #expect(((papers?["folders"] as? [[String: Any]])?.first?["documents"] as? [[String: Any]])?.count == 1)
        let table = try cli.run(["ls", "-R"])
        #expect(table.stdout.contains("Papers/") && table.stdout.contains("  2026/"))
        #expect(try cli.run(["ls", "Nowhere"]).status == 66)
        #expect(try cli.run(["show", a]).stdout.contains("folder     Papers/2026/"))
    }

    @Test func aDirectoryBecomesAFolderWithEveryReadableFile() throws {
        let cli = CLI()
        cli.file("letters/one.txt", "Dear Anna, the tide came in.\n")
        cli.file("letters/two.md", "# Second\n\nThe clock stopped.\n")
        cli.file("letters/old/three.txt", "An old letter.\n")
        cli.file("letters/picture.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        cli.file("letters/.hidden.txt", "Not imported.\n")
        let result = try cli.run(["import", cli.work.appendingPathComponent("letters").path + "/", "--folder", "Archive"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stderr.contains("3 documents in Archive/letters/, 1 file skipped"))
        let letters = try cli.json(["ls", "Archive/letters", "--sort", "title"])
        #expect((letters["documents"] as? [[String: Any]])?.map { $0["title"] as? String } == ["one", "Second"])
        #expect((letters["folders"] as? [[String: Any]])?.map { $0["path"] as? String } == ["Archive/letters/old"])
    }

    @Test func aDirectoryOfKnownFilesSaysSoInsteadOfNamingAFolderThatWasNotMade() throws {
        let cli = CLI()
        let files = ["one", "two", "three"].map { cli.file("in/\($0).txt", "The \($0) letter.\n") }
        #expect(try cli.run(["import"] + files).status == 0)
        let again = try cli.run(["import", cli.work.appendingPathComponent("in").path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("in in/"), "\(again.stderr)")
        #expect(again.stderr.contains("all 3 documents were already in the library"), "\(again.stderr)")
        #expect((try cli.json(["ls"])["folders"] as? [[String: Any]])?.isEmpty == true)

        cli.file("in/four.txt", "The fourth letter.\n")
        let mixed = try cli.run(["import", cli.work.appendingPathComponent("in").path])
        #expect(mixed.stderr.contains("1 document in in/, 3 already in the library"), "\(mixed.stderr)")
    }

    @Test func aBookIsOneDocumentWithAChapterPerFileThatCanBeReordered() throws {
        let cli = CLI()
        let parts = ["part1", "part2", "part3"].map { cli.file("\($0).txt", "Text of \($0) here.\n") }
        let book = try cli.run(["import", "--book", "The Long Way"] + parts)
        #expect(book.status == 0, "\(book.stderr)")
        let id = importedID(book)
        #expect(book.stdout.contains("The Long Way") && book.stdout.contains("3 chapters"))
        let added = try cli.run(["add", id, cli.file("epilogue.txt", "The end of it all.\n"), "--title", "Epilogue"])
        #expect(added.stdout.contains("chapter 4: Epilogue"), "\(added.stderr)")
        let moved = try cli.run(["chapters", id, "--move", "4", "1", "--json"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let chapters = try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [[String: Any]]
        #expect(chapters?.map { $0["title"] as? String } == ["Epilogue", "part1", "part2", "part3"])
        #expect(chapters?.map { $0["firstWord"] as? Int } == [0, 5, 9, 13])
        #expect(try cli.run(["text", id]).stdout.hasPrefix("The end of it all.\n\nText of part1 here."))
        let bad = try cli.run(["chapters", id, "--move", "9", "1"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("chapters 1 to 4"))
        #expect(try cli.run(["import", "--book", "Broken", parts[0], cli.work.appendingPathComponent("nope.txt").path]).status == 66)
        #expect(try cli.list().count == 1, "a book with a missing part stores nothing")
    }

    @Test func theTrashKeepsDocumentsUntilPurged() throws {
        let cli = CLI()
        let id = importedID(try cli.run(["import", cli.file("a.txt", "Words to keep.\n"), "--folder", "Box"]))
        #expect(try cli.run(["rm", "Box"]).status == 64, "a folder with documents needs --recursive")
        #expect(try cli.run(["rm", id]).stdout.contains("moved to trash"))
        #expect(try cli.list().isEmpty)
        let show = try cli.run(["show", id])
        #expect(show.status == 66)
        #expect(show.stderr.contains("speak restore \(id)"))
        let trash = try cli.run(["trash", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(trash.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.first?["id"] as? Int == Int(id))
        #expect(entries?.first?["deleted"] as? String != nil)
        #expect(try cli.run(["rm", "Box"]).status == 0, "only trashed documents left: the folder goes")
        let restored = try cli.run(["restore", id])
        #expect(restored.status == 0)
        #expect(restored.stderr.contains("now at the top level"))
        #expect(try cli.list().count == 1)
        #expect(try cli.run(["restore", id]).status == 64)
        #expect(try cli.run(["purge", "--older-than", "soon"]).status == 64)
        #expect(try cli.run(["rm", id]).status == 0)
        #expect(try cli.run(["purge", "--older-than", "30d"]).stdout.contains("0 documents"))
        #expect(try cli.run(["purge"]).stdout.contains("1 document"))
        #expect(try cli.run(["restore", id]).status == 66)
    }

    @Test func searchFindsWordsWithContextAndNeverLeaksSQL() throws {
        let cli = CLI()
        let id = importedID(try cli.run(["import", cli.file("notes.txt", """
            # Optimisation

            The method of gradient descent converges slowly on this café's problems.
            """)]))
        let hits = try cli.run(["search", "Gradient Descent", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(hits.stdout.utf8)) as? [[String: Any]]
        let hit = try #require(list?.first)
        #expect(hit["documentID"] as? Int == Int(id))
        #expect(hit["match"] as? String == "gradient descent")
        #expect(hit["wordIndex"] as? Int == 4)
        #expect(hit["chapter"] as? String == "Optimisation")
        let plain = try cli.run(["search", "cafe"])
        #expect(plain.stdout.contains("[café's]"), "\(plain.stdout)")
        _ = try cli.run(["import", cli.file("terms.txt", "Read the Warranty. It covers (spare parts) only.\n")])
        let spaced = try cli.run(["search", "warranty"])
        #expect(spaced.stdout.contains("Read the [Warranty]. It covers (spare parts) only."), "\(spaced.stdout)")
        #expect(try cli.run(["search", "spare"]).stdout.contains("covers ([spare] parts) only."))
        for query in ["\"", "NEAR(a b)", "x* OR y", "col:umn"] {
            let result = try cli.run(["search", query])
            #expect([0, 64].contains(result.status))
            #expect(!result.stderr.lowercased().contains("fts5") && !result.stderr.contains("SQL"), "\(result.stderr)")
        }
        let empty = try cli.run(["search", "  "])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("at least one word"))
        #expect(try cli.run(["search", "descent", "--folder", "Nowhere"]).status == 66)
    }

    @Test func recentAndStatsDescribeTheLibrary() throws {
        let cli = CLI()
        for i in 1...8 { _ = try cli.run(["import", cli.file("d\(i).txt", "Document number \(i) words.\n")]) }
        let recent = try cli.run(["recent", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(recent.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.map { $0["id"] as? Int } == [8, 7, 6, 5, 4, 3])
        let stats = try cli.json(["stats"])
        #expect(stats["documents"] as? Int == 8)
        #expect(stats["unread"] as? Int == 8)
        #expect(stats["sessions"] as? Int == 0)
        #expect(try cli.run(["stats", "3"]).stdout.contains("d3"))
        #expect(try cli.run(["stats", "99"]).status == 66)
    }

    @Test func libraryStateMovesToAnotherMachine() throws {
        let here = CLI()
        let file = here.file("shared.txt", "The same file on both machines.\n")
        let id = importedID(try here.run(["import", file, "--folder", "Reading/Now"]))
        _ = try here.run(["rename", id, "My name for it"])
        _ = try here.run(["import", here.file("only-here.txt", "Only on this machine.\n")])
        let exported = here.work.appendingPathComponent("state.json").path
        #expect(try here.run(["library", "export", exported]).status == 0)

        let there = CLI()
        let copy = there.file("shared.txt", "The same file on both machines.\n")
        let otherID = importedID(try there.run(["import", copy]))
        let applied = try there.run(["library", "import", exported])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("updated 1 document"))
        #expect(applied.stderr.contains("'only-here'"))
        let summary = try there.list().first
        #expect(summary?["title"] as? String == "My name for it")
        #expect(summary?["id"] as? Int == Int(otherID))
        #expect((try there.json(["ls", "Reading/Now"])["documents"] as? [[String: Any]])?.count == 1)

        #expect(try there.run(["library", "import", there.file("junk.json", "{\"not\": 1}")]).status == 65)
        #expect(try there.run(["library", "import", there.work.appendingPathComponent("none.json").path]).status == 66)
    }

    @Test func twoProcessesMovingTheSameDocumentLeaveItInOneFolder() throws {
        let cli = CLI()
        let id = importedID(try cli.run(["import", cli.file("a.txt", "Contended words.\n")]))
        _ = try cli.run(["mkdir", "Left", "Right"])
        for _ in 0..<5 {
            let left = cli.background(["mv", id, "Left"])
            let right = cli.background(["mv", id, "Right"])
            try left.run()
            try right.run()
            left.waitUntilExit()
            right.waitUntilExit()
            #expect(left.terminationStatus == 0 && right.terminationStatus == 0)
            let tree = try cli.json(["ls", "-R"])
            let counts = (tree["folders"] as? [[String: Any]])?.map { ($0["documents"] as? [[String: Any]])?.count ?? 0 }
            #expect(counts?.reduce(0, +) == 1, "the document is in exactly one folder")
        }
    }
}
