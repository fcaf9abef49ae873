import Foundation
import Testing

/// What the listener hears: `speak text --spoken/--phonemes`, skip rules (config, per document,
/// per run), the pronunciation lexicon and its effect on the audiobook cache, and the timings
/// of words that expand or are skipped.
@Suite struct CLISpeechTests {
    @Test func spokenTextIsWhatACarefulReaderSays() throws {
        let cli = CLI()
        let input = "See Fig. 3 and pp. 12–15.\n\nSmith et al. (2020) [12] showed it costs $5M on 2026-11-24.\n"
        let result = try cli.run(["text", "-", "--spoken"], stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "See figure 3 and pages 12 to 15.\n\nSmith and colleagues showed it costs five million dollars on November twenty fourth, twenty twenty six.\n")
        // The citation is read when asked for, this run only.
        let read = try cli.run(["text", "-", "--spoken", "--read", "citations"], stdin: Data(input.utf8))
        #expect(read.stdout.contains("[12]") && read.stdout.contains("(twenty twenty)"))
        // Plain `speak text` still prints the text as written.
        let plain = try cli.run(["text", "-"], stdin: Data(input.utf8))
        #expect(plain.stdout.contains("Fig. 3") && plain.stdout.contains("[12]"))
    }

    /// A web page's `<sup>` note marks and powers: the mark is not said, the power is.
    @Test func aPagesSuperscriptsAreSaidAsACarefulReaderSaysThem() throws {
        let cli = CLI()
        let page = cli.file("page.html", "<html><body><main><p>Ask in the lang folder<a href=\"#1\"><sup>1</sup></a> first. "
            + "The room is 5 m<sup>2</sup> and x<sup>2</sup> grows.</p></main></body></html>\n")
        let result = try cli.run(["text", page, "--spoken"])
        #expect(result.status == 0 && result.stdout == "Ask in the lang folder first. The room is 5 square meters and x squared grows.\n",
                "\(result.stdout)")
    }

    @Test func phonemesAreEspeaksOwnForTheSpokenText() throws {
        let cli = CLI()
        let result = try cli.run(["text", "-", "--phonemes"], stdin: Data("Dr. Smith lives on Baker St.\n".utf8))
        #expect(result.status == 0)
        let espeak = Process()
        espeak.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        espeak.arguments = ["-q", "-x", "-v", "en-us", "Doctor Smith lives on Baker Street."]
        let pipe = Pipe()
        espeak.standardOutput = pipe
        try espeak.run()
        let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        espeak.waitUntilExit()
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func skipRulesComeFromConfigDocumentAndRun() throws {
        let cli = CLI()
        let path = cli.file("notes.txt", "Read https://example.org/a now [3] (really).\n")
        #expect(try cli.run(["import", path]).status == 0)
        #expect(try cli.run(["text", "1", "--spoken"]).stdout == "Read example dot org now (really).\n")
        // The document's own rules replace the configured ones.
        #expect(try cli.run(["set", "1", "skip", "urls,parentheses"]).status == 0)
        #expect(try cli.run(["text", "1", "--spoken"]).stdout == "Read now [3].\n")
        let show = try cli.run(["show", "1"])
        #expect(show.stdout.contains("Skipped in the text (rules: urls, parentheses;"))
        #expect(show.stdout.contains("urls ×1: 'https://example.org/a'") && show.stdout.contains("parentheses ×1: '(really)'"))
        let json = try cli.run(["show", "1", "--json"])
        #expect(json.stdout.contains("\"skippedInText\""))
        #expect(try cli.run(["set", "1", "skip", "default"]).status == 0)
        // The config file's rules, then this run's.
        cli.file("config/speak/config.toml", "skip = [\"citations\", \"emails\"]\n")
        #expect(try cli.run(["text", "1", "--spoken", "--skip", "urls"]).stdout == "Read now (really).\n")
        // Bad rules: one line, exit 64, nothing changed.
        for arguments in [["set", "1", "skip", "citations,nonsense"], ["text", "1", "--spoken", "--read", "nonsense"]] {
            let bad = try cli.run(arguments)
            #expect(bad.status == 64 && bad.stderr.contains("unknown skip rule 'nonsense'") && bad.stderr.split(separator: "\n").count == 1)
        }
        let language = try cli.run(["text", "-", "--spoken", "--lang", "xx-nonsense"], stdin: Data("Hello there.\n".utf8))
        #expect(language.status == 64 && language.stderr.contains("unknown language 'xx-nonsense'") && language.stdout.isEmpty)
        let written = try cli.run(["text", "1", "--spoken", "--as-written"])
        #expect(written.stdout == "Read https://example.org/a now [3] (really).\n")
        cli.file("config/speak/config.toml", "skip = \"sometimes\"\n")
        #expect(try cli.run(["text", "1", "--spoken"]).status == 64)
    }

    @Test func theLexiconChangesWhatIsSaidAndOnlyTheSegmentsItTouches() throws {
        let cli = CLI()
        var paragraphs: [String] = []
        for p in 0..<40 {
            var words = (0..<60).map { ["time", "people", "water", "little", "house", "garden", "river", "morning"][($0 * 7 + p) % 8] }
            words[0] = words[0].capitalized
            paragraphs.append(words.joined(separator: " ") + "." + (p % 10 == 3 ? " We store it in SQL." : ""))
        }
        let path = cli.file("book.txt", paragraphs.joined(separator: "\n\n"))
        #expect(try cli.run(["import", path]).status == 0)
        func convert(_ name: String) throws -> (segments: Int, reused: Int) {
            let result = try cli.run(["convert", "1", "-o", cli.work.appendingPathComponent(name).path, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let summary = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
            return (summary?.first?["segments"] as? Int ?? -1, summary?.first?["reusedSegments"] as? Int ?? -1)
        }
        let first = try convert("one.opus")
        #expect(first.segments > 4 && first.reused == 0)
        #expect(try cli.run(["lexicon", "add", "SQL", "sequel"]).stdout == "added lexicon entry 1\n")
        #expect(try cli.run(["text", "1", "--spoken"]).stdout.contains("We store it in sequel."))
        let second = try convert("two.opus")
        // Only the four segments that say "SQL" are synthesized again.
        #expect(second.segments == first.segments && second.reused == first.segments - 4)
    }

    @Test func lexiconCommands() throws {
        let cli = CLI()
        let path = cli.file("a.txt", "Ms. Nguyen uses v2 of the GIF tool.\n")
        #expect(try cli.run(["import", path]).status == 0)
        #expect(try cli.run(["lexicon", "add", "Nguyen", "w'In", "--phonemes"]).status == 0)
        #expect(try cli.run(["lexicon", "add", "v(\\d+)", "version $1", "--regex", "--document", "1"]).status == 0)
        #expect(try cli.run(["lexicon", "add", "gif", "jif", "--any-case"]).status == 0)
        let list = try cli.run(["lexicon", "ls"])
        #expect(list.stdout == "1\tglobal\tNguyen → [[w'In]]\t(phonemes)\n2\tdocument:1\tv(\\d+) → version $1\t(regex)\n3\tglobal\tgif → jif\t(any case)\n")
        #expect(try cli.run(["text", "1", "--spoken"]).stdout == "Miz [[w'In]] uses version 2 of the jif tool.\n")
        #expect(try cli.run(["lexicon", "test", "GIF v2", "--document", "1"]).stdout == "jif version 2\n")
        #expect(try cli.run(["lexicon", "test", "GIF v2"]).stdout == "jif v2\n")
        let exported = try cli.run(["lexicon", "export", "-"])
        #expect(exported.stdout.contains("document:1\tv(\\\\d+)\tversion $1\tregex\n"))
        #expect(try cli.run(["lexicon", "rm", "1", "2", "3"]).status == 0)
        #expect(try cli.run(["lexicon", "ls"]).stdout.contains("empty"))
        let file = cli.file("words.tsv", exported.stdout)
        #expect(try cli.run(["lexicon", "import", file]).stdout == "added 3 lexicon entries\n")
        #expect(try cli.run(["text", "1", "--spoken"]).stdout == "Miz [[w'In]] uses version 2 of the jif tool.\n")
        // Bad entries: one line, exit 64, nothing stored.
        for arguments in [["lexicon", "add", "(", "x", "--regex"], ["lexicon", "add", "x", "qq[[", "--phonemes"]] {
            let bad = try cli.run(arguments)
            #expect(bad.status == 64 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        }
        let badFile = cli.file("bad.tsv", "global\tSQL\tsequel\n\nglobal\t(\tx\tregex\n")
        let bad = try cli.run(["lexicon", "import", badFile])
        #expect(bad.status == 65 && bad.stderr.contains("line 3"))
        #expect(try cli.run(["lexicon", "ls"]).stdout.split(separator: "\n").count == 3)
        #expect(try cli.run(["lexicon", "rm", "99"]).status == 66)
        #expect(try cli.run(["lexicon", "add", "x", "y", "--document", "42"]).status == 66)
    }

    @Test func expandedAndSkippedWordsAreTimed() throws {
        let cli = CLI()
        let path = cli.file("t.txt", "Deep networks generalize well [12] and cost $5M in 2026 (Smith et al., 2020).\n\nSee https://example.org/a/b?x=1 now.\n")
        let out = cli.work.appendingPathComponent("t.wav").path
        let result = try cli.run(["convert", path, "-o", out, "--timings", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.work.appendingPathComponent("t.json").path))
        let words = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["words"] as? [[String: Any]] ?? []
        #expect(words.count == 17)
        var last = 0
        for (k, word) in words.enumerated() {
            let start = word["startMs"] as? Int ?? -1, end = word["endMs"] as? Int ?? -1
            #expect(word["index"] as? Int == k && start >= last && end >= start)
            last = start
        }
        let skipped = words.filter { $0["skipped"] as? Bool == true }.compactMap { $0["text"] as? String }
        #expect(skipped == ["12", "Smith", "et", "al", "2020"])
        // "$5M" is one word said as three, and takes their time.
        let money = words.first { $0["text"] as? String == "$5M" }
        #expect((money?["endMs"] as? Int ?? 0) - (money?["startMs"] as? Int ?? 0) > 600)
    }
}

/// Languages: a document's language found from its text, a paragraph in another language read
/// by that language's voice and rules, unless the user chose a voice.
@Suite struct CLILanguageTests {
    static let mixed = """
        The committee met in Paris last week to discuss the new agreement on climate policy and its consequences for the member states.

        Le comité s'est réuni à Paris la semaine dernière pour discuter du nouvel accord sur la politique climatique et de ses conséquences pour les États membres.

        After the meeting, the chair said that the talks had gone well and that a final text would be ready before the end of the year.

        """

    @Test func aQuoteInAnotherLanguageGetsItsVoice() throws {
        let cli = CLI()
        #expect(try cli.run(["import", cli.file("mixed.txt", Self.mixed)]).status == 0)
        #expect(try cli.run(["show", "1"]).stdout.contains("language   en"))
        let out = cli.work.appendingPathComponent("m.wav").path
        let converted = try cli.run(["convert", "1", "-o", out])
        #expect(converted.status == 0 && converted.stderr.contains("read by en-us, fr-fr (fr, 1 paragraph)"), "\(converted.stderr)")
        // The French paragraph is said with French phonemes, the English ones with English.
        let phonemes = try cli.run(["text", "1", "--phonemes"]).stdout.components(separatedBy: "\n\n")
        #expect(phonemes.count == 3 && phonemes[1].contains("komit'e") && phonemes[0].contains("k@m'It"))
        // A voice the user chose reads everything.
        let chosen = try cli.run(["convert", "1", "-o", out, "--force", "--voice", "en-gb"])
        #expect(chosen.stderr.contains("read by en-gb") && !chosen.stderr.contains("fr-fr"))
    }

    @Test func aGermanDocumentIsReadWithGermanRulesAndVoice() throws {
        let cli = CLI()
        let german = """
            Die Sitzung fand am 24.11.2026 in Berlin statt, z.B. mit Vertretern aus allen Bundesländern und vielen Gästen aus dem Ausland.

            Der Eintritt kostet 3,50 € pro Person, und die Veranstaltung dauert ungefähr zwei Stunden, wie in Abb. 3 gezeigt wird.

            """
        #expect(try cli.run(["import", cli.file("de.txt", german)]).status == 0)
        #expect(try cli.run(["show", "1"]).stdout.contains("language   de"))
        let spoken = try cli.run(["text", "1", "--spoken"]).stdout
        #expect(spoken.contains("am 24. November 2026") && spoken.contains("zum Beispiel") && spoken.contains("3 Euro 50") && spoken.contains("Abbildung 3"))
        let converted = try cli.run(["convert", "1", "-o", cli.work.appendingPathComponent("d.wav").path])
        // The German preset (or eSpeak's German voice when there is no preset).
        #expect(converted.status == 0 && converted.stderr.contains("read by hanna"), "\(converted.stderr)")
        // A hint wins over the text: --lang.
        #expect(try cli.run(["import", cli.file("de2.txt", german + "\n"), "--lang", "en"]).status == 0)
        #expect(try cli.run(["show", "2"]).stdout.contains("language   en"))
    }
}
