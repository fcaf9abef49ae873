import ArgumentParser
import Foundation
import SpeakKit

struct MakeFolderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mkdir",
        abstract: "Create a folder in the library (and any folders above it).",
        discussion: """
            Examples:
              speak mkdir Papers/2026
              speak mkdir "Old letters"
            """
    )

    @Argument(help: "Folder paths, e.g. Papers/2026.")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name the folder to create, e.g. speak mkdir Papers/2026") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            for path in paths {
                let (folder, created) = try speak.makeFolder(path: path)
                if created { print("created \(folder.path)/") } else { Terminal.note("'\(folder.path)' already exists") }
            }
        }
    }
}

struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract: "Move documents and folders into a folder.",
        discussion: """
            The last argument is the destination folder ('/' for the top level); it must exist.
            A number is a document id; write a folder whose name is a number as '2026/'.

            Examples:
              speak mv 12 15 Papers/2026
              speak mv Drafts Archive
              speak mv 12 /
            """
    )

    @Argument(help: "Document ids or folder paths, then the destination folder.", completion: .custom(ShellCompletion.documentsOrFolders))
    var arguments: [String]

    func validate() throws {
        if arguments.count < 2 { throw ValidationError("name what to move and where, e.g. speak mv 12 Papers") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            guard let destination = arguments.last else { return }
            let items = arguments.dropLast().map(LibraryItem.init(argument:))
            try speak.move(Array(items), to: destination)
            let place = Folder.components(of: destination).isEmpty ? "the top level" : "'\(Folder.components(of: destination).joined(separator: "/"))'"
            print("moved \(items.count) item\(items.count == 1 ? "" : "s") to \(place)")
        }
    }
}

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a document a new title, or a folder a new name.",
        discussion: """
            Examples:
              speak rename 12 "Better title"
              speak rename Papers/2026 "2026 (done)"
            """
    )

    @Argument(help: "A document id or a folder path.", completion: .custom(ShellCompletion.documentsOrFolders))
    var item: String

    @Argument(help: "The new title or folder name.")
    var name: String

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            try speak.rename(LibraryItem(argument: item), to: name)
            print("renamed \(item) to '\(name)'")
        }
    }
}
