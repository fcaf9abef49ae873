import ArgumentParser
import Foundation
import SpeakKit

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Turn documents into WAV files (22.05 kHz mono), with word timings if asked.",
        discussion: """
            Files are imported on the fly and not stored (unless --save); numbers are library ids.
            One input writes the file -o names ('-' for standard output); several inputs, or -o
            naming a directory, write one file per input named after its title.

            Examples:
              speak convert report.txt -o report.wav
              speak convert 3 -o out.wav --timings out.json --from-word 1200
              speak convert *.txt -o audio/ --jobs 2 --timings srt
              speak convert book.txt -o book.wav --voice en-gb+f3 --speed 2.5 --timings book.vtt
            """
    )

    @Argument(help: "Files, '-' for standard input, or library ids.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The WAV file to write, '-' for standard output, or a directory.")
    var output: String

    @Option(help: "Word timings: a file (.json per word, .vtt/.srt per sentence), or json|vtt|srt next to each audio file.")
    var timings: String?

    @Flag(help: "One cue per word in .vtt/.srt timing files.")
    var wordCues = false

    @Option(help: "Start at this word (a global word index, 0-based).")
    var fromWord = 0

    @Option(help: "eSpeak voice, e.g. en-us, en-gb+f3 ('speak voices' lists them).")
    var voice: String?

    @Option(help: "Speed as a multiple of the normal rate, 0.5 to 4.5.")
    var speed: Double?

    @Option(help: "Rate in words per minute (80 to 1000); wins over --speed.")
    var wpm: Int?

    @Flag(help: "Also speak what is normally skipped (headers, page numbers, footnotes).")
    var readAll = false

    @Flag(help: "Replace output files that exist.")
    var force = false

    @Flag(help: "Also add the files to the library.")
    var save = false

    @Option(help: "Worker processes (default: the number of cores); long documents are split between them.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name at least one document to convert") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if inputs.count > 1, output == "-" { throw ValidationError("several inputs need a directory for -o, not '-'") }
        if inputs.count > 1, let timings, TimingFormatName(rawValue: timings.lowercased()) == nil {
            throw ValidationError("with several inputs, --timings takes a format: json, vtt or srt")
        }
    }

    func run() throws {
        Speak.silenceEngineDiagnostics()
        try reportingErrors {
            let speak = try openSpeak()
            let started = Date()
            let directory = inputs.count > 1 || output.hasSuffix("/") || isDirectory(output)
            if directory {
                do {
                    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                } catch {
                    throw ConvertUsageError(message: "cannot create the directory '\(output)': \((error as NSError).localizedDescription)", exitStatus: .cannotCreate)
                }
            }
            var summaries: [ConversionSummary] = []
            var failure: ExitStatus?
            if inputs.count > 1, jobs > 1 {
                (summaries, failure) = try BatchConversion(command: self).run()
            } else {
                for input in inputs {
                    do {
                        summaries.append(try convertOne(input, speak: speak, directory: directory))
                    } catch let error as UserFacingError {
                        Terminal.error(error.message)
                        failure = failure ?? error.exitStatus
                    }
                }
            }
            report(summaries, wall: Date().timeIntervalSince(started))
            if let failure { throw ExitCode(failure.rawValue) }
        }
    }

    func convertOne(_ input: String, speak: Speak, directory: Bool) throws -> ConversionSummary {
        var reference = InputReference(argument: input)
        if save, reference != .standardInput, case .file = reference {
            reference = .document(try speak.importInput(reference).id)
        }
        var request = ConvertRequest(output: output)
        request.outputIsDirectory = directory
        request.timings = timings
        request.wordCues = wordCues
        request.fromWord = fromWord
        request.voice = voice
        request.speed = speed
        request.wordsPerMinute = wpm
        request.readAll = readAll
        request.overwrite = force
        request.jobs = jobs
        let bar = ProgressBar(label: input)
        defer { bar.finish() }
        return try speak.convert(reference, request: request, progress: { bar.update($0) })
    }

    private func report(_ summaries: [ConversionSummary], wall: Double) {
        if json {
            try? printJSON(summaries)
            return
        }
        for summary in summaries where summary.silencedSentences > 0 {
            let count = summary.silencedSentences
            Terminal.warning("\(summary.output): \(count) sentence\(count == 1 ? "" : "s") left silent: eSpeak-NG crashed on \(count == 1 ? "it" : "them") twice")
        }
        for summary in summaries where summaries.count > 1 {
            Terminal.note("wrote \(summary.output): \(DisplayFormat.duration(summary.audioSeconds)) of audio, \(DisplayFormat.count(summary.words)) words")
        }
        guard !summaries.isEmpty else { return }
        let audio = summaries.reduce(0) { $0 + $1.audioSeconds }
        let words = summaries.reduce(0) { $0 + $1.words }
        let what = summaries.count == 1 ? "wrote \(summaries[0].output)" : "\(summaries.count) files"
        let timingNote = summaries.count == 1 ? (summaries[0].timings.map { "; timings in \($0)" } ?? "") : ""
        Terminal.note("\(what): \(DisplayFormat.duration(audio)) of audio, \(DisplayFormat.count(words)) words, "
            + "in \(String(format: "%.2f", wall)) s (\(Int((audio / max(wall, 0.001)).rounded()))× real time)\(timingNote)")
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Timing formats accepted without a file name.
enum TimingFormatName: String { case json, vtt, srt }

/// A command-line problem found while running.
struct ConvertUsageError: UserFacingError {
    var message: String
    var exitStatus: ExitStatus
}
