import Foundation
import GRDB
import SpeakModel

/// What is in the trash: folders and documents with the date they were deleted.
public struct TrashContents: Sendable, Equatable {
    public var folders: [Folder]
    public var documents: [DocumentSummary]
}

/// How a restore went: where the restored item ended up.
public struct RestoreOutcome: Sendable, Equatable {
    /// The title of the document or the path of the folder, after the restore.
    public var name: String
    /// True when its folder no longer exists (or is itself in the trash), so it was put at
    /// the top level instead.
    public var movedToTopLevel: Bool
    /// Documents brought back (1 for a document; the contents for a folder).
    public var documents: Int
}

extension LibraryStore {
    /// Moves a document to the trash; its position and listening history stay with it.
    public func trashDocument(_ id: Int64) throws(LibraryError) {
        try write { db in
            try Self.requireActiveDocument(db, id: id)
            try db.execute(sql: "UPDATE documents SET deleted_at = ? WHERE id = ?", arguments: [Date().timeIntervalSince1970, id])
            try EditLog.record(db, documents: [id], fields: [.trash], at: clock())
        }
    }

    /// Deletes a folder. An empty folder is simply removed; one with documents or folders
    /// in it needs `recursive` and goes to the trash with all of them. Returns the number
    /// of documents moved to the trash.
    @discardableResult
    public func trashFolder(_ id: Int64, recursive: Bool) throws(LibraryError) -> Int {
        try write { db in
            let folder = try Self.activeFolder(db, id: id)
            let subtree = try Self.subtree(db, of: id)
            let documents = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM documents WHERE deleted_at IS NULL AND folder_id IN (\(subtree.map(String.init).joined(separator: ",")))
                """) ?? 0
            if documents == 0, subtree.count == 1 {
                // Documents in the trash may still name it: then it waits in the trash too, so
                // that restoring them can tell their folder is gone.
                let trashed = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM documents WHERE folder_id = ?", arguments: [id]) ?? 0
                if trashed == 0 {
                    try db.execute(sql: "DELETE FROM folders WHERE id = ?", arguments: [id])
                } else {
                    try db.execute(sql: "UPDATE folders SET deleted_at = ? WHERE id = ?", arguments: [Date().timeIntervalSince1970, id])
                }
                return 0
            }
            guard recursive else { throw LibraryError.folderNotEmpty(path: folder.path) }
            let now = Date().timeIntervalSince1970
            let ids = subtree.map(String.init).joined(separator: ",")
            let trashed = try Self.documentsBelow(db, folder: id)
            try db.execute(sql: "UPDATE documents SET deleted_at = ? WHERE deleted_at IS NULL AND folder_id IN (\(ids))", arguments: [now])
            try EditLog.record(db, documents: trashed, fields: [.trash], at: clock())
            try db.execute(sql: "UPDATE folders SET deleted_at = ? WHERE deleted_at IS NULL AND id IN (\(ids))", arguments: [now])
            return documents
        }
    }

    /// The trash, most recently deleted first.
    public func trash() throws(LibraryError) -> TrashContents {
        let documents = try summaries(where: "d.deleted_at IS NOT NULL", order: "d.deleted_at DESC, d.id DESC")
        let folders = try read { db in
            try Self.folderTable(db).values.filter { $0.deleted != nil }
                .sorted { ($0.deleted ?? .distantPast, $1.path) > ($1.deleted ?? .distantPast, $0.path) }
        }
        return TrashContents(folders: folders, documents: documents)
    }

    /// Brings a document back from the trash, into its folder when that still exists.
    public func restoreDocument(_ id: Int64) throws(LibraryError) -> RestoreOutcome {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT title, folder_id, deleted_at FROM documents WHERE id = ?",
                                             arguments: [id]) else { throw LibraryError.documentNotFound(id) }
            guard (row[2] as Double?) != nil else { throw LibraryError.notInTrash("document \(id)") }
            let folder: Int64? = row[1]
            let homeless = try folder.map { try Self.folderTable(db)[$0]?.deleted != nil } ?? false
            try db.execute(sql: "UPDATE documents SET deleted_at = NULL, folder_id = ? WHERE id = ?",
                           arguments: [homeless ? nil : folder, id])
            try EditLog.record(db, documents: [id], fields: homeless ? [.trash, .folder] : [.trash], at: clock())
            return RestoreOutcome(name: row[0], movedToTopLevel: homeless, documents: 1)
        }
    }

    /// Brings a folder back from the trash with everything that was deleted with it. When
    /// its parent is gone it comes back at the top level; when its name is taken there it
    /// gets " (restored)" appended.
    public func restoreFolder(path: String) throws(LibraryError) -> RestoreOutcome {
        let wanted = Folder.components(of: path).joined(separator: "/")
        return try write { db in
            let table = try Self.folderTable(db)
            guard let folder = table.values.filter({ $0.path == wanted && $0.deleted != nil })
                .max(by: { ($0.deleted ?? .distantPast) < ($1.deleted ?? .distantPast) }),
                  let deleted = folder.deleted?.timeIntervalSince1970 else {
                throw LibraryError.notInTrash("the folder '\(wanted)'")
            }
            var parent = folder.parentID
            var movedToTopLevel = false
            if let p = parent, table[p]?.deleted != nil {
                parent = nil
                movedToTopLevel = true
            }
            var name = folder.name
            var attempt = 1
            while try Self.childFolder(db, parent: parent, name: name) != nil {
                name = folder.name + (attempt == 1 ? " (restored)" : " (restored \(attempt))")
                attempt += 1
            }
            let ids = try Self.subtree(db, of: folder.id).filter { table[$0]?.deleted?.timeIntervalSince1970 == deleted }
            let list = ids.map(String.init).joined(separator: ",")
            // The folder first, under its free name; its subfolders' names cannot clash.
            try db.execute(sql: "UPDATE folders SET parent_id = ?, name = ?, deleted_at = NULL WHERE id = ?",
                           arguments: [parent, name, folder.id])
            try db.execute(sql: "UPDATE folders SET deleted_at = NULL WHERE id IN (\(list))")
            let back = try Int64.fetchAll(db, sql: "SELECT id FROM documents WHERE deleted_at = ? AND folder_id IN (\(list))", arguments: [deleted])
            try db.execute(sql: "UPDATE documents SET deleted_at = NULL WHERE deleted_at = ? AND folder_id IN (\(list))",
                           arguments: [deleted])
            let restored = db.changesCount
            try EditLog.record(db, documents: back, fields: [.trash, .folder], at: clock())
            let newPath = (parent.flatMap { table[$0]?.path }.map { $0 + "/" } ?? "") + name
            return RestoreOutcome(name: newPath, movedToTopLevel: movedToTopLevel, documents: restored)
        }
    }

    /// Deletes for good what was moved to the trash before `cutoff` (everything when nil).
    /// A folder goes only once nothing in it is left in the trash. Returns the number of
    /// documents and folders deleted.
    @discardableResult
    public func purge(deletedBefore cutoff: Date?) throws(LibraryError) -> (documents: Int, folders: Int) {
        let limit = cutoff?.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude
        return try write { db in
            try db.execute(sql: "DELETE FROM documents WHERE deleted_at IS NOT NULL AND deleted_at <= ?", arguments: [limit])
            let documents = db.changesCount
            var folders = 0
            let table = try Self.folderTable(db)
            for folder in table.values where (folder.deleted?.timeIntervalSince1970 ?? .infinity) <= limit {
                guard table[folder.id] != nil, try Self.folderTable(db)[folder.id] != nil else { continue }
                let subtree = try Self.subtree(db, of: folder.id)
                let left = try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM documents WHERE folder_id IN (\(subtree.map(String.init).joined(separator: ",")))
                    """) ?? 0
                guard left == 0 else { continue }
                try db.execute(sql: "DELETE FROM folders WHERE id = ?", arguments: [folder.id])
                folders += subtree.count
            }
            return (documents, folders)
        }
    }

    /// A folder and every folder below it, trashed or not.
    static func subtree(_ db: Database, of id: Int64) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            WITH RECURSIVE below(id) AS (SELECT ? UNION SELECT f.id FROM folders f JOIN below ON f.parent_id = below.id)
            SELECT id FROM below
            """, arguments: [id])
    }
}
