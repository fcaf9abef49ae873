import Dispatch
import Foundation
import SpeakKit

/// The player's screen: title and chapter, the sentence being read with the spoken word in
/// reverse video, a progress line, and the keys. Redrawn in place 20 times a second; keys
/// are read in raw mode on their own thread.
final class TerminalPlayer: @unchecked Sendable {
    private let session: PlaybackSession
    private let speak: Speak
    private let skipStep: Double
    private var drawnLines = 0
    private var showHelp = false
    private var saved = termios()
    private var quit = false
    private let lock = NSLock()

    init(session: PlaybackSession, speak: Speak, skipStep: Double) {
        self.session = session
        self.speak = speak
        self.skipStep = skipStep
    }

    /// Shows the player until `done` is signalled (playback ended) or the user quits.
    func run(until done: DispatchSemaphore) {
        enterRawMode()
        defer { leaveRawMode() }
        let keys = Thread { [self] in readKeys() }
        keys.start()
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            draw()
        }
        draw()
        FileHandle.standardOutput.write(Data("\n".utf8))
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
        FileHandle.standardOutput.write(Data("\u{1B}[?25l".utf8))
    }

    private func leaveRawMode() {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        FileHandle.standardOutput.write(Data("\u{1B}[?25h".utf8))
    }

    private func readKeys() {
        let player = session.player
        var pendingEscape: [UInt8] = []
        while !player.snapshot.ended {
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
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
            case UInt8(ascii: "?"), UInt8(ascii: "h"):
                lock.lock()
                showHelp.toggle()
                lock.unlock()
            case UInt8(ascii: "q"), 0x03, 0x04:
                player.stop()
                return
            default: break
            }
        }
    }

    private func draw() {
        let width = max(20, (Terminal.width ?? 80) - 1)
        let status = session.player.snapshot
        let document = session.player.document
        var lines: [String] = []
        var heading = session.title
        if let chapter = document.chapter(containingWord: status.word), chapter.title != session.title {
            heading += " — " + chapter.title
        }
        lines.append("\u{1B}[1m" + DisplayFormat.truncate(heading, to: width) + "\u{1B}[0m")
        lines += sentenceLines(document, word: status.word, width: width)
        let left = session.secondsLeft(from: status.word, speed: status.speed)
        let state = status.ended ? "■" : (status.paused ? "❚❚" : "▶")
        var progress = "\(state) \(clock(status.heardSeconds)) heard · \(clock(left)) left · "
            + String(format: "%.1f×", status.speed) + " · word \(DisplayFormat.count(status.word))"
        if status.sleepAtChapterEnd {
            progress += " · sleep: end of chapter"
        } else if let sleep = status.sleepSecondsLeft {
            progress += " · sleep \(clock(sleep))"
        }
        lines.append(DisplayFormat.truncate(progress, to: width))
        lock.lock()
        let help = showHelp, note = syncNote
        lock.unlock()
        if let note {
            lines.append(DisplayFormat.truncate(note, to: width))
        } else if help {
            lines.append(DisplayFormat.truncate("space pause · ←/→ \(Int(skipStep)) s · ↑/↓ +/- speed · [ ] paragraph · < > chapter · s sleep · y sync · q quit", to: width))
        } else {
            lines.append("\u{1B}[2m? help · q quit\u{1B}[0m")
        }
        var out = "\r"
        if drawnLines > 1 { out += "\u{1B}[\(drawnLines - 1)A" }
        out += "\u{1B}[J" + lines.joined(separator: "\n")
        drawnLines = lines.count
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// What the last sync said, shown for a few seconds.
    private var syncNote: String?

    /// `y`: syncs positions with the account's server while playback goes on; when the sync
    /// moves this document's position (another device went on or went back), playback goes
    /// there as soon as the sync is done. Other documents' positions just change.
    private func syncInBackground() {
        lock.lock()
        let busy = syncNote == "syncing…"
        if !busy { syncNote = "syncing…" }
        lock.unlock()
        guard !busy else { return }
        Thread { [self] in
            // What this device last saved is what it sends; the sync moves this document's
            // position only when another device's change holds (see speak sync --help).
            let outcome = speak.runSync()
            var note = outcome.succeeded ? "synced" : "sync failed: " + outcome.message
            if let id = session.documentID, let word = outcome.moved[id] {
                session.player.jump(toWord: word)
                note = "synced: going on at word \(DisplayFormat.count(word)), where another device left it"
            }
            lock.lock()
            syncNote = note
            lock.unlock()
            Thread.sleep(forTimeInterval: 4)
            lock.lock()
            if syncNote == note { syncNote = nil }
            lock.unlock()
        }.start()
    }

    private var sentenceCache: (word: Int, width: Int, lines: [String])?

    /// The sentence holding `word`, wrapped to `width`, the word in reverse video; worked out
    /// again only when the word or the width changes.
    private func sentenceLines(_ document: Document, word: Int, width: Int) -> [String] {
        if let cache = sentenceCache, cache.word == word, cache.width == width { return cache.lines }
        let lines = wrapSentence(document, word: word, width: width)
        sentenceCache = (word, width, lines)
        return lines
    }

    private func wrapSentence(_ document: Document, word: Int, width: Int) -> [String] {
        guard let b = document.blockIndex(containingWord: word) else { return [""] }
        let block = document.blocks[b]
        let sentence = block.sentences.first { $0.contains(word) } ?? block.wordIndices
        let spans = block.wordSpans
        let scalars = Array(block.text.unicodeScalars)
        var words: [(text: String, current: Bool)] = []
        for index in sentence {
            let span = spans[index - block.firstWord]
            let end = index + 1 < sentence.upperBound ? Int(spans[index + 1 - block.firstWord].start) : min(scalars.count, Int(span.end) + 1)
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[Int(span.start)..<max(Int(span.end), end)])
            words.append((String(text).trimmingCharacters(in: .whitespaces), index == word))
        }
        var lines: [String] = []
        var line = ""
        var length = 0
        for (text, current) in words.prefix(120) {
            let count = text.count
            if length > 0, length + 1 + count > width {
                lines.append(line)
                line = ""
                length = 0
            }
            if length > 0 {
                line += " "
                length += 1
            }
            line += current ? "\u{1B}[7m\(text)\u{1B}[0m" : text
            length += count
        }
        lines.append(line)
        return Array(lines.prefix(6))
    }

    private func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
