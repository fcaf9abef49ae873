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

    /// A theme's `<html lang="en">` on a German article: the text says German, plainly, and is
    /// read in German; an English page quoting German, and `--lang`, keep what they say.
    @Test func aPageDeclaringTheWrongLanguageIsReadInItsOwn() throws {
        let cli = CLI()
        let german = [
            "Die Digitalisierung zieht sich bereits heute durch fast alle Branchen und Anwendungsgebiete, sei es im Finanzbereich, der Industrie oder eben auch im Bereich der Gesundheit.",
            "Auch wenn nicht jedes Geschäftsmodell bedroht ist, bieten neue Technologien große Potenziale für mehr Effizienz, bessere Prozesse und geringere Kosten in den Krankenhäusern.",
            "Im Bereich der Gesundheitsversorgung ist dieser Aspekt ein besonders wichtiger, denn durch die Festlegung von Fallpauschalen besteht ein hoher Kostendruck auf allen Seiten.",
            "Die meisten Hersteller von Systemen für bildgebende Verfahren wie Röntgen haben den Standard längst in ihren Produkten umgesetzt, und die Ärzte profitieren davon jeden Tag.",
            "Trotzdem bleibt der Austausch zwischen den Einrichtungen schwierig, weil jede Klinik ihre eigenen Programme verwendet und die Daten oft noch auf Papier weitergegeben werden.",
        ]
        func language(_ paragraphs: [String], _ name: String, _ extra: [String] = []) throws -> String? {
            let body = paragraphs.map { "<p>\($0)</p>" }.joined()
            let page = cli.file(name, "<html lang=\"en\"><head><title>T</title></head><body><article>\(body)</article></body></html>")
            let imported = try cli.run(["import", page, "--json"] + extra)
            #expect(imported.status == 0, "\(imported.stderr)")
            let list = try cli.list()
            let show = try cli.run(["show", "\(list.count)", "--json"])
            let details = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any] ?? [:]
            return details["language"] as? String
        }
        #expect(try language(german, "de.html") == "de")
        #expect(try language(german.reversed(), "forced.html", ["--lang", "en"]) == "en")
        let english = [
            "The digital transformation of hospitals has been slow, and most clinics still keep their records on paper in large archives that nobody can search.",
            "Doctors we spoke to said that the new systems would help them, but only if the software of the different makers could finally talk to each other.",
            "One of them put it this way, quoting an old colleague from Berlin, and then laughed about how long the debate has lasted by now.",
            german[0],
            "That was twenty years ago, and the files are still on paper, stacked in the basement next to the old machines that nobody wants to throw away.",
        ]
        #expect(try language(english, "en.html") == "en")
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
