import Foundation
import SpeakAudio
import SpeakConversion
import SpeakESpeak
import SpeakModel
import SpeakSpeech
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
    /// What this run skips or reads besides the configured and per-document skip rules.
    public var speech = SpeechRequest()
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
    /// Voices of paragraphs in other languages: "fr (fr, 2 paragraphs)".
    public var otherVoices: [String] = []
    /// Audio files written (one per chapter with --split chapters).
    public var files = 1
    public var chapters = 0
    /// Segments taken from the cache instead of synthesized.
    public var reusedSegments = 0
    public var segments = 0
    /// What the check after conversion found wrong (silent chunks, chapters far too short).
    public var problems: [String] = []
    /// What the check found worth a look in a complete file (a chapter of unusual length).
    public var warnings: [String] = []
    public var realTimeFactor: Double { wallSeconds > 0 ? audioSeconds / wallSeconds : 0 }
}

/// A speed or rate outside what the engine can do.
public struct SpeedError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }
}

extension Speak {
    /// Speed multipliers users may ask for, like the best reading apps.
    public static let speedRange = Player.speedRange

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
        var speechRequest = request.speech
        // A voice the user chose reads every paragraph, whatever its language.
        if request.voice != nil { speechRequest.followLanguage = false }
        settings.speech = try speechOptions(for: document, request: speechRequest)
        // Worked out after the audio (a long book's paragraphs are each asked their language).
        let otherVoices = { [self] in
            voicesUsed(document, voice: settings.voice, options: settings.speech).dropFirst()
                .map { "\($0.voice) (\($0.language), \($0.paragraphs) paragraph\($0.paragraphs == 1 ? "" : "s"))" }
        }
        if format != .wav || request.splitChapters {
            var summary = try convertAudiobook(document, input: input, request: request, format: format, settings: settings,
                                               voiceName: voiceName, started: started, progress: progress)
            summary.otherVoices = otherVoices()
            return summary
        }
        let output = request.outputIsDirectory ? Self.outputPath(in: request.output, for: document) : request.output
        if OutputPath.replacesFile(output), !request.overwrite {
            throw AudioOutputError(path: output, reason: "the file exists; pass --force to replace it", advice: nil)
        }
        let timings = try timingsPath(request.timings, output: output)
        // Workers open the input themselves: a file or a library document (a page fetched
        // from a URL or read from standard input converts in this process). They start first,
        // and load the document and the voice while this process does.
        let argument: String? = switch input {
        case .file(let path): URL(fileURLWithPath: path).standardizedFileURL.path
        case .document(let id): String(id)
        case .standardInput, .url, .uploaded: nil
        }
        let spoken = SliceCutter.spokenWords(in: document, from: request.fromWord, includeSkipped: request.readAll)
        let parallel = try argument.flatMap { argument in
            request.jobs > 1 && spoken >= Self.minimumWordsForWorkers
                ? try ParallelConversion(document: document, input: argument, inputName: input.displayName, settings: settings,
                                         readAll: request.readAll, fromWord: request.fromWord, jobs: request.jobs)
                : nil
        }
        let engine = try self.engine(for: settings, requested: request.voice)
        if !OutputPath.isStream(output) { PartialFiles.removeAbandoned(near: output) }
        let writer = try WAVWriter(path: output, sampleRate: engine.sampleRate)
        var timingWriter: TimingWriter?
        var totalSamples = 0, words = 0, silenced = 0
        do {
            // Timings are written as the audio is, so nothing is left to do at the end.
            timingWriter = try timings.map { path throws(AudioOutputError) in
                try TimingWriter(path: path, document: document, sampleRate: engine.sampleRate, wordCues: request.wordCues)
            }
            if let parallel {
                let outcome = try parallel.run(writer: writer, timings: timingWriter, progress: progress)
                (totalSamples, words, silenced) = (outcome.samples, outcome.words, outcome.silenced)
            } else {
                try RangeSpeech.speak(document, range: request.fromWord..<Int.max, engine: engine, settings: settings,
                               readAll: request.readAll, progress: progress) { piece in
                    try piece.samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try writer.write(buffer) }
                    try timingWriter?.append(sentence: piece.words)
                    words += piece.words.count
                    totalSamples = piece.endSample
                }
            }
            try writer.finish()
            try timingWriter?.finish(totalSamples: totalSamples)
        } catch {
            writer.discard()
            timingWriter?.discard()
            throw error
        }
        var summary = ConversionSummary(output: output, timings: timings, words: words,
                                        audioSeconds: Double(totalSamples) / Double(engine.sampleRate),
                                        wallSeconds: Date().timeIntervalSince(started),
                                        silencedSentences: silenced + engine.silencedSentences, voice: voiceName)
        summary.otherVoices = otherVoices()
        return summary
    }

    /// Whether `path` is a device, a pipe or a socket (written into, never replaced).
    public static func isDeviceOrPipe(_ path: String) -> Bool {
        path != "-" && OutputPath.isStream(path)
    }

    /// Documents with fewer spoken words than this are not worth starting worker processes.
    static let minimumWordsForWorkers = 2000

    /// "<directory>/<title>.<format>" with characters that do not belong in file names replaced.
    static func outputPath(in directory: String, for document: Document, format: AudioFormat = .wav) -> String {
        let name = AudiobookPlan.fileName(document.metadata.title, fallback: "document-\(document.metadata.id ?? 0)")
        return (directory as NSString).appendingPathComponent(name + "." + format.fileExtension)
    }

    /// The timing file for a request: a path as given, or a bare format placed next to the audio.
    func timingsPath(_ timings: String?, output: String) throws -> String? {
        guard let timings else { return nil }
        if TimingWriter.Format(rawValue: timings.lowercased()) != nil {
            guard !OutputPath.isStream(output) else {
                throw InputUsageError(message: "with -o \(output), give --timings a file name, not just '\(timings)'")
            }
            return (output as NSString).deletingPathExtension + "." + timings.lowercased()
        }
        guard TimingWriter.format(forPath: timings) != nil else {
            throw InputUsageError(message: "timing file '\(timings)' must end in .json, .vtt or .srt")
        }
        return timings
    }
}
