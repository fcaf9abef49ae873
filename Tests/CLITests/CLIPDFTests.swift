import Foundation
import Testing

/// PDFs through the real `speak-pdf` helper. The documents are generated with cairo by
/// scripts/make-pdf (two columns, running header, page numbers, footnotes, hyphenated line
/// ends, an outline), so the test knows exactly what the body text is.
@Suite struct CLIPDFTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sample = root.appendingPathComponent("samples/paper.pdf").path
    static let source = root.appendingPathComponent("scripts/tools/paper-sample.txt")
    static let evaluation = root.deletingLastPathComponent().appendingPathComponent("shared/eval/pdf")
    /// Mean Levenshtein ratio of `speak text --all` on ../shared/eval/pdf; 0.980 when set. Only goes up.
    static let ratioFloor = 0.975

    /// Renders the sample text with scripts/make-pdf and the given options.
    private func make(_ cli: CLI, _ name: String, _ options: [String]) throws -> String {
        let out = cli.work.appendingPathComponent(name).path
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent("scripts/make-pdf")
        process.arguments = [out, Self.source.path] + options
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["PDF_RENDER": cli.work.appendingPathComponent("pdf-render").path]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "scripts/make-pdf failed")
        return out
    }

    /// Letters and digits only, lower-cased: compares text regardless of line breaks,
    /// punctuation and where hyphens were.
    private func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && !Self.isScript($0) }.map(Character.init))
    }

    /// A superscript or subscript digit: footnote marks stay in the text as those.
    static func isScript(_ scalar: Unicode.Scalar) -> Bool {
        (0x2070...0x209F).contains(scalar.value) || [0xB9, 0xB2, 0xB3].contains(scalar.value)
    }

    /// The sample's title, author, headings and paragraphs, without the footnotes.
    private var sourceBody: String {
        get throws {
            let text = try String(contentsOf: Self.source, encoding: .utf8)
            return text.replacingOccurrences(of: #"\[\^[^\]]*\]"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "## ", with: "")
        }
    }

    @Test func theSampleIsReadInOrderWithoutHeadersPageNumbersOrFootnotes() throws {
        let cli = CLI()
        let spoken = try cli.run(["text", Self.sample])
        #expect(spoken.status == 0, "\(spoken.stderr)")
        #expect(spoken.stderr.isEmpty, "\(spoken.stderr)")
        #expect(letters(spoken.stdout) == letters(try sourceBody))
        #expect(spoken.stdout.contains("why their handwritten remarks"), "line-end hyphen repaired")
        // The footnote marks stay in the text, raised, and are not said.
        #expect(spoken.stdout.contains("printed tables.¹"), "\(spoken.stdout)")
        let said = try cli.run(["text", Self.sample, "--spoken"]).stdout
        #expect(said.contains("printed tables.") && !said.contains("¹") && !said.contains("tables. one"), "\(said)")
        #expect(!spoken.stdout.contains("Harbour Studies - Notes from the Archive"))
        #expect(!spoken.stdout.contains("The cat appears in forty entries"))
        let everything = try cli.run(["text", "--all", Self.sample]).stdout
        #expect(everything.contains("Harbour Studies - Notes from the Archive"))
        #expect(everything.contains("2 The cat appears in forty entries over six years."))
    }

    @Test func importKeepsFurnitureAsSkippedBlocksAndTheOutlineAsChapters() throws {
        let cli = CLI()
        #expect(try cli.run(["import", Self.sample]).status == 0)
        let shown = try cli.run(["show", "1"]).stdout
        #expect(shown.contains("header ×2: 'Harbour Studies - Notes from"), "\(shown)")
        #expect(shown.contains("page-number ×2"), "\(shown)")
        #expect(shown.contains("footnote ×3"), "\(shown)")
        #expect(shown.contains("author     Mara Ellison"), "\(shown)")
        let listed = try cli.run(["show", "1", "--skipped"]).stdout
        #expect(listed.contains("p.2 page-number: \"2\""), "\(listed)")
        let listing = try cli.run(["chapters", "1", "--json"]).stdout
        let chapters = (try? JSONSerialization.jsonObject(with: Data(listing.utf8))) as? [[String: Any]] ?? []
        #expect(chapters.compactMap { $0["title"] as? String }
            == ["Introduction", "The Printed Tables", "The Keepers' Notes", "Listening to the Archive", "Conclusion"])
        let starts = chapters.compactMap { $0["firstWord"] as? Int }
        #expect(starts == starts.sorted() && Set(starts).count == starts.count)
    }

    /// A book's front matter numbered i, ii: the printed labels come with the document, the
    /// roman page numbers are skipped like the others, and `speak show` names pages by label.
    @Test func pageLabelsAreKeptAndShown() throws {
        let cli = CLI()
        let path = try make(cli, "book.pdf", ["--pages", "6", "--roman", "2"])
        #expect(try cli.run(["import", path]).status == 0)
        let shown = try cli.run(["show", "1"]).stdout
        #expect(shown.contains("pages      6 (printed i, ii, 1–4)"), "\(shown)")
        #expect(shown.contains("page-number ×6"), "\(shown)")
        let listed = try cli.run(["show", "1", "--skipped"]).stdout
        #expect(listed.contains("p.ii page-number: \"ii\""), "\(listed)")
        #expect(listed.contains("p.4 page-number: \"4\""), "\(listed)")
        let json = try cli.run(["show", "1", "--json"]).stdout
        let details = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        #expect(details?["pageLabels"] as? [String] == ["i", "ii", "1", "2", "3", "4"])
        let skipped = details?["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.contains { $0["page"] as? Int == 2 && $0["pageLabel"] as? String == "ii" })
        // Labels written as UTF-16 with a byte order mark (any non-ASCII label) read as text.
        let unicode = try make(cli, "préface.pdf", ["--pages", "4", "--roman", "2", "--label-prefix", "Préface "])
        #expect(try cli.run(["import", unicode]).status == 0)
        let unicodeShown = try cli.run(["show", "2", "--skipped"]).stdout
        #expect(unicodeShown.contains("Préface ii") && !unicodeShown.contains("\u{FFFD}"), "\(unicodeShown)")
        // Without labels nothing changes.
        let plain = try make(cli, "plain.pdf", ["--pages", "3"])
        #expect(try cli.run(["import", plain]).status == 0)
        #expect(try cli.run(["show", "3"]).stdout.contains("pages      3\n"))
    }

    @Test func aLongDocumentHasNoFurnitureInTheSpokenText() throws {
        let cli = CLI()
        let path = try make(cli, "long.pdf", ["--pages", "7"])
        let spoken = try cli.run(["text", path])
        #expect(spoken.status == 0, "\(spoken.stderr)")
        // The body (after title and author) repeats until the seventh page is full: what is
        // spoken is a prefix of that.
        let lines = try sourceBody.split(separator: "\n", maxSplits: 2)
        let head = letters(lines.prefix(2).joined(separator: " "))
        let body = letters(String(lines.last ?? ""))
        let expected = head + String(repeating: body, count: 8)
        let heard = letters(spoken.stdout)
        #expect(heard.count > body.count * 3)
        let agreed = zip(heard, expected).prefix { $0 == $1 }.count
        #expect(agreed == heard.count, "the spoken text leaves the body at letter \(agreed): …\(heard.dropFirst(max(0, agreed - 40)).prefix(120))")
        let shown = try cli.run(["import", path]).status == 0 ? try cli.run(["show", "1"]).stdout : ""
        #expect(shown.contains("header ×7"), "\(shown)")
        #expect(shown.contains("page-number ×7"), "\(shown)")
    }

    @Test func aTurnedPageIsReadInItsOwnFrame() throws {
        let cli = CLI()
        let path = try make(cli, "turned.pdf", ["--turned", "2"])
        let spoken = try cli.run(["text", path])
        #expect(spoken.status == 0)
        #expect(letters(spoken.stdout) == letters(try sourceBody))
    }

    @Test func scannedPagesAreReadByOCRUnlessItIsOff() throws {
        let cli = CLI()
        let path = try make(cli, "scanned.pdf", ["--scanned", "--pages", "1"])
        let read = try cli.run(["text", path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("Every harbour keeps two kinds of records."), "\(read.stdout)")
        let off = try cli.run(["import", path, "--ocr", "never"])
        #expect(off.status == 65)
        #expect(off.stderr.contains("no text layer; import it with --ocr auto"), "\(off.stderr)")
        #expect(try cli.list().isEmpty)
    }

    /// Issue 20: `speak play scanned.pdf` speaks the first page's first lines while the rest is
    /// still being read — the first word is heard before the document is in the library — and
    /// the stored document holds every page, its first words the ones heard.
    @Test func aScannedPDFStartsSpeakingBeforeItIsRead() throws {
        let cli = CLI()
        let path = try make(cli, "scanned.pdf", ["--scanned", "--pages", "4"])
        let (process, first) = try cli.firstWordHeard(["play", path, "--audio", "null", "--no-tui", "--print-words"])
        let storedWhenHeard = try cli.list().count
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(first)")
        #expect(storedWhenHeard == 0, "the first word came before the scan was read and stored")
        let shown = try cli.run(["show", "1"])
        #expect(shown.stdout.contains("pages      4"), "\(shown.stdout)")
        let text = try cli.run(["text", "1"]).stdout
        // "time<TAB>index<TAB>word": the first word heard is the stored document's first spoken word.
        let fields = first.split(separator: "\n").first?.split(separator: "\t") ?? []
        #expect(fields.count == 3 && text.hasPrefix(fields[2]), "\(first) / \(text.prefix(80))")
    }

    /// Played while it is read, page by page: every word of the stored scan is heard once, in
    /// order, as when the stored document is played.
    @Test func aScannedPDFPlayedWhileItIsReadHearsEveryWordOnce() throws {
        let cli = CLI()
        let path = try make(cli, "scanned.pdf", ["--scanned", "--pages", "3"])
        let wav = cli.work.appendingPathComponent("scan.wav").path
        let played = try cli.run(["play", path, "-o", wav, "--print-words"])
        #expect(played.status == 0, "\(played.stderr)")
        let stored = try cli.run(["play", "1", "-o", wav, "--force", "--print-words", "--from-start"])
        func heard(_ output: String) -> [String] {
            output.split(separator: "\n").map { $0.split(separator: "\t").dropFirst().joined(separator: " ") }
        }
        #expect(heard(played.stdout).count > 100)
        #expect(heard(played.stdout) == heard(stored.stdout), "streamed:\n\(played.stdout)\nstored:\n\(stored.stdout)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/qpdf")))
    func anEncryptedPDFAsksForItsPassword() throws {
        let cli = CLI()
        let path = cli.work.appendingPathComponent("secret.pdf").path
        let qpdf = Process()
        qpdf.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        qpdf.arguments = ["--encrypt", "s3cret", "owner-pw", "256", "--", Self.sample, path]
        try qpdf.run()
        qpdf.waitUntilExit()
        let none = try cli.run(["import", path])
        #expect(none.status == 65)
        #expect(none.stderr.contains("it is encrypted; give its password with --password"), "\(none.stderr)")
        let wrong = try cli.run(["import", path, "--password", "guess"])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("the password is wrong"))
        #expect(try cli.list().isEmpty)
        let right = try cli.run(["import", path, "--password", "s3cret"])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(try cli.run(["text", "1"]).stdout.contains("Every harbour keeps two kinds of records."))
    }

    @Test func badPDFsAreRefusedWithOneLine() throws {
        let cli = CLI()
        let sample = try Data(contentsOf: URL(fileURLWithPath: Self.sample))
        let noPages = Data("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n".utf8)
        let cases: [(String, Data, String)] = [
            ("empty.pdf", Data(), "no readable text"),
            ("truncated.pdf", sample.prefix(sample.count / 3), "it is damaged or not a PDF; check that the file is complete"),
            ("no-pages.pdf", noPages, "the PDF has no pages"),
        ]
        for (name, bytes, message) in cases {
            let result = try cli.run(["import", cli.file(name, bytes)])
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
        }
        #expect(try cli.list().isEmpty)
        // A web page saved with a .pdf name is read for what it is.
        let page = cli.file("page.pdf", "<!doctype html><html><body><article><p>Saved from the web with the wrong name.</p></article></body></html>")
        #expect(try cli.run(["import", page]).status == 0)
        #expect(try cli.list().first?["format"] as? String == "html")
    }

    /// What is read of the evaluation papers against eval/pdf-spoken (their truth with stamps,
    /// banners, marks, affiliations, footnotes, equations, acknowledgements and references
    /// taken out by hand), whitespace collapsed; 0.9968 when set. Only goes up.
    static let spokenFloor = 0.995

    @Test(.enabled(if: FileManager.default.fileExists(atPath: evaluation.appendingPathComponent("score.py").path)))
    func papersHaveTheirPrintedTitlesAndReadLikePapers() throws {
        let cli = CLI()
        let titles = [
            "1601.03642": "Creativity in Machine Learning",
            "2201.00029": "Exploring new techniques for analyzing variability in white dwarf KIC 8626021",
            "2201.00200": "Local heating due to convective overshooting and the solar modelling problem",
            "2201.00201": "The period-age relation of long-period variables",
        ]
        for (i, (name, title)) in titles.sorted(by: { $0.key < $1.key }).enumerated() {
            #expect(try cli.run(["import", Self.evaluation.appendingPathComponent("pdf/\(name).pdf").path]).status == 0)
            #expect(try cli.json(["show", String(i + 1)])["title"] as? String == title, "\(name)")
        }
        let (papers, report) = try cli.evaluate(Self.evaluation, inputs: "pdf", arguments: ["--normalized"],
                                                truth: Self.root.appendingPathComponent("eval/pdf-spoken")) { _ in true }
        #expect(papers == titles.count)
        let ratio = report.split(separator: "\n").first { $0.hasPrefix("mean normalized ratio") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect((ratio ?? 0) >= Self.spokenFloor, "spoken ratio \(ratio ?? 0) is below the floor \(Self.spokenFloor):\n\(report)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: evaluation.appendingPathComponent("score.py").path)))
    func ratioOnTheEvaluationPapersStaysAboveTheFloor() throws {
        let cli = CLI()
        // The benchmark's truth is in the page's order: its captions stand where the page sets
        // them, also inside a sentence, where speak reads them after it (issue 23; 0.9684
        // scored so). The extraction is scored in the page's order.
        let (papers, report) = try cli.evaluate(Self.evaluation, inputs: "pdf", environment: ["SPEAK_PDF_CAPTIONS": "stand"])
        #expect(papers >= 4)
        let ratio = report.split(separator: "\n").first { $0.hasPrefix("mean ratio") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect((ratio ?? 0) >= Self.ratioFloor, "ratio \(ratio ?? 0) is below the floor \(Self.ratioFloor):\n\(report)")
    }
}
