import ArgumentParser
import Foundation
import SpeakKit

struct BookmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: "List, add and remove bookmarks: sentences marked with b while listening.",
        discussion: """
            A bookmark marks a sentence; n in the player adds a note to it. Bookmarks are
            numbered within their document in reading order; 'speak play ID --bookmark K'
            plays from bookmark K. They go with 'speak library export' and 'import'.

            Examples:
              speak bookmarks                 (every document's)
              speak bookmarks 12
              speak bookmarks 12 --add 5400 --note "the argument for tides"
              speak bookmarks 12 --edit 2 --note "rewrite this"
              speak bookmarks 12 --remove 3
              speak play 12 --bookmark 2
            """
    )

    @Argument(help: "A document's library id (all documents when left out).", completion: .custom(ShellCompletion.documents))
    var id: String?

    @Option(help: "Bookmark the sentence holding this word index.")
    var add: Int?

    @Option(help: "Change the note of bookmark K (with --note; an empty note removes it).")
    var edit: Int?

    @Option(help: "Remove bookmark K.")
    var remove: Int?

    @Option(help: "The note, with --add or --edit.")
    var note: String?

    @Flag(help: "Print the bookmarks as JSON.")
    var json = false

    func validate() throws {
        if [add != nil, edit != nil, remove != nil].filter({ $0 }).count > 1 { throw ValidationError("choose one of --add, --edit and --remove") }
        if id == nil, add != nil || edit != nil || remove != nil { throw ValidationError("--add, --edit and --remove need a document id") }
        if note != nil, add == nil, edit == nil { throw ValidationError("--note goes with --add WORD or --edit K") }
        if edit != nil, note == nil { throw ValidationError("--edit K needs --note TEXT (an empty note removes it)") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let document = try id.map(documentID)
            if let document, let word = add {
                let entry = try speak.addBookmark(documentID: document, word: word, note: note)
                print("bookmark \(entry.number) of \(document): \(DisplayFormat.truncate(entry.sentence, to: 70))")
                return
            }
            if let document, let number = edit {
                try speak.setBookmarkNote(documentID: document, number: number, note: note)
                print("bookmark \(number) of \(document): " + (note?.isEmpty == false ? "note saved" : "note removed"))
                return
            }
            if let document, let number = remove {
                let entry = try speak.removeBookmark(documentID: document, number: number)
                print("removed bookmark \(number) of \(document): \(DisplayFormat.truncate(entry.sentence, to: 60))")
                return
            }
            let entries = try speak.bookmarks(documentID: document)
            if json { return try printJSON(entries) }
            guard !entries.isEmpty else {
                Terminal.note(document == nil ? "No bookmarks yet: press b while a document plays." : "No bookmarks in \(document ?? 0) yet: press b while it plays.")
                return
            }
            var headers = ["K", "WORD", "WHERE", "SENTENCE"]
            if document == nil { headers.insert("ID", at: 0) }
            var table = TextTable(headers: headers, rightAligned: document == nil ? [0, 1, 2] : [0, 1], flexibleColumn: headers.count - 1)
            table.rows = entries.map { entry in
                var row = [String(entry.number), DisplayFormat.count(entry.word), entry.chapter ?? "",
                           (entry.note.map { "✎ " + $0 + " — " } ?? "") + entry.sentence]
                if document == nil { row.insert(String(entry.documentID), at: 0) }
                return row
            }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}

struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Show a document's bookmarks with their sentences and notes, or export them as Markdown.",
        discussion: """
            Examples:
              speak notes 12
              speak notes 12 --export md > tides-notes.md
              speak notes 12 --export md -o tides-notes.md
            """
    )

    enum ExportFormat: String, ExpressibleByArgument, CaseIterable { case md }

    @Argument(help: "The document's library id.", completion: .custom(ShellCompletion.documents))
    var id: String

    @Option(help: "Export format: md (Markdown with the quoted sentence, its chapter and the command that plays from it).")
    var export: ExportFormat?

    @Option(name: .shortAndLong, help: "With --export: write to this file instead of standard output.")
    var output: String?

    @Flag(help: "With -o: replace an existing file.")
    var force = false

    func validate() throws {
        if output != nil, export == nil { throw ValidationError("-o goes with --export md") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let id = try documentID(id)
            guard export != nil else {
                let entries = try speak.bookmarks(documentID: id)
                guard !entries.isEmpty else {
                    Terminal.note("No bookmarks in \(id) yet: press b while it plays, n to add a note.")
                    return
                }
                for entry in entries {
                    print("\(entry.number). " + (entry.chapter.map { "\($0) · " } ?? "") + "word \(DisplayFormat.count(entry.word))")
                    print("   “\(entry.sentence)”")
                    if let note = entry.note { print("   ✎ \(note)") }
                    print("")
                }
                return
            }
            let markdown = try speak.notesMarkdown(documentID: id)
            guard let output, output != "-" else {
                FileHandle.standardOutput.write(Data(markdown.utf8))
                return
            }
            if Speak.isDeviceOrPipe(output), let stream = FileHandle(forWritingAtPath: output) {
                try stream.write(contentsOf: Data(markdown.utf8))
                return
            }
            if FileManager.default.fileExists(atPath: output), !force {
                throw OutputFileError(path: output, reason: "the file exists; pass --force to replace it")
            }
            do {
                try Data(markdown.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw OutputFileError(path: output, reason: "the directory does not exist or cannot be written")
            }
        }
    }
}
