// speak-ocr: the OCR helper. `speak` starts one per core with OMP_THREAD_LIMIT=1 and talks to it
// over standard input and output (see OCRWire); Tesseract and Leptonica are linked here only,
// so other speak commands do not pay for loading them.
import Foundation
import SpeakImportOCR
import SpeakTesseract

func send(_ message: OCRWorkerMessage) {
    FileHandle.standardOutput.write(OCRWire.encode(message))
}

func value(of option: String) -> String? {
    let arguments = CommandLine.arguments
    guard let at = arguments.firstIndex(of: option), at + 1 < arguments.count else { return nil }
    return arguments[at + 1]
}

func serve() -> Int32 {
    guard let path = value(of: "--file") else {
        FileHandle.standardError.write(Data("usage: speak-ocr --file IMAGE [--lang eng+deu]; pages to read on standard input\n".utf8))
        return 64
    }
    let file: ImageFile
    let reader: PageReader
    do throws(OCRFailure) {
        file = try ImageFile(path: path)
        reader = try PageReader(languages: value(of: "--lang") ?? "eng")
    } catch {
        send(.failure(error))
        return 0
    }
    send(.ready(pages: file.pageCount))
    while let line = readLine() {
        guard let index = Int(line.trimmingCharacters(in: .whitespaces)), (0..<file.pageCount).contains(index) else {
            send(.failure(OCRFailure(kind: .engine, message: "bad page request '\(line)'")))
            continue
        }
        do throws(OCRFailure) {
            send(.page(try reader.read(file, page: index)))
        } catch {
            send(.failure(error))
        }
    }
    return 0
}

exit(serve())
