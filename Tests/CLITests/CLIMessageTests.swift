import Foundation
import Testing

/// What the library commands say when they are asked for something that cannot be done, or
/// done as asked: one line that names the real thing and what to do instead.
@Suite struct CLIMessageTests {
    private func importedID(_ cli: CLI, _ text: String, folder: String? = nil) throws -> String {
        let result = try cli.run(["import", cli.file("\(UUID().uuidString).txt", text)] + (folder.map { ["--folder", $0] } ?? []))
        return result.stdout.split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func anEmptyTitleIsAUsageErrorAboutTitles() throws {
        let cli = CLI()
        let id = try importedID(cli, "Some words to keep.\n")
        for title in ["", "   "] {
            let result = try cli.run(["rename", id, title])
            #expect(result.status == 64)
            #expect(result.stderr.contains("a title cannot be empty") && !result.stderr.contains("folder"), "\(result.stderr)")
        }
        #expect(try cli.json(["show", id])["title"] as? String != "")
    }

    @Test func restoreSaysWhatItRestoredOnceAndWhyItCannot() throws {
        let cli = CLI()
        let id = try importedID(cli, "A document in a folder.\n", folder: "Docs")
        let notTrashed = try cli.run(["restore", id])
        #expect(notTrashed.status == 64)
        #expect(notTrashed.stderr.contains("document \(id) is not in the trash"), "\(notTrashed.stderr)")
        #expect(!notTrashed.stderr.hasSuffix("lists what is\n"), "the sentence is complete: \(notTrashed.stderr)")

        #expect(try cli.run(["rm", "Docs", "--recursive"]).status == 0)
        let folder = try cli.run(["restore", "Docs"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stdout == "restored Docs/ with 1 document\n", "\(folder.stdout)")
        #expect(try cli.run(["rm", id]).status == 0)
        #expect(try cli.run(["restore", id]).stdout.hasPrefix("restored \(id)  "))

        #expect(try cli.run(["rm", "Docs", "--recursive"]).status == 0)
        #expect(try cli.run(["mkdir", "Docs"]).status == 0)
        let renamed = try cli.run(["restore", "Docs"])
        #expect(renamed.stdout == "restored Docs/ as Docs (restored)/ with 1 document\n", "\(renamed.stdout)")
    }

    @Test func listingADocumentIDPointsToShow() throws {
        let cli = CLI()
        let id = try importedID(cli, "Listed by id by mistake.\n")
        let result = try cli.run(["ls", id])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(id) is a document id") && result.stderr.contains("speak show \(id)"), "\(result.stderr)")
        #expect(!result.stderr.contains("mkdir"))
        #expect(try cli.run(["mkdir", "\(id)/"]).status == 0)
        #expect(try cli.run(["ls", id]).status == 0, "a folder of that name is listed")
        #expect(try cli.run(["ls", "Nowhere"]).stderr.contains("speak mkdir 'Nowhere'"))
    }

    @Test func aFilteredListingLeavesOutFoldersWithNothingThatMatches() throws {
        let cli = CLI()
        _ = try importedID(cli, "Unread paper.\n", folder: "Papers")
        #expect(try cli.run(["mkdir", "Empty"]).status == 0)
        let all = try cli.json(["ls"])
        #expect((all["folders"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Empty", "Papers"])

        let finished = try cli.run(["ls", "--filter", "finished"])
        #expect(finished.status == 0)
        #expect(!finished.stdout.contains("0 docs"), "\(finished.stdout)")
        #expect(finished.stderr.contains("No finished documents."), "\(finished.stderr)")
        #expect((try cli.json(["ls", "--filter", "finished"])["folders"] as? [[String: Any]])?.isEmpty == true)

        let unread = try cli.run(["ls", "--filter", "unread"])
        #expect(unread.stdout.contains("Papers/") && !unread.stdout.contains("Empty/"), "\(unread.stdout)")
        let json = try cli.json(["ls", "--filter", "unread", "-R"])
        #expect((json["folders"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Papers"])
        #expect((json["folders"] as? [[String: Any]])?.first?["documentCount"] as? Int == 1)
        #expect(try cli.run(["ls", "Papers", "--filter", "finished"]).stderr.contains("No finished documents in 'Papers'."))
    }

    @Test func aMistypedCommandGetsASuggestion() throws {
        let cli = CLI()
        let typo = try cli.run(["shwo", "3"])
        #expect(typo.status == 64)
        #expect(typo.stderr == "speak: unknown command 'shwo'; did you mean 'speak show'? ('speak --help' lists the commands)\n",
                "\(typo.stderr)")
        #expect(try cli.run(["serach", "tide"]).stderr.contains("did you mean 'speak search'?"))
        #expect(try cli.run(["conv", "a.txt"]).stderr.contains("did you mean 'speak convert'?"))
        let unknown = try cli.run(["xyzzy"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown command 'xyzzy'; 'speak --help' lists the commands"))
        #expect(try cli.run(["3"]).stderr.contains("speak play 3"))
        #expect(try cli.run(["--version"]).status == 0)
        #expect(try cli.run(["help", "show"]).status == 0)
    }
}
