import Foundation
import SpeakLibrary
import SpeakModel

/// Something a library command names: a document by id, or a folder by path. A plain
/// number is a document; anything else (or a number written "2026/") is a folder path.
public enum LibraryItem: Sendable, Equatable {
    case document(Int64)
    case folder(String)

    public init(argument: String) {
        if let id = Int64(argument), id > 0, argument.allSatisfy(\.isASCII) {
            self = .document(id)
        } else {
            self = .folder(argument)
        }
    }
}

/// A folder with what is in it, as `speak ls` shows it.
public struct FolderListing: Sendable {
    /// The folder listed; nil for the top level.
    public var folder: Folder?
    /// Folders directly inside, each with its own listing when the listing is recursive
    /// (otherwise with no contents, only counts).
    public var folders: [FolderListing]
    public var documents: [DocumentSummary]
    /// Documents anywhere below this folder that pass the filter.
    public var totalDocuments: Int
}

extension Speak {
    /// Validated folder names of a path typed by a user; the empty list is the top level.
    public func folderNames(_ path: String) throws(LibraryError) -> [String] {
        let names = Folder.components(of: path)
        for name in names {
            if let problem = Folder.problem(with: name) { throw .badName(name: name, reason: problem) }
        }
        return names
    }

    /// The path of the folder with this id ("Papers/2026"); nil for the top level.
    public func folderPath(id: Int64?) throws(LibraryError) -> String? {
        guard let id else { return nil }
        return try library().folders(includeTrashed: true).first { $0.id == id }?.path
    }

    /// Creates a folder and any missing folders above it.
    public func makeFolder(path: String) throws(LibraryError) -> (folder: Folder, created: Bool) {
        try library().makeFolder(path: path)
    }

    /// The folder at `path` (nil for the top level); a missing folder is an error that suggests `mkdir`.
    public func folder(path: String) throws(LibraryError) -> Folder? {
        try library().folder(path: path)
    }

    /// What is in a folder (nil path: the top level), documents filtered and sorted;
    /// `recursive` lists every folder below it too. With a filter other than `.all`, folders
    /// with no document that passes it below them are left out (their counts would all be 0).
    /// A plain number that names no folder is taken for a document id, and said to be one.
    public func listing(path: String?, sort: LibrarySort = .recent, filter: LibraryFilter = .all,
                        recursive: Bool = false) throws(LibraryError) -> FolderListing {
        let store = try library()
        let root: Folder?
        do throws(LibraryError) {
            root = try path.flatMap { path throws(LibraryError) in try store.folder(path: path) }
        } catch {
            guard case .folderNotFound = error, let path, case .document(let id) = LibraryItem(argument: path) else { throw error }
            throw .documentIsNotAFolder(id)
        }
        let folders = try store.folders()
        let documents = try store.list(sort: sort, filter: filter)
        let byFolder = Dictionary(grouping: documents, by: { $0.folderID ?? 0 })
        let children = Dictionary(grouping: folders, by: { $0.parentID ?? 0 })
        func build(_ folder: Folder?, depth: Int) -> FolderListing {
            let key = folder?.id ?? 0
            let subfolders = (children[key] ?? []).sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
            let built = subfolders.map { build($0, depth: depth + 1) }.filter { filter == .all || $0.totalDocuments > 0 }
            let own = byFolder[key] ?? []
            let total = own.count + built.reduce(0) { $0 + $1.totalDocuments }
            if !recursive, depth > 0 {
                return FolderListing(folder: folder, folders: [], documents: [], totalDocuments: total)
            }
            return FolderListing(folder: folder, folders: built, documents: own, totalDocuments: total)
        }
        return build(root, depth: 0)
    }

    /// Moves documents and folders into the folder at `destination` ("" or "/": the top level).
    public func move(_ items: [LibraryItem], to destination: String) throws(LibraryError) {
        let store = try library()
        let target = try store.folder(path: destination)?.id
        var documents: [Int64] = []
        for item in items {
            switch item {
            case .document(let id): documents.append(id)
            case .folder(let path):
                guard let folder = try store.folder(path: path) else {
                    throw .badName(name: path, reason: "the top level cannot be moved")
                }
                try store.moveFolder(folder.id, to: target)
            }
        }
        if !documents.isEmpty { try store.moveDocuments(documents, to: target) }
    }

    /// Renames a folder or retitles a document.
    public func rename(_ item: LibraryItem, to name: String) throws(LibraryError) {
        let store = try library()
        switch item {
        case .document(let id): try store.renameDocument(id, to: name)
        case .folder(let path):
            guard let folder = try store.folder(path: path) else {
                throw .badName(name: path, reason: "the top level cannot be renamed")
            }
            try store.renameFolder(folder.id, to: name)
        }
    }

    /// Moves a document to the trash, or deletes a folder (to the trash with its contents
    /// when `recursive`). Returns the number of documents that went to the trash.
    @discardableResult
    public func moveToTrash(_ item: LibraryItem, recursive: Bool = false) throws(LibraryError) -> Int {
        let store = try library()
        switch item {
        case .document(let id):
            try store.trashDocument(id)
            return 1
        case .folder(let path):
            guard let folder = try store.folder(path: path) else {
                throw .badName(name: path, reason: "the top level cannot be deleted")
            }
            return try store.trashFolder(folder.id, recursive: recursive)
        }
    }

    /// What is in the trash.
    public func trash() throws(LibraryError) -> TrashContents {
        try library().trash()
    }

    /// Brings a document or a folder back from the trash.
    public func restore(_ item: LibraryItem) throws(LibraryError) -> RestoreOutcome {
        switch item {
        case .document(let id): try library().restoreDocument(id)
        case .folder(let path): try library().restoreFolder(path: path)
        }
    }

    /// Deletes for good what went to the trash before `cutoff` (everything when nil).
    public func purge(deletedBefore cutoff: Date?) throws(LibraryError) -> (documents: Int, folders: Int) {
        try library().purge(deletedBefore: cutoff)
    }

    /// Full-text search, limited to the folder at `folder` and the folders below it when given.
    public func search(_ query: String, folder: String? = nil, limit: Int = 20) throws(LibraryError) -> [SearchHit] {
        let store = try library()
        var scope: [Int64]?
        if let folder {
            if let root = try store.folder(path: folder) {
                scope = try store.folders().filter { $0.id == root.id || $0.path.hasPrefix(root.path + "/") }.map(\.id)
            } else {
                scope = nil
            }
        }
        return try store.search(query, folders: scope, limit: limit)
    }

    /// The most recently added documents.
    public func recent(limit: Int = 6) throws(LibraryError) -> [DocumentSummary] {
        try library().recent(limit: limit)
    }

    /// Listening statistics of the library, or of one document.
    public func stats(documentID: Int64? = nil) throws(LibraryError) -> LibraryStats {
        try library().stats(documentID: documentID)
    }

    /// Every position document `id` has had, oldest first, on every device.
    public func positionHistory(documentID id: Int64) throws(LibraryError) -> [PositionEntry] {
        try library().positionHistory(documentID: id)
    }

    /// The library's folders, positions and listening history, for another machine.
    public func exportLibrary() throws(LibraryError) -> LibraryExport {
        try library().exportState()
    }

    /// Applies an export made by `exportLibrary` on another machine.
    public func importLibrary(_ state: LibraryExport) throws(LibraryError) -> TransferOutcome {
        try library().importState(state)
    }
}
