import Foundation
import SpeakKit
import SpeakModel

/// Where each open reader's listener is. A playing page reports every second; those reports
/// are written to the library at most every few seconds per document (the library is a
/// database other programs use too), and whatever is still unwritten is written when the
/// server stops, so a SIGTERM in the middle of a chapter loses nothing the server was told.
/// Pauses, hidden pages and finished documents are written at once.
final class PositionBook: Sendable {
    private struct Entry {
        var report: PositionReport
        var pending: Bool
        var writtenAt: ContinuousClock.Instant?
    }

    private let speak: Speak
    private let interval: Duration
    private let entries = Locked<[Int64: Entry]>([:])
    private let flushing = Locked(())

    /// Runs after positions were written (an account's library: its sync).
    private let afterWrite: (@Sendable () -> Void)?

    init(speak: Speak, interval: Duration = .seconds(5), afterWrite: (@Sendable () -> Void)? = nil) {
        self.speak = speak
        self.interval = interval
        self.afterWrite = afterWrite
    }

    /// Takes a listener's position; writes it now unless it is a playing page's report and
    /// this document was written less than `interval` ago.
    func report(_ report: PositionReport, document id: Int64) throws {
        let now = ContinuousClock.now
        let writeNow = entries.withLock { entries in
            let last = entries[id]?.writtenAt
            let due = !(report.playing ?? false) || last.map { now - $0 >= interval } ?? true
            entries[id] = Entry(report: report, pending: !due, writtenAt: due ? now : last)
            return due
        }
        if writeNow {
            try write(report, document: id)
            afterWrite?()
        }
    }

    /// Writes every report not yet written; the positions of documents deleted meanwhile are
    /// dropped. One flush at a time: a flush returns only once what it took is written, so
    /// the last one, at shutdown, cannot return while the periodic one still writes.
    func flush() {
        flushing.withLock { _ in
            let pending = entries.withLock { entries in
                let pending = entries.filter(\.value.pending).map { ($0.key, $0.value.report) }
                let now = ContinuousClock.now
                for (id, _) in pending { entries[id]?.pending = false; entries[id]?.writtenAt = now }
                return pending
            }
            for (id, report) in pending { try? write(report, document: id) }
            if !pending.isEmpty { afterWrite?() }
        }
    }

    /// Flushes every `interval` until cancelled.
    func run() async {
        while true {
            do { try await Task.sleep(for: interval) } catch { return }
            flush()
        }
    }

    private func write(_ report: PositionReport, document id: Int64) throws {
        try speak.savePosition(documentID: id, word: max(0, report.word), speed: ListeningSpeed.playable(report.speed),
                               finished: report.finished ?? false)
    }
}

/// Where a browser's listener is. `playing`: a report made while the audio plays, which may
/// wait a few seconds before reaching the library.
struct PositionReport: Decodable, Sendable {
    var word: Int
    var speed: Double?
    var finished: Bool?
    var playing: Bool?
}
