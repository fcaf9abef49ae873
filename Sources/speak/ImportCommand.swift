import ArgumentParser
import Foundation
import SpeakKit
import SpeakModel

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add files (or standard input) to the library and print their ids.",
        discussion: """
            Each input is stored once, in one transaction; importing the same content again
            prints the existing id (use --force for a copy).

            Examples:
              speak import notes.txt chapter*.txt
              cat draft.txt | speak import - --title "Draft"
              speak import article.html
              curl -s https://example.org/post | speak import - --format html
              speak import report.txt --json
            """
    )

    @Argument(help: "Files to import; '-' reads standard input.")
    var inputs: [String]

    @Option(help: "Title of the document (only with a single input).")
    var title: String?

    @Option(help: "Language of the text, e.g. en, de, fr-CA.")
    var lang: String?

    @Flag(help: "Import a copy even when the same content is already in the library.")
    var force = false

    @Option(help: "Read the input as this format: auto (by content), text or html.")
    var format: InputFormat = .auto

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name at least one file to import, or '-' for standard input") }
        if title != nil, inputs.count > 1 { throw ValidationError("--title applies to a single input") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be imported once") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            var outcomes: [ImportOutcome] = []
            var failure: ExitStatus?
            for input in inputs {
                let bar = ProgressBar(label: input == "-" ? "standard input" : input)
                do {
                    let request = ImportRequest(title: title, language: lang, force: force, format: format.documentFormat)
                    let outcome = try speak.importInput(InputReference(argument: input), request: request,
                                                        progress: { bar.update($0) })
                    bar.finish()
                    outcomes.append(outcome)
                    if !json { print(line(for: outcome)) }
                    for warning in outcome.warnings where !json { Terminal.warning("'\(input)': \(warning)") }
                    if outcome.duplicate, !json {
                        Terminal.note("'\(input)' is already in the library as \(outcome.id); use --force to import a copy")
                    }
                } catch let error as UserFacingError {
                    bar.finish()
                    Terminal.error(error.message)
                    failure = failure ?? error.exitStatus
                    // A broken library fails every later input the same way: stop here.
                    if error is LibraryError { break }
                }
            }
            if json { try printJSON(outcomes) }
            if let failure { throw ExitCode(failure.rawValue) }
        }
    }

    private func line(for outcome: ImportOutcome) -> String {
        "\(outcome.id)  \(outcome.title)  (\(DisplayFormat.count(outcome.words)) words)"
    }
}

/// `--format` of commands that read documents.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case auto, text, html

    var documentFormat: DocumentFormat? {
        switch self {
        case .auto: nil
        case .text: .text
        case .html: .html
        }
    }
}
