import Foundation
import SpeakAudio
import SpeakConversion
import SpeakESpeak
import SpeakIntake
import SpeakLibrary
import SpeakModel
import SpeakSpeech
import SpeakSynthesis
import SpeakTranslate

/// Where and how `speak play` starts.
public struct PlayRequest: Sendable {
    public var input: InputReference
    /// A word index to start at; otherwise the saved position (the start the first time,
    /// and again after the document was finished).
    public var fromWord: Int?
    public var fromStart = false
    /// 1-based chapter to start at.
    public var chapter: Int?
    /// 1-based entry of the document's position history to start at (`speak history`).
    public var fromHistory: Int?
    /// 1-based bookmark of the document to start at (`speak bookmarks`).
    public var bookmark: Int?
    /// Play the translation into this language ("es"), made first if needed (its beginning
    /// plays while the rest is translated), from where the original was left.
    public var language: String?
    /// Fraction (0…1) of the words to start at.
    public var at: Double?
    public var voice: String?
    public var speed: Double?
    /// Audio output name ("null" for a sink without a device); nil: $SPEAK_AUDIO, else the device.
    public var audio: String?
    /// A WAV file to play into ("-": standard output) instead of the audio device.
    public var output: String?
    /// With `output`: write at the pace of listening rather than as fast as possible.
    public var realtime = false
    /// With `output`: replace an existing file.
    public var overwrite = false
    /// Read the skipped blocks too (references, footnotes, page furniture).
    public var readAll = false
    public var importRequest = ImportRequest()
    /// What this run skips or reads besides the configured and per-document skip rules.
    public var speech = SpeechRequest()

    public init(input: InputReference) {
        self.input = input
    }

    /// Whether the request names where to start.
    var hasStart: Bool { fromWord != nil || fromStart || chapter != nil || fromHistory != nil || bookmark != nil || at != nil }
}

/// A document ready to play: the player, and what the view shows around it.
public final class PlaybackSession: @unchecked Sendable {
    public let player: Player
    private let positions: PositionSaver
    /// The import of an image still being read while its beginning plays.
    private let scan: GrowingImport?
    public let title: String
    public let started = Date()
    public let startWord: Int
    private let store: LibraryStore
    let wordsPerMinute: Double
    var file: FileSink?
    /// The voices reading the document: its own, then those of paragraphs in other languages.
    public internal(set) var voices: [String] = []

    init(player: Player, positions: PositionSaver, scan: GrowingImport?, title: String, startWord: Int, store: LibraryStore,
         wordsPerMinute: Double) {
        self.player = player
        self.positions = positions
        self.scan = scan
        self.title = title
        self.startWord = startWord
        self.store = store
        self.wordsPerMinute = wordsPerMinute
    }

    /// Spoken words from each block to the end, worked out once per document (it grows when
    /// an image is still being read): the view asks 20 times a second.
    private var spokenFrom: [Int] = []
    private var spokenFromWords = -1
    private let cacheLock = NSLock()

    /// Seconds of listening left from `word` at `speed` (spoken words only).
    public func secondsLeft(from word: Int, speed: Double) -> Double {
        // Asked by the view and by the desktop's media controls, each on its own thread.
        cacheLock.lock()
        defer { cacheLock.unlock() }
        let document = player.document
        if spokenFromWords != document.wordCount || spokenFrom.count != document.blocks.count + 1 {
            spokenFromWords = document.wordCount
            var counts = [Int](repeating: 0, count: document.blocks.count + 1)
            for (i, block) in document.blocks.enumerated().reversed() {
                counts[i] = counts[i + 1] + (block.isSpoken ? block.wordCount : 0)
            }
            spokenFrom = counts
        }
        guard let b = document.blockIndex(containingWord: word) else { return 0 }
        let block = document.blocks[b]
        let inBlock = block.isSpoken ? block.firstWord + block.wordCount - word : 0
        return Double(inBlock + spokenFrom[b + 1]) / (wordsPerMinute * speed) * 60
    }

    /// An image read while it played is still being read (playback stopped early): the name
    /// of the file, for telling the user why `finishImport` waits.
    public var scanStillReading: String? {
        guard let scan, !scan.isFinished else { return nil }
        return scan.source
    }

    /// Waits until an image read while it played is stored (a second or two after playback
    /// starts); throws when reading it failed, and then nothing was stored.
    public func finishImport() throws {
        _ = try scan?.result()
    }

    /// Completes the output file, when playing into one (a failed playback removes it).
    public func finishOutput(completed: Bool) throws {
        if completed { try file?.finish() } else { file?.discard() }
    }

    /// Records the listening session for `speak stats`: the words heard, not the distance
    /// between the first and the last (skips forward are not listening). Audio written to a
    /// file is not listening either.
    public func recordSession() {
        let status = player.snapshot
        guard isListening, status.heardSeconds > 0.5, let documentID = positions.id else { return }
        try? store.recordSession(documentID: documentID, started: started, ended: Date(), firstWord: libraryWord(startWord),
                                 lastWord: libraryWord(status.word), wordsHeard: status.wordsHeard, speed: status.speed)
    }

    /// The library id of the document playing (nil while an image is still being read in).
    public var documentID: Int64? { positions.id }

    /// The stored document's word for the player's word `word`. They differ while a
    /// translation made from the middle of a book plays: the player has it from that block on.
    public func libraryWord(_ word: Int) -> Int { positions.libraryWord(word) }

    /// Whether `libraryWord` is known for every word: not while a translation made from the
    /// middle of a book is still being made (the words before its start are not translated).
    public var libraryWordsKnown: Bool { !(scan?.startsMidway ?? false) || positions.id != nil }

    /// The player's word for the stored document's word `word`; nil when it lies before what the player has.
    public func playerWord(_ word: Int) -> Int? {
        let shift = positions.libraryWord(0)
        return word >= shift ? word - shift : nil
    }

    /// Whether someone hears this playback: a device or a pipe, not a file being written.
    var isListening = true

    /// Where this playback began in the library, for a sync asked for while it plays
    /// (`Speak.runSync(playing:)`); nil for an image or a translation still being made.
    public internal(set) var syncPlace: PlayingPlace?
}

/// A document with nothing to read aloud.
public struct NothingToPlayError: UserFacingError {
    public var title: String
    public var message: String { "'\(title)' has no words to read aloud; 'speak text ID --all' shows what was skipped" }
    public var exitStatus: ExitStatus { .dataError }
}

extension Speak {
    /// Opens a document for playback: files are imported into the library first (once), the
    /// start word and the speed come from the request or from where the user stopped, and
    /// the audio output is opened (a missing device is an error before anything plays).
    public func preparePlayback(_ request: PlayRequest, onWord: @escaping (TimedWord) -> Void = { _ in }) throws -> PlaybackSession {
        let store = try library()
        let positions = PositionSaver(store: store, documentID: nil)
        var scan: GrowingImport?
        let document: Document, title: String
        var start = 0, savedSpeed: Double?, saved: Int?, lastListened: Date?
        let begun = try request.language == nil ? scanToPlay(request, store: store, positions: positions)
            : translationToPlay(request, store: store, positions: positions)
        if case .playing(let opening, let started, let from)? = begun {
            // An image not imported yet: its first lines play while the rest is read (a
            // translation: its first paragraphs while the rest is translated).
            (document, title, scan) = (opening, opening.metadata.title, started)
            start = from ?? 0
        } else {
            let id: Int64
            switch (request.input, begun) {
            case (_, .stored(let stored)?): id = stored
            case (.document(let documentID), _): id = documentID
            case (.file, _), (.url, _), (.standardInput, _), (.uploaded, _): id = try importInput(request.input, request: request.importRequest).id
            }
            positions.attach(documentID: id)
            let summary = try store.summary(id: id)
            (document, title, savedSpeed) = (try store.document(id: id), summary.metadata.title, summary.speed)
            guard document.spokenWordCount > 0 else { throw NothingToPlayError(title: summary.metadata.title) }
            (saved, lastListened) = (summary.position, summary.lastListened)
            start = summary.finished || request.fromStart ? 0 : (summary.position ?? 0)
            if let chapter = request.chapter {
                guard document.chapters.indices.contains(chapter - 1) else {
                    throw LibraryError.chapterNotFound(number: chapter, documentID: id, count: document.chapters.count)
                }
                start = document.chapters[chapter - 1].firstWord
            }
            if let number = request.fromHistory {
                let history = try store.positionHistory(documentID: id)
                guard history.indices.contains(number - 1) else {
                    throw LibraryError.historyEntryNotFound(number: number, documentID: id, count: history.count)
                }
                start = min(document.wordCount - 1, history[number - 1].word)
            }
            if let number = request.bookmark { start = try store.bookmark(documentID: id, number: number).word }
            if let at = request.at { start = min(document.wordCount - 1, Int(Double(document.wordCount) * at)) }
            if request.language != nil, !request.hasStart, let linked = try store.placeFromLinked(documentID: id) { start = linked }
            if let fromWord = request.fromWord { start = fromWord }
            guard start >= 0, start < document.wordCount else {
                throw SynthesisError.wordOutOfRange(start, count: document.wordCount)
            }
        }
        let speed = request.speed ?? savedSpeed ?? config.speed
        // A start elsewhere than where the listener stopped is a move of its own in the history
        // (a jump, a rewind); listening then goes on from there.
        if scan == nil, request.output == nil, saved != start { positions.save(word: start, speed: speed, finished: false) }
        let positionSince = saved != start ? Date() : lastListened
        var voice = request.voice
        if voice == nil { voice = try defaultVoice(for: document.metadata.language) }
        var speechRequest = request.speech
        if request.voice != nil { speechRequest.followLanguage = false }
        let speech = try speechOptions(for: document, request: speechRequest)
        let settingsForSpeed: (Double) throws -> VoiceSettings = { [self] speed in
            var settings = try voiceSettings(voice: voice, speed: speed, wordsPerMinute: nil)
            settings.speech = speech
            return settings
        }
        let settings = try settingsForSpeed(speed)
        let engine = try self.engine(for: settings, requested: request.voice)
        let sink: any AudioSink
        var file: FileSink?
        if let output = request.output {
            if OutputPath.replacesFile(output), !request.overwrite {
                throw AudioOutputError(path: output, reason: "the file exists; pass --force to replace it", advice: nil)
            }
            let fileSink = try FileSink(path: output, sampleRate: engine.sampleRate, realtime: request.realtime)
            file = fileSink
            sink = fileSink
        } else {
            sink = try AudioOutput.open(name: request.audio ?? environment["SPEAK_AUDIO"], sampleRate: engine.sampleRate)
        }
        // Writing the audio into a file is not listening: the position, "finished" and the
        // statistics stay as they were.
        let listening = request.output == nil || request.output == "-"
        let player = try Player(document: document, engine: engine, sink: sink, speed: speed, fromWord: start,
                                growing: scan != nil, includeSkipped: request.readAll, latencySeconds: sink.latency,
                                settingsForSpeed: settingsForSpeed,
                                onPosition: { word, speed, finished in
                                    guard listening else { return }
                                    positions.save(word: word, speed: speed, finished: finished)
                                }, onWord: onWord)
        scan?.attach(player)
        let session = PlaybackSession(player: player, positions: positions, scan: scan, title: title, startWord: start,
                                      store: store, wordsPerMinute: config.wordsPerMinute)
        session.file = file
        session.isListening = listening
        if scan == nil, let id = positions.id {
            session.syncPlace = PlayingPlace(documentID: id, word: start, since: positionSince?.timeIntervalSince1970 ?? 0)
        }
        // The voices of the next hundred paragraphs (asking a whole book would delay the first sound).
        let ahead = document.blocks.firstIndex { $0.wordIndices.upperBound > start } ?? 0
        session.voices = voicesUsed(document, voice: settings.voice, options: speech, blocks: ahead..<min(document.blocks.count, ahead + 100)).map {
            $0.paragraphs > 0 && $0.voice != settings.voice ? "\($0.voice) (\($0.language), \($0.paragraphs) paragraph\($0.paragraphs == 1 ? "" : "s"))" : $0.voice
        }
        return session
    }

    /// An image file played from its start.
    private enum ScanToPlay {
        /// Not in the library yet: the document of its first lines, and the import reading the rest.
        case playing(Document, GrowingImport, start: Int? = nil)
        /// In the library (before, or stored before an opening worth playing came).
        case stored(Int64)
    }

    /// `--in LANGUAGE`: the translation of the input. Found in the library, it plays like any
    /// document; else it is made, and its beginning plays as soon as the paragraph where the
    /// original was left is translated, while the rest follows.
    private func translationToPlay(_ request: PlayRequest, store: LibraryStore, positions: PositionSaver) throws -> ScanToPlay {
        guard let language = request.language else { throw TranslateError.unknownLanguage("") }
        let original = try documentID(forPlaying: request.input, request: request.importRequest)
        let links = try store.translationLinks(documentID: original)
        if let found = links.translation(in: language) {
            return .stored(found.translationID)
        }
        // A start of the user's own is looked for in the whole translation.
        if request.hasStart { return .stored(try translation(of: original, to: language).id) }
        // Where the original was left, as a block: the translation starts there, and plays
        // from there (its words numbered from that block) while the rest is translated.
        let summary = try store.summary(id: original)
        let document = try store.document(id: original)
        let block = summary.finished ? 0 : (summary.position.flatMap(document.blockIndex(containingWord:)) ?? 0)
        let title = summary.metadata.title
        let growing = GrowingImport.begin(source: title, positions: positions, startBlock: block) { [self] opening in
            let outcome = try translation(of: original, to: language, startBlock: block, opening: opening)
            return (outcome.id, try store.document(id: outcome.id))
        }
        switch growing.waitForStart() {
        case .opening(let opening):
            guard opening.spokenWordCount > 0 else { return .stored(try growing.result()) }
            return .playing(opening, growing, start: 0)
        case .finished:
            return .stored(try growing.result())
        }
    }

    /// Nil when the input is not an image file played from its start (or the import failed:
    /// its error is thrown).
    private func scanToPlay(_ request: PlayRequest, store: LibraryStore, positions: PositionSaver) throws -> ScanToPlay? {
        guard request.fromWord == nil, request.chapter == nil, request.at == nil, request.fromHistory == nil, request.bookmark == nil,
              let started = try GrowingImport.start(request.input, request: request.importRequest, store: store,
                                                 folder: try folderNames(request.importRequest.folder ?? ""), positions: positions)
        else { return nil }
        switch started {
        case .stored(let id): return .stored(id)
        case .reading(let scan):
            if case .opening(let opening) = scan.waitForStart(), opening.spokenWordCount > 0 { return .playing(opening, scan, start: nil) }
            return .stored(try scan.result())
        }
    }

    /// The document listened to most recently, if any.
    public func mostRecentlyListened() throws(LibraryError) -> DocumentSummary? {
        try library().list(sort: .recent).first { $0.lastListened != nil }
    }
}
