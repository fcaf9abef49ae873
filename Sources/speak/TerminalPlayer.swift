import Dispatch
import Foundation
import SpeakKit

/// The player in the terminal. On a screen it fills the terminal: title and chapter, the
/// paragraphs around the one being read with the sentence marked and the spoken word in
/// reverse video, a progress bar with elapsed and remaining time, and the keys; redrawn when
/// something changed (checked 20 times a second), following resizes. Plain (`--plain`, or not
/// a terminal): one line per sentence as it starts, no escape sequences at all. Keys are read
/// in raw mode on their own thread whenever standard input is a terminal.
final class TerminalPlayer: @unchecked Sendable {
    enum Mode {
        case screen(colour: Bool)
        case plain
    }

    private let session: PlaybackSession
    private let speak: Speak
    private let skipStep: Double
    private let mode: Mode
    private let view: ReadingView
    private let keys: Bool
    private var saved = termios()
    private let lock = NSLock()
    private var showHelp = false
    /// A message shown for a few seconds (sync, bookmark).
    private var flash: String?
    /// The note being typed after `n`: the word it goes to and the text so far.
    private var prompt: (word: Int, bytes: [UInt8])?
    private var lastFrame = ""
    private var lastSize = (0, 0)
    private var lastSentence: Range<Int>?
    /// `d` was pressed: playback is to go on in the background.
    private(set) var detachRequested = false

    init(session: PlaybackSession, speak: Speak, skipStep: Double, mode: Mode, includeSkipped: Bool) {
        self.session = session
        self.speak = speak
        self.skipStep = skipStep
        self.mode = mode
        if case .screen(let colour) = mode {
            view = ReadingView(colour: colour, includeSkipped: includeSkipped)
        } else {
            view = ReadingView(colour: false, includeSkipped: includeSkipped)
        }
        keys = isatty(STDIN_FILENO) != 0
    }

    /// Shows the player until `done` is signalled (playback ended) or the user quits.
    func run(until done: DispatchSemaphore) {
        if keys { enterRawMode() }
        if case .screen = mode { write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J") }
        defer {
            if case .screen = mode { write("\u{1B}[?25h\u{1B}[?1049l") }
            if keys { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        }
        if keys {
            let reader = Thread { [self] in readKeys() }
            reader.start()
        }
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut { update() }
        update()
    }

    private func update() {
        switch mode {
        case .screen: draw()
        case .plain: printSentence()
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func enterRawMode() {
        tcgetattr(STDIN_FILENO, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    // MARK: - Keys

    private func readKeys() {
        let player = session.player
        var pendingEscape: [UInt8] = []
        while !player.snapshot.ended {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
            if typeIntoPrompt(byte) { continue }
            if !pendingEscape.isEmpty || byte == 0x1B {
                pendingEscape.append(byte)
                guard pendingEscape.count == 3 else { continue }
                let key = pendingEscape[2]
                pendingEscape.removeAll()
                switch key {
                case UInt8(ascii: "A"): player.changeSpeed(by: 0.1)
                case UInt8(ascii: "B"): player.changeSpeed(by: -0.1)
                case UInt8(ascii: "C"): player.skip(by: skipStep)
                case UInt8(ascii: "D"): player.skip(by: -skipStep)
                default: break
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "): player.togglePause()
            case UInt8(ascii: "+"), UInt8(ascii: "="): player.changeSpeed(by: 0.1)
            case UInt8(ascii: "-"), UInt8(ascii: "_"): player.changeSpeed(by: -0.1)
            case UInt8(ascii: "["): player.jumpParagraph(-1)
            case UInt8(ascii: "]"): player.jumpParagraph(1)
            case UInt8(ascii: "<"), UInt8(ascii: ","): player.jumpChapter(-1)
            case UInt8(ascii: ">"), UInt8(ascii: "."): player.jumpChapter(1)
            case UInt8(ascii: "s"): player.cycleSleepTimer()
            case UInt8(ascii: "y"): syncInBackground()
            case UInt8(ascii: "b"): bookmark(word: player.snapshot.word, note: nil)
            case UInt8(ascii: "n"):
                lock.lock()
                prompt = (player.snapshot.word, [])
                lock.unlock()
                if case .plain = mode { write("note: ") }
            case UInt8(ascii: "?"), UInt8(ascii: "h"):
                lock.lock()
                showHelp.toggle()
                lock.unlock()
            case UInt8(ascii: "d"):
                guard session.documentID != nil else { continue }
                detachRequested = true
                player.stop()
                return
            case UInt8(ascii: "q"), 0x03, 0x04:
                player.stop()
                return
            default: break
            }
        }
    }

    /// While a note is typed every key goes to it: Enter saves it (with the sentence's
    /// bookmark), Escape or Ctrl-C drops it, Backspace deletes.
    private func typeIntoPrompt(_ byte: UInt8) -> Bool {
        lock.lock()
        guard var typing = prompt else {
            lock.unlock()
            return false
        }
        var finished: (word: Int, bytes: [UInt8])?
        switch byte {
        case 0x0D, 0x0A:
            finished = typing
            prompt = nil
        case 0x1B, 0x03:
            prompt = nil
        case 0x7F, 0x08:
            // Back over a whole UTF-8 character: its continuation bytes, then its first.
            while let last = typing.bytes.last, last & 0xC0 == 0x80 { typing.bytes.removeLast() }
            if !typing.bytes.isEmpty { typing.bytes.removeLast() }
            prompt = typing
        default:
            if byte >= 0x20 { typing.bytes.append(byte) }
            prompt = typing
        }
        lock.unlock()
        if case .plain = mode {
            if byte == 0x0D || byte == 0x0A || byte == 0x1B || byte == 0x03 { write("\n") } else if byte >= 0x20, byte < 0x7F { write(String(Unicode.Scalar(byte))) }
        }
        if let finished {
            let text = String(decoding: finished.bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { bookmark(word: finished.word, note: text) }
        }
        return true
    }

    private func bookmark(word: Int, note: String?) {
        guard let id = session.documentID else {
            show("bookmarks are kept once the page is read in; press b again in a moment")
            return
        }
        do {
            let entry = try speak.addBookmark(documentID: id, word: session.libraryWord(word), note: note)
            show(note == nil ? "bookmark \(entry.number) · n adds a note · speak bookmarks \(id)" : "note saved with bookmark \(entry.number)")
        } catch {
            show("could not keep the bookmark: \((error as? UserFacingError)?.message ?? "\(error)")")
        }
    }

    /// Shows `message` for four seconds (in plain mode: prints it).
    private func show(_ message: String) {
        if case .plain = mode {
            write(message + "\n")
            return
        }
        lock.lock()
        flash = message
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + 4) { [self] in
            lock.lock()
            if flash == message { flash = nil }
            lock.unlock()
        }
    }

    /// `y`: syncs positions with the account's server while playback goes on; when the sync
    /// moves this document's position (another device went on or went back), playback goes
    /// there as soon as the sync is done. Other documents' positions just change.
    private func syncInBackground() {
        lock.lock()
        let busy = flash == "syncing…"
        if !busy { flash = "syncing…" }
        lock.unlock()
        guard !busy else { return }
        Thread { [self] in
            let outcome = speak.runSync(playing: session.syncPlace)
            var note = outcome.succeeded ? "synced" : "sync failed: " + outcome.message
            if let id = session.documentID, let word = outcome.moved[id], let heard = session.playerWord(word) {
                session.player.jump(toWord: heard)
                note = "synced: going on at word \(DisplayFormat.count(word)), where another device left it"
            }
            show(note)
        }.start()
    }

    // MARK: - Display

    /// Plain mode: the sentence being read, once, when it starts (or when a skip lands in it).
    private func printSentence() {
        let document = session.player.document
        let word = session.player.snapshot.word
        lock.lock()
        let typing = prompt != nil
        lock.unlock()
        guard !typing, lastSentence?.contains(word) != true, let sentence = document.sentence(containingWord: word) else { return }
        lastSentence = sentence.words
        guard let b = document.blockIndex(containingWord: word), document.blocks[b].isSpoken || document.blocks[b].wordCount > 0 else { return }
        write(sentence.text.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n")
    }

    private func draw() {
        let (width, height) = Self.size()
        let status = session.player.snapshot
        let document = session.player.document
        var heading = session.title
        if let chapter = document.chapter(containingWord: status.word), chapter.title != session.title {
            heading += " — " + chapter.title
        }
        let footer = footerLines(status, document: document, width: width)
        let header = height >= 8 ? ["\u{1B}[1m" + DisplayFormat.truncate(heading, to: width) + "\u{1B}[0m", ""] : []
        let text = view.lines(document, word: status.word, width: width, height: max(1, height - header.count - footer.count))
        let lines = Array((header + text + footer).prefix(height))
        var frame = ""
        if (width, height) != lastSize {
            frame += "\u{1B}[2J"
            lastSize = (width, height)
        }
        frame += "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
        guard frame != lastFrame else { return }
        lastFrame = frame
        write(frame)
    }

    /// The word as the library numbers it (what `speak status`, bookmarks and `--print-words`
    /// say); none while a translation started midway is not stored yet, as its number is not known.
    private func shownWord(_ word: Int) -> Int? {
        session.libraryWordsKnown ? session.libraryWord(word) : nil
    }

    private func footerLines(_ status: PlayerStatus, document: Document, width: Int) -> [String] {
        let left = session.secondsLeft(from: status.word, speed: status.speed)
        let total = session.secondsLeft(from: 0, speed: status.speed)
        let elapsed = max(0, total - left)
        let times = (clock(elapsed), "-" + clock(left))
        let barWidth = max(4, width - times.0.count - times.1.count - 2)
        let filled = total > 0 ? Int((elapsed / total * Double(barWidth)).rounded(.down)) : 0
        let bar = times.0 + " " + String(repeating: "━", count: min(barWidth, filled)) + String(repeating: "─", count: max(0, barWidth - filled)) + " " + times.1
        let state = status.ended ? "■" : (status.paused ? "❚❚ paused" : "▶")
        var line = "\(state) " + String(format: "%.1f×", status.speed) + (shownWord(status.word).map { " · word \(DisplayFormat.count($0))" } ?? "") + " · heard \(clock(status.heardSeconds))"
        if status.sleepAtChapterEnd {
            line += " · sleep: end of chapter"
        } else if let sleep = status.sleepSecondsLeft {
            line += " · sleep \(clock(sleep))"
        }
        lock.lock()
        let help = showHelp, note = flash, typing = prompt
        lock.unlock()
        var last = "\u{1B}[2m? help · b bookmark · q quit\u{1B}[0m"
        if let typing {
            last = "note: " + String(String(decoding: typing.bytes, as: UTF8.self).suffix(max(1, width - 34))) + "▏ (Enter saves · Esc drops)"
        } else if let note {
            last = DisplayFormat.truncate(note, to: width)
        } else if help {
            last = DisplayFormat.truncate("space pause · ←/→ \(Int(skipStep)) s · ↑/↓ speed · [ ] paragraph · < > chapter · b bookmark · n note · d background · s sleep · y sync · q quit", to: width)
        }
        return [bar, DisplayFormat.truncate(line, to: width), last]
    }

    private static func size() -> (Int, Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        // One column short of the edge: a full line would wrap on some terminals.
        return (max(20, Int(size.ws_col) - 1), max(4, Int(size.ws_row)))
    }

    private func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
