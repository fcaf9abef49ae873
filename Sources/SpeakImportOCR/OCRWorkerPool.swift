import Foundation

/// Recognizes the pages of an image file. The real one runs `speak-ocr` helper processes;
/// tests use a fake so they need no Tesseract.
public protocol PageRecognizer: Sendable {
    /// All pages of `file` in order. `progress` gets the fraction of pages done.
    func recognize(file: String, name: String, language: String, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage]
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

    public func recognize(file: String, name: String, language: String,
                          progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        let first = try OCRHelper(executable: executable, file: file, language: language)
        var helpers = [first]
        defer { helpers.forEach { $0.stop() } }
        let pageCount: Int
        switch first.next() {
        case .ready(let pages)?: pageCount = pages
        case .failure(let failure)?: throw Self.error(failure, name: name, language: language)
        case .page?, nil: throw OCRError.helperFailed(name, reason: "the OCR helper stopped before reading the image")
        }
        guard pageCount > 0 else { throw OCRError.unreadableImage(name, reason: "the image has no pages") }
        for _ in 1..<min(maximumWorkers, pageCount) {
            guard let helper = try? OCRHelper(executable: executable, file: file, language: language),
                  case .ready? = helper.next() else { break }
            helpers.append(helper)
        }
        let queue = PageQueue(count: pageCount)
        let threads = helpers.map { helper in
            Thread { queue.work(with: helper, progress: progress) }
        }
        threads.forEach { $0.start() }
        queue.waitUntilDone(workers: helpers.count)
        if let failure = queue.failure { throw Self.error(failure, name: name, language: language) }
        return try queue.pages.enumerated().map { index, page in
            guard let page else { throw OCRError.helperFailed(name, reason: "page \(index + 1) was not recognized") }
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

/// Pages waiting for a helper, and what came back.
private final class PageQueue: @unchecked Sendable {
    private let lock = NSCondition()
    private var next = 0
    private var finishedWorkers = 0
    private(set) var pages: [OCRPage?]
    private(set) var failure: OCRFailure?

    init(count: Int) {
        pages = Array(repeating: nil, count: count)
    }

    private func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, next < pages.count else { return nil }
        next += 1
        return next - 1
    }

    func work(with helper: OCRHelper, progress: @Sendable (Double) -> Void) {
        while let index = take() {
            let answer = helper.request(page: index)
            lock.lock()
            switch answer {
            case .page(let page)?: pages[index] = page
            case .failure(let problem)? where problem.kind == .image && pages.count > 1:
                // One damaged page of many (a scan cut short): the others are still worth having.
                pages[index] = OCRPage(index: index, words: [], problem: "skipped, it cannot be decoded")
            case .failure(let problem)?: failure = failure ?? problem
            case .ready?, nil:
                failure = failure ?? OCRFailure(kind: .engine, message: "the OCR helper stopped on page \(index + 1)")
            }
            let done = pages.lazy.filter { $0 != nil }.count
            lock.unlock()
            progress(Double(done) / Double(pages.count))
        }
        lock.lock()
        finishedWorkers += 1
        lock.broadcast()
        lock.unlock()
    }

    func waitUntilDone(workers: Int) {
        lock.lock()
        while finishedWorkers < workers { lock.wait() }
        lock.unlock()
    }
}

/// One `speak-ocr` process on a socket pair (its standard input and output), so a helper that
/// dies shows up as end of file and never as SIGPIPE.
final class OCRHelper: @unchecked Sendable {
    private let process = Process()
    private let socket: Int32
    private var buffer = Data()

    init(executable: String, file: String, language: String) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw OCRError.helperMissing(executable) }
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0 else {
            throw OCRError.helperFailed(file, reason: "cannot start the OCR helper: \(String(cString: strerror(errno)))")
        }
        socket = descriptors[0]
        let child = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--file", file, "--lang", language]
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = child
        process.standardOutput = child
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            try child.close()
        } catch {
            close(socket)
            throw OCRError.helperMissing(executable)
        }
    }

    func request(page: Int) -> OCRWorkerMessage? {
        let line = Array("\(page)\n".utf8)
        let written = line.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var done = 0
            while done < bytes.count {
                let n = send(socket, base + done, bytes.count - done, Int32(MSG_NOSIGNAL))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        return written ? next() : nil
    }

    /// The next message, or nil when the helper ended or said something unreadable.
    func next() -> OCRWorkerMessage? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[buffer.startIndex..<newline])
                buffer = Data(buffer[(newline + 1)...])
                return OCRWire.decode(line)
            }
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Closing the socket tells the helper to end.
    func stop() {
        close(socket)
        process.waitUntilExit()
    }
}
