import ArgumentParser
import Foundation
import SpeakKit

struct RecentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent",
        abstract: "The most recently added documents.",
        discussion: """
            Examples:
              speak recent
              speak recent --limit 20 --json
            """
    )

    @Option(help: "How many documents.")
    var limit = 6

    @Flag(help: "Print the list as JSON.")
    var json = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let entries = try speak.recent(limit: limit).map { ListEntry($0, speak: speak) }
            if json {
                try printJSON(entries)
                return
            }
            if entries.isEmpty {
                Terminal.note("The library is empty. Add something with: speak import FILE")
                return
            }
            var table = TextTable(headers: ListEntry.headers, rightAligned: [0, 3, 4, 5], flexibleColumn: 1)
            table.rows = entries.map { $0.row() }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Listening statistics of the library or of one document.",
        discussion: """
            Listening sessions are recorded by 'speak play'.

            Examples:
              speak stats
              speak stats 12 --json
            """
    )

    @Argument(help: "A document's library id (default: the whole library).", completion: .custom(ShellCompletion.documents))
    var id: String?

    @Flag(help: "Print the statistics as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let documentID = try id.map(documentID)
            let stats = try speak.stats(documentID: documentID)
            if json {
                try printJSON(stats)
                return
            }
            if let documentID {
                print("Document:        \(documentID)  \(try speak.summary(id: documentID).metadata.title)")
            } else {
                print("Documents:       \(DisplayFormat.count(stats.documents)) (\(stats.unread) unread, \(stats.inProgress) in progress, \(stats.finished) finished)")
            }
            print("Words:           \(DisplayFormat.count(stats.words))")
            print("Listening time:  \(DisplayFormat.duration(stats.listeningSeconds)) in \(stats.sessions) session\(stats.sessions == 1 ? "" : "s")")
            if stats.sessions > 0 {
                print("Sessions:        \(DisplayFormat.duration(stats.listeningSeconds / Double(stats.sessions))) on average, longest \(DisplayFormat.duration(stats.longestSessionSeconds))")
            }
            print("Words heard:     \(DisplayFormat.count(stats.wordsHeard))")
            if let last = stats.lastListened { print("Last listened:   \(DisplayFormat.date(last))") }
        }
    }
}

struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Carry folders, positions and listening history to another machine.",
        subcommands: [Export.self, Import.self]
    )

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", 
            abstract: "Write the library's folders, titles, positions and sessions to a JSON file.",
            discussion: """
                The documents themselves are not included: import the same files on the other
                machine, then 'speak library import' the JSON file there.

                Examples:
                  speak library export progress.json
                  speak library export - > progress.json
                """
        )

        @Argument(help: "The JSON file to write ('-' for standard output).")
        var file: String

        func run() throws {
            try reportingErrors {
                let speak = try openSpeak()
                let data = try speak.exportLibrary().encoded()
                if file == "-" {
                    FileHandle.standardOutput.write(data + Data("\n".utf8))
                    return
                }
                do {
                    try data.write(to: URL(fileURLWithPath: file), options: .atomic)
                } catch {
                    throw OutputFileError(path: file, reason: (error as NSError).localizedDescription)
                }
                Terminal.note("wrote \(file)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "import", 
            abstract: "Apply a file written by 'speak library export': folders, titles, positions and sessions.",
            discussion: """
                Documents are matched by content: import the same files first. Positions are
                taken when they are newer than the ones here.

                Examples:
                  speak library import progress.json
                """
        )

        @Argument(help: "The JSON file written by 'speak library export' ('-' for standard input).")
        var file: String

        func run() throws {
            try reportingErrors {
                let speak = try openSpeak()
                let data: Data
                if file == "-" {
                    data = FileHandle.standardInput.readDataToEndOfFile()
                } else {
                    guard let read = FileManager.default.contents(atPath: file) else {
                        throw InputFileError(path: file, reason: "it does not exist or cannot be read", status: .noInput)
                    }
                    data = read
                }
                let state: LibraryExport
                do throws(LibraryExport.ReadProblem) {
                    state = try LibraryExport.read(data)
                } catch .newer {
                    throw InputFileError(path: file, reason: "it was written by a newer speak; upgrade speak", status: .dataError)
                } catch {
                    throw InputFileError(path: file, reason: "it is not a file written by 'speak library export'", status: .dataError)
                }
                let outcome = try speak.importLibrary(state)
                print("updated \(outcome.matched) document\(outcome.matched == 1 ? "" : "s"), created \(outcome.foldersCreated) folder\(outcome.foldersCreated == 1 ? "" : "s"), added \(outcome.sessionsAdded) session\(outcome.sessionsAdded == 1 ? "" : "s")" + (outcome.bookmarksChanged > 0 ? ", \(outcome.bookmarksChanged) bookmark\(outcome.bookmarksChanged == 1 ? "" : "s") added or changed" : ""))
                if !outcome.missing.isEmpty {
                    Terminal.warning("\(outcome.missing.count) document\(outcome.missing.count == 1 ? " is" : "s are") not in this library (import \(outcome.missing.count == 1 ? "its file" : "their files") first, then run this again): "
                        + outcome.missing.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (outcome.missing.count > 5 ? ", …" : ""))
                }
            }
        }
    }
}

/// A file named on the command line that cannot be read.
struct InputFileError: UserFacingError {
    var path: String
    var reason: String
    var status: ExitStatus
    var message: String { "cannot read '\(path)': \(reason)" }
    var exitStatus: ExitStatus { status }
}

/// A file named on the command line that cannot be written.
struct OutputFileError: UserFacingError {
    var path: String
    var reason: String
    var message: String { "cannot write '\(path)': \(reason); nothing was written" }
    var exitStatus: ExitStatus { .cannotCreate }
}
