import ArgumentParser
import Foundation
import SpeakKit

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List every position a document has had, on every device: nothing is ever lost.",
        discussion: """
            A stretch of listening is one entry (from the word it started at to the word it
            reached); going back, jumping ahead and finishing are entries of their own.
            'speak play ID --from-history N' starts at entry N.

            Examples:
              speak history 12
              speak play 12 --from-history 3
              speak history 12 --json
            """
    )

    @Argument(help: "The document's library id.", completion: .custom(ShellCompletion.documents))
    var id: String

    @Flag(help: "Print the entries as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let id = try documentID(id)
            let summary = try speak.summary(id: id)
            let history = try speak.positionHistory(documentID: id)
            if json {
                try printJSON(history)
                return
            }
            guard !history.isEmpty else {
                Terminal.note("'\(summary.metadata.title)' has not been listened to yet.")
                return
            }
            let chapters = try speak.chapters(of: id)
            let words = max(1, summary.wordCount)
            var table = TextTable(headers: ["#", "WHEN", "DEVICE", "WHAT", "WORD", "", "WHERE"], rightAligned: [0, 4, 5], flexibleColumn: 6)
            table.rows = history.map { entry in
                let chapter = chapters.last { $0.firstWord <= entry.word }?.title ?? ""
                return [String(entry.number), DisplayFormat.date(entry.time), entry.device, Self.what(entry),
                        DisplayFormat.count(entry.word), DisplayFormat.percent(Double(entry.word) / Double(words)), chapter]
            }
            print(table.render(maxWidth: Terminal.width))
        }
    }

    static func what(_ entry: PositionEntry) -> String {
        switch entry.cause {
        case .listen:
            let minutes = entry.time.timeIntervalSince(entry.started)
            return "listened from \(DisplayFormat.count(entry.startWord))" + (minutes >= 60 ? " (\(DisplayFormat.duration(minutes)))" : "")
        case .seek: return "jumped ahead"
        case .rewind: return "went back"
        case .finish: return "finished"
        }
    }
}
