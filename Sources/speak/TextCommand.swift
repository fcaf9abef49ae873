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
              speak text scan.png --boxes > scan.json   # what OCR saw: word boxes and confidences
              speak text scan.png --hocr > scan.hocr    # the same as hOCR
              speak text photo.jpg --dpi 300 --psm 4    # overrides for the odd page
            """
    )

    @Argument(help: "A file, '-' for standard input, or a library id.")
    var input: String

    @Flag(help: "Include the blocks that are not read aloud (headers, page numbers, footnotes).")
    var all = false

    @Flag(help: "For an image: print what OCR saw instead, every word with its box, confidence and region, as JSON.")
    var boxes = false

    @Flag(help: "For an image: the same as --boxes, as hOCR (the HTML form other OCR tools read).")
    var hocr = false

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
            let document = try speak.document(InputReference(argument: input), options: reading.request(), progress: { bar.update($0) })
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

