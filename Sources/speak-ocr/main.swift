// speak-ocr: the OCR helper. `speak` starts one per core with OMP_THREAD_LIMIT=1 and talks to it
// over standard input and output (see OCRWire); Tesseract and Leptonica are linked here only,
// so other speak commands do not pay for loading them.
import Foundation
import SpeakImport
import SpeakImportOCR
import SpeakTesseract

func send(_ message: OCRWorkerMessage) {
    FileHandle.standardOutput.write(OCRWire.encode(message))
}

/// With --read-ahead, page 1 of --file is decoded while Tesseract starts.
/// Requests are "INDEX" (a page of --file), "INDEX<TAB>PATH" (a page of another file), and
/// either of those after "opening<TAB>" (the page's first lines sent ahead).
func serve() -> Int32 {
    var file: ImageFile?
    var readAhead: ReadAhead?
    let reader: PageReader
    do throws(OCRFailure) {
        if let path = HelperProcess.argument("--file") { file = try ImageFile(path: path) }
        if CommandLine.arguments.contains("--read-ahead") { readAhead = file.map(ReadAhead.init) }
        // The only helper of a one-page file reads the page's two halves on two cores.
        let cores = HelperProcess.argument("--cores").flatMap { Int($0) } ?? 1
        reader = try PageReader(settings: OCRSettings(language: HelperProcess.argument("--lang") ?? "eng",
                                                      resolution: HelperProcess.argument("--dpi").flatMap { Int($0) },
                                                      pageSegmentation: HelperProcess.argument("--psm").flatMap { Int($0) }),
                                halves: cores > 1 && file?.pageCount == 1)
    } catch {
        send(.failure(error))
        return 0
    }
    send(.ready(pages: file?.pageCount ?? 0))
    var other: ImageFile?
    while let line = readLine() {
        let opening = line.hasPrefix("opening\t")
        let parts = line.dropFirst(opening ? 8 : 0).split(separator: "\t", maxSplits: 1).map(String.init)
        guard let index = parts.first.flatMap({ Int($0) }) else {
            send(.failure(OCRFailure(kind: .engine, message: "bad page request '\(line)'")))
            continue
        }
        do throws(OCRFailure) {
            var source = file
            if parts.count == 2 {
                if other?.path != parts[1] { other = try ImageFile(path: parts[1]) }
                source = other
            }
            guard let source, (0..<source.pageCount).contains(index) else {
                throw OCRFailure(kind: .engine, message: "bad page request '\(line)'")
            }
            let decoded = readAhead?.take(forFirstPageOfFile: parts.count == 1 && index == 0)
            let opened = { (page: OCRPage) in send(.opening(page)) }
            switch (decoded, opening) {
            case (let image?, true): send(.page(try reader.read(decoded: image, index: index, opening: opened)))
            case (let image?, false): send(.page(try reader.read(decoded: image, index: index)))
            case (nil, true): send(.page(try reader.read(source, page: index, opening: opened)))
            case (nil, false): send(.page(try reader.read(source, page: index)))
            }
        } catch {
            send(.failure(error))
        }
    }
    return 0
}

exit(serve())
