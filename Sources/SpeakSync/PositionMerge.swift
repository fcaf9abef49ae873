import Foundation
import SpeakLibrary

/// One position change as devices and the server exchange it.
public struct SyncedPosition: Sendable, Codable, Equatable, Hashable {
    /// The device that made it, and its number among that device's changes.
    public var device: String
    public var sequence: Int64
    /// The document, by content hash (the same on every device).
    public var document: String
    public var word: Int
    public var startWord: Int
    public var speed: Double?
    public var cause: PositionCause
    /// The device's clock when the change was made (may be off by hours).
    public var wallTime: Double
    /// The last server order the device had received when it made the change: it knew every
    /// change up to there.
    public var seen: Int64
    /// The server's receive order; nil until the server has it.
    public var order: Int64?
    /// Server clock minus device clock, measured when the server received it.
    public var clockOffset: Double

    public init(device: String, sequence: Int64, document: String, word: Int, startWord: Int? = nil, speed: Double? = nil,
                cause: PositionCause, wallTime: Double, seen: Int64, order: Int64? = nil, clockOffset: Double = 0) {
        self.device = device
        self.sequence = sequence
        self.document = document
        self.word = word
        self.startWord = startWord ?? word
        self.speed = speed
        self.cause = cause
        self.wallTime = wallTime
        self.seen = seen
        self.order = order
        self.clockOffset = clockOffset
    }

    /// When it happened by the server's clock.
    public var time: Double { wallTime + clockOffset }
}

/// Which position holds when devices disagree. A change made by a device that already knew
/// another change (the same device's earlier ones, or anything it had received from the
/// server) replaces it. Of changes made without knowing of each other (offline, or between
/// syncs), the most recent by the server's clock wins — device clocks are corrected by the
/// offset measured at each sync, so a clock an hour off does not win or lose for it — and
/// within `closeCall` seconds a deliberate move (going back, jumping ahead, finishing) wins
/// over listening, so a rewind is not undone by a device that went on playing meanwhile.
/// No change is dropped from the history; this only says which one the position is.
public enum PositionMerge {
    public static let closeCall: Double = 120

    /// The change whose position holds, among all the changes of one document.
    public static func winner(_ changes: [SyncedPosition]) -> SyncedPosition? {
        // A change stands unless its device made a later one, or another device made one
        // knowing it (in one pass: the latest sequence and the most seen, per device).
        var latest: [String: Int64] = [:], knew: [String: Int64] = [:]
        for change in changes {
            latest[change.device] = max(latest[change.device] ?? .min, change.sequence)
            knew[change.device] = max(knew[change.device] ?? .min, change.seen)
        }
        let standing = changes.filter { change in
            if (latest[change.device] ?? .min) > change.sequence { return false }
            guard let order = change.order else { return true }
            return !knew.contains { $0.key != change.device && $0.value >= order }
        }
            .sorted { ($0.time, $0.order ?? .max, $0.device, $0.sequence) < ($1.time, $1.order ?? .max, $1.device, $1.sequence) }
        // Oldest to newest, each challenging the one standing: the same answer on every device.
        return standing.dropFirst().reduce(standing.first) { best, next in
            guard let best else { return next }
            return wins(next, over: best) ? next : best
        }
    }

    /// Between two changes made without knowing of each other, `a` the newer or as new.
    static func wins(_ a: SyncedPosition, over b: SyncedPosition) -> Bool {
        let deliberateA = a.cause != .listen, deliberateB = b.cause != .listen
        if abs(a.time - b.time) <= closeCall, deliberateA != deliberateB { return deliberateA }
        return true
    }
}
