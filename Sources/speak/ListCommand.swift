import ArgumentParser
import Foundation
import SpeakKit

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List the documents in the library.",
        discussion: """
            Columns: id, title, format, words, progress, added.

            Examples:
              speak ls
              speak ls --sort title
              speak ls --json | jq '.[].title'
            """
    )

    @Option(help: "Order: \(SortOrder.allCases.map(\.rawValue).joined(separator: ", ")).")
    var sort: SortOrder = .recent

    @Flag(help: "Print the list as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let documents = try speak.list(sort: sort.librarySort)
            if json {
                try printJSON(documents.map { ListEntry($0, speak: speak) })
                return
            }
            if documents.isEmpty {
                Terminal.note("The library is empty. Add something with: speak import FILE")
                return
            }
            var table = TextTable(headers: ["ID", "TITLE", "FORMAT", "WORDS", "PROGRESS", "ADDED"],
                                  rightAligned: [0, 3, 4], flexibleColumn: 1)
            for doc in documents {
                table.rows.append([String(doc.id), doc.metadata.title, doc.metadata.format.rawValue,
                                   DisplayFormat.count(doc.wordCount), DisplayFormat.percent(doc.progress),
                                   DisplayFormat.date(doc.metadata.imported)])
            }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}
