import Foundation
import GRDB
import SpeakModel

extension LibraryStore {
    /// Every folder (not in the trash unless `includeTrashed`), ordered by path.
    public func folders(includeTrashed: Bool = false) throws(LibraryError) -> [Folder] {
        try read { db in
            try Self.folderTable(db).values.filter { includeTrashed || $0.deleted == nil }.sorted { $0.path < $1.path }
        }
    }

    /// The folder at `path` ("Papers/2026"); nil for the top level ("" or "/").
    public func folder(path: String) throws(LibraryError) -> Folder? {
        try read { db in try Self.resolve(db, path: path) }
    }

    /// Creates the folder at `path` and any missing folders above it, in one transaction.
    /// `created` is false when it already existed.
    @discardableResult
    public func makeFolder(path: String) throws(LibraryError) -> (folder: Folder, created: Bool) {
        let names = Folder.components(of: path)
        guard !names.isEmpty else { throw .badName(name: path, reason: "it names the top level, which always exists") }
        for name in names {
            if let problem = Folder.problem(with: name) { throw .badName(name: name, reason: problem) }
        }
        return try write { db in
            let (id, created) = try Self.ensureFolder(db, names: names)
            guard let folder = try Self.folderTable(db)[id] else { throw LibraryError.storage(reason: "a new folder vanished") }
            return (folder, created)
        }
    }

    /// The folder at `names`, created with any missing folders above it.
    static func ensureFolder(_ db: Database, names: [String]) throws -> (id: Int64, created: Bool) {
        var parent: Int64?
        var created = false
        for name in names {
            if let existing = try childFolder(db, parent: parent, name: name) {
                parent = existing
            } else {
                try db.execute(sql: "INSERT INTO folders (parent_id, name, created_at) VALUES (?, ?, ?)",
                               arguments: [parent, name, Date().timeIntervalSince1970])
                parent = db.lastInsertedRowID
                created = true
            }
        }
        guard let parent else { throw LibraryError.badName(name: "", reason: "it names the top level") }
        return (parent, created)
    }

    /// Moves documents into `folder` (nil: the top level), all or none.
    public func moveDocuments(_ ids: [Int64], to folder: Int64?) throws(LibraryError) {
        try write { db in
            if let folder { _ = try Self.activeFolder(db, id: folder) }
            for id in ids {
                try Self.requireActiveDocument(db, id: id)
                try db.execute(sql: "UPDATE documents SET folder_id = ? WHERE id = ?", arguments: [folder, id])
            }
            try EditLog.record(db, documents: ids, fields: [.folder], at: clock())
        }
    }

    /// Moves a folder, with everything in it, into `parent` (nil: the top level).
    public func moveFolder(_ id: Int64, to parent: Int64?) throws(LibraryError) {
        try write { db in
            let table = try Self.folderTable(db)
            guard let folder = table[id], folder.deleted == nil else { throw LibraryError.folderNotFound(path: "#\(id)") }
            var cursor = parent
            while let current = cursor {
                if current == id {
                    throw LibraryError.folderCycle(folder: folder.path, destination: table[parent ?? 0]?.path ?? "")
                }
                cursor = table[current]?.parentID
            }
            if try Self.childFolder(db, parent: parent, name: folder.name).map({ $0 != id }) ?? false {
                throw LibraryError.folderNameTaken(name: folder.name, parent: parent.flatMap { table[$0]?.path } ?? "")
            }
            try db.execute(sql: "UPDATE folders SET parent_id = ? WHERE id = ?", arguments: [parent, id])
            try EditLog.record(db, documents: try Self.documentsBelow(db, folder: id), fields: [.folder], at: clock())
        }
    }

    /// Renames a folder; its documents and id stay.
    public func renameFolder(_ id: Int64, to name: String) throws(LibraryError) {
        if let problem = Folder.problem(with: name) { throw .badName(name: name, reason: problem) }
        try write { db in
            let folder = try Self.activeFolder(db, id: id)
            if try Self.childFolder(db, parent: folder.parentID, name: name).map({ $0 != id }) ?? false {
                throw LibraryError.folderNameTaken(name: name, parent: folder.path.split(separator: "/").dropLast().joined(separator: "/"))
            }
            try db.execute(sql: "UPDATE folders SET name = ? WHERE id = ?", arguments: [name, id])
            try EditLog.record(db, documents: try Self.documentsBelow(db, folder: id), fields: [.folder], at: clock())
        }
    }

    /// Gives a document a new title (search finds it by the new one).
    public func renameDocument(_ id: Int64, to title: String) throws(LibraryError) {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .emptyTitle(documentID: id) }
        try write { db in
            try Self.requireActiveDocument(db, id: id)
            try db.execute(sql: "UPDATE documents SET title = ? WHERE id = ?", arguments: [title, id])
            try EditLog.record(db, documents: [id], fields: [.title], at: clock())
        }
    }

    /// The documents (not in the trash) in a folder and every folder below it.
    static func documentsBelow(_ db: Database, folder id: Int64) throws -> [Int64] {
        let folders = try subtree(db, of: id).map(String.init).joined(separator: ",")
        return try Int64.fetchAll(db, sql: "SELECT id FROM documents WHERE deleted_at IS NULL AND folder_id IN (\(folders))")
    }

    // MARK: Helpers shared by the folder, trash and book operations.

    /// All folders by id, with their paths.
    static func folderTable(_ db: Database) throws -> [Int64: Folder] {
        var rows: [Int64: (parent: Int64?, name: String, created: Double, deleted: Double?)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, parent_id, name, created_at, deleted_at FROM folders") {
            rows[row[0]] = (row[1], row[2], row[3], row[4])
        }
        var table: [Int64: Folder] = [:]
        for (id, row) in rows {
            var names = [row.name]
            var cursor = row.parent
            var seen: Set<Int64> = [id]
            while let parent = cursor, let above = rows[parent], seen.insert(parent).inserted {
                names.append(above.name)
                cursor = above.parent
            }
            table[id] = Folder(id: id, parentID: row.parent, name: row.name, path: names.reversed().joined(separator: "/"),
                               created: Date(timeIntervalSince1970: row.created),
                               deleted: row.deleted.map(Date.init(timeIntervalSince1970:)))
        }
        return table
    }

    /// The folder (not in the trash) at `path`; nil for the top level.
    static func resolve(_ db: Database, path: String) throws -> Folder? {
        var parent: Int64?
        for name in Folder.components(of: path) {
            guard let id = try childFolder(db, parent: parent, name: name) else {
                throw LibraryError.folderNotFound(path: Folder.components(of: path).joined(separator: "/"))
            }
            parent = id
        }
        guard let parent else { return nil }
        return try folderTable(db)[parent]
    }

    static func childFolder(_ db: Database, parent: Int64?, name: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT id FROM folders WHERE COALESCE(parent_id, 0) = ? AND name = ? AND deleted_at IS NULL
            """, arguments: [parent ?? 0, name])
    }

    static func activeFolder(_ db: Database, id: Int64) throws -> Folder {
        guard let folder = try folderTable(db)[id], folder.deleted == nil else {
            throw LibraryError.folderNotFound(path: "#\(id)")
        }
        return folder
    }

    static func requireActiveDocument(_ db: Database, id: Int64) throws {
        guard let deleted = try Row.fetchOne(db, sql: "SELECT deleted_at FROM documents WHERE id = ?", arguments: [id]) else {
            throw LibraryError.documentNotFound(id)
        }
        if (deleted[0] as Double?) != nil { throw LibraryError.documentInTrash(id) }
    }
}
