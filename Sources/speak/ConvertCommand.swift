import ArgumentParser
import Foundation
import SpeakKit

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Turn a document into a WAV file (22.05 kHz mono), with word timings if asked.",
        discussion: """
            A file is imported on the fly and not stored; a number is a library id.

            Examples:
              speak convert report.txt -o report.wav
              speak convert 3 -o out.wav --timings out.json --from-word 1200
              speak convert book.txt -o book.wav --voice en-gb+f3 --speed 2.5 --timings book.vtt
            """
    )

    @Argument(help: "A file, '-' for standard input, or a library id.")
    var input: String

    @Option(name: .shortAndLong, help: "The WAV file to write.")
    var output: String

    @Option(help: "Also write word timings: .json (per word), .vtt or .srt (per sentence).")
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

    @Flag(help: "Replace the output file if it exists.")
    var force = false

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            var request = ConvertRequest(output: output)
            request.timings = timings
            request.wordCues = wordCues
            request.fromWord = fromWord
            request.voice = voice
            request.speed = speed
            request.wordsPerMinute = wpm
            request.readAll = readAll
            request.overwrite = force
            let bar = ProgressBar(label: output)
            let summary = try speak.convert(InputReference(argument: input), request: request, progress: { bar.update($0) })
            bar.finish()
            let factor = Int(summary.realTimeFactor.rounded())
            Terminal.note("wrote \(summary.output): \(DisplayFormat.duration(summary.audioSeconds)) of audio, "
                + "\(DisplayFormat.count(summary.words)) words, in \(String(format: "%.2f", summary.wallSeconds)) s (\(factor)× real time)"
                + (summary.timings.map { "; timings in \($0)" } ?? ""))
        }
    }
}

struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List the speech engine's voices.",
        discussion: """
            Examples:
              speak voices
              speak voices --lang de --json
            """
    )

    @Option(help: "Only voices for this language (prefix match: 'en' matches en-us, en-gb, …).")
    var lang: String?

    @Flag(help: "Print the list as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let voices = try openSpeak().voices(language: lang)
            if json { try printJSON(voices); return }
            var table = TextTable(headers: ["VOICE", "NAME", "LANGUAGES"], flexibleColumn: 1)
            table.rows = voices.map { [$0.identifier, $0.name, $0.languages.joined(separator: " ")] }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}
