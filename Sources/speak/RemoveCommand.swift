import ArgumentParser
import Foundation
import SpeakKit

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Move documents (or folders, with --recursive) to the trash.",
        discussion: """
            Documents in the trash keep their position and history; 'speak restore' brings them
            back and 'speak purge' deletes them for good. An empty folder is simply removed.

            Examples:
              speak rm 3
              speak rm 3 4 5
              speak rm Papers/2025 --recursive
            """
    )

    @Argument(help: "Document ids or folder paths.", completion: .custom(ShellCompletion.documentsOrFolders))
    var items: [String]

    @Flag(name: [.customShort("r"), .long], help: "Also delete folders that are not empty, with everything in them.")
    var recursive = false

    func validate() throws {
        if items.isEmpty { throw ValidationError("name at least one document id or folder; 'speak ls' lists them") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            try forEachItem(items) { argument in
                let item = LibraryItem(argument: argument)
                switch item {
                case .document(let id):
                    let title = try speak.summary(id: id).metadata.title
                    try speak.moveToTrash(item)
                    print("moved to trash: \(id)  \(title)")
                case .folder(let path):
                    let count = try speak.moveToTrash(item, recursive: recursive)
                    let name = Folder.components(of: path).joined(separator: "/")
                    print(count == 0 ? "removed the empty folder \(name)/"
                                     : "moved to trash: \(name)/ with \(count) document\(count == 1 ? "" : "s")")
                }
            }
        }
    }
}

struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List what is in the trash, with deletion dates.",
        discussion: """
            Examples:
              speak trash
              speak trash --json
            """
    )

    @Flag(help: "Print the list as JSON.")
    var json = false

    struct Entry: Encodable {
        var kind: String
        var id: Int64?
        var title: String
        var deleted: Date?
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let trash = try speak.trash()
            let entries = trash.folders.map { Entry(kind: "folder", id: nil, title: $0.path + "/", deleted: $0.deleted) }
                + trash.documents.map { Entry(kind: "document", id: $0.id, title: $0.metadata.title, deleted: $0.deleted) }
            if json {
                try printJSON(entries)
                return
            }
            if entries.isEmpty {
                Terminal.note("The trash is empty.")
                return
            }
            var table = TextTable(headers: ["ID", "TITLE", "DELETED"], rightAligned: [0], flexibleColumn: 1)
            table.rows = entries.map { [$0.id.map(String.init) ?? "", $0.title, DisplayFormat.date($0.deleted)] }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring documents or folders back from the trash.",
        discussion: """
            A document whose folder is gone comes back at the top level.

            Examples:
              speak restore 12
              speak restore Papers/2025
            """
    )

    @Argument(help: "Document ids or folder paths, as 'speak trash' lists them.")
    var items: [String]

    func validate() throws {
        if items.isEmpty { throw ValidationError("name what to restore; 'speak trash' lists it") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            try forEachItem(items) { argument in
                let item = LibraryItem(argument: argument)
                let outcome = try speak.restore(item)
                print(Self.report(item, outcome))
                if outcome.movedToTopLevel {
                    Terminal.note("its folder is no longer in the library, so '\(outcome.name)' is now at the top level")
                }
            }
        }
    }
}

extension RestoreCommand {
    /// "restored 12  Title" for a document; for a folder its path once, and the new one when
    /// its name was taken ("restored Docs/ as Docs (restored)/ with 3 documents").
    static func report(_ item: LibraryItem, _ outcome: RestoreOutcome) -> String {
        switch item {
        case .document(let id):
            return "restored \(id)  \(outcome.name)"
        case .folder(let path):
            let asked = Folder.components(of: path).joined(separator: "/")
            let count = outcome.documents
            let contents = " with \(count) document\(count == 1 ? "" : "s")"
            return "restored \(asked)/" + (outcome.name == asked ? "" : " as \(outcome.name)/") + contents
        }
    }
}

struct PurgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Delete what is in the trash for good.",
        discussion: """
            Examples:
              speak purge
              speak purge --older-than 30d
            """
    )

    @Option(name: .customLong("older-than"), help: "Only what went to the trash longer ago than this: 30d, 12h, 2w.")
    var olderThan: String?

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            var cutoff: Date?
            if let olderThan {
                guard let seconds = Self.duration(olderThan) else {
                    throw InputUsageError(message: "--older-than takes a number and a unit: 30d, 12h, 2w or 90m (got '\(olderThan)')")
                }
                cutoff = Date().addingTimeInterval(-seconds)
            }
            let (documents, folders) = try speak.purge(deletedBefore: cutoff)
            print("deleted for good: \(documents) document\(documents == 1 ? "" : "s"), \(folders) folder\(folders == 1 ? "" : "s")")
        }
    }

    /// Seconds in "30d", "12h", "90m", "2w", "45s".
    static func duration(_ text: String) -> Double? {
        guard let unit = text.last, let value = Double(text.dropLast()), value >= 0, value.isFinite else { return nil }
        let scale: Double? = switch unit {
        case "s": 1
        case "m": 60
        case "h": 3600
        case "d": 86400
        case "w": 604_800
        default: nil
        }
        return scale.map { $0 * value }
    }
}
