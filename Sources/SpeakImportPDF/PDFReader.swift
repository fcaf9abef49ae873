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
    /// Renders pages (0-based) for OCR into the request's render directory; their TIFF paths.
    func render(_ pages: [Int], request: PDFReadRequest) throws -> [String]
}

extension PDFPageSource {
    /// Sources without a renderer (recorded pages in tests) have nothing to render.
    public func render(_ pages: [Int], request: PDFReadRequest) throws -> [String] {
        throw PDFImportError.helperFailed(request.name, reason: "pages cannot be rendered for OCR here")
    }
}

/// Reads a PDF's pages through `speak-pdf` helpers, one per core: the first reports the page
/// count (and the outline), then every helper asks for the next chunk of pages as soon as it
/// has sent the last, so a helper that is slowed down (by the outline, a heavy page, another
/// program) never holds the others back.
struct PDFReader: PDFPageSource {
    var executable: String
    var maximumWorkers = ProcessInfo.processInfo.activeProcessorCount
    /// Documents with fewer pages are read by one helper (a second would cost more than it saves).
    static let pagesPerExtraHelper = 4

    func read(_ request: PDFReadRequest, progress: @escaping @Sendable (Double) -> Void) throws -> (PDFInfo, [PDFPage]) {
        let first = try start(request, outline: true)
        defer { first.stop() }
        // A second helper starts at once, before the page count is known: helpers take as long
        // to start (poppler's libraries) as a short paper takes to read, so starting them one
        // after the other made short documents a third slower.
        var helpers = [first]
        if maximumWorkers > 1, let spare = try? start(request, outline: false) { helpers.append(spare) }
        defer { helpers.dropFirst().forEach { $0.stop() } }
        guard case .info(var info)? = first.next() else {
            throw first.lastFailure.map { PDFImportError(failure: $0, name: request.name) }
                ?? PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped before reading the document")
        }
        let workers = max(1, min(maximumWorkers, info.pageCount / Self.pagesPerExtraHelper + 1))
        while helpers.count > workers { helpers.removeLast().cancel() }
        while helpers.count < workers, let helper = try? start(request, outline: false) {
            helpers.append(helper)
        }
        let chunk = max(2, min(32, info.pageCount / (helpers.count * 6) + 1))
        let queue = ChunkQueue(name: request.name, pageCount: info.pageCount, chunk: chunk, progress: progress)
        let threads = helpers.enumerated().map { n, helper in
            Thread {
                // A spare helper's first message is its own copy of the facts; one that fails
                // leaves its share to the others.
                if n > 0 {
                    guard case .info? = helper.next() else { return queue.finish() }
                }
                queue.work(helper, request: request)
            }
        }
        threads.forEach { $0.start() }
        let pages = try queue.wait(workers: helpers.count)
        info.outline = first.outline
        // Every page is in: the helpers may end on their own time.
        helpers.forEach { $0.process.finish() }
        return (info, pages)
    }

    /// A few pages at a time, so a scanned book never has more than a batch of renderings on
    /// disk (300 dpi gray TIFFs are about 9 MB an A4 page).
    func render(_ pages: [Int], request: PDFReadRequest) throws -> [String] {
        guard let directory = request.renderDirectory else { return [] }
        let helper = try start(request, outline: false)
        defer { helper.stop() }
        guard case .info? = helper.next() else {
            throw PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped before rendering")
        }
        return try pages.map { index in
            guard helper.process.send("render \(index):\(index + 1)") else {
                throw PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped at page \(index + 1)")
            }
            while let message = helper.next() {
                if case .failure(let failure) = message { throw PDFImportError(failure: failure, name: request.name) }
                if case .done = message { break }
            }
            return (directory as NSString).appendingPathComponent("page-\(index).tif")
        }
    }

    private func start(_ request: PDFReadRequest, outline: Bool) throws -> Helper {
        var arguments = ["--file", request.file, "--ocr", request.ocr.rawValue, "--serve"]
        if let directory = request.renderDirectory { arguments += ["--render-dir", directory] }
        if !outline { arguments.append("--no-outline") }
        if request.password != nil { arguments.append("--password-stdin") }
        guard let process = HelperProcess(executable: executable, arguments: arguments) else {
            throw PDFImportError.helperMissing(executable)
        }
        if let password = request.password { process.send(password) }
        return Helper(process: process)
    }

    /// One `speak-pdf` process.
    final class Helper: @unchecked Sendable {
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

        /// Asks for the pages of `range`; false when the helper is gone.
        func request(_ range: Range<Int>) -> Bool {
            process.send("\(range.lowerBound):\(range.upperBound)")
        }

        /// The pages of a requested `range`, in order; throws what the helper reports.
        func pages(_ range: Range<Int>, request: PDFReadRequest, tick: () -> Void) throws -> [PDFPage] {
            var pages: [PDFPage] = []
            while let message = next() {
                switch message {
                case .page(let page):
                    pages.append(page)
                    tick()
                case .failure(let failure):
                    throw PDFImportError(failure: failure, name: request.name)
                case .done where pages.count == range.count:
                    return pages
                case .done, .info, .outline:
                    continue
                }
            }
            throw PDFImportError.helperFailed(request.name, reason: "the PDF helper stopped at page \(range.lowerBound + pages.count + 1)")
        }

        func stop() {
            process.stop()
        }

        /// Ends a helper that is not needed, without waiting for it.
        func cancel() {
            process.cancel()
        }
    }
}

/// Chunks of pages waiting for a helper, and the pages that came back.
private final class ChunkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let name: String
    private let pageCount: Int
    private let chunk: Int
    /// Dropped when the pages are in: the worker threads may outlive `wait` by a moment, and the
    /// caller's closure must not (it may be borrowed with `withoutActuallyEscaping`).
    private var progress: (@Sendable (Double) -> Void)?
    private var next = 0
    private var done = 0
    private var finishedWorkers = 0
    private var pages: [PDFPage?]
    private var failure: Error?

    init(name: String, pageCount: Int, chunk: Int, progress: @escaping @Sendable (Double) -> Void) {
        self.name = name
        self.pageCount = pageCount
        self.chunk = chunk
        self.progress = progress
        pages = Array(repeating: nil, count: pageCount)
    }

    private func take() -> Range<Int>? {
        condition.lock()
        defer { condition.unlock() }
        guard failure == nil, next < pageCount else { return nil }
        let range = next..<min(pageCount, next + chunk)
        next = range.upperBound
        return range
    }

    /// Keeps two chunks asked of the helper, so it never waits for the next request.
    func work(_ helper: PDFReader.Helper, request: PDFReadRequest) {
        var asked: [Range<Int>] = []
        while true {
            while asked.count < 2, let range = take() {
                guard helper.request(range) else { break }
                asked.append(range)
            }
            guard !asked.isEmpty else { break }
            let range = asked.removeFirst()
            do {
                let read = try helper.pages(range, request: request) { tick() }
                condition.lock()
                for page in read where pages.indices.contains(page.index) { pages[page.index] = page }
                condition.unlock()
            } catch {
                condition.lock()
                failure = failure ?? error
                condition.unlock()
                break
            }
        }
        finish()
    }

    /// A worker is done (or could not start: its share goes to the others).
    func finish() {
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    private func tick() {
        condition.lock()
        done += 1
        let fraction = Double(done) / Double(max(1, pageCount))
        let progress = self.progress
        condition.unlock()
        progress?(fraction)
    }

    func wait(workers: Int) throws -> [PDFPage] {
        condition.lock()
        defer { condition.unlock() }
        while finishedWorkers < workers { condition.wait() }
        progress = nil
        if let failure { throw failure }
        return try pages.enumerated().map { index, page in
            guard let page else { throw PDFImportError.helperFailed(name, reason: "page \(index + 1) was not read") }
            return page
        }
    }
}
