import ArgumentParser
import Foundation
import SpeakTerminal
import SpeakKit

/// Converts many inputs at once: up to `--jobs` child `speak convert` processes, one input
/// each (eSpeak-NG runs one synthesis per process), reporting their JSON summaries.
struct BatchConversion {
    let command: ConvertCommand
    let inputs: [String]

    /// The summaries in the order of the inputs (nil for an input that failed), and the first failure.
    func run() throws -> ([ConversionSummary?], ExitStatus?) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let bar = ProgressBar(label: "\(inputs.count) documents")
        defer { bar.finish() }
        var pending = Array(inputs.enumerated().reversed())
        var running: [(index: Int, process: Process, output: Pipe, errors: Pipe)] = []
        var results = [ConversionSummary?](repeating: nil, count: inputs.count)
        var failure: ExitStatus?
        var done = 0
        while !pending.isEmpty || !running.isEmpty {
            while running.count < command.jobs, let (index, input) = pending.popLast() {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = childArguments(input)
                let output = Pipe(), errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                process.standardInput = FileHandle.nullDevice
                try process.run()
                running.append((index, process, output, errors))
            }
            // Children write little; reading their pipes to the end is waiting for them.
            let child = running.removeFirst()
            let data = child.output.fileHandleForReading.readDataToEndOfFile()
            let message = String(decoding: child.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.process.waitUntilExit()
            done += 1
            bar.update(Double(done) / Double(inputs.count))
            if child.process.terminationStatus == 0,
               let summaries = try? JSONDecoder().decode([ConversionSummary].self, from: data), let summary = summaries.first {
                results[child.index] = summary
            } else {
                let line = message.split(separator: "\n").last.map(String.init)?.replacingOccurrences(of: "speak: ", with: "")
                Terminal.error(line ?? "converting '\(inputs[child.index])' failed")
                failure = failure ?? (ExitStatus(rawValue: child.process.terminationStatus) ?? .software)
            }
        }
        return (results, failure)
    }

    private func childArguments(_ input: String) -> [String] {
        let c = command
        var arguments = ["convert", input, "-o", c.output.hasSuffix("/") ? c.output : c.output + "/", "--jobs", "1", "--json",
                         "--from-word", String(c.fromWord)]
        if let timings = c.timings { arguments += ["--timings", timings] }
        if let voice = c.voice { arguments += ["--voice", voice] }
        if let speed = c.speed { arguments += ["--speed", String(speed)] }
        if let wpm = c.wpm { arguments += ["--wpm", String(wpm)] }
        for rules in c.speech.skip { arguments += ["--skip", rules] }
        for rules in c.speech.read { arguments += ["--read", rules] }
        if c.speech.asWritten { arguments.append("--as-written") }
        for (flag, value) in [("--format", c.format), ("--bitrate", c.bitrate.map(String.init)), ("--split", c.split), ("--cover", c.cover),
                              ("--title", c.title), ("--author", c.author)] {
            if let value { arguments += [flag, value] }
        }
        if c.noCache { arguments.append("--no-cache") }
        if c.split != nil { arguments.append("--folder-per-document") }
        for (flag, on) in [("--word-cues", c.wordCues), ("--read-all", c.readAll), ("--force", c.force || c.shard != nil), ("--save", c.save)] where on {
            arguments.append(flag)
        }
        return arguments
    }
}

/// `speak __slices`: a worker of a parallel WAV conversion, speaking the slices it is sent
/// (not for direct use).
struct SlicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "__slices", shouldDisplay: false)

    @Argument var input: String
    @Option var voice: String
    @Option var wpm: Int
    @Option var pitch: Int?
    @Option var range: Int?
    @Option var speech: String?
    @Flag var readAll = false

    func run() throws {
        Speak.silenceEngineDiagnostics()
        try reportingErrors {
            let said = speech.flatMap(SpeechOptions.init(argument:)) ?? .asWritten
            try openSpeak().serveSlices(input: input, settings: VoiceSettings(voice: voice, wordsPerMinute: wpm, pitch: pitch, range: range, speech: said),
                                        readAll: readAll)
        }
    }
}

/// `speak __segments`: a worker of an audiobook conversion, synthesizing the segments it is
/// sent (not for direct use).
struct SegmentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "__segments", shouldDisplay: false)

    @Argument var input: String
    @Option var voice: String
    @Option var wpm: Int
    @Option var pitch: Int?
    @Option var range: Int?
    @Option var speech: String?
    @Flag var readAll = false
    @Option var format: String
    @Option var bitrate: Int
    @Option var parent: Int32

    func run() throws {
        Speak.silenceEngineDiagnostics()
        try reportingErrors {
            guard let format = AudioFormat(rawValue: format) else { throw ExitCode(ExitStatus.usage.rawValue) }
            let said = speech.flatMap(SpeechOptions.init(argument:)) ?? .asWritten
            let job = SegmentJob(settings: VoiceSettings(voice: voice, wordsPerMinute: wpm, pitch: pitch, range: range, speech: said),
                                 encoder: EncoderSettings(format: format, bitrate: bitrate), readAll: readAll)
            try openSpeak().serveSegments(input: input, job: job, parent: parent)
        }
    }
}

/// `speak __engine`: the engine helper that synthesizes text eSpeak-NG could crash on, so that
/// only the helper dies (not for direct use).
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "__engine", shouldDisplay: false)

    func run() {
        Speak.serveEngine()
    }
}
