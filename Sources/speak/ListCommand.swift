import ArgumentParser
import Foundation
import SpeakKit

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List a folder of the library: its folders, then its documents.",
        discussion: """
            Columns: id, title, format, words, progress, time left at the document's speed, added.

            Examples:
              speak ls
              speak ls Papers --sort title
              speak ls --filter in-progress
              speak ls -R --json | jq '.documents[].title'
              speak ls --remote        (your library on the sync server: 'speak upload', 'speak download')
            """
    )

    @Argument(help: "The folder to list, e.g. Papers/2026 (default: the top level).")
    var folder: String?

    @Option(help: "Order: \(SortOrder.allCases.map(\.rawValue).joined(separator: ", ")).")
    var sort: SortOrder = .recent

    @Option(help: "Which documents: \(ReadingFilter.allCases.map(\.rawValue).joined(separator: ", ")).")
    var filter: ReadingFilter = .all

    @Flag(name: [.customShort("R"), .long], help: "List every folder below, too.")
    var recursive = false

    @Flag(help: "Print the listing as JSON.")
    var json = false

    @Flag(help: "List your library on the sync server instead (after 'speak account login').")
    var remote = false

    func run() throws {
        if remote {
            try SyncHelper.run(["remote-ls"] + (json ? ["--json"] : []))
        }
        try reportingErrors {
            let speak = try openSpeak()
            let listing = try speak.listing(path: folder, sort: sort.librarySort, filter: filter.libraryFilter,
                                            recursive: recursive)
            if json {
                try printJSON(FolderEntry(listing, speak: speak, expanded: true))
                return
            }
            if listing.folders.isEmpty, listing.documents.isEmpty {
                let place = listing.folder.map { " in '\($0.path)'" } ?? ""
                if filter != .all {
                    Terminal.note("No \(filter.rawValue) documents\(place).")
                } else if listing.folder != nil {
                    Terminal.note("The folder '\(listing.folder?.path ?? "")' is empty.")
                } else {
                    Terminal.note("The library is empty. Add something with: speak import FILE")
                }
                return
            }
            var table = TextTable(headers: ListEntry.headers, rightAligned: [0, 3, 4, 5], flexibleColumn: 1)
            append(listing, to: &table, depth: 0, speak: speak)
            print(table.render(maxWidth: Terminal.width))
        }
    }

    private func append(_ listing: FolderListing, to table: inout TextTable, depth: Int, speak: Speak) {
        let indent = String(repeating: "  ", count: depth)
        for sub in listing.folders {
            let count = sub.totalDocuments
            table.rows.append(["", indent + sub.folder.map { $0.name + "/" }.orEmpty, "folder",
                               "\(count) doc\(count == 1 ? "" : "s")", "", "", ""])
            if recursive { append(sub, to: &table, depth: depth + 1, speak: speak) }
        }
        for doc in listing.documents {
            table.rows.append(ListEntry(doc, speak: speak).row(indent: indent))
        }
    }
}

extension Optional<String> {
    var orEmpty: String { self ?? "" }
}
