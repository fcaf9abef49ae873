import ArgumentParser
import Foundation
import SpeakTerminal
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
              speak import ~/Downloads/*.txt --folder Papers/2026
              speak import ~/scans/letters/          # a folder of the same name, every readable file in it
              speak import scan.tiff --lang deu       # scanned pages, read by OCR
              speak import paper.pdf                  # columns in order; headers, page numbers, footnotes not read
              speak import secret.pdf --password s3cret
              speak import scanned-book.pdf --ocr always
              speak import --book "The Long Way" part1.txt part2.txt part3.md
            """
    )

    @Argument(help: "Files, directories or URLs to import; '-' reads standard input.")
    var inputs: [String]

    @Option(help: "The library folder to put the documents in, e.g. Papers/2026 (created if missing).")
    var folder: String?

    @Option(help: "Import all inputs as one book with this title: one chapter per file, in the given order.")
    var book: String?

    @Option(help: "Title of the document (only with a single input).")
    var title: String?

    @OptionGroup var reading: ReadingOptions

    @Flag(help: "Import a copy even when the same content is already in the library.")
    var force = false

    @Option(help: "Read the input as this format: auto (by content), text or html.")
    var format: InputFormat = .auto

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name at least one file to import, or '-' for standard input") }
        if title != nil, inputs.count > 1 { throw ValidationError("--title applies to a single input") }
        if title != nil, book != nil { throw ValidationError("--book already names the book; drop --title") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be imported once") }
    }

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            if let book {
                try importBook(book, speak: speak)
                return
            }
            var outcomes: [ImportOutcome] = []
            var failure: ExitStatus?
            for input in inputs {
                var isDirectory: ObjCBool = false
                if input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
                    do {
                        let status = try importDirectory(input, speak: speak, outcomes: &outcomes)
                        failure = failure ?? status
                    } catch let error as UserFacingError {
                        Terminal.error(error.message)
                        failure = failure ?? error.exitStatus
                    }
                    continue
                }
                let request = reading.request(title: title, force: force, format: format.documentFormat, folder: folder)
                var skipped = 0
                guard let status = importOne(input, request: request, speak: speak, outcomes: &outcomes,
                                             skipped: &skipped) else { continue }
                failure = failure ?? status
                if status == .ioError || status == .usage { break }
            }
            if json { try printJSON(outcomes) }
            if let failure { throw ExitCode(failure.rawValue) }
        }
    }

    /// Imports one input and reports it; returns the failure status, if it failed. A broken
    /// library fails every later input the same way, which is reported as `.ioError`.
    private func importOne(_ input: String, request: ImportRequest, speak: Speak,
                           outcomes: inout [ImportOutcome], skipUnreadable: Bool = false,
                           skipped: inout Int) -> ExitStatus? {
        let bar = ProgressBar(label: input == "-" ? "standard input" : input)
        do {
            let outcome = try speak.importInput(InputReference(argument: input), request: request,
                                                progress: { bar.update($0) })
            bar.finish()
            outcomes.append(outcome)
            if !json { print(line(for: outcome)) }
            for warning in outcome.warnings where !json { Terminal.warning("'\(input)': \(warning)") }
            if outcome.duplicate, !json {
                Terminal.note("'\(input)' is already in the library as \(outcome.id); use --force to import a copy")
            }
            return nil
        } catch let error as UserFacingError where skipUnreadable && error.exitStatus == .dataError && !(error is LibraryError) {
            bar.finish()
            skipped += 1
            return nil
        } catch let error as UserFacingError {
            bar.finish()
            Terminal.error(error.message)
            if error is LibraryError, error.exitStatus != .usage { return .ioError }
            return error.exitStatus
        } catch {
            bar.finish()
            Terminal.error("internal error: \(error); please report it")
            return .software
        }
    }

    /// Imports every readable file of a directory into a folder of the same name (inside
    /// --folder), subdirectories as subfolders; files speak cannot read are counted, not fatal.
    private func importDirectory(_ path: String, speak: Speak, outcomes: inout [ImportOutcome]) throws -> ExitStatus? {
        let into = try speak.folderNames(folder ?? "")
        let plan = try speak.directoryImportPlan(path, into: into)
        if plan.isEmpty {
            throw InputFileError(path: path, reason: "the directory has no files in it; name files, or a directory with text, Markdown or HTML files",
                                 status: .noInput)
        }
        var failure: ExitStatus?
        var imported = 0
        var duplicates = 0
        var skipped = 0
        for item in plan {
            let request = reading.request(force: force, format: format.documentFormat, folder: item.folder.joined(separator: "/"))
            let before = outcomes.count
            if let status = importOne(item.path, request: request, speak: speak, outcomes: &outcomes, skipUnreadable: true,
                                      skipped: &skipped) {
                failure = failure ?? status
                if status == .ioError { break }
            }
            for outcome in outcomes[before...] {
                if outcome.duplicate { duplicates += 1 } else { imported += 1 }
            }
        }
        if imported + duplicates == 0, failure == nil {
            Terminal.error("nothing in the directory '\(path)' is a format speak reads (text, Markdown, HTML, PDF, EPUB, DOCX, ODT, images); nothing was imported")
            return .dataError
        }
        if !json {
            let folderPath = into + [URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent]
            Terminal.note("'\(path)': " + Self.directorySummary(imported: imported, duplicates: duplicates, skipped: skipped,
                                                               folder: folderPath.joined(separator: "/")))
        }
        return failure
    }

    /// What a directory import did. Documents already in the library stay where they are,
    /// so only new ones are said to be in the directory's folder (which exists only if one was).
    static func directorySummary(imported: Int, duplicates: Int, skipped: Int, folder: String) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var parts: [String] = []
        if imported > 0 {
            parts.append("\(count(imported, "document")) in \(folder)/")
            if duplicates > 0 { parts.append("\(duplicates) already in the library") }
        } else if duplicates > 0 {
            parts.append(duplicates == 1 ? "the document was already in the library, nothing new was imported"
                                         : "all \(duplicates) documents were already in the library, nothing new was imported")
        }
        if skipped > 0 { parts.append("\(count(skipped, "file")) skipped (not a format speak reads)") }
        return parts.joined(separator: ", ")
    }

    private func importBook(_ title: String, speak: Speak) throws {
        let bar = ProgressBar(label: title)
        let request = reading.request(force: force, format: format.documentFormat, folder: folder)
        let outcome: ImportOutcome
        do {
            outcome = try speak.importBook(title: title, inputs: inputs.map(InputReference.init(argument:)), request: request,
                                           progress: { bar.update($0) })
            bar.finish()
        } catch {
            bar.finish()
            throw error
        }
        if json {
            try printJSON([outcome])
            return
        }
        print(line(for: outcome) + "  \(inputs.count) chapter\(inputs.count == 1 ? "" : "s")")
        for warning in outcome.warnings { Terminal.warning("'\(title)': \(warning)") }
        if outcome.duplicate { Terminal.note("this book is already in the library as \(outcome.id); use --force to import a copy") }
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

/// How to read a document: its language (and OCR languages), a PDF's password, when to use OCR.
struct ReadingOptions: ParsableArguments {
    @Option(help: "Language of the text, e.g. en, de, fr-CA; for images, the OCR languages: eng, deu, eng+fra.")
    var lang: String?

    @Option(help: "The password of an encrypted PDF.")
    var password: String?

    @Option(help: "Read PDF pages by OCR: auto (pages without a text layer), always or never.")
    var ocr: OCRChoice = .auto

    @Option(help: ArgumentHelp("The real resolution of scanned images, when the file is wrong about it (50-2400).",
                               valueName: "dots-per-inch"))
    var dpi: Int?

    @Option(help: ArgumentHelp("Tesseract's page segmentation mode for the odd page: 4 one column, 6 one block, "
                               + "11 sparse text, ... (default: automatic layout, 3).", valueName: "mode"))
    var psm: Int?

    func validate() throws {
        if let dpi, !(50...2400).contains(dpi) {
            throw ValidationError("--dpi \(dpi) is not a page resolution; give the dots per inch, 50 to 2400 (e.g. --dpi 300)")
        }
        if let psm, ![1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].contains(psm) {
            throw ValidationError("--psm \(psm) is not a mode that reads text; use 1 or 3 to 13 (see 'tesseract --help-psm')")
        }
    }

    /// The import request these options describe.
    func request(title: String? = nil, force: Bool = false, format: DocumentFormat? = nil, folder: String? = nil) -> ImportRequest {
        ImportRequest(title: title, language: lang, force: force, format: format, folder: folder, password: password,
                      ocr: ocr.mode, resolution: dpi, pageSegmentation: psm)
    }
}

/// `--ocr` of commands that read PDFs.
enum OCRChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    var mode: OCRMode {
        switch self {
        case .auto: .auto
        case .always: .always
        case .never: .never
        }
    }
}
