import Foundation
import SpeakImport

/// Recognizes the pages of an image file. The real one runs `speak-ocr` helper processes;
/// tests use a fake so they need no Tesseract.
public protocol PageRecognizer: Sendable {
    /// All pages of `file` in order. `progress` gets the fraction of pages done.
    func recognize(file: String, name: String, settings: OCRSettings, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage]
    /// All pages of `file` in order; the first lines of the first page go to `opening` as soon
    /// as they are read, before the rest (so listening can start).
    func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                   progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage]
    /// The first page of each image file (pages of a PDF rendered for OCR), in order.
    func recognize(images: [String], name: String, settings: OCRSettings, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage]
    /// The same, the first lines of the first image going to `opening` as soon as they are read.
    func recognize(images: [String], name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                   progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage]
    /// All pages of `file` in order, the opening as above; `pages` gets the first pages, in
    /// order, each time more of them are read (never all of them), so listening can go on
    /// into them while later pages are read.
    func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                   pages: (@Sendable ([OCRPage]) -> Void)?, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage]
}

extension PageRecognizer {
    /// Without reading ahead page by page: `pages` is never called.
    public func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                          pages: (@Sendable ([OCRPage]) -> Void)?, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try recognize(file: file, name: name, settings: settings, opening: opening, progress: progress)
    }

    /// Without reading ahead: the opening is never sent.
    public func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try recognize(file: file, name: name, settings: settings, progress: progress)
    }

    /// Without reading ahead: the opening is never sent.
    public func recognize(images: [String], name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try recognize(images: images, name: name, settings: settings, progress: progress)
    }

    /// Each image read on its own, in order.
    public func recognize(images: [String], name: String, settings: OCRSettings,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try images.enumerated().flatMap { index, image in
            try recognize(file: image, name: name, settings: settings) { progress((Double(index) + $0) / Double(images.count)) }
        }
    }
}

/// Runs one `speak-ocr` helper per core, each with `OMP_THREAD_LIMIT=1` (Tesseract's OpenMP
/// threads make parallel instances several times slower), and hands out pages as helpers finish.
public struct OCRWorkerPool: PageRecognizer {
    public var executable: String
    public var maximumWorkers: Int

    public init(executable: String, maximumWorkers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.executable = executable
        self.maximumWorkers = max(1, maximumWorkers)
    }

    public func recognize(file: String, name: String, settings: OCRSettings,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try recognize(file: file, name: name, settings: settings, opening: nil, progress: progress)
    }

    public func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try recognize(file: file, name: name, settings: settings, opening: opening, pages: nil, progress: progress)
    }

    public func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                          pages: (@Sendable ([OCRPage]) -> Void)?, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        // The first helper decodes page 1 while its Tesseract starts; it almost always reads it.
        // A file of one page has one helper: it may read the page's halves on two cores, unless
        // its first lines are wanted for playback, which needs the other core to speak them.
        let first = try OCRHelper(executable: executable, file: file, settings: settings, readAhead: true,
                                  cores: opening == nil ? maximumWorkers : 1)
        let pageCount: Int
        switch first.next() {
        case .ready(let pages)?: pageCount = pages
        case .failure(let failure)?:
            first.stop()
            throw Self.error(failure, name: name, language: settings.language)
        case .page?, .opening?, nil:
            first.stop()
            throw OCRError.helperFailed(name, reason: "the OCR helper stopped before reading the image")
        }
        guard pageCount > 0 else {
            first.stop()
            throw OCRError.unreadableImage(name, reason: "the image has no pages")
        }
        return try run((0..<pageCount).map { PageJob(file: nil, page: $0) }, first: first, file: file, name: name,
                       settings: settings, opening: opening, pagesSoFar: pages, progress: progress)
    }

    public func recognize(images: [String], name: String, settings: OCRSettings,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        try recognize(images: images, name: name, settings: settings, opening: nil, progress: progress)
    }

    public func recognize(images: [String], name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        guard !images.isEmpty else { return [] }
        return try run(images.map { PageJob(file: $0, page: 0) }, first: nil, file: nil, name: name, settings: settings,
                       opening: opening, progress: progress)
    }

    /// Hands the jobs to up to `maximumWorkers` helpers (`first` is already running).
    private func run(_ jobs: [PageJob], first: OCRHelper?, file: String?, name: String, settings: OCRSettings,
                     opening: (@Sendable (OCRPage) -> Void)? = nil, pagesSoFar: (@Sendable ([OCRPage]) -> Void)? = nil,
                     progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        var helpers = first.map { [$0] } ?? []
        defer { helpers.forEach { $0.stop() } }
        while helpers.count < min(maximumWorkers, jobs.count) {
            guard let helper = try? OCRHelper(executable: executable, file: file, settings: settings),
                  case .ready? = helper.next() else {
                if helpers.isEmpty { throw OCRError.helperMissing(executable) }
                break
            }
            helpers.append(helper)
        }
        let queue = PageQueue(jobs, opening: opening, pagesSoFar: pagesSoFar, progress: progress)
        let threads = helpers.map { helper in
            Thread { queue.work(with: helper) }
        }
        threads.forEach { $0.start() }
        queue.waitUntilDone(workers: helpers.count)
        if let failure = queue.failure { throw Self.error(failure, name: name, language: settings.language) }
        return try queue.pages.enumerated().map { index, page in
            guard var page else { throw OCRError.helperFailed(name, reason: "page \(index + 1) was not recognized") }
            page.index = index
            return page
        }
    }

    private static func error(_ failure: OCRFailure, name: String, language: String) -> OCRError {
        switch failure.kind {
        case .image: .unreadableImage(name, reason: failure.message)
        case .tooLarge: .tooLarge(name, width: failure.width ?? 0, height: failure.height ?? 0)
        case .language: .languageNotInstalled(language, installed: TessdataDirectory.installedLanguages())
        case .engine: .helperFailed(name, reason: failure.message)
        }
    }
}

/// One page to read: page `page` of the helper's file, or of `file`.
private struct PageJob {
    var file: String?
    var page: Int
}

/// Pages waiting for a helper, and what came back.
private final class PageQueue: @unchecked Sendable {
    private let lock = NSCondition()
    private let jobs: [PageJob]
    private var next = 0
    private var finishedWorkers = 0
    private(set) var pages: [OCRPage?]
    private(set) var failure: OCRFailure?
    /// Dropped when the pages are in: the worker threads may outlive `waitUntilDone` by a
    /// moment, and the caller's closure must not (it may be borrowed with `withoutActuallyEscaping`).
    private var progress: (@Sendable (Double) -> Void)?
    /// Gets the first lines of the first page when they are read ahead.
    private let opening: (@Sendable (OCRPage) -> Void)?
    /// Gets the first pages each time more of them are in (dropped with `progress`).
    private var pagesSoFar: (@Sendable ([OCRPage]) -> Void)?
    /// How many first pages `pagesSoFar` was given; held while it is called, so that it gets
    /// them one call at a time and in order.
    private let reporting = NSLock()
    private var reported = 0

    init(_ jobs: [PageJob], opening: (@Sendable (OCRPage) -> Void)?, pagesSoFar: (@Sendable ([OCRPage]) -> Void)?,
         progress: @escaping @Sendable (Double) -> Void) {
        self.jobs = jobs
        self.opening = opening
        self.pagesSoFar = pagesSoFar
        self.progress = progress
        pages = Array(repeating: nil, count: jobs.count)
    }

    /// Hands `pagesSoFar` the first pages when more of them are in than it had, short of all.
    private func reportFirstPages() {
        reporting.lock()
        defer { reporting.unlock() }
        lock.lock()
        let first = pages.prefix { $0 != nil }.enumerated().compactMap { index, page -> OCRPage? in
            guard var page else { return nil }
            page.index = index
            return page
        }
        let report = pagesSoFar
        lock.unlock()
        guard let report, first.count > reported, first.count < pages.count else { return }
        reported = first.count
        report(first)
    }

    private func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, next < pages.count else { return nil }
        next += 1
        return next - 1
    }

    func work(with helper: OCRHelper) {
        while let index = take() {
            let answer = index == 0 && opening != nil
                ? helper.request(openingOf: jobs[index].page, of: jobs[index].file) { [opening] in opening?($0) }
                : helper.request(page: jobs[index].page, of: jobs[index].file)
            lock.lock()
            switch answer {
            case .page(let page)?: pages[index] = page
            case .failure(let problem)? where problem.kind == .image && pages.count > 1:
                // One damaged page of many (a scan cut short): the others are still worth having.
                pages[index] = OCRPage(index: index, words: [], problem: "skipped, it cannot be decoded")
            case .failure(let problem)?: failure = failure ?? problem
            case .ready?, .opening?, nil:
                failure = failure ?? OCRFailure(kind: .engine, message: "the OCR helper stopped on page \(index + 1)")
            }
            let done = pages.lazy.filter { $0 != nil }.count
            let progress = self.progress
            lock.unlock()
            progress?(Double(done) / Double(pages.count))
            reportFirstPages()
        }
        lock.lock()
        finishedWorkers += 1
        lock.broadcast()
        lock.unlock()
    }

    func waitUntilDone(workers: Int) {
        lock.lock()
        while finishedWorkers < workers { lock.wait() }
        progress = nil
        lock.unlock()
        // Not while a report is being made: the caller's closure ends with this call.
        reporting.lock()
        lock.lock()
        pagesSoFar = nil
        lock.unlock()
        reporting.unlock()
    }
}

/// One `speak-ocr` process.
final class OCRHelper: @unchecked Sendable {
    private let helper: HelperProcess

    /// `file` nil: a helper that is told the file with every page.
    init(executable: String, file: String?, settings: OCRSettings, readAhead: Bool = false, cores: Int = 1) throws {
        let arguments = (file.map { ["--file", $0] } ?? []) + settings.helperArguments + (readAhead ? ["--read-ahead"] : [])
            + (cores > 1 ? ["--cores", String(cores)] : [])
        // Tesseract's OpenMP threads make parallel instances several times slower.
        guard let helper = HelperProcess(executable: executable, arguments: arguments, environment: ["OMP_THREAD_LIMIT": "1"]) else {
            throw OCRError.helperMissing(executable)
        }
        self.helper = helper
    }

    func request(page: Int, of file: String?) -> OCRWorkerMessage? {
        helper.send(file.map { "\(page)\t\($0)" } ?? "\(page)") ? next() : nil
    }

    /// A page (of the helper's file, or of `file`) read in two steps: its opening goes to
    /// `opening`, the answer is the whole page (or a failure).
    func request(openingOf page: Int, of file: String?, _ opening: (OCRPage) -> Void) -> OCRWorkerMessage? {
        guard helper.send("opening\t" + (file.map { "\(page)\t\($0)" } ?? "\(page)")) else { return nil }
        while let message = next() {
            guard case .opening(let first) = message else { return message }
            opening(first)
        }
        return nil
    }

    /// The next message, or nil when the helper ended or said something unreadable.
    func next() -> OCRWorkerMessage? {
        helper.nextLine().flatMap(OCRWire.decode)
    }

    func stop() {
        helper.stop()
    }
}
