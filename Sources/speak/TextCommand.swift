import ArgumentParser
import Foundation
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
            """
    )

    @Argument(help: "A file, '-' for standard input, or a library id.")
    var input: String

    @Flag(help: "Include the blocks that are not read aloud (headers, page numbers, footnotes).")
    var all = false

    @OptionGroup var reading: ReadingOptions

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let bar = ProgressBar(label: input)
            let document = try speak.document(InputReference(argument: input), options: ImportRequest(language: reading.lang, password: reading.password, ocr: reading.ocr.mode), progress: { bar.update($0) })
            bar.finish()
            var buffer = ""
            var first = true
            for block in document.readableBlocks(includeSkipped: all) {
                if !first { buffer += "\n" }
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
