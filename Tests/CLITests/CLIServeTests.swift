import Foundation
import Testing

/// `speak serve` (issue 25): the library and the reader over HTTP on loopback, speech clips
/// with their word times, positions shared with the command line, the password, and the
/// reader played in a real browser (Debian's Chromium, driven by Selenium).
@Suite struct CLIServeTests {
    static let browserScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/serve/browser.py")
    static let hasBrowser = FileManager.default.fileExists(atPath: "/usr/bin/chromedriver")
    static let hasFirefox = FileManager.default.fileExists(atPath: "/usr/local/bin/geckodriver")
        && FileManager.default.fileExists(atPath: "/usr/bin/firefox-esr") && FileManager.default.fileExists(atPath: "/usr/bin/pulseaudio")
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")

    private func library(_ cli: CLI) throws {
        let paragraphs = (1...40).map { n in
            "Paragraph \(n) begins here. The keeper climbed the stairs and lit the lamp again, as every evening. "
                + "The light went round above the bay until the morning came."
        }
        let result = try cli.run(["import", cli.file("keeper.md", "# The Keeper\n\n" + paragraphs.joined(separator: "\n\n") + "\n")])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func anAddressOtherMachinesReachNeedsAPassword() throws {
        let cli = CLI()
        let result = try cli.run(["serve", "--host", "0.0.0.0", "--port", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("set a password first") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// The fuzzer's find: a folder whose name is one character (a letter, a combining mark)
    /// stopped the server, in Foundation's path function, when its page showed the way up.
    @Test func aFolderWithAnyNameIsShown() throws {
        let cli = CLI()
        for name in ["A", "\u{301}", "Papers/\u{301}"] { #expect(try cli.run(["mkdir", name]).status == 0) }
        let server = try ServerUnderTest(cli)
        for (folder, up) in [("A", "href=\"/\""), ("%CC%81", "href=\"/\""), ("Papers%2F%CC%81", "?folder=Papers")] {
            let page = try server.request("/?folder=\(folder)")
            #expect(page.status == 200 && page.text.contains("Up") && page.text.contains(up), "\(page.status) \(page.text.prefix(2000))")
        }
    }

    @Test func theLibraryTheReaderAndTheirSpeechAreServed() throws {
        let cli = CLI()
        try library(cli)
        let server = try ServerUnderTest(cli)
        let page = try server.request("/")
        #expect(page.status == 200 && page.text.contains("The Keeper") && page.text.contains("/read/1"), "\(page.text)")
        let reader = try server.request("/read/1")
        #expect(reader.status == 200)
        #expect(reader.text.contains("<span data-w=\"2\">Paragraph</span> <span data-w=\"3\">1</span>"), "\(reader.text.prefix(3000))")
        #expect(try server.request("/read/99").status == 404)
        #expect(try server.request("/assets/..%2F..%2Fetc%2Fpasswd").status == 404)
        #expect(try server.request("/assets/reader.js").text.contains("speakReader"))

        // A clip from word 5: the audio, and when each of its words is heard, word 5 first.
        let reply = try server.request("/api/documents/1/clip?from=5&words=10")
        #expect(reply.status == 200)
        let clip = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        let words = clip["words"] as? [[Double]] ?? []
        #expect(words.first?.first == 5, "\(words.prefix(3))")
        #expect(words.count >= 10 && zip(words, words.dropFirst()).allSatisfy { $0[1] <= $1[1] && $0[0] < $1[0] })
        let audio = try #require(Data(base64Encoded: clip["audio"] as? String ?? ""))
        #expect(audio.prefix(4) == Data("RIFF".utf8) && audio.count > 44 + 22050)
        #expect((clip["next"] as? Int).map { $0 > Int(words.last?[0] ?? 0) } == true, "\(clip["next"] ?? "nil")")
        #expect(try server.request("/api/documents/1/clip?from=99999").status == 400)

        // The reader asks for its voice to be loaded before the first tap; an unknown one is the clip's error to report.
        #expect(try server.request("/api/voices/prepare?document=1&voice=en-us", method: "POST").status == 202)
        #expect(try server.request("/api/voices/prepare?voice=nonsense", method: "POST").status == 202)
        // A position saved by the browser is the command line's.
        let saved = try server.request("/api/documents/1/position", method: "POST", body: Data(#"{"word": 321, "speed": 1.4}"#.utf8),
                                       contentType: "application/json")
        #expect(saved.status == 204)
        let details = try cli.json(["show", "1"])
        #expect(details["position"] as? Int == 321)
        #expect(try server.request("/api/documents/1/position", method: "POST", body: Data("nonsense".utf8)).status == 400)
        // The command line and the server share the library while it runs.
        #expect(try cli.run(["import", cli.file("more.txt", "Another document arrives while the server runs.\n")]).status == 0)
        #expect(try server.request("/").text.contains("/read/2"))
        // A playing page's reports wait a few seconds at the server; a stop writes the last one.
        for word in [330, 340, 350] {
            let report = Data(#"{"word": \#(word), "speed": 1.4, "playing": true}"#.utf8)
            #expect(try server.request("/api/documents/1/position", method: "POST", body: report, contentType: "application/json").status == 204)
        }
        #expect(try cli.json(["show", "1"])["position"] as? Int == 321)
        #expect(server.stop() == 0)
        #expect(try cli.json(["show", "1"])["position"] as? Int == 350)
    }

    /// A long document is sent a window at a time: the page holds the words around its start,
    /// and the rest comes by window (after, before, or around a word far away).
    @Test func longDocumentsAreSentAWindowAtATime() throws {
        let cli = CLI()
        let paragraphs = (0..<3000).map { "Paragraph \($0) of the long log: the wind was high and the lamp was lit." }
        #expect(try cli.run(["import", cli.file("long.txt", "The Long Log\n\n" + paragraphs.joined(separator: "\n\n") + "\n")]).status == 0)
        let words = try #require(try cli.json(["show", "1"])["words"] as? Int)
        let server = try ServerUnderTest(cli)
        let page = try server.request("/read/1?word=20000").text
        let shown = page.components(separatedBy: "data-w=\"").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(shown.contains(20000) && !shown.contains(0) && !shown.contains(words - 1), "\(shown.first ?? -1)…\(shown.last ?? -1)")
        #expect(shown.count <= 3_200 && shown.count >= 2_000, "\(shown.count) words on the page")
        let end = try server.request("/api/documents/1/blocks?around=\(words - 1)").text
        #expect(end.contains("data-w=\"\(words - 1)\""))
        let start = try server.request("/api/documents/1/blocks?before=10").text
        #expect(start.contains("data-w=\"0\"") && !start.contains("data-b=\"10\""))
        let next = try server.request("/api/documents/1/blocks?from=10").text
        #expect(next.hasPrefix("<p data-b=\"10\""), "\(next.prefix(80))")
        #expect(server.stop() == 0)
    }

    /// Waits for an import job of the server to end; returns its last state.
    private func finished(_ server: ServerUnderTest, _ reply: ServerUnderTest.Reply) throws -> [String: Any] {
        let job = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any], "\(reply.text)")
        let id = try #require(job["id"] as? Int)
        for _ in 0..<600 {
            let state = try #require(try JSONSerialization.jsonObject(with: try server.request("/api/imports/\(id)").body) as? [String: Any])
            if state["state"] as? String != "reading" { return state }
            usleep(50_000)
        }
        return [:]
    }

    /// Uploads, pasted text and web pages are imported by the same importers as `speak import`,
    /// with the same one-line errors, and nothing is stored when one fails.
    @Test func importsFromTheBrowserUseTheImporters() throws {
        let cli = CLI()
        try library(cli)
        let server = try ServerUnderTest(cli)
        #expect(try server.request("/import").text.contains("type=\"file\" multiple"))
        let upload = try server.request("/api/import?name=..%2F..%2Fnotes.md&folder=Uploads", method: "POST",
                                        body: Data("# Harbour Notes\n\nThe tide turned at four.\n".utf8))
        #expect(upload.status == 202, "\(upload.text)")
        let done = try finished(server, upload)
        #expect(done["state"] as? String == "done" && done["title"] as? String == "Harbour Notes", "\(done)")
        let id = try #require(done["document"] as? Int)
        let details = try cli.json(["show", String(id)])
        #expect(details["source"] as? String == "notes.md" && details["folder"] as? String == "Uploads", "\(details)")

        let broken = try server.request("/api/import?name=scan.pdf", method: "POST", body: Data("%PDF-1.7\nnot really".utf8))
        let failed = try finished(server, broken)
        #expect(failed["state"] as? String == "failed", "\(failed)")
        let message = failed["error"] as? String ?? ""
        let path = cli.file("scan.pdf", "%PDF-1.7\nnot really")
        let cliMessage = try cli.run(["import", path]).stderr
        // The command line's message, naming the uploaded file instead of a path.
        #expect(message.contains("'scan.pdf'") && !message.contains("\n")
                && cliMessage.contains(message.replacingOccurrences(of: "'scan.pdf'", with: "'\(path)'")), "\(message) / \(cliMessage)")

        let pasted = try server.request("/api/import-text", method: "POST", body: Data(#"{"title": "Pasted", "text": "Words from the clipboard."}"#.utf8),
                                        contentType: "application/json")
        #expect(try finished(server, pasted)["title"] as? String == "Pasted")
        #expect(try server.request("/api/import-url", method: "POST", body: Data(#"{"url": "file:///etc/passwd"}"#.utf8)).status == 400)
        let page = try server.request("/api/import-url", method: "POST", body: Data("{\"url\": \"\(server.base.absoluteString)search?q=keeper\"}".utf8))
        #expect(try finished(server, page)["state"] as? String == "done")
        #expect(try cli.list().count == 4, "the keeper, the notes, the pasted text and the page; not the broken PDF")
        #expect(server.stop() == 0)
        // Uploads are limited in size (512 MB unless set otherwise).
        let small = try ServerUnderTest(cli, environment: ["SPEAK_SERVE_MAX_UPLOAD": "1024"])
        let large = try small.request("/api/import?name=big.txt", method: "POST", body: Data(repeating: UInt8(ascii: "a"), count: 4096))
        #expect(large.status == 413, "\(large.status) \(large.text)")
        #expect(try cli.list().count == 4)
        #expect(small.stop() == 0)
    }

    /// Renaming, moving, trashing and restoring from the browser, as `speak rename/mv/rm/restore`
    /// do; a form posted from another site's page is refused.
    @Test func documentsAreManagedByFormsFromTheServersOwnPages() throws {
        let cli = CLI()
        try library(cli)
        #expect(try cli.run(["mkdir", "Archive"]).status == 0)
        let server = try ServerUnderTest(cli)
        let form = "application/x-www-form-urlencoded"
        #expect(try server.request("/manage?item=1").text.contains("action=\"/manage/rename\""))
        let forged = try server.request("/manage/trash", method: "POST", body: Data("item=1".utf8), contentType: form,
                                        headers: ["Origin": "http://evil.example"])
        #expect(forged.status == 403)
        #expect(try cli.list().count == 1, "nothing trashed by another site's form")
        let renamed = try server.request("/manage/rename", method: "POST", body: Data("item=1&name=The+Lamp+Keeper".utf8), contentType: form,
                                         headers: ["Origin": server.base.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))])
        #expect(renamed.status == 303)
        #expect(try server.request("/manage/move", method: "POST", body: Data("item=1&to=Archive".utf8), contentType: form).status == 303)
        let details = try cli.json(["show", "1"])
        #expect(details["title"] as? String == "The Lamp Keeper" && details["folder"] as? String == "Archive", "\(details)")
        let nowhere = try server.request("/manage/move", method: "POST", body: Data("item=1&to=Nowhere".utf8), contentType: form)
        #expect(nowhere.status == 400 && nowhere.text.contains("Nowhere"))
        #expect(try server.request("/manage/trash", method: "POST", body: Data("item=1".utf8), contentType: form).status == 303)
        #expect(try cli.list().isEmpty)
        #expect(try server.request("/trash").text.contains("The Lamp Keeper"))
        #expect(try server.request("/manage/restore", method: "POST", body: Data("item=1".utf8), contentType: form).status == 303)
        #expect(try cli.list().count == 1)
        #expect(try server.request("/stats").text.contains("Documents"))
        // Folders are renamed and moved the same way.
        #expect(try cli.run(["mkdir", "Drafts"]).status == 0)
        #expect(try server.request("/manage?item=Drafts").text.contains("value=\"Drafts\""))
        #expect(try server.request("/manage/rename", method: "POST", body: Data("item=Drafts&name=Notes".utf8), contentType: form).status == 303)
        #expect(try server.request("/manage/move", method: "POST", body: Data("item=Notes&to=Archive".utf8), contentType: form).status == 303)
        let tree = try cli.run(["ls", "Archive", "--json"]).stdout
        #expect(tree.contains("Archive/Notes"), "\(tree)")
        #expect(server.stop() == 0)
    }

    @Test func aPasswordGuardsEveryRouteButTheLoginPage() throws {
        let cli = CLI()
        try library(cli)
        let set = try cli.run(["serve", "--set-password"], stdin: Data("lighthouse keeper\n".utf8))
        #expect(set.status == 0, "\(set.stderr)")
        let stored = try String(contentsOf: cli.home.appendingPathComponent("serve-password"), encoding: .utf8)
        #expect(stored.hasPrefix("$2") && !stored.contains("lighthouse"), "stored hashed")
        let server = try ServerUnderTest(cli)
        let page = try server.request("/")
        #expect(page.status == 303 && page.headers["location"] == "/login")
        #expect(try server.request("/read/1").status == 303)
        #expect(try server.request("/api/documents/1/clip?from=0").status == 401)
        #expect(try server.request("/api/documents/1/position", method: "POST", body: Data(#"{"word": 3}"#.utf8)).status == 401)
        #expect(try server.request("/login").status == 200)
        let wrong = try server.request("/login", method: "POST", body: Data("password=lamp".utf8), contentType: "application/x-www-form-urlencoded")
        #expect(wrong.status == 401)
        let right = try server.request("/login", method: "POST", body: Data("password=lighthouse+keeper".utf8),
                                       contentType: "application/x-www-form-urlencoded")
        #expect(right.status == 303)
        let cookie = try #require(right.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        #expect(right.headers["set-cookie"]?.contains("HttpOnly") == true)
        #expect(try server.request("/", cookie: cookie).status == 200)
        #expect(try server.request("/api/documents/1/clip?from=0&words=3", cookie: cookie).status == 200)
        #expect(try server.request("/", cookie: "speak_session=forged").status == 303)
        #expect(server.stop() == 0)
    }

    /// The reader in Chromium: play and see the marked word follow the audio clock, tap a word
    /// and hear it first, change the speed, skip, pause and reload to resume at the saved word.
    /// Screenshots of the library and the reader (1280 and 360 px wide) go to .build/screenshots.
    @Test(.enabled(if: hasBrowser || ProcessInfo.processInfo.environment["SPEAK_REQUIRE_BROWSER"] != nil))
    func theReaderPlaysInARealBrowser() throws {
        try readerPlays(in: "chromium")
    }

    /// The same in Firefox (Debian's firefox-esr, driven by geckodriver): its MP3 and Opus
    /// decoders too put each word where the WAV clip's times do. Screenshots end in -firefox.
    @Test(.enabled(if: hasFirefox || ProcessInfo.processInfo.environment["SPEAK_REQUIRE_BROWSER"] != nil))
    func theReaderPlaysInFirefox() throws {
        try readerPlays(in: "firefox")
    }

    func readerPlays(in browser: String) throws {
        let cli = CLI()
        try library(cli)
        let server = try ServerUnderTest(cli)
        defer { _ = server.stop() }
        let shots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let upload = cli.file("harbour-log.md", "# The Harbour Log\n\nThe boats came in before the storm.\n")
        process.arguments = [Self.browserScript.path, server.base.absoluteString, "1", "600", shots.path, upload]
        process.environment = ProcessInfo.processInfo.environment.merging(["SPEAK_BROWSER": browser]) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problems)")
        let seen = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(problems)")
        #expect(seen["library"] as? [String] == ["The Keeper"], "\(seen)")
        // A file chosen on the import page is imported, and the page links to it.
        #expect(seen["upload"] as? String == "The Harbour Log", "\(seen)")
        // Two files dropped on it together are both imported.
        #expect(seen["dropped"] as? [String] == ["The Fog Bell", "The Lamp Room"], "\(seen)")
        #expect(seen["started"] as? Bool == true, "\(seen)")
        // The marked word is the word the audio clock is in, and it moves on.
        let follow = (seen["follow"] as? [[Any]] ?? []).compactMap { pair -> (Int, Int)? in
            guard let heard = pair.first as? Int, let marked = pair.last as? Int else { return nil }
            return (heard, marked)
        }
        #expect(follow.count >= 10, "\(seen)")
        #expect(follow.filter { $0.0 == $0.1 }.count >= follow.count - 2, "\(follow)")
        #expect(Set(follow.map(\.0)).count >= 6 && follow.last.map { $0.0 > follow[0].0 } == true, "\(follow)")
        #expect(seen["tap"] as? Int == 600, "\(seen)")
        #expect(seen["speed_shown"] as? String == "1.3×", "\(seen)")
        #expect((seen["speed_asked"] as? String)?.contains("speed=1.3") == true, "\(seen)")
        let skip = seen["skip"] as? [Int] ?? []
        #expect(skip.count == 2 && skip[1] > skip[0] + 10, "\(seen)")
        let saved = seen["saved"] as? [Int] ?? []
        #expect(saved.count == 2 && saved[0] == saved[1] && saved[0] > 600, "\(seen)")
        if browser == "chromium" { #expect((seen["errors"] as? [String])?.isEmpty == true, "\(seen)") }
        // MP3 clips (for other machines) and Opus clips put their words where the WAV ones do, within 5 ms.
        #expect((seen["mp3"] as? [Double]).map { $0.count == 2 && $0.allSatisfy { $0 < 5 } } == true, "\(seen["mp3"] ?? "not measured")")
        // axe-core: no serious or critical accessibility violations on the library, import and reader pages.
        #expect(seen["axe"] as? [String] == [], "\(seen["axe"] ?? "not run")")
        #expect(try cli.json(["show", "1"])["position"] as? Int == saved.first)
        if CLITranslateTests.apertium {
            // The language switch: made from the reader, at the same block, the original shown under it on request, and back.
            let language = try #require(seen["language"] as? [String: Any], "\(seen)")
            let from = try #require(language["from"] as? Int)
            let address = language["translation"] as? String ?? ""
            #expect(address.contains("?block=\(from)") && !address.contains("/read/1?"), "\(language)")
            let spanish = language["spanish"] as? [Any] ?? []
            #expect(spanish.count == 4 && spanish[0] as? Int == from && spanish[1] as? String == "es", "\(language)")
            #expect(spanish.count == 4 && spanish[2] as? Bool == false && spanish[3] as? Bool == true, "\(language)")
            #expect(language["back"] as? Int == from, "\(language)")
            #expect(language["back_word"] as? Int == saved.first, "\(language)")
        }
    }

    /// The reader in another language: the switch lists the original, its translations and the
    /// installed pairs; a translation is made on request and opens at the same block, with its
    /// original's paragraphs beside its own.
    @Test(.enabled(if: CLITranslateTests.apertium)) func theReaderSwitchesLanguageAtTheSameBlock() throws {
        let cli = CLI()
        try library(cli)
        let server = try ServerUnderTest(cli)
        defer { _ = server.stop() }
        #expect(try server.request("/read/1").text.contains("<option value=\"new:es\" lang=\"es\">Spanish (translate)</option>"))
        let made = try server.request("/api/documents/1/translations?to=es", method: "POST")
        #expect(made.status == 201, "\(made.text)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: made.body) as? [String: Any])
        #expect(outcome["id"] as? Int == 2 && outcome["language"] as? String == "es", "\(outcome)")
        #expect(try server.request("/api/documents/1/translations?to=spa", method: "POST").status == 200)
        #expect(try server.request("/read/1").text.contains("<option value=\"2\" lang=\"es\">Spanish</option>"))

        let page = try server.request("/read/2?block=5").text
        let first = try #require(page.firstMatch(of: /data-b="5" data-first="(\d+)"/)?.1)
        #expect(page.contains("data-start=\"\(first)\"") && page.contains("lang=\"es\" data-translation=\"1\""), "\(page.prefix(2000))")
        #expect(page.contains("<option value=\"1\" lang=\"en\">English (original)</option>"))
        #expect(page.contains("<p class=\"original\" lang=\"en\">Paragraph 5 begins here."), "\(page.prefix(4000))")
        #expect(page.contains("id=\"show-original\""))
        #expect(try server.request("/api/documents/2/blocks?from=30").text.contains("<p class=\"original\" lang=\"en\">Paragraph 30 begins"))
        // An original is shown without originals under it.
        #expect(!(try server.request("/read/1").text.contains("class=\"original\"")))

        let unknown = try server.request("/api/documents/1/translations?to=xx", method: "POST")
        #expect(unknown.status == 400 && unknown.text.contains("'xx' is not a language code"), "\(unknown.text)")
        #expect(try server.request("/api/documents/1/translations?to=en", method: "POST").status == 400)
        #expect(try server.request("/api/documents/1/translations", method: "POST").status == 400)
        #expect(try server.request("/api/documents/99/translations?to=es", method: "POST").status == 404)
    }
}
