import Foundation
import SpeakKit

/// `speak play --print-words`: "time<TAB>index<TAB>word" for every word as it is heard, the
/// index being the stored document's. A translation made from the middle of a book plays
/// before its beginning is translated, so its words' indices are not known yet: those lines
/// wait (with the time they were heard) until the translation is stored.
final class HeardWordPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private let output: FileHandle
    private var session: PlaybackSession?
    private var started: Double?
    private var waiting: [(time: Double, word: Int, text: String)] = []

    init(output: FileHandle) {
        self.output = output
    }

    /// Times count from now; indices are mapped through `session`.
    func begin(_ session: PlaybackSession) {
        lock.withLock {
            self.session = session
            started = ProcessInfo.processInfo.systemUptime
        }
    }

    /// Word `word` of the player's document is heard now.
    func heard(_ word: Int) {
        lock.withLock {
            guard let session, let text = session.player.document.word(at: word)?.text else { return }
            let now = ProcessInfo.processInfo.systemUptime
            waiting.append((now - (started ?? now), word, text))
            flushKnown(session)
        }
    }

    /// Prints what waited for the stored document (called when playback has ended and the
    /// translation is stored, or failed: then the player's own indices are printed).
    func finish() {
        lock.withLock {
            guard let session else { return }
            write(waiting, session)
            waiting.removeAll()
        }
    }

    private func flushKnown(_ session: PlaybackSession) {
        guard session.libraryWordsKnown else { return }
        write(waiting, session)
        waiting.removeAll()
    }

    private func write(_ lines: [(time: Double, word: Int, text: String)], _ session: PlaybackSession) {
        guard !lines.isEmpty else { return }
        let text = lines.map { String(format: "%.2f\t%d\t%@\n", $0.time, session.libraryWord($0.word), $0.text) }.joined()
        output.write(Data(text.utf8))
    }
}
