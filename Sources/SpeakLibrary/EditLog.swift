import Foundation
import GRDB

/// The log of library edits (titles, folders, the trash), by device, like the position log:
/// never deleted, numbered with the position changes, keyed by content hash so an edit made
/// elsewhere waits for its document.
enum EditLog {
    /// Logs the current value of `fields` of documents `ids`, just changed on this device.
    static func record(_ db: Database, documents ids: [Int64], fields: [EditField], at time: Date) throws {
        guard !ids.isEmpty else { return }
        let device = try PositionHistory.device(db)
        let seen = try PositionHistory.seen(db)
        for id in ids {
            guard let hash = try String.fetchOne(db, sql: "SELECT content_hash FROM documents WHERE id = ?", arguments: [id]) else { continue }
            for field in fields {
                guard let value = try currentValue(db, documentID: id, field: field) else { continue }
                try db.execute(sql: """
                    INSERT INTO edit_log (document_hash, device, sequence, field, value, wall_time, seen) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [hash, device.id, try PositionHistory.nextSequence(db), field.rawValue, value, time.timeIntervalSince1970, seen])
            }
        }
    }

    /// A document's title, folder path or trash state, as an edit states it.
    static func currentValue(_ db: Database, documentID id: Int64, field: EditField) throws -> String? {
        guard let row = try Row.fetchOne(db, sql: "SELECT title, folder_id, deleted_at FROM documents WHERE id = ?", arguments: [id]) else { return nil }
        switch field {
        case .title: return row[0]
        case .folder: return try (row[1] as Int64?).map { try LibraryStore.folderTable(db)[$0]?.path ?? "" } ?? ""
        case .trash: return (row[2] as Double?) == nil ? "0" : "1"
        case .bookmark: return nil
        }
    }

    /// Logs a bookmark just added, changed or removed on this device, as its whole record.
    static func recordBookmark(_ db: Database, uid: String, at time: Date) throws {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT d.content_hash, b.document_id FROM bookmarks b JOIN documents d ON d.id = b.document_id WHERE b.uid = ?
            """, arguments: [uid]),
              let record = try LibraryStore.bookmarkRecords(db, documentID: row[1]).first(where: { $0.uid == uid }) else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let value = String(decoding: try encoder.encode(record), as: UTF8.self)
        try db.execute(sql: """
            INSERT INTO edit_log (document_hash, device, sequence, field, value, wall_time, seen) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [row[0] as String, try PositionHistory.device(db).id, try PositionHistory.nextSequence(db),
                             EditField.bookmark.rawValue, value, time.timeIntervalSince1970, try PositionHistory.seen(db)])
    }

    /// Every bookmark record logged for a document (by any device), for the merge.
    static func bookmarkRecords(_ db: Database, hash: String) throws -> [BookmarkRecord] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try String.fetchAll(db, sql: "SELECT value FROM edit_log WHERE document_hash = ? AND field = ?",
                                   arguments: [hash, EditField.bookmark.rawValue]).compactMap {
            try? decoder.decode(BookmarkRecord.self, from: Data($0.utf8))
        }
    }

    /// This device's edits the server does not have yet.
    static func outgoing(_ db: Database, device: DeviceIdentity, offset: Double, limit: Int) throws -> [SyncedPosition] {
        try Row.fetchAll(db, sql: """
            SELECT sequence, document_hash, field, value, wall_time, seen FROM edit_log
            WHERE device = ? AND server_order IS NULL ORDER BY sequence LIMIT ?
            """, arguments: [device.id, limit]).compactMap { row in
            guard let field = EditField(rawValue: row[2]) else { return nil }
            var change = SyncedPosition(device: device.id, sequence: row[0], document: row[1], word: 0, cause: .seek, wallTime: row[4],
                                        seen: row[5], clockOffset: offset)
            change.deviceName = device.name
            change.edit = LibraryEdit(field: field, value: row[3])
            return change
        }
    }

    /// An edit the server sent: this device's own back with its order, or another's kept.
    static func store(_ db: Database, _ change: SyncedPosition, ownDevice: String) throws {
        guard let edit = change.edit else { return }
        if change.device == ownDevice {
            try db.execute(sql: "UPDATE edit_log SET server_order = ?, clock_offset = ? WHERE device = ? AND sequence = ?",
                           arguments: [change.order, change.clockOffset, change.device, change.sequence])
            return
        }
        try db.execute(sql: """
            INSERT OR IGNORE INTO edit_log (document_hash, device, sequence, field, value, wall_time, seen, server_order, clock_offset)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [change.document, change.device, change.sequence, edit.field.rawValue, String(edit.value.prefix(edit.field.valueLimit)),
                             change.wallTime, change.seen, change.order, change.clockOffset])
    }

    /// Every edit of one field of a document, in the form the merge takes.
    static func entries(_ db: Database, hash: String, field: EditField, offset: Double) throws -> [SyncedPosition] {
        try Row.fetchAll(db, sql: """
            SELECT device, sequence, value, wall_time, seen, server_order, clock_offset FROM edit_log WHERE document_hash = ? AND field = ?
            """, arguments: [hash, field.rawValue]).map { row in
            var change = SyncedPosition(device: row[0], sequence: row[1], document: hash, word: 0, cause: .seek, wallTime: row[3], seen: row[4],
                                        order: row[5], clockOffset: row[6] ?? offset)
            change.edit = LibraryEdit(field: field, value: row[2])
            return change
        }
    }

    /// Makes the document say what the winning edit says; what happened, or nil when nothing changed.
    static func apply(_ db: Database, documentID id: Int64, _ edit: LibraryEdit, at time: Date) throws -> String? {
        let current = try currentValue(db, documentID: id, field: edit.field)
        guard current != edit.value else { return nil }
        switch edit.field {
        case .title:
            let title = edit.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { return nil }
            try db.execute(sql: "UPDATE documents SET title = ? WHERE id = ?", arguments: [title, id])
            return "renamed from '\(current ?? "")'"
        case .folder:
            let names = Folder.components(of: edit.value)
            guard names.allSatisfy({ Folder.problem(with: $0) == nil }) else { return nil }
            let folder = names.isEmpty ? nil : try LibraryStore.ensureFolder(db, names: names).id
            try db.execute(sql: "UPDATE documents SET folder_id = ? WHERE id = ?", arguments: [folder, id])
            return names.isEmpty ? "moved to the top level" : "moved to \(names.joined(separator: "/"))"
        case .bookmark:
            return nil
        case .trash:
            let trashed = edit.value == "1"
            try db.execute(sql: "UPDATE documents SET deleted_at = ? WHERE id = ?", arguments: [trashed ? time.timeIntervalSince1970 : nil, id])
            // Out of the trash into a folder that is in it: to the top level, as 'speak restore' does.
            if !trashed, let folder = try Int64.fetchOne(db, sql: "SELECT folder_id FROM documents WHERE id = ?", arguments: [id]),
               try LibraryStore.folderTable(db)[folder]?.deleted != nil {
                try db.execute(sql: "UPDATE documents SET folder_id = NULL WHERE id = ?", arguments: [id])
            }
            return trashed ? "moved to the trash" : "restored from the trash"
        }
    }

    /// A document in the trash by another device's edit while this or a third device went on
    /// reading it, not knowing: it stays in the trash, and gets a note saying so (once).
    static func noteReadWhileDeleted(_ db: Database, documentID id: Int64, trash: SyncedPosition, offset: Double) throws -> String? {
        let readers = try Row.fetchAll(db, sql: """
            SELECT device, word_index, wall_time + COALESCE(clock_offset, ?), seen FROM position_log
            WHERE document_id = ? AND device != ? ORDER BY wall_time DESC
            """, arguments: [offset, id, trash.device])
        guard let reader = readers.first(where: { row in
            (row[2] as Double) >= trash.time && (trash.order.map { order in (row[3] as Int64) < order } ?? true)
        }) else { return nil }
        let name = { (device: String) throws -> String in
            try String.fetchOne(db, sql: "SELECT value FROM library_meta WHERE key = ?", arguments: ["device_name:" + device])
                ?? (try PositionHistory.device(db).id == device ? try PositionHistory.device(db).name : String(device.prefix(8)))
        }
        let note = "deleted on \(try name(trash.device)) while \(try name(reader[0])) was reading it (word \(reader[1] as Int)); "
            + "kept in the trash: 'speak restore \(id)' brings it back"
        let stored = try String.fetchOne(db, sql: "SELECT warnings FROM documents WHERE id = ?", arguments: [id]) ?? "[]"
        var warnings = (try? JSONDecoder().decode([String].self, from: Data(stored.utf8))) ?? []
        guard !warnings.contains(where: { $0.hasPrefix("deleted on ") && $0.contains("(word \(reader[1] as Int))") }) else { return nil }
        warnings.append(note)
        try db.execute(sql: "UPDATE documents SET warnings = ? WHERE id = ?",
                       arguments: [String(decoding: try JSONEncoder().encode(warnings), as: UTF8.self), id])
        return note
    }
}
