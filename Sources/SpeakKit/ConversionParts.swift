import Foundation
import SpeakModel
import SpeakAudio
import SpeakImport
import SpeakSynthesis

/// Splits a conversion into word ranges for worker processes. eSpeak-NG can only run one
/// synthesis per process, so parallel synthesis means processes; cuts fall on sentence
/// starts, so the parts join without a seam.
enum ConversionParts {
    /// Documents shorter than this are not worth a process start.
    static let minimumWordsPerPart = 2000

    /// Word ranges from `fromWord` to the end, about equal in synthesis work — measured in
    /// text length, not words: eSpeak's time follows the sounds, and a part of long words took
    /// 15% longer than one with as many short words. The last range ends at `Int.max`. Cuts
    /// fall on block starts (a block always starts a sentence) or, in a long block, on a
    /// sentence start; only the blocks that hold a cut are segmented, so the first audio of a
    /// long book is not delayed by planning.
    static func ranges(of document: Document, fromWord: Int, includeSkipped: Bool, parts: Int) -> [Range<Int>] {
        let blocks = document.blocks.filter { (includeSkipped || $0.isSpoken) && $0.wordIndices.upperBound > fromWord }
        let words = blocks.reduce(0) { $0 + $1.wordIndices.upperBound - max(fromWord, $1.firstWord) }
        let count = max(1, min(parts, words / minimumWordsPerPart))
        guard count > 1, let firstBlock = blocks.first else { return [fromWord..<Int.max] }
        // Work per block in UTF-8 bytes (known without a pass over the text); the first block
        // counts only from the starting word.
        var weights = blocks.map { $0.text.utf8.count }
        if fromWord > firstBlock.firstWord {
            let spans = firstBlock.wordSpans
            let scalars = Array(firstBlock.text.unicodeScalars)
            weights[0] = String(String.UnicodeScalarView(scalars[Int(spans[fromWord - firstBlock.firstWord].start)...])).utf8.count
        }
        let total = Double(weights.reduce(0, +))
        // Equal shares: the parent also joins the parts, but the kernel copies a worker's audio
        // (sendfile), so that costs it little; it was given 5% less while it copied in user space.
        func target(_ k: Int) -> Double { total * Double(k) / Double(count) }
        var starts = [fromWord]
        var done = 0.0
        for (block, weight) in zip(blocks, weights) {
            let first = max(fromWord, block.firstWord)
            while starts.count < count, target(starts.count) < done + Double(weight) {
                // Where in this block the cut should be, as a share of its text.
                let share = (target(starts.count) - done) / Double(max(1, weight))
                var cut = first
                if share > 0.02, block.wordIndices.upperBound - first > minimumWordsPerPart / 4 {
                    let scalars = Array(block.text.unicodeScalars)
                    let spans = block.wordSpans
                    let from = Int(spans[first - block.firstWord].start)
                    let goal = UInt32(from + Int(share * Double(scalars.count - from)))
                    let sentences = SentenceSegmenter.sentences(in: scalars, words: spans)
                    cut = sentences.map(\.lowerBound).first { $0 >= first - block.firstWord && spans[$0].start >= goal }
                        .map { block.firstWord + $0 } ?? block.wordIndices.upperBound
                }
                guard cut > starts[starts.count - 1], cut < block.wordIndices.upperBound || cut == block.firstWord else { break }
                starts.append(cut)
            }
            done += Double(weight)
        }
        return starts.enumerated().map { i, start in start..<(i + 1 < starts.count ? starts[i + 1] : Int.max) }
    }
}

/// A `speak` child process synthesizing one part into raw PCM and a timeline file.
final class PartWorker {
    let range: Range<Int>
    let pcmPath: String
    let timelinePath: String
    private let process = Process()
    private let errorFile: String

    init(argument: String, range: Range<Int>, settings: VoiceSettings, readAll: Bool, directory: String) throws {
        self.range = range
        let stem = directory + "/.speak-part-\(getpid())-\(range.lowerBound)"
        pcmPath = stem + ".pcm"
        timelinePath = stem + ".timeline"
        errorFile = stem + ".err"
        for path in [pcmPath, timelinePath, errorFile] { PartialFiles.register(path) }
        // The parent starts reading the part while the worker still writes it.
        _ = FileManager.default.createFile(atPath: pcmPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        var arguments = ["__part", argument, "--from-word", String(range.lowerBound), "--voice", settings.voice,
                         "--wpm", String(settings.wordsPerMinute), "--pcm", pcmPath, "--timeline", timelinePath, "--parent", String(getpid())]
        if range.upperBound != Int.max { arguments += ["--to-word", String(range.upperBound)] }
        if let pitch = settings.pitch { arguments += ["--pitch", String(pitch)] }
        if let range = settings.range { arguments += ["--range", String(range)] }
        if readAll { arguments.append("--read-all") }
        process.arguments = arguments
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorFile)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    /// Words in the finished part's timeline.
    var wordCount: Int { TimelineFile.wordCount(at: timelinePath) }

    /// Waits for the worker; throws with the worker's own message when it failed. Returns the
    /// number of sentences the worker had to leave silent (it reports them as "silenced N").
    func finish(input: String) throws -> Int {
        let ending = HelperProcess.reap(process)
        let lines = ((try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "").split(separator: "\n")
        let message = lines.last.map { String($0).replacingOccurrences(of: "speak: ", with: "") }
        guard ending == .exit(0), FileManager.default.fileExists(atPath: timelinePath) else {
            let how = if case .signal(let number) = ending { "crashed (signal \(number))" } else { "failed" + (message.map { ": \($0)" } ?? "") }
            throw ConversionFailure(message: "synthesis of '\(input)' words \(range.lowerBound)…\(range.upperBound == Int.max ? "end" : String(range.upperBound - 1)) \(how)")
        }
        return lines.compactMap { $0.hasPrefix("silenced ") ? Int($0.dropFirst("silenced ".count)) : nil }.reduce(0, +)
    }

    /// Stops the worker and removes its files.
    func cleanUp() {
        if process.isRunning {
            process.terminate()
            HelperProcess.reap(process)
        }
        for path in [pcmPath, timelinePath, errorFile] {
            try? FileManager.default.removeItem(atPath: path)
            PartialFiles.unregister(path)
        }
    }

    /// Removes part files left in `directory` by conversions whose process is
    /// gone (killed with SIGKILL, or power loss): nothing can clean up after those itself.
    static func removeAbandonedFiles(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".speak-part-") {
            let pidText = name.dropFirst(".speak-part-".count).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    static func executable() throws -> String {
        do {
            return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw ConversionFailure(message: "cannot find the speak executable to start workers")
        }
    }
}

/// A conversion that failed inside `speak` (a worker crashed or misbehaved).
public struct ConversionFailure: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .software }
}
