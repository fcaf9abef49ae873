import Foundation
import SpeakLibrary

/// A position change as devices and the server exchange it (the library's log entry).
public typealias SyncedPosition = SpeakLibrary.SyncedPosition

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
