import Foundation

/// One running Apertium pipeline for a pair: the programs its mode lists, started once in
/// null-flush mode (`apertium-wblank-mode -z`), so that each text written, ended by a NUL,
/// comes back translated and ended by a NUL, exactly as if it had been translated alone —
/// without starting ten programs per paragraph. Unknown words are not marked.
final class ApertiumPipeline {
    private let process = Process()
    private let input: PipelineInput
    private let output: FileHandle
    /// The pipeline's stderr, a file: a pipe nobody reads could fill and stall it.
    private let errorFile: URL
    private var buffer = Data()

    init(pair: ApertiumPair) throws(TranslateError) {
        let script = try Self.script(pair)
        let stdin = Pipe(), stdout = Pipe()
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("speak-apertium-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // $1 and $2 of the mode: the generator's option ("-n": no marks for unknown words,
        // as `apertium -u`) and the tagger's (none).
        process.arguments = ["-c", script, "apertium", "-n", ""]
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: errorFile.path)
        do {
            try process.run()
        } catch {
            throw .apertiumMissing
        }
        input = PipelineInput(stdin.fileHandleForWriting)
        output = stdout.fileHandleForReading
    }

    deinit { close() }

    /// The shell pipeline of a pair's mode in null-flush mode.
    private static func script(_ pair: ApertiumPair) throws(TranslateError) -> String {
        guard let program = ApertiumInstallation.which("apertium-wblank-mode") else { throw .apertiumMissing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-z", pair.modeFile]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .apertiumMissing }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let script = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !script.isEmpty else {
            throw .engineFailed(pair: pair.name, reason: "its mode file \(pair.modeFile) cannot be read")
        }
        return script
    }

    /// Translates `batches` of texts, each text on its own, handing each batch's results to
    /// `each` as they come (it returns false to stop). All the batches are written at once on
    /// a thread of their own while the results are read here, so every program of the
    /// pipeline keeps working — waiting for one batch before writing the next would leave
    /// all but one of them idle.
    func translate(_ batches: [[String]], pair: String, each: ([String]) -> Bool) throws(TranslateError) {
        let payloads = batches.map { texts -> Data in
            var payload = Data()
            for text in texts {
                payload.append(Data(ApertiumFormat.deformat(text).utf8))
                payload.append(0)
            }
            return payload
        }
        let written = DispatchSemaphore(value: 0)
        // SIGPIPE blocked on the writing thread: a pipeline that died makes the write fail
        // (the reading below then says why), not the process; the signal ends with the thread.
        let input = input
        Thread {
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &mask, nil)
            for payload in payloads {
                do { try input.write(payload) } catch { break }
            }
            // Everything is written: the end of the input lets every program end once its
            // work is done — and lets a pipeline one of whose programs died end at all (the
            // others would wait for more input for ever, and so would the reading below).
            input.close()
            written.signal()
        }.start()
        defer {
            // Stopped early: what is still written is not wanted.
            close()
            written.wait()
        }
        for texts in batches {
            var results: [String] = []
            results.reserveCapacity(texts.count)
            while results.count < texts.count {
                if let end = buffer.firstIndex(of: 0) {
                    let piece = buffer[buffer.startIndex..<end]
                    results.append(ApertiumFormat.reformat(String(decoding: piece, as: UTF8.self)))
                    buffer.removeSubrange(buffer.startIndex...end)
                    continue
                }
                let more = output.availableData
                guard !more.isEmpty else {
                    process.waitUntilExit()
                    let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
                    let reason = stderr.split(separator: "\n").last.map(String.init) ?? "it stopped (status \(process.terminationStatus))"
                    throw .engineFailed(pair: pair, reason: reason)
                }
                buffer.append(more)
            }
            guard each(results) else { return }
        }
    }

    private var closed = false

    /// Ends the pipeline: its input closed, what it still writes read and dropped (so that it
    /// cannot block on a full pipe), and waited for.
    func close() {
        guard !closed else { return }
        closed = true
        input.close()
        _ = try? output.readToEnd()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: errorFile)
    }
}

/// The writing end of a pipeline's input, closed once whoever closes it first (the writing
/// thread when all is written, or `close()` when the pipeline is stopped early).
private final class PipelineInput: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var closed = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func write(_ data: Data) throws {
        try handle.write(contentsOf: data)
    }

    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            try? handle.close()
        }
    }
}
