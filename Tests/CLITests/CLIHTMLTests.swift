import Foundation
import Testing

/// Web pages through the command line: the article and its metadata, standard input with
/// `--format html`, and the bad pages of issue 4.
@Suite struct CLIHTMLTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/tidal-clocks.html").path

    @Test func theSampleArticleImportsWithoutItsFurniture() throws {
        let cli = CLI()
        let text = try cli.run(["text", Self.sample])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Long before railway timetables"))
        #expect(text.stdout.contains("Monday, 6:12, 12:30") && text.stdout.contains("observations"))
        for furniture in ["cookies", "Subscribe", "Share", "Advertisement", "Related stories", "Great piece",
                          "All rights reserved", "Mara Oyelaran", "How Harbour Towns"] {
            #expect(!text.stdout.contains(furniture), "\(furniture) is not read")
        }
        let imported = try cli.run(["import", Self.sample, "--json"])
        #expect(imported.status == 0)
        let show = try cli.run(["show", "1", "--json"])
        let details = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(details["title"] as? String == "How Harbour Towns Kept Time by the Tides")
        #expect(details["author"] as? String == "Mara Oyelaran")
        #expect(details["site"] as? String == "The Coastal Ledger")
        #expect(details["language"] as? String == "en")
        #expect(details["canonicalURL"] as? String == "https://coastal-ledger.example/2026/03/tidal-clocks")
        #expect((details["published"] as? String)?.hasPrefix("2026-03-14") == true)
        #expect((details["chapters"] as? [[String: Any]])?.count == 2)
    }

    @Test func standardInputAsHTML() throws {
        let cli = CLI()
        let page = Data("<div><p>Hello <b>wor</b>ld from a <i>pipe</i>.</p></div>".utf8)
        let asHTML = try cli.run(["import", "-", "--format", "html"], stdin: page)
        #expect(asHTML.status == 0, "\(asHTML.stderr)")
        #expect(try cli.run(["text", "1"]).stdout == "Hello world from a pipe.\n")
        let asText = try cli.run(["import", "-", "--format", "text", "--force"], stdin: page)
        #expect(asText.status == 0)
        #expect(try cli.run(["text", "2"]).stdout.contains("<b>"))
    }

    @Test func badPagesFailCleanlyOrWarn() throws {
        let cli = CLI()
        let deep = cli.file("deep.html", "<html><body>" + String(repeating: "<div>", count: 50_000)
            + "<p>Deep text is still read.</p>" + String(repeating: "</div>", count: 50_000) + "</body></html>")
        let deepText = try cli.run(["text", deep])
        #expect(deepText.status == 0 && deepText.stdout == "Deep text is still read.\n", "\(deepText.stderr)")

        let links = cli.file("links.html", "<html><head><title>Index</title></head><body><ul><li><a href=/a>Alpha story</a></li>"
            + "<li><a href=/b>Beta story</a></li></ul><div>Welcome to the index.</div></body></html>")
        let warned = try cli.run(["import", links])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning: ") && warned.stderr.contains("no article found"), "\(warned.stderr)")

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(Data(repeating: 0, count: 64))
        for (name, data) in [("empty.html", Data("<html><body><script>x()</script></body></html>".utf8)),
                             ("image.html", png), ("zero.html", Data())] {
            let result = try cli.run(["import", cli.file(name, data)])
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(name) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try cli.list().count == 1, "only the page with links was stored")
    }

    /// `<html lang>` picks the voice when none is asked for: a preset for the language, else
    /// eSpeak's voice for it; an explicit `--voice` wins.
    @Test func thePageLanguageChoosesTheVoice() throws {
        let cli = CLI()
        func voice(_ lang: String, _ extra: [String] = []) throws -> String? {
            let page = cli.file("\(lang).html", "<html lang=\"\(lang)\"><body><article><p>Guten Tag, wie geht es dir heute?</p></article></body></html>")
            let result = try cli.run(["convert", page, "-o", "\(lang).wav", "--json", "--force"] + extra)
            let summaries = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
            return summaries?.first?["voice"] as? String
        }
        #expect(try voice("de-DE") == "hanna")
        #expect(try voice("pl") == "pl")
        #expect(try voice("en-GB") == "en-us")
        #expect(try voice("de", ["--voice", "alex"]) == "alex")
    }

    @Test func invalidBytesInUndeclaredUTF8StayLocal() throws {
        let cli = CLI()
        var page = Data("<html><body><article><p>Before ".utf8)
        page.append(0x93)
        page.append(Data("quoted".utf8))
        page.append(0x94)
        page.append(Data(" after: café, naïve, Zürich — fine.</p></article></body></html>".utf8))
        let result = try cli.run(["text", cli.file("stray.html", page)])
        #expect(result.stdout == "Before “quoted” after: café, naïve, Zürich — fine.\n", "\(result.stdout)")
    }
}
