import Foundation
import Testing

/// `speak translate`, `speak play --in` and `speak convert --in` with Apertium's eng-spa pair.
@Suite(.serialized) struct CLITranslateTests {
    static var apertium: Bool { FileManager.default.fileExists(atPath: "/usr/share/apertium/modes/eng-spa.mode") }

    static let story = """
        # The Harbour

        The ferry left at seven. Gulls followed it out past the harbour wall, and the town grew small behind it.

        The captain counted the passengers twice and wrote the number in the log.

        ```
        let answer = 42
        ```

        # The Storm

        By noon the sea was grey. A child asked how deep the water was, and nobody knew the answer.

        It came back late, with the lights of the town behind it.
        """

    static let page = """
        <html><head><title>The Harbour</title></head><body>
        <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About us</a></nav>
        <article><h1>The Harbour</h1>
        <p>The ferry left at seven. Gulls followed it out past the harbour wall, and the town grew small behind it.</p>
        <pre><code>let answer = 42
        print(answer)</code></pre>
        <p>The captain counted the passengers twice and wrote the number in the log.</p>
        <h2>The Storm</h2>
        <p>By noon the sea was grey. A child asked how deep the water was, and nobody knew the answer.</p>
        </article></body></html>
        """

    /// What `apertium -u eng-spa` makes of one text on its own.
    static func apertium(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/apertium")
        process.arguments = ["-u", "eng-spa"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func blocks(_ cli: CLI, _ id: Int) throws -> [String] {
        try cli.run(["text", String(id), "--all"]).stdout.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    @Test func aTranslationIsBlockForBlockWhatApertiumSaysOfEachBlock() throws {
        guard Self.apertium else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.html", Self.page)])
        let made = try cli.run(["translate", "1", "--to", "es", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        #expect(outcome["id"] as? Int == 2 && outcome["made"] as? Bool == true && outcome["pair"] as? String == "eng-spa")
        let original = try blocks(cli, 1), translated = try blocks(cli, 2)
        #expect(original.count == translated.count, "no block merged or split: \(original) → \(translated)")
        for (source, target) in zip(original, translated) {
            if source.hasPrefix("let answer") {
                #expect(target == source, "code is kept as it is")
            } else {
                #expect(target == (try Self.apertium(source)), "\(source)")
            }
        }
        #expect(!translated.joined().contains("*"), "no unknown-word marks")
        let chapters = try JSONSerialization.jsonObject(with: Data(cli.run(["chapters", "2", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
        #expect(chapters.map { $0["title"] as? String } == ["La Tormenta"], "\(chapters)")
        let show = try cli.json(["show", "2"])
        #expect(show["language"] as? String == "es")
        func skipped(_ id: String) throws -> [String] {
            (try cli.json(["show", id])["skipped"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
        }
        #expect(try skipped("1") == ["navigation", "title", "code"])
        #expect(try skipped("2") == (try skipped("1")), "skipped blocks keep their reason")
        #expect(try cli.run(["show", "2"]).stdout.contains("original   1 (this is its translation, eng→spa, Apertium"))
        #expect(try cli.run(["show", "1"]).stdout.contains("translated es: 2"))

        let again = try cli.run(["translate", "1", "--to", "spa", "--json"])
        #expect(again.stdout.contains("\"made\" : false") && again.stdout.contains("\"id\" : 2"), "found, not made again: \(again.stdout)")
        let remade = try cli.run(["translate", "1", "--to", "es", "--force", "--jobs", "1", "--json"])
        #expect(remade.stdout.contains("\"made\" : true") && remade.stdout.contains("\"id\" : 3"), "\(remade.stdout)")
        #expect(try cli.run(["show", "2"]).status == 66, "the new translation replaces the old")
        #expect(try blocks(cli, 3) == translated)
    }

    private func chapterStarts(_ cli: CLI, _ id: Int) throws -> [Int] {
        let chapters = try JSONSerialization.jsonObject(with: Data(cli.run(["chapters", String(id), "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
        return chapters.compactMap { $0["firstWord"] as? Int }
    }

    @Test func playInSpanishStartsWhereTheOriginalWasLeftAndMovesIt() throws {
        guard Self.apertium else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.md", Self.story)])
        #expect(try cli.run(["translate", "1", "--to", "es"]).status == 0)
        // "By noon …", the paragraph under the heading "The Storm" / "La Tormenta" (two words each).
        let storm = try #require(try chapterStarts(cli, 1).last) + 2
        let tormenta = try #require(try chapterStarts(cli, 2).last) + 2
        var environment = ProcessInfo.processInfo.environment
        environment["SPEAK_HOME"] = cli.home.path
        environment["XDG_CONFIG_HOME"] = cli.work.appendingPathComponent("config").path
        environment["SPEAK_AUDIO"] = "null"
        // Listening to the original stops a few words into that paragraph.
        #expect(try Spawn.playUntilHeard(1, [CLI.binary, "play", "1", "--from-word", String(storm + 1)], environment: environment,
                                          log: cli.work.appendingPathComponent("play.log").path) == 0)
        let left = try cli.json(["show", "1"])["position"] as? Int ?? -1
        #expect(left > storm && left < storm + 12, "left at \(left)")
        #expect(try cli.json(["show", "2"])["position"] as? Int == tormenta, "the translation followed to the same paragraph")

        let spanish = try cli.run(["play", "1", "--in", "es", "--print-words", "--speed", "3"], environment: ["SPEAK_AUDIO": "null"])
        #expect(spanish.status == 0, "\(spanish.stderr)")
        let heard = spanish.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 3 }
        #expect(heard.first?[1] == String(tormenta), "starts at the paragraph where the original was left: \(heard.prefix(3))")
        #expect(heard.contains { $0[2] == "mediodía" || $0[2] == "niño" }, "the Spanish text is read: \(heard.map { $0[2] })")
        // Finished in Spanish: the original is at its last paragraph now.
        let last = try #require(try blocks(cli, 1).last)
        let original = try cli.json(["show", "1"])
        #expect((original["position"] as? Int ?? 0) >= storm, "\(original)")
        #expect(last.hasPrefix("It came back late"))
        let converted = cli.work.appendingPathComponent("libro.wav").path
        let convert = try cli.run(["convert", "1", "--in", "es", "-o", converted])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(FileManager.default.fileExists(atPath: converted))
    }

    @Test func aTranslationNotMadeYetPlaysItsBeginningWhileTheRestIsTranslated() throws {
        guard Self.apertium else { return }
        let cli = CLI()
        let long = (1...12).map { "Paragraph \($0). The ferry left at seven, and the gulls followed it out past the harbour wall." }
            .joined(separator: "\n\n")
        _ = try cli.run(["import", cli.file("long.txt", long)])
        let played = try cli.run(["play", "1", "--in", "es", "--print-words", "--speed", "4.5"], environment: ["SPEAK_AUDIO": "null"])
        #expect(played.status == 0, "\(played.stderr)")
        let heard = played.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 3 }
        #expect(heard.first?[2] == "Párrafo", "\(heard.prefix(3))")
        let translated = try cli.json(["show", "2"])
        #expect(translated["language"] as? String == "es")
        let words = translated["words"] as? Int ?? 0
        #expect(heard.map { Int($0[1]) ?? -1 } == Array(0..<words), "every word of the whole translation, in order, past its opening")
        #expect(translated["finished"] as? Bool == true)
    }

    /// A book of 150 paragraphs of 17 words, whose original was left in paragraph 140.
    private func bookLeftInParagraph140(_ cli: CLI) throws {
        let long = (1...150).map { "Paragraph \($0). The ferry left at seven, and the gulls followed it out past the harbour wall." }
            .joined(separator: "\n\n")
        _ = try cli.run(["import", cli.file("long.txt", long)])
        var environment = ProcessInfo.processInfo.environment
        environment["SPEAK_HOME"] = cli.home.path
        environment["XDG_CONFIG_HOME"] = cli.work.appendingPathComponent("config").path
        environment["SPEAK_AUDIO"] = "null"
        #expect(try Spawn.playUntilHeard(1, [CLI.binary, "play", "1", "--from-word", String(139 * 17 + 3)], environment: environment,
                                          log: cli.work.appendingPathComponent("play.log").path) == 0)
        let left = try cli.json(["show", "1"])["position"] as? Int ?? -1
        #expect((139 * 17..<140 * 17).contains(left), "left at \(left)")
    }

    private func heardWords(_ result: CLI.Result) -> [[String]] {
        result.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 3 }
    }

    /// Left deep in a book with no translation yet: the translation starts at that paragraph,
    /// which plays while the rest (before and after it) is translated; the words heard are
    /// the stored translation's, from that paragraph to the end, and the places saved are the
    /// stored translation's (and, through the link, the original's).
    @Test func aTranslationMadeFromTheMiddleOfABookPlaysFromThere() throws {
        guard Self.apertium else { return }
        let cli = CLI()
        try bookLeftInParagraph140(cli)
        let played = try cli.run(["play", "1", "--in", "es", "--print-words", "--speed", "4.5"], environment: ["SPEAK_AUDIO": "null"])
        #expect(played.status == 0, "\(played.stderr)")
        let heard = heardWords(played)
        #expect(heard.prefix(2).map { $0[2] } == ["Párrafo", "140"], "starts at the paragraph where the original was left: \(heard.prefix(3))")
        // Every word of the stored translation with its index, as playing it into a file hears them.
        let words = heardWords(try cli.run(["play", "2", "--from-start", "-o", "/dev/null", "--print-words"]))
        let start = try #require(words.firstIndex { $0[2] == "140" }) - 1
        #expect(heard.map { $0[1] } == words[start...].map { $0[1] }, "the stored translation's indices, from there to the end")
        #expect(heard.map { $0[2] } == words[start...].map { $0[2] })
        #expect(try cli.json(["show", "2"])["finished"] as? Bool == true)
        #expect((try cli.json(["show", "1"])["position"] as? Int ?? 0) >= 149 * 17, "the original follows to its last paragraph")
    }

    /// The paragraph where the original was left is translated first: with a pipeline that
    /// stalls after its first few paragraphs (then fails), those are heard; before, the
    /// translation had to reach paragraph 140 from the start first, and nothing was.
    @Test func theParagraphWhereTheListenerWasIsTranslatedFirst() throws {
        guard Self.apertium else { return }
        let cli = CLI()
        try bookLeftInParagraph140(cli)
        let stall = cli.file("stall", """
            #!/usr/bin/env python3
            # Apertium's last stage here: the first N texts through (each ends with a NUL), then a stall and a failure.
            import os, sys, time
            left = int(sys.argv[-1])
            while left > 0:
                data = os.read(0, 65536)
                if not data:
                    break
                while data and left > 0:
                    end = data.find(b"\\0")
                    piece, data = (data, b"") if end < 0 else (data[:end + 1], data[end + 1:])
                    os.write(1, piece)
                    left -= 0 if end < 0 else 1
            time.sleep(5)
            sys.stderr.write("stall: stopped on purpose\\n")
            sys.exit(1)
            """)
        chmod(stall, 0o755)
        let modes = cli.work.appendingPathComponent("modes")
        try FileManager.default.createDirectory(at: modes, withIntermediateDirectories: true)
        let mode = try String(contentsOfFile: "/usr/share/apertium/modes/eng-spa.mode", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines) + " | \(stall) 4"
        try mode.write(to: modes.appendingPathComponent("eng-spa.mode"), atomically: true, encoding: .utf8)
        let played = try cli.run(["play", "1", "--in", "es", "--print-words", "--speed", "4.5"],
                                 environment: ["SPEAK_AUDIO": "null", "SPEAK_APERTIUM_MODES": modes.path])
        #expect(played.status == 69 && played.stderr.contains("stopped on purpose"), "\(played.stderr)")
        let heard = heardWords(played)
        #expect(heard.prefix(2).map { $0[2] } == ["Párrafo", "140"], "\(heard.prefix(3))")
        #expect(heard.contains { $0[2] == "143" }, "the first four paragraphs from there: \(heard.map { $0[2] })")
        #expect(try cli.json(["ls"])["documents"].map { ($0 as? [Any])?.count } == 1, "no half translation stored")
    }

    @Test func badRequestsSayWhatToDoAndLeaveNothingHalfMade() throws {
        guard Self.apertium else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.md", Self.story)])
        let unknown = try cli.run(["translate", "1", "--to", "xx"])
        #expect(unknown.status == 64 && unknown.stderr.contains("'xx' is not a language code"), "\(unknown.stderr)")
        let french = try cli.run(["translate", "1", "--to", "fr"])
        #expect(french.status == 65 && french.stderr.contains("no Apertium pair from eng to fra"), "\(french.stderr)")
        #expect(french.stderr.contains("eng→spa"), "says which pairs exist: \(french.stderr)")
        let galician = try cli.run(["translate", "1", "--to", "gl"])
        if !FileManager.default.fileExists(atPath: "/usr/share/apertium/modes/eng-glg.mode") {
            #expect(galician.status == 69 && galician.stderr.contains("sudo apt-get install apertium-eng-glg"), "\(galician.stderr)")
        }
        #expect(try cli.run(["translate", "1", "--to", "en"]).status == 64, "the same language")
        let noApertium = try cli.run(["translate", "1", "--to", "es"], environment: ["PATH": "/nonexistent"])
        #expect(noApertium.status == 69 && noApertium.stderr.contains("sudo apt-get install apertium"), "\(noApertium.stderr)")

        // A pipeline that stops half-way: a clean error, and no translation in the library.
        let modes = cli.work.appendingPathComponent("modes")
        try FileManager.default.createDirectory(at: modes, withIntermediateDirectories: true)
        try "head -c 10 > /dev/null; echo 'apertium-transfer: something broke' >&2; exit 1".write(
            to: modes.appendingPathComponent("eng-spa.mode"), atomically: true, encoding: .utf8)
        let broken = try cli.run(["translate", "1", "--to", "es"], environment: ["SPEAK_APERTIUM_MODES": modes.path])
        #expect(broken.status == 69, "\(broken.stderr)")
        #expect(broken.stderr.contains("Apertium (eng-spa) failed") && broken.stderr.contains("nothing was stored"), "\(broken.stderr)")
        #expect(try cli.json(["ls"])["documents"].map { ($0 as? [Any])?.count } == 1, "no half document")
        #expect(try cli.run(["translate", "--list"]).stdout.contains("eng-spa"))
        let empty = try cli.run(["translate", "7", "--to", "es"])
        #expect(empty.status == 66)
    }
}
