import Foundation
import GRDB
import SpeakModel

/// What this library has for a sync server: its device, how far it has received the server's
/// log, and its position changes the server does not have yet.
public struct OutgoingChanges: Sendable, Equatable {
    public var device: DeviceIdentity
    public var seen: Int64
    public var changes: [SyncedPosition]
}

/// What taking a server's changes did.
public struct IncomingOutcome: Sendable, Equatable {
    /// Changes stored (this device's own came back with their order and are not counted).
    public var received: Int
    /// Changes of documents not in this library: kept, and applied once the document is.
    public var waiting: Int
    /// Documents whose position moved, with the new word.
    public var moved: [(id: Int64, title: String, word: Int)]
    /// Documents renamed, moved between folders or to and from the trash by another device's
    /// edit, and notes (a document deleted on one device while read on another).
    public var edited: [EditOutcome] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.received == b.received && a.waiting == b.waiting && a.moved.map(\.id) == b.moved.map(\.id) && a.moved.map(\.word) == b.moved.map(\.word)
            && a.edited == b.edited
    }
}

/// A document playing on this device while it syncs (the player's `y`): it started from
/// `word`, where this device's position had been since `since` (this device's clock). Its
/// listening since then does not count against what other devices did meanwhile — asking for a
/// sync while playing means "go on where another device left it", and the playback's own saves,
/// newer by a few seconds, would otherwise always win.
public struct PlayingPlace: Sendable, Equatable {
    public var documentID: Int64
    public var word: Int
    public var since: Double

    public init(documentID: Int64, word: Int, since: Double) {
        self.documentID = documentID
        self.word = word
        self.since = since
    }
}

extension LibraryStore {
    /// This device's changes not yet on the server (oldest first, at most `limit`).
    public func outgoingChanges(limit: Int = 1_000) throws(LibraryError) -> OutgoingChanges {
        try write { db in
            let device = try PositionHistory.device(db)
            let offset = try Self.clockOffset(db)
            let changes = try Row.fetchAll(db, sql: """
                SELECT l.sequence, d.content_hash, l.word_index, l.start_word, l.speed, l.cause, l.wall_time, l.seen
                FROM position_log l JOIN documents d ON d.id = l.document_id
                WHERE l.device = ? AND l.server_order IS NULL ORDER BY l.sequence LIMIT ?
                """, arguments: [device.id, limit]).map { row in
                var change = SyncedPosition(device: device.id, sequence: row[0], document: row[1], word: row[2], startWord: row[3], speed: row[4],
                                            cause: PositionCause(rawValue: row[5]) ?? .listen, wallTime: row[6], seen: row[7], clockOffset: offset)
                change.deviceName = device.name
                return change
            }
            // Positions and library edits share one numbering: sent in its order.
            let edits = try EditLog.outgoing(db, device: device, offset: offset, limit: limit)
            let all = (changes + edits).sorted { $0.sequence < $1.sequence }.prefix(limit)
            return OutgoingChanges(device: device, seen: try PositionHistory.seen(db), changes: Array(all))
        }
    }

    /// Takes the changes a sync server sent (everything after what this device had seen), keeps
    /// them in the history, and moves each affected document's position to the change `merge`
    /// says holds. `seen`: how far the server's log has now been received; `clockOffset`: this
    /// device's, as the server measured it.
    /// `reapplying`: documents (by content hash) whose edits received earlier are applied again
    /// (one just added to the library). `playing`: the document playing here, if any.
    public func receive(_ changes: [SyncedPosition], seen: Int64, clockOffset: Double, reapplying: [String] = [],
                        playing: PlayingPlace? = nil, merge: ([SyncedPosition]) -> SyncedPosition?) throws(LibraryError) -> IncomingOutcome {
        try write { db in
            let device = try PositionHistory.device(db)
            let seenBefore = try PositionHistory.seen(db)
            try db.execute(sql: "INSERT OR REPLACE INTO library_meta (key, value) VALUES ('sync_seen', ?), ('clock_offset', ?)",
                           arguments: [String(seen), String(clockOffset)])
            // Changes that waited for their document, and the new ones.
            let waiting = try String.fetchAll(db, sql: "SELECT change FROM sync_inbox").compactMap {
                try? JSONDecoder().decode(SyncedPosition.self, from: Data($0.utf8))
            }
            var received = 0, parked = 0
            var touched = Set<Int64>()
            var editedFields = Set<[String]>()
            for hash in reapplying {
                for field in try String.fetchAll(db, sql: "SELECT DISTINCT field FROM edit_log WHERE document_hash = ?", arguments: [hash]) {
                    editedFields.insert([hash, field])
                }
            }
            for change in changes where change.edit != nil {
                try EditLog.store(db, change, ownDevice: device.id)
                if change.device != device.id { received += 1 }
                editedFields.insert([change.document, change.edit?.field.rawValue ?? ""])
            }
            for change in waiting + changes where change.edit == nil {
                // A document in the trash still takes positions (it may come back, or be noted as read while deleted).
                guard let id = try Self.documentID(db, hash: change.document) else {
                    let text = String(decoding: (try? JSONEncoder().encode(change)) ?? Data(), as: UTF8.self)
                    try db.execute(sql: "INSERT OR REPLACE INTO sync_inbox (document_hash, device, sequence, change) VALUES (?, ?, ?, ?)",
                                   arguments: [change.document, change.device, change.sequence, text])
                    parked += 1
                    continue
                }
                try db.execute(sql: "DELETE FROM sync_inbox WHERE device = ? AND sequence = ?", arguments: [change.device, change.sequence])
                touched.insert(id)
                if change.device == device.id {
                    // This device's own change, back with the server's order.
                    try db.execute(sql: "UPDATE position_log SET server_order = ?, clock_offset = ? WHERE device = ? AND sequence = ?",
                                   arguments: [change.order, change.clockOffset, change.device, change.sequence])
                    continue
                }
                received += 1
                if let name = change.deviceName {
                    try db.execute(sql: "INSERT OR REPLACE INTO library_meta (key, value) VALUES (?, ?)", arguments: ["device_name:" + change.device, name])
                }
                try Self.store(db, change, documentID: id)
            }
            var moved: [(Int64, String, Int)] = []
            for id in touched.sorted() {
                let all = try Self.changes(db, documentID: id, device: device.id)
                guard var winner = merge(all) else { continue }
                if let playing, playing.documentID == id,
                   let other = merge(Self.asWhenPlayingBegan(all, playing, device: device.id, seen: seenBefore, clockOffset: clockOffset,
                                                             listening: try Self.wasListening(db, documentID: id, device: device.id, at: playing.since))),
                   other.device != device.id {
                    winner = other
                }
                let current = try Int.fetchOne(db, sql: "SELECT word_index FROM positions WHERE document_id = ?", arguments: [id])
                guard current != winner.word else { continue }
                try db.execute(sql: """
                    INSERT INTO positions (document_id, word_index, speed, finished, updated_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (document_id) DO UPDATE SET word_index = excluded.word_index,
                        speed = COALESCE(excluded.speed, positions.speed), finished = excluded.finished, updated_at = excluded.updated_at
                    """, arguments: [id, winner.word, ListeningSpeed.playable(winner.speed), winner.cause == .finish, Date().timeIntervalSince1970])
                let title = try String.fetchOne(db, sql: "SELECT title FROM documents WHERE id = ?", arguments: [id]) ?? ""
                moved.append((id, title, winner.word))
            }
            let edited = try applyEdits(db, fields: editedFields, documents: touched, merge: merge)
            return IncomingOutcome(received: received, waiting: parked, moved: moved, edited: edited)
        }
    }

    /// Whether a document with this content hash is in the library, the trash included.
    public func contains(contentHash: String) throws(LibraryError) -> Bool {
        try read { db in try Self.documentID(db, hash: contentHash) != nil }
    }

    /// Applies the changes that were waiting for their document (one just imported or
    /// downloaded), as the next sync would.
    public func applyWaiting(documentHash: String, merge: ([SyncedPosition]) -> SyncedPosition?) throws(LibraryError) -> IncomingOutcome {
        let (seen, offset) = try read { db in (try PositionHistory.seen(db), try Self.clockOffset(db)) }
        return try receive([], seen: seen, clockOffset: offset, reapplying: [documentHash], merge: merge)
    }

    /// Another device's change in this library's history. A stretch of listening that device
    /// went on with replaces its shorter self (the same start, a later number).
    private static func store(_ db: Database, _ change: SyncedPosition, documentID id: Int64) throws {
        if change.cause == .listen, let earlier = try Int64.fetchOne(db, sql: """
            SELECT id FROM position_log WHERE document_id = ? AND device = ? AND cause = 'listen' AND start_word = ? AND sequence < ?
            ORDER BY sequence DESC LIMIT 1
            """, arguments: [id, change.device, change.startWord, change.sequence]) {
            try db.execute(sql: """
                UPDATE position_log SET sequence = ?, word_index = ?, speed = ?, wall_time = ?, seen = ?, server_order = ?, clock_offset = ?
                WHERE id = ?
                """, arguments: [change.sequence, change.word, change.speed, change.wallTime, change.seen, change.order, change.clockOffset, earlier])
            return
        }
        try db.execute(sql: """
            INSERT OR IGNORE INTO position_log (document_id, device, sequence, word_index, speed, cause, wall_time, uptime, started_at, start_word,
                seen, server_order, clock_offset) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)
            """, arguments: [id, change.device, change.sequence, change.word, change.speed, change.cause.rawValue, change.wallTime, change.wallTime,
                             change.startWord, change.seen, change.order, change.clockOffset])
    }

    /// Every change of document `id` in the form the merge takes.
    private static func changes(_ db: Database, documentID id: Int64, device: String) throws -> [SyncedPosition] {
        let offset = try clockOffset(db)
        let hash = try String.fetchOne(db, sql: "SELECT content_hash FROM documents WHERE id = ?", arguments: [id]) ?? ""
        return try Row.fetchAll(db, sql: """
            SELECT device, sequence, word_index, start_word, speed, cause, wall_time, seen, server_order, clock_offset
            FROM position_log WHERE document_id = ?
            """, arguments: [id]).map { row in
            SyncedPosition(device: row[0], sequence: row[1], document: hash, word: row[2], startWord: row[3], speed: row[4],
                           cause: PositionCause(rawValue: row[5]) ?? .listen, wallTime: row[6], seen: row[7], order: row[8],
                           clockOffset: row[9] ?? offset)
        }
    }

    /// `changes` with this device's made since `playing` began replaced by one: the place it
    /// began from, at the time this device's position had been there since, knowing what this
    /// device knew before the sync.
    /// `listening`: this device was listening at `since`, in a stretch it went on with after.
    private static func asWhenPlayingBegan(_ changes: [SyncedPosition], _ playing: PlayingPlace, device: String, seen: Int64,
                                           clockOffset: Double, listening: Bool) -> [SyncedPosition] {
        let earlier = changes.filter { $0.device != device || $0.wallTime <= playing.since }
        // A deliberate move this device made before playing keeps winning its close calls; not
        // once it was listening on from there (a stretch whose later saves dropped it from `earlier`).
        let cause = listening ? .listen : earlier.filter { $0.device == device }.max { $0.sequence < $1.sequence }?.cause ?? .listen
        let began = SyncedPosition(device: device, sequence: .max, document: changes.first?.document ?? "", word: playing.word,
                                   cause: cause, wallTime: playing.since, seen: seen, clockOffset: clockOffset)
        return earlier + [began]
    }

    /// Whether this device was in a stretch of listening at `time`: one begun by then and gone
    /// on with after (the reader page's reports extend the stretch playback was in).
    private static func wasListening(_ db: Database, documentID id: Int64, device: String, at time: Double) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM position_log WHERE document_id = ? AND device = ? AND cause = 'listen'
                AND started_at <= ? AND wall_time > ?)
            """, arguments: [id, device, time, time]) ?? false
    }

    /// Applies the winning edit of each field edited, then notes documents in the trash that
    /// another device went on reading.
    private func applyEdits(_ db: Database, fields: Set<[String]>, documents touched: Set<Int64>,
                            merge: ([SyncedPosition]) -> SyncedPosition?) throws -> [EditOutcome] {
        let offset = try Self.clockOffset(db)
        var outcomes: [EditOutcome] = []
        var checked = touched
        for key in fields.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let field = EditField(rawValue: key[1]), let id = try Self.documentID(db, hash: key[0]) else { continue }
            checked.insert(id)
            if field == .bookmark {
                // Each bookmark takes its own latest change; a change from here is already here.
                let words = try Int.fetchOne(db, sql: "SELECT word_count FROM documents WHERE id = ?", arguments: [id]) ?? 0
                let changed = try Self.merge(db, bookmarks: try EditLog.bookmarkRecords(db, hash: key[0]), documentID: id, wordCount: words)
                guard changed > 0 else { continue }
                outcomes.append(EditOutcome(id: id, title: try String.fetchOne(db, sql: "SELECT title FROM documents WHERE id = ?", arguments: [id]) ?? "",
                                            what: "\(changed) bookmark\(changed == 1 ? "" : "s") added, changed or removed"))
                continue
            }
            guard let winner = merge(try EditLog.entries(db, hash: key[0], field: field, offset: offset)), let edit = winner.edit,
                  let what = try EditLog.apply(db, documentID: id, edit, at: clock()) else { continue }
            outcomes.append(EditOutcome(id: id, title: try String.fetchOne(db, sql: "SELECT title FROM documents WHERE id = ?", arguments: [id]) ?? "",
                                        what: what))
        }
        for id in checked.sorted() {
            guard let hash = try String.fetchOne(db, sql: "SELECT content_hash FROM documents WHERE id = ? AND deleted_at IS NOT NULL", arguments: [id]),
                  let trash = merge(try EditLog.entries(db, hash: hash, field: .trash, offset: offset)), trash.edit?.value == "1",
                  let note = try EditLog.noteReadWhileDeleted(db, documentID: id, trash: trash, offset: offset) else { continue }
            outcomes.append(EditOutcome(id: id, title: try String.fetchOne(db, sql: "SELECT title FROM documents WHERE id = ?", arguments: [id]) ?? "",
                                        what: note))
        }
        return outcomes
    }

    /// The document with a content hash: the one not in the trash first.
    private static func documentID(_ db: Database, hash: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM documents WHERE content_hash = ? ORDER BY deleted_at IS NOT NULL, id LIMIT 1", arguments: [hash])
    }

    /// This device's clock offset as the server last measured it (0 before any sync).
    private static func clockOffset(_ db: Database) throws -> Double {
        try String.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = 'clock_offset'").flatMap(Double.init) ?? 0
    }
}
