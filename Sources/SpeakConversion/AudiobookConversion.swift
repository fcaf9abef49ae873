import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// A conversion through segments: planned by chapter, taken from the cache or synthesized (by
/// worker processes when `jobs` > 1) and encoded, checked, then joined into one file or one
/// file per chapter, with tags, chapters, cover and timings. Opus, MP3 and `--split` go this way.
public struct AudiobookConversion {
    public var document: Document
    public var request: ConvertRequest
    public var format: AudioFormat
    /// The voice, rate and spoken-text options, resolved.
    public var settings: VoiceSettings
    /// The voice's name as the tags and the summary show it.
    public var voiceName: String
    /// The engine's sample rate (its voice already checked, so no output is made for a bad one).
    public var sampleRate: Int
    public var cover: CoverImage?
    public var cacheLimitMB: Double
    /// What worker processes open to read the document themselves (a path or a library id);
    /// nil when only this process has it (standard input, a fetched page).
    public var workerInput: String?
    /// The input as messages name it.
    public var inputName: String

    public init(document: Document, request: ConvertRequest, format: AudioFormat, settings: VoiceSettings, voiceName: String,
                sampleRate: Int, cover: CoverImage?, cacheLimitMB: Double, workerInput: String?, inputName: String) {
        self.document = document
        self.request = request
        self.format = format
        self.settings = settings
        self.voiceName = voiceName
        self.sampleRate = sampleRate
        self.cover = cover
        self.cacheLimitMB = cacheLimitMB
        self.workerInput = workerInput
        self.inputName = inputName
    }

    /// Writes every output, or none: a failure removes what was written.
    public func run(started: Date, progress: ProgressHandler?) throws -> ConversionSummary {
        PartialFiles.watchSignals()
        let plan = AudiobookPlan(document: document, fromWord: request.fromWord, includeSkipped: request.readAll)
        guard !plan.chapters.isEmpty else { throw SynthesisError.nothingToSpeak }
        let title = request.title ?? document.metadata.title

        // Every output is named and checked before any work.
        let outputs: [(path: String, chapters: Range<Int>)]
        let fileTitle = AudiobookPlan.fileName(title, fallback: "document-\(document.metadata.id ?? 0)")
        if request.splitChapters {
            // Several books split into one directory: a folder per book, or their chapter files would collide.
            let directory = request.folderPerDocument ? (request.output as NSString).appendingPathComponent(fileTitle) : request.output
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw AudioOutputError(path: directory, reason: "cannot create the directory")
            }
            let width = max(2, String(plan.chapters.count).count)
            outputs = plan.chapters.indices.map { i in
                let number = String(repeating: "0", count: max(0, width - String(i + 1).count)) + String(i + 1)
                let name = number + " - " + AudiobookPlan.fileName(plan.chapters[i].title, fallback: "chapter")
                return ((directory as NSString).appendingPathComponent(name + "." + format.fileExtension), i..<(i + 1))
            }
        } else {
            let path = request.outputIsDirectory
                ? (request.output as NSString).appendingPathComponent(fileTitle + "." + format.fileExtension)
                : request.output
            outputs = [(path, 0..<plan.chapters.count)]
        }
        if let stream = outputs.first(where: { OutputPath.isStream($0.path) }) {
            throw AudioOutputError(path: stream.path, reason: "it is a device or a pipe, and only WAV can be written to one (--format wav)", advice: nil)
        }
        if !request.overwrite, let existing = outputs.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            throw AudioOutputError(path: existing.path, reason: "the file exists; pass --force to replace it", advice: nil)
        }
        if request.splitChapters, let timings = request.timings, TimingWriter.Format(rawValue: timings.lowercased()) == nil {
            throw ConvertRequestError(message: "with --split, --timings takes a format (json, vtt or srt): one timing file per chapter", exitStatus: .usage)
        }
        let timingPaths = try outputs.map { output throws(InputUsageError) in try request.timingsPath(output: output.path) }

        // Segments: cached ones are reused, the rest synthesized into the cache (or a
        // temporary directory with --no-cache).
        let job = SegmentJob(settings: settings, encoder: EncoderSettings(format: format, bitrate: request.bitrate), readAll: request.readAll)
        let cache = SegmentCache(limitMB: cacheLimitMB)
        let store = request.useCache ? cache.directory : NSTemporaryDirectory() + "speak-segments-\(getpid())"
        if !request.useCache { Self.removeAbandonedSegmentDirectories() }
        do {
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        } catch {
            throw AudioOutputError(path: store, reason: "cannot create the directory for synthesized segments")
        }
        defer { if !request.useCache { try? FileManager.default.removeItem(atPath: store) } }
        let ranges = plan.segments
        let keys = ranges.map { SegmentCache.key(document, range: $0, job: job) }
        let paths = keys.map { store + "/" + $0 + ".seg" }
        var headers = keys.map { request.useCache ? cache.lookup($0) : nil }
        let reused = headers.compactMap { $0 }.count
        let missing = headers.indices.filter { headers[$0] == nil }
        try SegmentRunner(document: document, job: job, input: workerInput, jobs: request.jobs, inputName: inputName)
            .run(missing.map { (ranges[$0], paths[$0]) }, progress: progress)
        for i in missing {
            guard let header = SegmentFile.header(at: paths[i]) else {
                throw AudioOutputError(path: paths[i], reason: "a synthesized segment is missing")
            }
            headers[i] = header
        }
        let segmentHeaders = headers.compactMap { $0 }

        // Check, then join.
        let problems = AudiobookCheck.problems(plan: plan, headers: segmentHeaders, document: document, settings: settings)
        var segmentIndex = 0
        let firstSegment = plan.chapters.map { chapter in defer { segmentIndex += chapter.segments.count }; return segmentIndex }
        var totalSamples = 0
        var written: [String] = []
        do {
            for (n, output) in outputs.enumerated() {
                let chapterRange = output.chapters
                let segmentRange = firstSegment[chapterRange.lowerBound]..<(chapterRange.upperBound < plan.chapters.count
                    ? firstSegment[chapterRange.upperBound] : ranges.count)
                let layout = AudioLayout(format: format, sampleRate: sampleRate, segments: Array(segmentHeaders[segmentRange]))
                var tags = AudioTags(title: request.splitChapters ? plan.chapters[chapterRange.lowerBound].title : title)
                tags.author = request.author ?? document.metadata.author
                tags.album = title
                tags.language = document.metadata.language
                tags.comment = "Read by speak (eSpeak-NG voice \(voiceName)) from \(document.metadata.source)"
                tags.cover = cover
                if request.splitChapters { tags.track = (n + 1, outputs.count) }
                let chapterStarts = chapterRange.map { (plan.chapters[$0].title, layout.seconds(layout.offsets[firstSegment[$0] - segmentRange.lowerBound])) }
                if !document.chapters.isEmpty, !request.splitChapters {
                    tags.chapters = chapterStarts.enumerated().map { $0 == 0 ? ($1.0, 0) : $1 }
                }
                try AudioFileJoiner.write(output.path, format: format, sampleRate: sampleRate,
                                          segments: Array(paths[segmentRange]), headers: Array(segmentHeaders[segmentRange]), tags: tags)
                written.append(output.path)
                if let timings = timingPaths[n] {
                    try writeTimings(timings, document: document, ranges: Array(ranges[segmentRange]), paths: Array(paths[segmentRange]),
                                     layout: layout, chapters: chapterStarts, wordCues: request.wordCues, sampleRate: sampleRate)
                    written.append(timings)
                }
                totalSamples += layout.totalSamples
            }
        } catch {
            // One file per chapter is all or nothing too.
            for path in written { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        if request.useCache { cache.trim(keeping: Set(paths)) }
        let shownOutput = request.splitChapters ? outputs[0].path.parentPath + "/" : outputs[0].path
        var summary = ConversionSummary(output: shownOutput, timings: timingPaths[0],
                                        words: segmentHeaders.reduce(0) { $0 + $1.words },
                                        audioSeconds: Double(totalSamples) / Double(sampleRate),
                                        wallSeconds: Date().timeIntervalSince(started),
                                        silencedSentences: segmentHeaders.reduce(0) { $0 + $1.silenced }, voice: voiceName)
        summary.files = outputs.count
        summary.chapters = plan.chapters.count
        summary.segments = ranges.count
        summary.reusedSegments = reused
        summary.problems = problems.failures
        summary.warnings = problems.warnings
        return summary
    }

    /// The timing file of one output: every segment's words, rebased, and the chapters.
    private func writeTimings(_ path: String, document: Document, ranges: [Range<Int>], paths: [String], layout: AudioLayout,
                              chapters: [(String, Double)], wordCues: Bool, sampleRate: Int) throws {
        let writer = try TimingWriter(path: path, document: document, sampleRate: sampleRate, wordCues: wordCues)
        do {
            for (k, segment) in paths.enumerated() {
                try writer.append(records: SegmentFile.read(segment).timeline, offset: layout.offsets[k], firstWord: ranges[k].lowerBound)
            }
            writer.chapters = chapters.map { (title: $0.0, startSample: Int(($0.1 * Double(sampleRate)).rounded())) }
            try writer.finish(totalSamples: layout.totalSamples)
        } catch {
            writer.discard()
            throw error
        }
    }

    /// The segment directories of `--no-cache` conversions that were killed (their process is gone).
    private static func removeAbandonedSegmentDirectories() {
        let base = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix("speak-segments-") {
            guard let pid = Int32(name.dropFirst("speak-segments-".count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: base + name)
        }
    }
}
