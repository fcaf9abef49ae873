import Foundation
import Testing

/// A paper typeset by LaTeX the way arXiv preprints are (Fixtures/paper/paper.tex): its real
/// title and authors, and what a listener does not want read skipped with its reason.
@Suite struct CLIPaperTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/paper/paper.tex")

    static let script = source.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("skript/skript.tex")

    /// Typesets `source` in the test's folder: twice when it has a table of contents, as LaTeX needs.
    private func typeset(_ cli: CLI, _ source: URL = source, runs: Int = 1) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/pdflatex"), "pdflatex is missing; run scripts/bootstrap")
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pdflatex")
            process.arguments = ["-interaction=batchmode", "-output-directory", cli.work.path, source.path]
            process.currentDirectoryURL = cli.work
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "pdflatex failed")
        }
        return cli.work.appendingPathComponent(source.deletingPathExtension().lastPathComponent + ".pdf").path
    }

    /// Issue 23's German lecture script (Fixtures/skript): a title page with the lecturer and
    /// the institute, contents without leaders, a running head in capitals on one page only,
    /// a figure whose caption stands in the middle of a sentence, a table, references.
    @Test func aLectureScriptIsReadFromItsTitleAndWithoutItsFurniture() throws {
        let cli = CLI()
        let pdf = try typeset(cli, Self.script, runs: 2)
        #expect(try cli.run(["import", pdf]).status == 0)
        #expect(try cli.list().first?["title"] as? String == "Einführung in die Thermodynamik")
        let details = try cli.json(["show", "1"])
        #expect(details["author"] as? String == "Prof. Dr. Jürgen Müller")
        // "Vorlesungsskript" over the title says what it is, not which journal.
        #expect(details["identifiers"] == nil, "\(details["identifiers"] ?? "")")
        let skipped = details["skipped"] as? [[String: Any]] ?? []
        let reasons = Set(skipped.compactMap { $0["reason"] as? String })
        for reason in ["affiliation", "navigation", "header", "page-number", "equation", "footnote", "references"] {
            #expect(reasons.contains(reason), "no \(reason) among \(reasons)")
        }
        let text = try cli.run(["text", "1"]).stdout
        #expect(text.hasPrefix("Einführung in die Thermodynamik\n\nProf. Dr. Jürgen Müller\n"), "\(text.prefix(300))")
        for unread in ["Inhaltsverzeichnis", "Grundbegriffe 2", "Institut für", "KAPITEL", "Thermodynamik WS", "Callen"] {
            #expect(!text.contains(unread), "'\(unread)' is read")
        }
        // The sentence the figure stands in is read whole, then the caption.
        let sentence = try #require(text.range(of: "Diese Aussage heißt nullter Hauptsatz der Thermodynamik"))
        let caption = try #require(text.range(of: "Abbildung 1.1: Drei Isothermen"))
        #expect(sentence.upperBound < caption.lowerBound)
        let all = try cli.run(["text", "1", "--all"]).stdout
        #expect(all.contains("Inhaltsverzeichnis") && all.contains("KAPITEL 1. GRUNDBEGRIFFE") && all.contains("Universität Würzburg"))
    }

    /// Issue 23: PDFs exported by LibreOffice Writer (Fixtures/office/make-libreoffice.sh), one
    /// with a metadata title that is not the printed one, one with none: both are stored
    /// under the title printed on their first page, and its first words are read first.
    @Test(arguments: ["libreoffice-survey-meta.pdf", "libreoffice-survey-nometa.pdf"])
    func aLibreOfficeExportHasItsPrintedTitle(_ name: String) throws {
        let cli = CLI()
        let pdf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/office/\(name)").path
        let imported = try cli.run(["import", pdf])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try cli.list().first?["title"] as? String == "The Harbour Lights Survey")
        let text = try cli.run(["text", "1"]).stdout
        #expect(text.hasPrefix("The Harbour Lights Survey\n") && text.contains("North Point 41"), "\(text)")
    }

    @Test func aTypesetPaperHasItsPrintedTitleAndSkipsWhatIsNotRead() throws {
        let cli = CLI()
        let pdf = try typeset(cli)
        // The metadata says "tides-v3.dvi" and "user": the page says otherwise.
        #expect(try cli.run(["import", pdf]).status == 0)
        let document = try #require(try cli.list().first)
        #expect(document["title"] as? String == "Tides, Lamps and the Keepers Who Recorded Them")
        let details = try cli.json(["show", "1"])
        #expect(details["author"] as? String == "A. Keeper, B. Lighthouse and C. Harbour")
        #expect(details["identifiers"] as? [String: String] == ["arxiv": "2411.01234v2", "doi": "10.5555/jcr.2024.042",
                                                                 "journal": "Journal of Coastal Records"])
        let skipped = details["skipped"] as? [[String: Any]] ?? []
        let reasons = Set(skipped.compactMap { $0["reason"] as? String })
        for reason in ["margin", "banner", "affiliation", "footnote", "equation", "acknowledgements", "references", "page-number"] {
            #expect(reasons.contains(reason), "no \(reason) among \(reasons)")
        }
        let text = try cli.run(["text", "1"]).stdout
        #expect(text.hasPrefix("Tides, Lamps and the Keepers Who Recorded Them\n"))
        for unread in ["arXiv", "manuscript no.", "University of Northport", "We thank the volunteers", "Harbour Press", "cos θ"] {
            #expect(!text.contains(unread), "'\(unread)' is read")
        }
        // Marks stay in the text raised; formulas keep their sub- and superscripts.
        #expect(text.contains("A. Keeper¹,², B. Lighthouse² and C. Harbour³"))
        #expect(text.contains("4 m²") && text.contains("H₂O"))
        let said = try cli.run(["text", "1", "--spoken"]).stdout
        #expect(said.contains("A. Keeper") && !said.contains("Keeper one") && said.contains("square meters"), "\(said.prefix(400))")
        // Everything is still there for --all, and a listener who wants the references gets them.
        let all = try cli.run(["text", "1", "--all"]).stdout
        #expect(all.contains("arXiv:2411.01234v2 [physics.hist-ph]"))
        #expect(all.contains("Harbour Press") && all.contains("University of Northport"))
        // Played with --read-all, the references and the rest are read too: more audio.
        let plain = cli.work.appendingPathComponent("plain.wav").path, everything = cli.work.appendingPathComponent("all.wav").path
        #expect(try cli.run(["play", "1", "--from-start", "-o", plain]).status == 0)
        #expect(try cli.run(["play", "1", "--from-start", "-o", everything, "--read-all"]).status == 0)
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(size(everything) > size(plain) + 22_050 * 2 * 5, "\(size(plain)) → \(size(everything)) bytes")
        // speak rename still wins over the printed title.
        #expect(try cli.run(["rename", "1", "Tides"]).status == 0)
        #expect(try cli.list().first?["title"] as? String == "Tides")
    }
}
