import ArgumentParser
import Foundation
import SpeakTerminal
import SpeakKit

struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Print the text exactly as it will be spoken, paragraphs separated by blank lines.",
        discussion: """
            A file is imported on the fly and not stored; a number is a library id.

            Examples:
              speak text 3
              speak text notes.txt --all
              speak text 3 | wc -w
              speak text scan.png --lang deu
              speak text paper.pdf --all                # page furniture too, in reading order
              speak text scan.png --boxes > scan.json   # what OCR saw: word boxes and confidences
              speak text scan.png --hocr > scan.hocr    # the same as hOCR
              speak text photo.jpg --dpi 300 --psm 4    # overrides for the odd page
              speak text paper.pdf --spoken             # what the voice is given: Fig. 3 -> figure three
              speak text - --phonemes <<< "Dr. Smith"    # eSpeak's phonemes for it (as espeak-ng -x)
              speak text 3 --spoken --read citations    # citations read this time
            """
    )

    @Argument(help: "A file, '-' for standard input, or a library id.", completion: .custom(ShellCompletion.documentsOrFiles))
    var input: String

    @Flag(help: "Include the blocks that are not read aloud (headers, page numbers, footnotes).")
    var all = false

    @Flag(help: "For an image: print what OCR saw instead, every word with its box, confidence and region, as JSON.")
    var boxes = false

    @Flag(help: "For an image: the same as --boxes, as hOCR (the HTML form other OCR tools read).")
    var hocr = false

    @Flag(help: "Print the text as the voice is given it: abbreviations, numbers, units, dates, URLs said in full, citations skipped.")
    var spoken = false

    @Flag(help: "Print eSpeak's phoneme mnemonics for the spoken text, as 'espeak-ng -q -x' does.")
    var phonemes = false

    @OptionGroup var speech: SpeechSkipOptions

    @OptionGroup var reading: ReadingOptions

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let bar = ProgressBar(label: input)
            if boxes || hocr {
                let text = try speak.wordBoxes(InputReference(argument: input), options: reading.request(), format: hocr ? .hocr : .json,
                                               progress: { bar.update($0) })
                bar.finish()
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            var request = reading.request()
            // The text as written does not depend on its language; what the voice is given does.
            request.detectsLanguage = spoken || phonemes
            let document = try speak.document(InputReference(argument: input), options: request, progress: { bar.update($0) })
            bar.finish()
            if spoken || phonemes {
                let options = try speak.speechOptions(for: document, request: try speech.request())
                var out = ""
                let voice = phonemes ? try speak.voiceFor(document) : ""
                for (k, paragraph) in speak.spokenBlocks(of: document, includeSkipped: all, options: options).enumerated() {
                    if k > 0 { out += "\n" }
                    out += (phonemes ? try speak.phonemes(paragraph.text, voice: paragraph.voice ?? voice) : paragraph.text) + "\n"
                }
                FileHandle.standardOutput.write(Data(out.utf8))
                return
            }
            var buffer = ""
            var first = true
            for block in document.readableBlocks(includeSkipped: all) {
                // The lines of a stanza stand together; stanzas and paragraphs apart.
                if !first, !block.kind.continuesStanza { buffer += "\n" }
                first = false
                buffer += block.text + "\n"
                if buffer.utf8.count > 1 << 16 {
                    FileHandle.standardOutput.write(Data(buffer.utf8))
                    buffer = ""
                }
            }
            FileHandle.standardOutput.write(Data(buffer.utf8))
        }
    }
}


/// `--skip` / `--read` of the commands that speak.
struct SpeechSkipOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also skip these this time: citations, footnotes, urls, emails, parentheses, brackets (comma-separated).",
                               valueName: "rules"))
    var skip: [String] = []

    @Option(help: ArgumentHelp("Read these this time although they are skipped by default or by setting (e.g. citations; 'all').",
                               valueName: "rules"))
    var read: [String] = []

    @Flag(name: .customLong("as-written"), help: "Read the text exactly as written: no abbreviations, numbers or symbols said in full, nothing skipped, no lexicon.")
    var asWritten = false

    func request() throws -> SpeechRequest {
        var request = try SpeechRequest(skip: skip, read: read)
        request.asWritten = asWritten
        return request
    }
}
