// speak-pdf: the PDF helper. `speak` starts it to read a document page by page (see
// PDFHelperMessage); poppler is linked here only, so other speak commands do not pay for
// loading it.
import Foundation
import SpeakImport
import SpeakImportPDF
import SpeakPoppler

func send(_ message: PDFHelperMessage) {
    FileHandle.standardOutput.write(PDFWire.encode(message))
}

func serve() -> Int32 {
    // getenv, not ProcessInfo: building the whole environment dictionary costs a helper 0.3 ms.
    if getenv("SPEAK_PDF_HEAP").map({ String(cString: $0) }) != "0" { PDFDocumentFile.keepHeap() }
    guard let path = HelperProcess.argument("--file") else {
        FileHandle.standardError.write(Data("usage: speak-pdf --file PDF [--password-stdin] [--ocr auto|always|never] [--render-dir DIR] [--no-outline] [--serve] [--cover PNG]\n".utf8))
        return 64
    }
    // The password comes on standard input when --password-stdin is given, so it is not visible in ps.
    let password = CommandLine.arguments.contains("--password-stdin") ? readLine(strippingNewline: true) : nil
    let mode = HelperProcess.argument("--ocr") ?? "auto"
    let renderDirectory = HelperProcess.argument("--render-dir")
    let document: PDFDocumentFile
    do throws(PDFFailure) {
        document = try PDFDocumentFile(path: path, password: password)
    } catch {
        send(.failure(error))
        return 0
    }
    // --cover PNG: the first page, small, for an audiobook's cover; exit status 0 when written.
    if let cover = HelperProcess.argument("--cover") {
        return document.render(0, to: cover, dpi: 50, forOCR: false) ? 0 : 65
    }
    let info = document.info()
    send(.info(info))
    if !CommandLine.arguments.contains("--no-outline") { send(.outline(document.outline())) }
    // Without --serve: every page, then done. With it: the pages of each "FIRST:END" request
    // line, each request answered by its pages and done, until the input ends. "render
    // FIRST:END" writes those pages as page-N.tif (gray) into --render-dir instead, then done.
    let serving = CommandLine.arguments.contains("--serve")
    var requests: [Range<Int>] = serving ? [] : [0..<info.pageCount]
    repeat {
        var rendering = false
        if serving {
            guard var line = readLine() else { break }
            if line.hasPrefix("render ") {
                rendering = true
                line.removeFirst("render ".count)
            }
            let bounds = line.split(separator: ":").compactMap { Int($0) }
            guard bounds.count == 2 else { continue }
            requests = [max(0, bounds[0])..<min(info.pageCount, max(bounds[0], bounds[1]))]
        }
        for index in requests.flatMap({ $0 }) {
            if rendering {
                let target = ((renderDirectory ?? NSTemporaryDirectory()) as NSString).appendingPathComponent("page-\(index).tif")
                if !document.render(index, to: target) {
                    send(.failure(PDFFailure(kind: .damaged, message: "page \(index + 1) cannot be rendered for OCR")))
                }
                continue
            }
            do throws(PDFFailure) {
                var page = try document.page(index)
                page.needsOCR = mode == "always" || (mode == "auto" && PDFTextLayer.needsOCR(page.lines))
                send(.page(page))
            } catch {
                send(.failure(error))
            }
        }
        send(.done)
    } while serving
    return 0
}


exit(serve())
