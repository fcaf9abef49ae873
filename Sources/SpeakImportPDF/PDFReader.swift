import Foundation
import SpeakImport

/// What to read from a PDF.
public struct PDFReadRequest: Sendable {
    public var file: String
    /// The input as the user named it, for messages.
    public var name: String
    public var password: String?
    public var ocr: OCRMode
    /// Where pages without a usable text layer are rendered for OCR.
    public var renderDirectory: String?

    public init(file: String, name: String, password: String?, ocr: OCRMode, renderDirectory: String?) {
        self.file = file
        self.name = name
        self.password = password
        self.ocr = ocr
        self.renderDirectory = renderDirectory
    }
}

/// Reads a PDF's facts and pages. The real one runs `speak-pdf` helpers; tests replay
/// recorded helper output.
public protocol PDFPageSource: Sendable {
    func read(_ request: PDFReadRequest, progress: @escaping @Sendable (Double) -> Void) throws -> (PDFInfo, [PDFPage])
}

/// Reads a PDF's pages through `speak-pdf` helpers: the first helper reports the page count,
/// then the pages are split into contiguous ranges, one helper per core, read at the same time.
struct PDFReader: PDFPageSource {
    var executable: String
    var maximumWorkers = ProcessInfo.processInfo.activeProcessorCount
    /// Documents with fewer pages are read by one helper (a second would cost more than it saves).
    static let pagesPerExtraHelper = 24

    func read(_ request: PDFReadRequest, progress: @escaping @Sendable (Double) -> Void) throws -> (PDFInfo, [PDFPage]) {
        let first = try start(request, range: nil)
        guard case .info(var info)? = first.next() else {
            let failure = first.lastFailure
            first.stop()
            throw failure.map { PDFImportError(failure: $0, name: request.name) }
                ?? PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped before reading the document")
        }
        let workers = max(1, min(maximumWorkers, info.pageCount / Self.pagesPerExtraHelper + 1))
        guard workers > 1 else {
            defer { first.stop() }
            let pages = try collect(first, expected: 0..<info.pageCount, request: request) { progress(Double($0) / Double(max(1, info.pageCount))) }
            info.outline = first.outline
            return (info, pages)
        }
        // The first helper reads on from page 0: it takes the first range and is stopped after it.
        let share = (info.pageCount + workers - 1) / workers
        let ranges = stride(from: 0, to: info.pageCount, by: share).map { $0..<min(info.pageCount, $0 + share) }
        let results = RangeResults(count: ranges.count, total: info.pageCount, progress: progress)
        let threads = ranges.enumerated().map { slot, range in
            Thread {
                do {
                    let helper = slot == 0 ? first : try start(request, range: range)
                    defer { helper.stop() }
                    if slot > 0, case .info? = helper.next() {} else if slot > 0 {
                        throw PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped")
                    }
                    results.finish(slot, .success(try collect(helper, expected: range, request: request) { _ in results.tick() }))
                } catch {
                    results.finish(slot, .failure(error))
                }
            }
        }
        threads.forEach { $0.start() }
        let pages = try results.wait().flatMap { $0 }
        info.outline = first.outline
        return (info, pages)
    }

    private func start(_ request: PDFReadRequest, range: Range<Int>?) throws -> Helper {
        var arguments = ["--file", request.file, "--ocr", request.ocr.rawValue]
        if let directory = request.renderDirectory { arguments += ["--render-dir", directory] }
        if let range { arguments += ["--pages", "\(range.lowerBound):\(range.upperBound)"] }
        if request.password != nil { arguments.append("--password-stdin") }
        guard let process = HelperProcess(executable: executable, arguments: arguments) else {
            throw PDFImportError.helperMissing(executable)
        }
        if let password = request.password { process.send(password) }
        return Helper(process: process)
    }

    private func collect(_ helper: Helper, expected: Range<Int>, request: PDFReadRequest, tick: (Int) -> Void) throws -> [PDFPage] {
        var pages: [PDFPage] = []
        pages.reserveCapacity(expected.count)
        while let message = helper.next() {
            switch message {
            case .page(let page):
                pages.append(page)
                tick(pages.count)
                if pages.count == expected.count { return pages }
            case .failure(let failure):
                throw PDFImportError(failure: failure, name: request.name)
            case .done:
                if pages.count == expected.count { return pages }
            case .info, .outline:
                continue
            }
        }
        throw PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped at page \(expected.lowerBound + pages.count + 1)")
    }

    /// One `speak-pdf` process.
    private final class Helper: @unchecked Sendable {
        let process: HelperProcess
        private(set) var lastFailure: PDFFailure?
        private(set) var outline: [PDFOutlineEntry] = []

        init(process: HelperProcess) {
            self.process = process
        }

        func next() -> PDFHelperMessage? {
            let message = process.nextLine().flatMap(PDFWire.decode)
            if case .failure(let failure)? = message { lastFailure = failure }
            if case .outline(let entries)? = message { outline = entries }
            return message
        }

        func stop() {
            process.stop()
        }
    }
}

/// The pages of each range as its helper finishes, and the progress over all of them.
private final class RangeResults: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Result<[PDFPage], Error>?]
    private var done = 0
    private let total: Int
    private let progress: @Sendable (Double) -> Void

    init(count: Int, total: Int, progress: @escaping @Sendable (Double) -> Void) {
        results = Array(repeating: nil, count: count)
        self.total = total
        self.progress = progress
    }

    func tick() {
        condition.lock()
        done += 1
        let fraction = Double(done) / Double(max(1, total))
        progress(fraction)
        condition.unlock()
    }

    func finish(_ slot: Int, _ result: Result<[PDFPage], Error>) {
        condition.lock()
        results[slot] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait() throws -> [[PDFPage]] {
        condition.lock()
        while results.contains(where: { $0 == nil }) { condition.wait() }
        let all = results
        condition.unlock()
        return try all.map { try ($0 ?? .success([])).get() }
    }
}
