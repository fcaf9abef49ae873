import ArgumentParser
import Foundation
import SpeakKit
import SpeakTerminal

struct TranslateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Translate a document offline with Apertium: a new document, block for block, read by a voice of its language.",
        discussion: """
            The translation is a document of its own, linked to its original: every heading, \
            paragraph, chapter and skipped block has its counterpart, so the place carries over — \
            'speak play ID --in es' starts at the paragraph where the original was left, and \
            listening to one moves the other. Made once; found again after that. Needs Apertium \
            and a pair from Debian (sudo apt-get install apertium apertium-eng-spa).

            Examples:
              speak translate 12 --to es
              speak play 12 --in es          (translates first if needed)
              speak convert 12 --in es -o libro.mp3
              speak translate --list
            """
    )

    @Argument(help: "The document's library id.", completion: .custom(ShellCompletion.documents))
    var id: String?

    @Option(help: "The language to translate into, e.g. es, ca, fr (two- or three-letter code).")
    var to: String?

    @Flag(help: "List the installed language pairs.")
    var list = false

    @Option(help: "Apertium pipelines at once (default: one per two cores; each runs a dozen programs).")
    var jobs: Int?

    @Flag(help: "Translate again even when the library has this translation.")
    var force = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be 1…64") }
        if list { return }
        if id == nil || to == nil { throw ValidationError("name a document and a language: speak translate ID --to es (or --list)") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            if list { return try printPairs(speak) }
            guard let id, let to else { return }
            let outcome = try Self.translate(speak, documentID: try documentID(id), to: to, force: force, jobs: jobs)
            if json { return try printJSON(outcome) }
            print("\(outcome.id)  \(outcome.title)  (\(DisplayFormat.count(outcome.words)) words)")
            Terminal.note((outcome.made ? "translated" : "already translated") + ": translation of \(outcome.originalID), "
                + "\(outcome.pair.replacingOccurrences(of: "-", with: "→")), \(outcome.engine) · speak play \(outcome.originalID) --in \(outcome.language)")
        }
    }

    /// Translates with a progress bar on a terminal.
    static func translate(_ speak: Speak, documentID id: Int64, to language: String, force: Bool = false, jobs: Int? = nil) throws -> TranslationOutcome {
        let bar = ProgressBar(label: "translating")
        defer { bar.finish() }
        return try speak.translation(of: id, to: language, force: force, jobs: jobs) { done, total in bar.update(Double(done) / Double(max(1, total))) }
    }

    private func printPairs(_ speak: Speak) throws {
        let (pairs, installed) = speak.translationPairs()
        if json { return try printJSON(pairs) }
        guard installed else {
            Terminal.note("Apertium is not installed: sudo apt-get install apertium apertium-eng-spa")
            return
        }
        if pairs.isEmpty {
            print("no language pairs are installed")
        } else {
            var table = TextTable(headers: ["PAIR", "FROM", "TO"], rightAligned: [], flexibleColumn: 0)
            table.rows = pairs.map { [$0.name, $0.source, $0.target] }
            print(table.render(maxWidth: Terminal.width))
        }
        Terminal.note("more pairs: apt-cache search apertium- ; then e.g. sudo apt-get install apertium-eng-cat")
    }
}
