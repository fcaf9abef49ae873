import Foundation
import GRDB

/// Why a listening position changed.
public enum PositionCause: String, Sendable, Codable, CaseIterable {
    /// Heard up to here.
    case listen
    /// Jumped ahead (a chapter, a search hit, a skip past what could have been heard).
    case seek
    /// Went back.
    case rewind
    /// Reached the end.
    case finish
}

/// One entry of a document's position history: a stretch of listening (from `startWord` to
/// `word`, `started` to `time`), or a deliberate move to `word` at `time`.
public struct PositionEntry: Sendable, Equatable, Codable {
    /// 1-based, oldest first, within the document: what `speak play --from-history` takes.
    public var number: Int
    public var device: String
    public var deviceID: String
    public var cause: PositionCause
    public var word: Int
    public var startWord: Int
    public var speed: Double?
    public var started: Date
    public var time: Date
}

/// The device a library lives on: an identifier made the first time it is needed, and a name
/// (the host's) that history and sync show.
public struct DeviceIdentity: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
}

/// The position log: every change of a position is kept, so no position is ever lost, and a
/// listener can go back to any of them.
enum PositionHistory {
    /// A stretch of listening goes on in the same entry unless it stopped this long ago.
    static let breakLength: Double = 600
    /// Faster than anyone listens (4.5× of a fast voice) plus a margin: a move further than
    /// this since the last save was not listening.
    static let listeningWordsPerSecond: Double = 15

    static func device(_ db: Database) throws -> DeviceIdentity {
        let stored = try Row.fetchAll(db, sql: "SELECT key, value FROM library_meta WHERE key IN ('device_id', 'device_name')")
        let values = Dictionary(uniqueKeysWithValues: stored.map { ($0[0] as String, $0[1] as String) })
        if let id = values["device_id"], let name = values["device_name"] { return DeviceIdentity(id: id, name: name) }
        let device = DeviceIdentity(id: UUID().uuidString.lowercased(), name: hostName())
        try db.execute(sql: "INSERT OR REPLACE INTO library_meta (key, value) VALUES ('device_id', ?), ('device_name', ?)",
                       arguments: [device.id, device.name])
        return device
    }

    /// The next number of this device's entries.
    static func nextSequence(_ db: Database) throws -> Int64 {
        let next = (try Int64.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM library_meta WHERE key = 'device_sequence'") ?? 0) + 1
        try db.execute(sql: "INSERT OR REPLACE INTO library_meta (key, value) VALUES ('device_sequence', ?)", arguments: [String(next)])
        return next
    }

    /// Why the position moved from `previous` to `word`, when the caller did not say.
    static func cause(previous: (word: Int, time: Double)?, word: Int, finished: Bool, now: Double) -> PositionCause {
        if finished { return .finish }
        guard let previous else { return .listen }
        if word < previous.word { return .rewind }
        let reachable = listeningWordsPerSecond * (max(0, now - previous.time) + 5)
        return Double(word - previous.word) > reachable ? .seek : .listen
    }

    /// Logs a new position of document `id`; called in the transaction that saves it, before
    /// the saved position changes.
    static func record(_ db: Database, documentID id: Int64, word: Int, speed: Double?, finished: Bool, cause given: PositionCause?,
                       now: Double, uptime: Double) throws {
        let device = try device(db)
        let previous = try Row.fetchOne(db, sql: "SELECT word_index, updated_at FROM positions WHERE document_id = ?", arguments: [id])
            .map { (word: $0[0] as Int, time: $0[1] as Double) }
        let cause = given ?? cause(previous: previous, word: word, finished: finished, now: now)
        let last = try Row.fetchOne(db, sql: """
            SELECT id, cause, word_index, wall_time FROM position_log WHERE document_id = ? AND device = ? ORDER BY id DESC LIMIT 1
            """, arguments: [id, device.id])
        let sequence = try nextSequence(db)
        if cause == .listen, let last, last[1] as String == PositionCause.listen.rawValue, word >= last[2] as Int,
           now - (last[3] as Double) < breakLength {
            // The same stretch of listening goes on: its end moves (and it is sent again at the next sync).
            try db.execute(sql: """
                UPDATE position_log SET word_index = ?, speed = COALESCE(?, speed), wall_time = ?, uptime = ?, sequence = ?,
                    server_order = NULL, seen = ? WHERE id = ?
                """, arguments: [word, speed, now, uptime, sequence, try seen(db), last[0] as Int64])
            return
        }
        let start = cause == .listen ? (previous?.word).map { min($0, word) } ?? word : word
        try db.execute(sql: """
            INSERT INTO position_log (document_id, device, sequence, word_index, speed, cause, wall_time, uptime, started_at, start_word, seen)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [id, device.id, sequence, word, speed, cause.rawValue, now, uptime, now, start, try seen(db)])
    }

    /// How far this device has received the sync server's log (0: never synced).
    static func seen(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM library_meta WHERE key = 'sync_seen'") ?? 0
    }

    static func entries(_ db: Database, documentID id: Int64) throws -> [PositionEntry] {
        // This device's name, and those other devices' changes brought.
        var names = Dictionary(try Row.fetchAll(db, sql: "SELECT substr(key, 13), value FROM library_meta WHERE key LIKE 'device_name:%'")
            .map { ($0[0] as String, $0[1] as String) }, uniquingKeysWith: { $1 })
        let this = try device(db)
        names[this.id] = this.name
        return try Row.fetchAll(db, sql: """
            SELECT device, cause, word_index, start_word, speed, started_at, wall_time FROM position_log WHERE document_id = ? ORDER BY id
            """, arguments: [id]).enumerated().map { offset, row in
            let device: String = row[0]
            return PositionEntry(number: offset + 1, device: names[device] ?? String(device.prefix(8)), deviceID: device,
                                 cause: PositionCause(rawValue: row[1]) ?? .listen, word: row[2], startWord: row[3], speed: row[4],
                                 started: Date(timeIntervalSince1970: row[5]), time: Date(timeIntervalSince1970: row[6]))
        }
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "this device" : name
    }
}

extension LibraryStore {
    /// Every position document `id` has had, oldest first, on every device.
    public func positionHistory(documentID id: Int64) throws(LibraryError) -> [PositionEntry] {
        _ = try summary(id: id)
        return try read { db in try PositionHistory.entries(db, documentID: id) }
    }

    /// This library's device.
    public func device() throws(LibraryError) -> DeviceIdentity {
        try write { db in try PositionHistory.device(db) }
    }
}
