import ArgumentParser
import Foundation
import SpeakKit

struct ChaptersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: "List a document's chapters, or reorder them.",
        discussion: """
            Moving a chapter renumbers the words after it; the saved reading position stays on
            the same word.

            Examples:
              speak chapters 12
              speak chapters 12 --move 3 1     # chapter 3 becomes chapter 1
              speak chapters 12 --json
            """
    )

    @Argument(help: "The document's library id.", completion: .custom(ShellCompletion.documents))
    var id: String

    @Option(parsing: .upToNextOption, help: "Move chapter FROM to position TO (1-based): --move FROM TO.")
    var move: [Int] = []

    @Flag(help: "Print the chapters as JSON.")
    var json = false

    func validate() throws {
        if !move.isEmpty, move.count != 2 { throw ValidationError("--move takes two chapter numbers: FROM TO") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let id = try documentID(id)
            let summary = try speak.summary(id: id)
            let chapters = move.count == 2 ? try speak.moveChapter(of: id, from: move[0], to: move[1]) : try speak.chapters(of: id)
            if json {
                try printJSON(chapters)
                return
            }
            if move.count == 2 { print("moved chapter \(move[0]) to position \(move[1])") }
            if chapters.isEmpty {
                Terminal.note("'\(summary.metadata.title)' has no chapters.")
                return
            }
            var table = TextTable(headers: ["#", "TITLE", "FIRST WORD", "WORDS", "LENGTH"], rightAligned: [0, 2, 3, 4],
                                  flexibleColumn: 1)
            table.rows = chapters.map {
                [String($0.number), String(repeating: "  ", count: $0.level - 1) + $0.title, String($0.firstWord), DisplayFormat.count($0.words),
                 DisplayFormat.duration(speak.readingTime(words: $0.words, speed: summary.speed))]
            }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Append files to a document as new chapters (for books made of several files).",
        discussion: """
            Examples:
              speak add 12 epilogue.txt
              speak add 12 notes.md --title "Author's notes"
            """
    )

    @Argument(help: "The document's library id.", completion: .custom(ShellCompletion.documents))
    var id: String

    @Argument(help: "Files to append, each one chapter.")
    var files: [String]

    @Option(help: "Chapter title (only with a single file; default: the file's own title).")
    var title: String?

    @Option(help: "Read the files as this format: auto (by content), text or html.")
    var format: InputFormat = .auto

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file to append") }
        if title != nil, files.count > 1 { throw ValidationError("--title applies to a single file") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let id = try documentID(id)
            for file in files {
                let chapter = try speak.appendChapter(to: id, input: InputReference(argument: file), title: title,
                                                      request: ImportRequest(format: format.documentFormat))
                print("\(id)  chapter \(chapter.number): \(chapter.title)  (\(DisplayFormat.count(chapter.words)) words)")
            }
        }
    }
}
