import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakImport
import SpeakModel
import SpeakSynthesis

/// How a segment is synthesized: the same in this process and in a `speak __segments` worker.
public struct SegmentJob: Sendable {
    public var settings: VoiceSettings
    public var encoder: EncoderSettings
    public var readAll: Bool

    public init(settings: VoiceSettings, encoder: EncoderSettings, readAll: Bool) {
        self.settings = settings
        self.encoder = encoder
        self.readAll = readAll
    }

    /// Loudest sample below which a chunk with words counts as silent.
    static let silenceThreshold = 64

    /// Speaks words `range`, encodes them and writes the segment file at `path`.
    func synthesize(_ document: Document, range: Range<Int>, engine: any SpeechEngine, path: String,
                    progress: ProgressHandler? = nil) throws {
        let encoder = try SegmentEncoders.make(self.encoder, sampleRate: engine.sampleRate)
        var timeline: [TimelineRecord] = []
        var silent: [SilentChunk] = []
        let silencedBefore = engine.silencedSentences
        // Fault injection for the tests of verification: one chunk comes out silent.
        var muteOne = ProcessInfo.processInfo.environment["SPEAK_FAULT_INJECT"] == "silent-chunk"
        try RangeSpeech.speak(document, range: range, engine: engine, settings: settings, readAll: readAll, progress: progress) { piece in
            var samples = piece.samples
            if muteOne, piece.words.count >= 3 {
                muteOne = false
                samples = [Int16](repeating: 0, count: samples.count)
            }
            for (i, word) in piece.words.enumerated() {
                timeline.append(TimelineRecord(word: TimedWord(index: word.index - range.lowerBound, startSample: word.startSample,
                                                               endSample: word.endSample, skipped: word.skipped), startsSentence: i == 0))
            }
            if let first = piece.words.first, samples.allSatisfy({ abs(Int($0)) < Self.silenceThreshold }) {
                silent.append(SilentChunk(firstWord: first.index - range.lowerBound, words: piece.words.count))
            }
            try samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try encoder.write(buffer) }
        }
        let audio = try encoder.finish()
        var header = SegmentHeader(audio: audio, sampleRate: engine.sampleRate, words: timeline.count)
        header.silentChunks = silent
        header.silenced = engine.silencedSentences - silencedBefore
        try SegmentFile.write(path, header: header, timeline: timeline, audio: audio.payload)
    }

    /// Arguments that give a worker this job.
    var arguments: [String] {
        var arguments = ["--voice", settings.voice, "--wpm", String(settings.wordsPerMinute),
                         "--format", encoder.format.rawValue, "--bitrate", String(encoder.bitrate)]
        if let pitch = settings.pitch { arguments += ["--pitch", String(pitch)] }
        if let range = settings.range { arguments += ["--range", String(range)] }
        arguments += ["--speech", settings.speech.argument]
        if readAll { arguments.append("--read-all") }
        return arguments
    }
}

/// A `speak __segments` child process: loads the document once, then synthesizes the segments
/// it is sent ("FIRST<TAB>END<TAB>PATH"), answering "ok" or "error<TAB>STATUS<TAB>message" for each.
public final class SegmentWorker {
    private let helper: HelperProcess

    init(input: String, job: SegmentJob) throws {
        guard let helper = HelperProcess(executable: try SpeakExecutable.path(),
                                         arguments: ["__segments", input, "--parent", String(getpid())] + job.arguments) else {
            throw ConversionFailure(message: "cannot start a synthesis worker: \(String(cString: strerror(errno)))")
        }
        self.helper = helper
    }

    /// Synthesizes one segment; throws with the worker's message, or when it died.
    func synthesize(_ range: Range<Int>, path: String) throws {
        guard helper.send("\(range.lowerBound)\t\(range.upperBound)\t\(path)"), let line = helper.nextLine() else {
            throw ConversionFailure(message: "a synthesis worker crashed")
        }
        let reply = String(decoding: line, as: UTF8.self)
        guard reply == "ok" else {
            // "error<TAB>STATUS<TAB>message": the exit status of what went wrong travels with it.
            let fields = reply.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, fields[0] == "error" else { throw ConversionFailure(message: "a synthesis worker failed") }
            throw ConversionFailure(message: fields[2], exitStatus: Int32(fields[1]).flatMap(ExitStatus.init(rawValue:)) ?? .software)
        }
    }

    func stop() {
        helper.stop()
    }
}

extension SegmentWorker {
    /// The loop of a `speak __segments` worker on standard input and output.
    public static func serve(document load: () throws -> Document, job: SegmentJob, parent: Int32) {
        func reply(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        func failure(_ error: any Error) -> String {
            let known = error as? UserFacingError
            return "error\t\((known?.exitStatus ?? .software).rawValue)\t" + (known?.message ?? "\(error)").replacingOccurrences(of: "\n", with: " ")
        }
        let document: Document
        let engine: any SpeechEngine
        do {
            document = try load()
            engine = try EngineChoice.engine(for: job.settings, threads: 1)
        } catch {
            while readLine() != nil { reply(failure(error)) }
            return
        }
        while let line = readLine() {
            // Fault injection for the tests of worker failure handling.
            if ProcessInfo.processInfo.environment["SPEAK_FAULT_INJECT"] == "segment-crash" { kill(getpid(), SIGKILL) }
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard getppid() == parent, fields.count == 3, let first = Int(fields[0]), let end = Int(fields[1]), first < end else {
                reply("error\t\(ExitStatus.software.rawValue)\tbad request")
                continue
            }
            do {
                try job.synthesize(document, range: first..<end, engine: engine, path: fields[2])
                reply("ok")
            } catch {
                reply(failure(error))
            }
        }
    }
}
