import ArgumentParser
import Foundation
import SpeakTerminal
import SpeakKit

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Turn documents into audio files: WAV, Ogg Opus or MP3 audiobooks with chapters, and word timings.",
        discussion: """
            Files are imported on the fly and not stored (unless --save); numbers are library ids. \
            One input writes the file -o names ('-' for standard output, WAV only); several inputs, \
            or -o naming a directory, write one file per input named after its title. The format \
            comes from --format or the file's extension (.wav, .opus, .mp3); WAV by default.

            Opus and MP3 files get the title, author, chapters (from the document's chapters) and \
            a cover. They are made of segments kept in a cache (~/.cache/speak/audio), so a \
            conversion interrupted by Ctrl-C, a kill or a power loss continues where it stopped \
            when run again; 'speak cache clear' empties the cache.

            Examples:
              speak convert report.txt -o report.wav
              speak convert 3 -o out.wav --timings out.json --from-word 1200
              speak convert *.txt -o audio/ --jobs 2 --timings srt
              speak convert book.txt -o book.wav --voice en-gb+f3 --speed 2.5 --timings book.vtt
              speak convert book.pdf -o book.opus --cover first-page
              speak convert book.pdf -o book/ --split chapters --format mp3
              speak convert --all --folder Papers -o ~/Audiobooks --format opus
              speak convert 12 --in es -o libro.mp3
            """
    )

    @Argument(help: "Files, '-' for standard input, or library ids.", completion: .custom(ShellCompletion.documentsOrFiles))
    var inputs: [String] = []

    @Option(name: [.customShort("o"), .customLong("output")], help: "The file to write, '-' for standard output (WAV), or a directory.")
    var outputOption: String?

    /// Where to write (validated as given, except with --verify).
    var output: String { outputOption ?? "" }

    @Option(help: "Convert only part I of N of the inputs (I/N, such as 2/5), balanced by spoken words; or 'auto' from the scheduler (Kubernetes JOB_COMPLETION_INDEX, Slurm SLURM_ARRAY_TASK_ID). Outputs already done and verified are skipped.")
    var shard: String?

    @Option(help: "With --shard auto: the number of shards (a Kubernetes Indexed Job's completions; Slurm's array size by default).")
    var shardCount: Int?

    @Option(help: "With --verify: check the directory against the jobs this queue finished there (postgres://…).")
    var queue: String?

    @Flag(help: "With --shard: list the inputs of this shard and their spoken words, and convert nothing.")
    var dryRun = false

    @Flag(help: "Check every output in the directory given as input against what was recorded when it was written, and against its input.")
    var verify = false

    @Option(help: "wav, opus or mp3 (default: from the output's extension, else wav).")
    var format: String?

    @Option(help: "Bit rate in kbps for opus (default 24) and mp3 (default 40).")
    var bitrate: Int?

    @Option(help: "'chapters': one file per chapter, numbered, in the -o directory.")
    var split: String?

    @Option(help: "Cover picture: a JPEG or PNG file, or 'first-page' of a PDF.")
    var cover: String?

    @Option(help: "Title for the tags (default: the document's).")
    var title: String?

    @Option(help: "Author for the tags (default: the document's).")
    var author: String?

    @Flag(help: "Convert every document in the library (with --folder: in that folder and below).")
    var all = false

    @Option(help: "With --all: only this library folder.")
    var folder: String?

    @Flag(help: "Synthesize everything again; do not read or fill the audio cache.")
    var noCache = false

    /// Set for the children of a batch: with --split, each document's chapters get a folder.
    @Flag(help: .hidden)
    var folderPerDocument = false

    @Option(help: "Word timings: a file (.json per word, .vtt/.srt per sentence), or json|vtt|srt next to each audio file.")
    var timings: String?

    @Flag(help: "One cue per word in .vtt/.srt timing files.")
    var wordCues = false

    @Option(help: "Start at this word (a global word index, 0-based).")
    var fromWord = 0

    @Option(help: "eSpeak voice, e.g. en-us, en-gb+f3 ('speak voices' lists them).", completion: .custom(ShellCompletion.voices))
    var voice: String?

    @Option(name: .customLong("in"), help: "Convert the translation into this language (made first if needed; files are imported into the library for it).")
    var language: String?

    @Option(help: "Speed as a multiple of the normal rate, 0.5 to 4.5.")
    var speed: Double?

    @Option(help: "Rate in words per minute (80 to 1000); wins over --speed.")
    var wpm: Int?

    @Flag(help: "Also speak what is normally skipped (headers, page numbers, footnotes).")
    var readAll = false

    @Flag(help: "Replace output files that exist.")
    var force = false

    @Flag(help: "Also add the files to the library.")
    var save = false

    @Option(help: "Worker processes (default: the number of cores); long documents are split between them.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @OptionGroup var speech: SpeechSkipOptions

    func validate() throws {
        if queue != nil, !verify { throw ValidationError("--queue goes with --verify; to enqueue, use speak queue add") }
        if verify {
            if inputs.count != 1 || outputOption != nil { throw ValidationError("--verify takes one directory: speak convert --verify DIR") }
            return
        }
        guard outputOption != nil else { throw ValidationError("Missing expected argument '--output <output>'") }
        if inputs.isEmpty, !all, folder == nil { throw ValidationError("name at least one document to convert, or --all") }
        if dryRun, shard == nil { throw ValidationError("--dry-run shows a shard's inputs: use it with --shard") }
        if shard != nil, output == "-" || AudioFormat.forPath(output) != nil {
            throw ValidationError("--shard writes one file per input: give -o a directory ('audio/'), not a file")
        }
        if all || folder != nil, !inputs.isEmpty { throw ValidationError("--all and --folder take no inputs") }
        if let format, !["wav", "opus", "mp3", "ogg"].contains(format.lowercased()) {
            throw ValidationError("unknown format '\(format)'; use wav, opus or mp3")
        }
        if let split, split != "chapters" { throw ValidationError("--split takes 'chapters'") }
        if split != nil, AudioFormat.forPath(output) != nil {
            throw ValidationError("--split chapters writes one file per chapter: give -o a directory ('book/'), not a file")
        }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if inputs.count > 1, output == "-" { throw ValidationError("several inputs need a directory for -o, not '-'") }
        if inputs.count > 1, let timings, TimingFormatName(rawValue: timings.lowercased()) == nil {
            throw ValidationError("with several inputs, --timings takes a format: json, vtt or srt")
        }
    }

    func run() throws {
        Speak.silenceEngineDiagnostics()
        // A file-size limit (ulimit -f) should fail a write like a full disk does, not kill us
        // before the partial file is removed.
        signal(SIGXFSZ, SIG_IGN)
        ParentWatch.start()
        try reportingErrors {
            if verify, let queue {
                try QueueHelper.run(["queue", "verify", inputs[0], "--queue", queue] + (json ? ["--json"] : []))
            }
            let speak = try openSpeak()
            if verify { return try OutputVerification(directory: inputs[0], speak: speak, json: json).run() }
            let started = Date()
            var inputs = try resolvedInputs(speak)
            var sharding: ShardedConversion?
            if let shard {
                sharding = try ShardedConversion(speak: speak, inputs: inputs, shard: shard, count: shardCount, directory: output,
                                                 settings: settingsKey)
                inputs = sharding?.remaining ?? inputs
                if dryRun { return try sharding?.plan(json: json) ?? () }
            }
            let directory = sharding != nil || inputs.count > 1 || all || folder != nil || split != nil || output.hasSuffix("/") || isDirectory(output)
            if directory {
                do {
                    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                } catch {
                    throw ConvertUsageError(message: "cannot create the directory '\(output)': \((error as NSError).localizedDescription)", exitStatus: .cannotCreate)
                }
            }
            var converted: [ConversionSummary?] = []
            var failure: ExitStatus?
            if inputs.count > 1, jobs > 1 {
                (converted, failure) = try BatchConversion(command: self, inputs: inputs).run()
            } else {
                for input in inputs {
                    do {
                        converted.append(try convertOne(input, speak: speak, directory: directory, inputCount: max(inputs.count, sharding == nil ? 1 : 2)))
                    } catch let error as UserFacingError {
                        Terminal.error(error.message)
                        converted.append(nil)
                        failure = failure ?? error.exitStatus
                    }
                }
            }
            if let sharding { failure = sharding.record(converted, failure: failure) }
            let summaries = converted.compactMap { $0 }
            report(summaries, wall: Date().timeIntervalSince(started))
            if let sharding { sharding.reportSkipped() }
            if let failure { throw ExitCode(failure.rawValue) }
            // The files are kept (hours of audio), but a check that failed is a failure.
            if summaries.contains(where: { !$0.problems.isEmpty }) { throw ExitCode(ExitStatus.software.rawValue) }
        }
    }

    func convertOne(_ input: String, speak: Speak, directory: Bool, inputCount: Int) throws -> ConversionSummary {
        var reference = InputReference(argument: input)
        if save, reference != .standardInput, case .file = reference {
            reference = .document(try speak.importInput(reference).id)
        }
        var request = ConvertRequest(output: output)
        request.outputIsDirectory = directory
        request.timings = timings
        request.wordCues = wordCues
        request.fromWord = fromWord
        request.voice = voice
        request.speed = speed
        request.wordsPerMinute = wpm
        request.readAll = readAll
        // A shard replaces what it finds unverified (written with other settings, or damaged).
        request.overwrite = force || shard != nil
        request.jobs = jobs
        request.format = format.map { $0.lowercased() == "ogg" ? .opus : AudioFormat(rawValue: $0.lowercased()) } ?? nil
        request.bitrate = bitrate
        request.splitChapters = split != nil
        request.folderPerDocument = folderPerDocument || inputCount > 1
        request.cover = cover
        request.title = title
        request.author = author
        request.useCache = !noCache
        request.speech = try speech.request()
        let bar = ProgressBar(label: input)
        defer { bar.finish() }
        return try speak.convert(reference, request: request, progress: { bar.update($0) })
    }

    private func report(_ summaries: [ConversionSummary], wall: Double) {
        if json {
            try? printJSON(summaries)
            return
        }
        for summary in summaries where summary.silencedSentences > 0 {
            let count = summary.silencedSentences
            Terminal.warning("\(summary.output): \(count) sentence\(count == 1 ? "" : "s") left silent: eSpeak-NG crashed on \(count == 1 ? "it" : "them") twice")
        }
        for summary in summaries {
            for problem in summary.problems { Terminal.error("\(summary.output): \(problem)") }
            for warning in summary.warnings { Terminal.warning("\(summary.output): \(warning)") }
        }
        for summary in summaries where summaries.count > 1 {
            Terminal.note("wrote \(summary.output): \(DisplayFormat.duration(summary.audioSeconds)) of audio, \(DisplayFormat.count(summary.words)) words")
        }
        guard !summaries.isEmpty else { return }
        let audio = summaries.reduce(0) { $0 + $1.audioSeconds }
        let words = summaries.reduce(0) { $0 + $1.words }
        let what = summaries.count == 1 ? "wrote \(summaries[0].output)" : "\(summaries.count) files"
        var timingNote = summaries.count == 1 ? (summaries[0].timings.map { "; timings in \($0)" } ?? "") : ""
        if summaries.count == 1, summaries[0].segments > 0 {
            let one = summaries[0]
            timingNote += "; \(one.files > 1 ? "\(one.files) files, " : "")\(one.chapters) chapter\(one.chapters == 1 ? "" : "s")"
            if one.reusedSegments > 0 { timingNote += "; \(one.reusedSegments) of \(one.segments) segments from the cache" }
        }
        if summaries.count == 1 { timingNote += "; read by " + ([summaries[0].voice] + summaries[0].otherVoices).joined(separator: ", ") }
        Terminal.note("\(what): \(DisplayFormat.duration(audio)) of audio, \(DisplayFormat.count(words)) words, "
            + "in \(String(format: "%.2f", wall)) s (\(Self.realTime(audio / max(wall, 0.001)))× real time)\(timingNote)")
    }

    /// "1,320", "13", "4.2", "0.3": a short text said slowly (a neural voice's model loading) is
    /// not "0× real time".
    static func realTime(_ factor: Double) -> String {
        factor >= 10 ? DisplayFormat.count(Int(factor.rounded())) : String(format: "%.1f", factor)
    }

    /// The inputs named, or with --all every library document (in --folder and below).
    private func resolvedInputs(_ speak: Speak) throws -> [String] {
        let named = try namedInputs(speak)
        guard let language else { return named }
        return try named.map { input in
            let original = try speak.documentID(forPlaying: InputReference(argument: input))
            return String(try TranslateCommand.translate(speak, documentID: original, to: language).id)
        }
    }

    private func namedInputs(_ speak: Speak) throws -> [String] {
        guard all || folder != nil else { return inputs }
        var ids: [String] = []
        func collect(_ listing: FolderListing) {
            ids += listing.documents.map { String($0.id) }
            listing.folders.forEach(collect)
        }
        collect(try speak.listing(path: folder, sort: .title, recursive: true))
        if ids.isEmpty {
            throw ConvertUsageError(message: folder.map { "the folder '\($0)' has no documents to convert" } ?? "the library has no documents to convert",
                                    exitStatus: .noInput)
        }
        return ids
    }

    private func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Timing formats accepted without a file name.
enum TimingFormatName: String { case json, vtt, srt }

/// A command-line problem found while running.
struct ConvertUsageError: UserFacingError {
    var message: String
    var exitStatus: ExitStatus
}
