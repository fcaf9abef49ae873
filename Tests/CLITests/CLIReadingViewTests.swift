import Foundation
import Testing

/// The player's reading view in a real terminal (tmux): the paragraphs around the one being
/// read, the spoken word highlighted, sizes and resizes, `--plain` and `NO_COLOR`, and the
/// bookmark keys.
@Suite(.serialized) struct CLIReadingViewTests {
    static let text = (1...14).map { n in
        "Paragraph \(n) tells of the harbour and the boats. The gulls circle the mast number \(n) while the tide turns."
    }.joined(separator: "\n\n")

    /// Every word of `text` as the screen shows it, without its punctuation.
    static let words = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: .punctuationCharacters) }

    /// The text in reverse video (tmux ends it with the next escape sequence).
    static func highlighted(_ screen: String) -> String? {
        guard let on = screen.range(of: "\u{1B}[7m") else { return nil }
        let off = screen[on.upperBound...].firstIndex(of: "\u{1B}") ?? screen.endIndex
        return String(screen[on.upperBound..<off]).trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    }

    /// Captures until the highlighted word and the status line's word agree on one screen
    /// (a capture can fall between two frames), and returns both.
    static func consistentScreen(_ tmux: TmuxSession) throws -> (word: Int, highlighted: String, plain: String)? {
        for _ in 0..<10 {
            let styled = try tmux.screen(escapes: true)
            let plain = try tmux.screen()
            if let word = CLIPlayerTests.statusWord(styled), let shown = highlighted(styled), word < words.count, words[word] == shown {
                return (word, shown, plain)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    @Test(arguments: [(80, 24), (40, 12)]) func theViewFillsTheTerminalAndHighlightsTheWordHeard(size: (Int, Int)) throws {
        guard TmuxSession.available else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.txt", Self.text)])
        let tmux = try TmuxSession(cli: cli, arguments: ["play", "1", "--from-word", "100"], columns: size.0, rows: size.1)
        Thread.sleep(forTimeInterval: 2)
        let seen = try #require(try Self.consistentScreen(tmux), "the highlighted word is the word the status line names")
        #expect(seen.word > 100)
        let lines = seen.plain.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= size.0 }, "nothing runs past the width: \(seen.plain)")
        #expect(seen.plain.contains("HARBOUR") || seen.plain.contains("harbour"), "\(seen.plain)")
        #expect(seen.plain.split(separator: "\n").contains { $0.wholeMatch(of: /\d+:\d\d [━─]+ -\d+:\d\d/) != nil },
                "a progress bar with elapsed and remaining time: \(seen.plain)")
        let paragraphsShown = Set(seen.plain.components(separatedBy: "Paragraph ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) })
        #expect(paragraphsShown.count >= (size.1 >= 24 ? 3 : 1), "the paragraph and its neighbours: \(seen.plain)")
        // Reverse video, and the sentence in a colour.
        #expect(try tmux.screen(escapes: true).contains("\u{1B}[33m"))
        try tmux.send("q")
        Thread.sleep(forTimeInterval: 1)
    }

    @Test func aResizeLaysTheTextOutAgain() throws {
        guard TmuxSession.available else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.txt", Self.text)])
        let tmux = try TmuxSession(cli: cli, arguments: ["play", "1", "--from-word", "60"], columns: 80, rows: 24)
        Thread.sleep(forTimeInterval: 1.5)
        try tmux.resize(columns: 40, rows: 12)
        Thread.sleep(forTimeInterval: 0.5)
        let small = try #require(try Self.consistentScreen(tmux))
        let lines = small.plain.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(small.plain)")
        #expect(lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 8, "the smaller terminal is filled: \(small.plain)")
        try tmux.resize(columns: 100, rows: 30)
        Thread.sleep(forTimeInterval: 0.5)
        let large = try #require(try Self.consistentScreen(tmux))
        #expect(large.word >= small.word)
        #expect(large.plain.split(separator: "\n").contains { $0.count > 60 }, "lines grow with the width: \(large.plain)")
        try tmux.send("q")
    }

    @Test func plainAndNoColorEmitNoColoursAndPlainNoEscapes() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.txt", Self.text)])
        let piped = try cli.run(["play", "1", "--plain", "--from-word", "260"], environment: ["SPEAK_AUDIO": "null"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!piped.stdout.contains("\u{1B}"), "no escape sequence")
        let lines = piped.stdout.split(separator: "\n")
        #expect(lines == ["Paragraph 14 tells of the harbour and the boats.", "The gulls circle the mast number 14 while the tide turns."],
                "one line per sentence: \(lines)")
        guard TmuxSession.available else { return }
        let plain = try TmuxSession(cli: cli, arguments: ["play", "1", "--plain", "--from-word", "100"], columns: 80, rows: 24)
        Thread.sleep(forTimeInterval: 2)
        let screen = try plain.screen(escapes: true)
        #expect(!screen.contains("\u{1B}"), "on a terminal too: \(screen)")
        #expect(screen.contains("The gulls circle") || screen.contains("Paragraph"))
        try plain.send("q")
        let noColour = try TmuxSession(cli: cli, arguments: ["play", "1", "--from-word", "100"], columns: 80, rows: 24, environment: ["NO_COLOR": "1"])
        Thread.sleep(forTimeInterval: 2)
        let styled = try noColour.screen(escapes: true)
        #expect(styled.contains("\u{1B}[7m"), "the word still stands out")
        #expect(!styled.contains("[33m"), "but no colour: \(styled)")
        try noColour.send("q")
    }

    @Test func bAndNBookmarkTheSentenceAndKeepANote() throws {
        guard TmuxSession.available else { return }
        let cli = CLI()
        _ = try cli.run(["import", cli.file("harbour.txt", Self.text)])
        let tmux = try TmuxSession(cli: cli, arguments: ["play", "1", "--from-word", "40"], columns: 80, rows: 24)
        Thread.sleep(forTimeInterval: 1.5)
        try tmux.send("b")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try tmux.screen().contains("bookmark 1"))
        try tmux.send("n")
        try tmux.send("-l", "tides: check the table")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try tmux.screen().contains("note: tides: check the table"))
        try tmux.send("Enter")
        Thread.sleep(forTimeInterval: 0.5)
        try tmux.send("q")
        Thread.sleep(forTimeInterval: 1)
        let marks = try #require(try JSONSerialization.jsonObject(with: Data(cli.run(["bookmarks", "1", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(!marks.isEmpty)
        #expect(marks.contains { $0["note"] as? String == "tides: check the table" }, "\(marks)")
        for mark in marks {
            let sentence = mark["sentence"] as? String ?? ""
            #expect(sentence.hasPrefix("Paragraph") || sentence.hasPrefix("The gulls"), "a whole sentence: \(sentence)")
        }
    }
}
