import ArgumentParser
import Foundation
import SpeakKit

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the titles and text of every document.",
        discussion: """
            Prints each hit with its document, chapter, the words around it and the word index
            to start listening from (speak play ID --from-word N). Words are matched without
            regard to case or accents; punctuation and operators are ignored.

            Examples:
              speak search "gradient descent"
              speak search tide --folder Papers --limit 5
              speak search café --json
            """
    )

    @Argument(help: "The words to look for.")
    var query: String

    @Option(help: "Only documents in this folder and the folders below it.")
    var folder: String?

    @Option(help: "At most this many hits.")
    var limit = 20

    @Flag(help: "Print the hits as JSON.")
    var json = false

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let hits = try speak.search(query, folder: folder, limit: limit)
            if json {
                try printJSON(hits)
                return
            }
            if hits.isEmpty {
                Terminal.note("No matches for '\(query)'.")
                return
            }
            let highlight = Terminal.stdoutIsTerminal
            for hit in hits {
                var place = "\(hit.documentID)  \(hit.title)"
                if let chapter = hit.chapter { place += " — \(chapter)" }
                place += hit.inTitle ? "  (title)" : "  · word \(hit.wordIndex)"
                print(place)
                guard !hit.inTitle else { continue }
                let match = highlight ? "\u{1B}[7m\(hit.match)\u{1B}[0m" : "[\(hit.match)]"
                print("    " + hit.before + match + hit.after)
            }
        }
    }
}
