import Foundation
import Testing

/// EPUB books (issue 24): the spine in order with notes, page breaks and front matter skipped,
/// chapters from the navigation at their words, the package's metadata, and bad books refused
/// in one line. The books are written by Fixtures/epub/make-epub.py.
@Suite struct CLIEPUBTests {
    static let maker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/epub/make-epub.py")
    static let evaluation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/eval/epub")
    /// 4-word-shingle F1 and word order of the spoken text on ../shared/eval/epub (1.000 and
    /// 1.000 when set; pandoc 0.995 / 0.995). Only go up.
    static let f1Floor = 0.998, orderFloor = 0.997

    private func book(_ cli: CLI, _ kind: String) throws -> String {
        let path = cli.work.appendingPathComponent("\(kind).epub").path
        try cli.python(Self.maker, [path, kind])
        return path
    }

    @Test(arguments: ["epub3", "epub2"])
    func aBookIsReadInSpineOrderWithItsChaptersAndMetadata(_ kind: String) throws {
        let cli = CLI()
        let path = try book(cli, kind)
        #expect(try cli.run(["import", path]).status == 0)
        let details = try cli.json(["show", "1"])
        #expect(details["title"] as? String == "The Keeper of the Light")
        #expect(details["author"] as? String == "Mara Ellison, Tom Reed")
        #expect(details["format"] as? String == "epub")
        #expect((details["identifiers"] as? [String: String])?["publisher"] == "Harbour Press")
        let text = try cli.run(["text", "1"]).stdout
        #expect(text == """
            Chapter One

            The keeper climbed the stairs at dusk, and the lamp was lit again.

            The wind had turned in the afternoon.

            By midnight the sea was loud against the rocks.

            Chapter Two

            Morning came grey and still over the water.

            The boats went out one by one.

            """, "\(text)")
        let all = try cli.run(["text", "1", "--all"]).stdout
        for kept in ["A novel", "An aside the reader does not hear.", "The stairs had one hundred steps.", "Set in Georgia.",
                     "A map of the harbour", "A drawing of the lamp"] {
            #expect(all.contains(kept), "'\(kept)' is missing from --all")
        }
        let reasons = Set((details["skipped"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String })
        for reason in ["front-matter", "non-linear", "footnote", "marker", "page-number", "figure"] {
            #expect(reasons.contains(reason), "no \(reason) among \(reasons)")
        }
        // The page break gives the printed page: what follows it is on page "2".
        #expect(try cli.run(["show", "1", "--skipped"]).stdout.contains("p.2 footnote"), "page labels from the page breaks")
        let entries = details["chapters"] as? [[String: Any]] ?? []
        let chapters = entries.compactMap { $0["title"] as? String }
        // Nested entries are sections of their chapter, one level down.
        #expect(chapters == ["Chapter One", "Midnight", "Chapter Two"])
        #expect(entries.compactMap { $0["level"] as? Int } == [1, 2, 1])
        // `speak chapters` sets a section in under its chapter.
        let listing = try cli.run(["chapters", "1"]).stdout.split(separator: "\n")
        let column = { (title: String) -> Int? in
            guard let line = listing.first(where: { $0.contains(title) }), let range = line.range(of: title) else { return nil }
            return line.distance(from: line.startIndex, to: range.lowerBound)
        }
        #expect(column("Midnight").map { $0 - 2 } == column("Chapter One"), "\(listing)")
        // A chapter starts at the word its target names (a fragment inside the file for the second).
        let starts = entries.filter { $0["level"] as? Int == 1 }.compactMap { $0["firstWord"] as? Int }
        let words = text.split(whereSeparator: \.isWhitespace)
        #expect(starts.count == 2 && starts.allSatisfy { $0 < words.count + 20 })
        let second = try cli.run(["text", "1", "--all"]).stdout.split(whereSeparator: \.isWhitespace)
        #expect(starts.last.map { second.indices.contains($0) ? String(second[$0]) : "" } == "Chapter", "\(starts)")
    }

    /// Books of the kinds the evaluation set lacks (Fixtures/epub/make-kinds.py): poetry, a
    /// dictionary, essays with notes, EPUB 2 with only an NCX and a guide, a fixed-layout
    /// picture book and a right-to-left book in Arabic, scored by the evaluation's scorer.
    @Test func booksOfOtherKindsAreReadAsListenersWantThem() throws {
        let cli = CLI()
        let books = cli.work.appendingPathComponent("kinds")
        let out = cli.work.appendingPathComponent("kinds-out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try cli.python(Self.maker.deletingLastPathComponent().appendingPathComponent("make-kinds.py"), [books.path])
        let names = try FileManager.default.contentsOfDirectory(atPath: books.path).filter { $0.hasSuffix(".epub") }.sorted()
        #expect(names.count == 6)
        for (i, name) in names.enumerated() {
            let stem = (name as NSString).deletingPathExtension
            let result = try cli.run(["import", books.appendingPathComponent(name).path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            try cli.run(["text", String(i + 1)]).stdout.write(to: out.appendingPathComponent(stem + ".txt"), atomically: true, encoding: .utf8)
            let chapters = (try cli.json(["show", String(i + 1)])["chapters"] as? [[String: Any]] ?? [])
                .filter { $0["level"] as? Int == 1 }.compactMap { $0["title"] as? String }
            try (chapters.joined(separator: "\n") + "\n").write(to: out.appendingPathComponent(stem + ".chapters.txt"), atomically: true, encoding: .utf8)
        }
        let scorer = Self.evaluation.appendingPathComponent("score.py")
        guard FileManager.default.fileExists(atPath: scorer.path) else {
            // Without the evaluation's scorer (a clone on its own): the words heard and the
            // chapter titles must be the truth's exactly, which is stricter than its floors.
            for name in names {
                let stem = (name as NSString).deletingPathExtension
                for suffix in [".txt", ".chapters.txt"] {
                    let heard = try String(contentsOf: out.appendingPathComponent(stem + suffix), encoding: .utf8)
                    let truth = try String(contentsOf: books.appendingPathComponent("truth/" + stem + suffix), encoding: .utf8)
                    #expect(Self.words(heard) == Self.words(truth), "\(stem)\(suffix)")
                }
            }
            return
        }
        for chapters in [false, true] {
            let report = try cli.pythonOutput(scorer, [out.path, "--truth", books.appendingPathComponent("truth").path] + (chapters ? ["--chapters"] : []))
            if chapters {
                #expect(report.contains("mean chapters 1.000"), "\(report)")
            } else {
                let value = { (key: String) in
                    report.split(separator: " ").split(separator: Substring(key)).dropFirst().first?.first.flatMap { Double($0) } ?? 0
                }
                #expect(value("f1") >= Self.f1Floor && value("order") >= Self.orderFloor, "\(report)")
            }
        }
        // A stanza's lines are printed together, the next stanza after a blank line.
        let poem = try String(contentsOf: out.appendingPathComponent("sonnets.txt"), encoding: .utf8)
        #expect(poem.contains("Shall I compare thee to a summer’s day?\nThou art more lovely and more temperate:\n"))
        #expect(poem.contains("short a date;\n\nSometime too hot"))
    }

    /// An EPUB in a book made of several files is one chapter of it, its own chapters sections.
    @Test func anEPUBInABookKeepsItsChaptersAsSections() throws {
        let cli = CLI()
        let result = try cli.run(["import", "--book", "Collected", try book(cli, "epub3"), cli.file("afterword.txt", "A last word on the keeper.\n")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 chapters"), "\(result.stdout)")
        let entries = try cli.json(["show", "1"])["chapters"] as? [[String: Any]] ?? []
        #expect(entries.compactMap { $0["title"] as? String } == ["The Keeper of the Light", "Chapter One", "Midnight", "Chapter Two", "afterword"])
        #expect(entries.compactMap { $0["level"] as? Int } == [1, 2, 3, 2, 1])
    }

    /// The scorer's words: runs of letters, digits and marks, case folded, quotes made plain.
    static func words(_ text: String) -> [String] {
        text.replacingOccurrences(of: "’", with: "'").lowercased()
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }

    @Test func aBookBecomesAnAudiobookWithItsChaptersAndCover() throws {
        let cli = CLI()
        let path = try book(cli, "epub3")
        let out = cli.work.appendingPathComponent("keeper.mp3").path
        let result = try cli.run(["convert", path, "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let script = """
            import json, sys, mutagen
            t = mutagen.File(sys.argv[1]).tags
            print(json.dumps({"chapters": [str(c.sub_frames["TIT2"]) for c in sorted(t.getall("CHAP"), key=lambda c: c.start_time)],
                              "pictures": [p.mime for p in t.getall("APIC")], "title": str(t.get("TIT2", ""))}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, out]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let tags = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The audiobook's chapters are the top entries: "Midnight", a section, is not one.
        #expect(tags["chapters"] as? [String] == ["Chapter One", "Chapter Two"], "\(tags)")
        #expect(tags["pictures"] as? [String] == ["image/png"], "\(tags)")
        #expect(tags["title"] as? String == "The Keeper of the Light")
    }

    @Test func badBooksAreRefusedInOneLine() throws {
        let cli = CLI()
        let cases: [(String, String)] = [
            ("drm", "DRM-protected"), ("no-mimetype", "not an EPUB book"), ("traversal", "outside itself"),
            ("bomb", "zip bomb"), ("no-container", "container.xml"), ("missing-item", "missing from the archive"),
            ("empty-spine", "spine lists no content"), ("no-package", "package file"),
        ]
        for (kind, message) in cases {
            let result = try cli.run(["import", try book(cli, kind)])
            #expect(result.status == 65, "\(kind): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(kind): \(result.stderr)")
        }
        let truncated = try Data(contentsOf: URL(fileURLWithPath: try book(cli, "epub3")))
        let cut = cli.file("cut.epub", truncated.prefix(truncated.count / 2))
        let result = try cli.run(["import", cut])
        #expect(result.status == 65 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try cli.list().isEmpty)
    }

    /// What readers forgive is forgiven: a chapter that is not well-formed XHTML is read as far
    /// as it goes, and table-of-contents entries that point nowhere are left out (or start with
    /// their file) with a warning, not a refusal.
    @Test func brokenPartsOfABookAreRecoveredWithAWarning() throws {
        let cli = CLI()
        let broken = try cli.run(["import", try book(cli, "broken-xhtml")])
        #expect(broken.status == 0, "\(broken.stderr)")
        let text = try cli.run(["text", "1"]).stdout
        #expect(text.contains("Morning came grey & still over the water.") && text.contains("The gulls came back"), "\(text)")
        let nowhere = try cli.run(["import", try book(cli, "nav-nowhere")])
        #expect(nowhere.status == 0, "\(nowhere.stderr)")
        let details = try cli.json(["show", "2"])
        let warnings = (details["warnings"] as? [String] ?? []).joined(separator: "\n")
        #expect(warnings.contains("'Lost Chapter' points at 'OEBPS/lost.xhtml'") && warnings.contains("'#nowhere'"), "\(warnings)")
        let chapters = (details["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(chapters == ["Chapter One", "Midnight", "Chapter Two"], "\(chapters)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: evaluation.appendingPathComponent("score.py").path)))
    func theEvaluationBooksStayAboveTheFloor() throws {
        let cli = CLI()
        let out = cli.work.appendingPathComponent("epub-out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let books = try FileManager.default.contentsOfDirectory(atPath: Self.evaluation.appendingPathComponent("epub").path).filter { $0.hasSuffix(".epub") }
        for (i, name) in books.sorted().enumerated() {
            let stem = (name as NSString).deletingPathExtension
            #expect(try cli.run(["import", Self.evaluation.appendingPathComponent("epub/\(name)").path]).status == 0)
            try cli.run(["text", String(i + 1)]).stdout.write(to: out.appendingPathComponent(stem + ".txt"), atomically: true, encoding: .utf8)
            // The scorer's chapters are the top entries of the table of contents.
            let chapters = (try cli.json(["show", String(i + 1)])["chapters"] as? [[String: Any]] ?? [])
                .filter { $0["level"] as? Int == 1 }.compactMap { $0["title"] as? String }
            try (chapters.joined(separator: "\n") + "\n").write(to: out.appendingPathComponent(stem + ".chapters.txt"), atomically: true, encoding: .utf8)
        }
        for chapters in [false, true] {
            let report = try cli.pythonOutput(Self.evaluation.appendingPathComponent("score.py"),
                                              [out.path, "--truth", Self.evaluation.appendingPathComponent("truth").path] + (chapters ? ["--chapters"] : []))
            let value = { (key: String) in
                report.split(separator: " ").split(separator: Substring(key)).dropFirst().first?.first.flatMap { Double($0) } ?? 0
            }
            if chapters {
                #expect(report.contains("mean chapters 1.000"), "\(report)")
            } else {
                #expect(value("f1") >= Self.f1Floor && value("order") >= Self.orderFloor, "\(report)")
            }
        }
    }
}
