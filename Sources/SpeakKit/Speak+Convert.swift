import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakModel
import SpeakSynthesis

/// What the user asked for when converting a document to audio.
public struct ConvertRequest: Sendable {
    /// The file to write ("-" for standard output, WAV only), or a directory when `outputIsDirectory`.
    public var output: String
    /// Write into the directory `output`, naming the file after the document's title.
    public var outputIsDirectory = false
    /// A timing file (.json, .vtt or .srt), or just a format ("json", "vtt", "srt") to write
    /// one next to the audio file.
    public var timings: String?
    /// One cue per word in .vtt/.srt instead of one per sentence.
    public var wordCues = false
    /// Global index of the first word to speak.
    public var fromWord = 0
    public var voice: String?
    /// Multiplier of the voice's normal rate (0.5…4.5).
    public var speed: Double?
    /// Rate in words per minute; wins over `speed`.
    public var wordsPerMinute: Int?
    /// Speak skipped blocks (headers, page numbers, …) too.
    public var readAll = false
    /// Replace an existing output file.
    public var overwrite = false
    /// Processes to synthesize with (one engine each); long documents are split.
    public var jobs = 1
    /// The audio format; nil: from the output's extension, else WAV.
    public var format: AudioFormat?
    /// Kilobits per second for Opus and MP3; nil: the format's default.
    public var bitrate: Int?
    /// One file per chapter, numbered, in the directory `output`.
    public var splitChapters = false
    /// With `splitChapters`: the chapter files go into a folder named after the document
    /// (several documents are split into one directory).
    public var folderPerDocument = false
    /// A JPEG or PNG file for the cover, or "first-page" for a PDF's first page.
    public var cover: String?
    /// Title and author for the tags, instead of the document's.
    public var title: String?
    public var author: String?
    /// Reuse and keep synthesized segments (see `SegmentCache`); off: synthesize everything.
    public var useCache = true

    public init(output: String) {
        self.output = output
    }
}

/// What a conversion produced.
public struct ConversionSummary: Sendable, Codable {
    public var output: String
    public var timings: String?
    public var words: Int
    public var audioSeconds: Double
    public var wallSeconds: Double
    /// Sentences left silent because eSpeak-NG crashed on them (twice): reported, never hidden.
    public var silencedSentences = 0
    /// The voice used: as asked for, or chosen for the document's language, or the configured one.
    public var voice = ""
    /// Audio files written (one per chapter with --split chapters).
    public var files = 1
    public var chapters = 0
    /// Segments taken from the cache instead of synthesized.
    public var reusedSegments = 0
    public var segments = 0
    /// What the check after conversion found wrong (silent chunks, chapters far too short).
    public var problems: [String] = []
    public var realTimeFactor: Double { wallSeconds > 0 ? audioSeconds / wallSeconds : 0 }
}

/// A speed or rate outside what the engine can do.
public struct SpeedError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }
}

extension Speak {
    /// Speed multipliers users may ask for, like the best reading apps.
    public static let speedRange = 0.5...4.5

    /// Converts a file or library document to a WAV file (and a timing file), streaming the
    /// audio to disk; with `jobs` > 1 a long document is split into parts synthesized by
    /// worker processes and joined in order. A partial file is removed when anything fails.
    /// Opus, MP3 and one file per chapter go through cached segments (`convertAudiobook`).
    public func convert(_ input: InputReference, request: ConvertRequest,
                        progress: ProgressHandler? = nil) throws -> ConversionSummary {
        let started = Date()
        let format = try Self.audioFormat(request)
        var settings = try voiceSettings(request)
        let document = try self.document(input)
        var voiceName = request.voice ?? config.voice
        if request.voice == nil, let voice = try defaultVoice(for: document.metadata.language) {
            settings = try voiceSettings(voice: voice, speed: request.speed, wordsPerMinute: request.wordsPerMinute)
            voiceName = voice
        }
        if format != .wav || request.splitChapters {
            return try convertAudiobook(document, input: input, request: request, format: format, settings: settings,
                                        voiceName: voiceName, started: started, progress: progress)
        }
        let output = request.outputIsDirectory ? Self.outputPath(in: request.output, for: document) : request.output
        if output != "-", FileManager.default.fileExists(atPath: output), !request.overwrite {
            throw AudioOutputError(path: output, reason: "the file exists; pass --force to replace it")
        }
        let timings = try timingsPath(request.timings, output: output)
        let inProcess = try EngineThread.shared.sync { try ESpeakEngine.shared() }
        try prepare(inProcess, settings, requested: request.voice)
        let engine = GuardedEngine(inProcess)
        let argument: String? = switch input {
        case .file(let path): URL(fileURLWithPath: path).standardizedFileURL.path
        case .document(let id): String(id)
        case .standardInput: nil
        // Workers would fetch the page again: a URL converts in one process.
        case .url: nil
        }
        let parts = argument == nil ? [request.fromWord..<Int.max]
            : ConversionParts.ranges(of: document, fromWord: request.fromWord, includeSkipped: request.readAll, parts: request.jobs)
        let directory = output == "-" ? FileManager.default.temporaryDirectory.path : ((output as NSString).deletingLastPathComponent.isEmpty ? "." : (output as NSString).deletingLastPathComponent)
        PartWorker.removeAbandonedFiles(in: directory)
        let writer = try WAVWriter(path: output, sampleRate: engine.sampleRate)
        var timingWriter: TimingWriter?
        var workers: [PartWorker] = []
        defer { workers.forEach { $0.cleanUp() } }
        var totalSamples = 0, words = 0, silenced = 0
        do {
            // Timings are written as the audio is, so nothing is left to do at the end.
            timingWriter = try timings.map { path throws(AudioOutputError) in
                try TimingWriter(path: path, document: document, sampleRate: engine.sampleRate, wordCues: request.wordCues)
            }
            if let argument {
                for range in parts.dropFirst() {
                    workers.append(try PartWorker(argument: argument, range: range, settings: settings,
                                                  readAll: request.readAll, directory: directory))
                }
            }
            let partCount = Double(parts.count)
            try Self.speak(document, range: parts[0], engine: engine, settings: settings, readAll: request.readAll,
                           progress: { fraction in progress?(fraction / partCount) }) { piece in
                try piece.samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try writer.write(buffer) }
                try timingWriter?.append(sentence: piece.words)
                words += piece.words.count
                totalSamples = piece.endSample
            }
            for (n, worker) in workers.enumerated() {
                // Copy the part while the worker is still writing it: the join overlaps synthesis.
                let samples = try writer.appendRawPCM(fromFile: worker.pcmPath, isGrowing: { worker.isRunning })
                silenced += try worker.finish(input: argument ?? "-")
                try timingWriter?.append(contentsOf: worker.timelinePath, offset: totalSamples)
                words += worker.wordCount
                totalSamples += samples
                worker.cleanUp()
                progress?(Double(n + 2) / Double(parts.count))
            }
            try writer.finish()
            try timingWriter?.finish(totalSamples: totalSamples)
        } catch {
            writer.discard()
            timingWriter?.discard()
            throw error
        }
        return ConversionSummary(output: output, timings: timings, words: words,
                                 audioSeconds: Double(totalSamples) / Double(engine.sampleRate),
                                 wallSeconds: Date().timeIntervalSince(started),
                                 silencedSentences: silenced + engine.silencedSentences, voice: voiceName)
    }

    /// Speaks words `range` of a document on the engine thread (running ahead of the
    /// consumer), handing each sentence piece to `consume` in order.
    static func speak(_ document: Document, range: Range<Int>, engine: any SpeechEngine, settings: VoiceSettings, readAll: Bool,
                      progress: ProgressHandler?, consume: (SpeechPiece) throws -> Void) throws {
        let stream = try SpeechStream(document: document, engine: engine, settings: settings, fromWord: range.lowerBound,
                                      toWord: range.upperBound, includeSkipped: readAll, historyWords: 0)
        let span = Double(max(1, min(range.upperBound, document.wordCount) - range.lowerBound))
        var spoken = false
        while let piece = try stream.next() {
            try consume(piece)
            spoken = spoken || !piece.words.isEmpty
            if let last = piece.words.last { progress?(Double(last.index + 1 - range.lowerBound) / span) }
        }
        guard spoken else { throw SynthesisError.nothingToSpeak }
    }

    /// Synthesizes words `range` of a document into raw PCM and a timeline file: the work of
    /// one worker process of a parallel conversion. Returns the number of sentences left
    /// silent because the engine crashed on them.
    @discardableResult
    public func synthesizePart(_ input: InputReference, range: Range<Int>, settings: VoiceSettings,
                               readAll: Bool, pcmPath: String, timelinePath: String, parent: Int32? = nil) throws -> Int {
        // A worker whose parent is gone (killed, crashed) stops and removes its files instead
        // of synthesizing half a book into the temporary directory for nobody. The parent's
        // pid comes on the command line: it may already be gone when this process starts.
        let parent = parent ?? getppid()
        guard getppid() == parent else { throw ConversionFailure(message: "the parent process is gone") }
        let document = try self.document(input)
        let engine = GuardedEngine(try EngineThread.shared.sync { try ESpeakEngine.shared() })
        // Truncate in place, never replace: the parent may already be reading this file.
        let descriptor = open(pcmPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw AudioOutputError(path: pcmPath, reason: "cannot create the file") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        PartialFiles.register(pcmPath)
        PartialFiles.register(timelinePath)
        var buffer = Data()
        do {
            let timeline = try TimelineFile(path: timelinePath)
            try Self.speak(document, range: range, engine: engine, settings: settings, readAll: readAll,
                           progress: nil) { piece in
                try timeline.append(sentence: piece.words)
                piece.samples.withUnsafeBytes { buffer.append(contentsOf: $0) }
                if buffer.count >= 1 << 20 {
                    guard getppid() == parent else { throw ConversionFailure(message: "the parent process is gone") }
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.close()
            try timeline.finish()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: pcmPath)
            try? FileManager.default.removeItem(atPath: timelinePath)
            throw error
        }
        // The parent owns the files from here and removes them after joining.
        PartialFiles.unregister(pcmPath)
        PartialFiles.unregister(timelinePath)
        return engine.silencedSentences
    }

    /// "<directory>/<title>.<format>" with characters that do not belong in file names replaced.
    static func outputPath(in directory: String, for document: Document, format: AudioFormat = .wav) -> String {
        let name = AudiobookPlan.fileName(document.metadata.title, fallback: "document-\(document.metadata.id ?? 0)")
        return (directory as NSString).appendingPathComponent(name + "." + format.fileExtension)
    }

    /// The timing file for a request: a path as given, or a bare format placed next to the audio.
    func timingsPath(_ timings: String?, output: String) throws -> String? {
        guard let timings else { return nil }
        if TimingWriter.Format(rawValue: timings.lowercased()) != nil {
            guard output != "-" else { throw InputUsageError(message: "with -o -, give --timings a file name, not just '\(timings)'") }
            return (output as NSString).deletingPathExtension + "." + timings.lowercased()
        }
        guard TimingWriter.format(forPath: timings) != nil else {
            throw InputUsageError(message: "timing file '\(timings)' must end in .json, .vtt or .srt")
        }
        return timings
    }
}
