import Foundation
import SpeakAudio
import SpeakModel
import SpeakSpeech

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

/// A request that cannot be carried out as asked (bad flag value or combination).
public struct ConvertRequestError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus

    public init(message: String, exitStatus: ExitStatus) {
        self.message = message
        self.exitStatus = exitStatus
    }
}

extension ConvertRequest {
    /// The format asked for: `--format`, else the output's extension, else WAV.
    public func audioFormat() throws(ConvertRequestError) -> AudioFormat {
        // "x.flac" must not become WAV bytes under a FLAC name; a name whose ending is not a
        // format word ("take.2") is WAV as before.
        let ending = (output as NSString).pathExtension
        // A device or a pipe has no format in its name ("audio.fifo"): WAV, as for "-".
        if format == nil, !outputIsDirectory, !OutputPath.isStream(output), AudioFormat.forPath(output) == nil,
           (2...5).contains(ending.count), ending.allSatisfy(\.isLetter) {
            throw ConvertRequestError(message: "cannot write '\(output)': .\(ending) is not an audio format speak writes; "
                                      + "use .wav, .opus (or .ogg) or .mp3, or pass --format", exitStatus: .usage)
        }
        let format = format ?? (outputIsDirectory ? nil : AudioFormat.forPath(output)) ?? .wav
        if let bitrate = bitrate, format != .wav, !format.bitrates.contains(bitrate) {
            throw ConvertRequestError(message: "--bitrate \(bitrate) is out of range for \(format.rawValue); use \(format.bitrates.lowerBound)…\(format.bitrates.upperBound) kbps",
                                      exitStatus: .usage)
        }
        if output == "-", format != .wav || splitChapters {
            throw ConvertRequestError(message: "-o - writes WAV only; give a file name for \(format.rawValue) or --split", exitStatus: .usage)
        }
        if splitChapters, !outputIsDirectory {
            throw ConvertRequestError(message: "--split chapters writes one file per chapter: give -o a directory ('book/')", exitStatus: .usage)
        }
        return format
    }

    /// Documents with fewer spoken words than this are not worth starting worker processes.
    public static let minimumWordsForWorkers = 2000

    /// "<directory>/<title>.<format>" with characters that do not belong in file names replaced.
    public static func outputPath(in directory: String, for document: Document, format: AudioFormat = .wav) -> String {
        let name = AudiobookPlan.fileName(document.metadata.title, fallback: "document-\(document.metadata.id ?? 0)")
        return (directory as NSString).appendingPathComponent(name + "." + format.fileExtension)
    }

    /// The timing file for `output`: `timings` as given, or a bare format placed next to the audio.
    public func timingsPath(output: String) throws(InputUsageError) -> String? {
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
