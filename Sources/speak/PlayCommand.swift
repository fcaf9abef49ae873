import ArgumentParser
import Dispatch
import Foundation
import SpeakKit

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Listen to a document, with the spoken word highlighted; resumes where you stopped.",
        discussion: """
            Keys: space pause · ←/→ skip back/forward · ↑/↓ or +/- speed · [ ] paragraph ·
            < > chapter · b bookmark the sentence · n add a note to it · d go on in the background · s sleep timer · y sync positions (speak sync; playback goes to where \
            another device left it) · ? help · q quit. The position is saved as you listen.

            Examples:
              speak play 7
              speak play notes.txt
              speak play 7 --from-word 5400      (or --from-start, --chapter 3, --at 35%)
              speak play 7 --from-history 4      (an entry of 'speak history 7')
              speak play 7 --bookmark 2          (a bookmark of 'speak bookmarks 7')
              speak play 7 --in es               (its Spanish translation, from where you left the original)
              speak play 7 --background          (then: speak status, speak pause, speak stop)
              speak play 7 -o - | aplay
              SPEAK_AUDIO=null speak play 7 --print-words
            """
    )

    @Argument(help: "A library id, or a file or URL (imported into the library first).", completion: .custom(ShellCompletion.documentsOrFiles))
    var input: String

    @OptionGroup var options: PlayOptions

    func run() throws {
        try reportingErrors {
            try options.play(InputReference(argument: input))
        }
    }
}

struct ContinueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue",
        abstract: "Resume the document you listened to most recently, where you stopped.",
        discussion: """
            Examples:
              speak continue
              speak continue --speed 1.5
            """
    )

    @OptionGroup var options: PlayOptions

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            guard let recent = try speak.mostRecentlyListened() else {
                throw InputUsageError(message: "nothing has been played yet; start with: speak play ID")
            }
            try options.play(.document(recent.id), speak: speak)
        }
    }
}

/// Options shared by `play` and `continue`.
struct PlayOptions: ParsableArguments {
    @Option(name: .customLong("from-word"), help: "Start at this word index (as `speak search` shows them).")
    var fromWord: Int?

    @Flag(name: .customLong("from-start"), help: "Start at the beginning.")
    var fromStart = false

    @Option(help: "Start at this chapter (1-based).")
    var chapter: Int?

    @Option(name: .customLong("from-history"), help: "Start at this entry of the document's position history ('speak history ID').")
    var fromHistory: Int?

    @Option(help: "Start at bookmark K of the document ('speak bookmarks ID' lists them).")
    var bookmark: Int?

    @Option(help: "Start this far into the document, e.g. 35%.")
    var at: String?

    @Option(help: "A voice preset or eSpeak voice (see 'speak voices').", completion: .custom(ShellCompletion.voices))
    var voice: String?

    @Option(name: .customLong("in"), help: "Play the translation into this language (made first if needed: 'speak translate'), from where the original was left.")
    var language: String?

    @Option(help: "Speed, 1 = the voice's normal pace (0.5…4.5); remembered for the document.")
    var speed: Double?

    @Option(name: .customLong("skip-step"), help: "Seconds skipped by ← and → (default: config skip_step, else 10).")
    var skipStep: Double?

    @Option(name: .shortAndLong, help: "Write WAV to this file, or '-' for standard output, instead of playing.")
    var output: String?

    @Flag(help: "With -o: write at listening pace instead of as fast as possible.")
    var realtime = false

    @Flag(help: "With -o: replace an existing file.")
    var force = false

    @Flag(name: .customLong("read-all"), help: "Also read what is skipped: references, footnotes, page furniture ('speak show --skipped' lists it).")
    var readAll = false

    @Option(help: "Audio output: 'null' plays at real time into nothing (default: $SPEAK_AUDIO, else the sound device).")
    var audio: String?

    @Flag(name: .customLong("no-tui"), help: "No screen display, even on a terminal.")
    var noTUI = false

    @Flag(help: "Play in a background process that goes on when the terminal closes; 'speak status', 'pause', 'resume' and 'stop' reach it from any terminal.")
    var background = false

    /// The background player itself (started by --background or d).
    @Flag(help: .hidden)
    var detached = false

    @Flag(help: "No colours and no cursor movement: one line per sentence as it is read (for screen readers and logs).")
    var plain = false

    @Flag(name: .customLong("print-words"), help: "Print 'time<TAB>index<TAB>word' for every word as it is heard.")
    var printWords = false

    @OptionGroup var speech: SpeechSkipOptions

    func validate() throws {
        let starts = [fromWord != nil, fromStart, chapter != nil, at != nil, fromHistory != nil, bookmark != nil].filter { $0 }.count
        if starts > 1 { throw ValidationError("choose one of --from-word, --from-start, --chapter, --at, --from-history and --bookmark") }
        if let bookmark, bookmark < 1 { throw ValidationError("--bookmark takes a bookmark number from 'speak bookmarks ID' (1 or more)") }
        if let fromHistory, fromHistory < 1 { throw ValidationError("--from-history takes an entry number from 'speak history ID' (1 or more)") }
        if let skipStep, !(1...600).contains(skipStep) { throw ValidationError("--skip-step must be 1…600 seconds") }
        if realtime, output == nil { throw ValidationError("--realtime applies to -o FILE") }
        if background, output != nil || printWords || plain {
            throw ValidationError("--background plays on the sound device; it cannot go with -o, --print-words or --plain")
        }
    }

    func play(_ input: InputReference, speak existing: Speak? = nil) throws {
        let speak = try existing ?? openSpeak()
        if background {
            let id = try speak.documentID(forPlaying: input)
            let state = try BackgroundPlayback.start(speak, arguments: backgroundArguments(id: id))
            print(BackgroundPlayback.describe(state))
            Terminal.note("in the background: speak status · speak pause · speak resume · speak stop")
            return
        }
        // The background player holds the library's player lock for as long as it lives.
        let backgroundPlayer = detached ? speak.backgroundPlayer : nil
        try backgroundPlayer?.claim()
        defer { backgroundPlayer?.release() }
        var request = PlayRequest(input: input)
        request.fromWord = fromWord
        request.language = language
        request.fromStart = fromStart
        request.chapter = chapter
        request.fromHistory = fromHistory
        request.bookmark = bookmark
        request.at = try at.map(Self.fraction)
        request.voice = voice
        request.speed = speed
        request.audio = audio
        request.output = output
        request.realtime = realtime
        request.overwrite = force
        request.readAll = readAll
        request.speech = try speech.request()
        let environment = ProcessInfo.processInfo.environment
        var display: TerminalPlayer.Mode?
        if plain, !printWords, output != "-", !noTUI {
            display = .plain
        } else if !noTUI, !printWords, output == nil, Terminal.stdoutIsTerminal, isatty(STDIN_FILENO) != 0, environment["TERM"] != "dumb" {
            // NO_COLOR (no-color.org): any value but an empty one.
            display = .screen(colour: (environment["NO_COLOR"] ?? "").isEmpty)
        }
        let printer = printWords ? HeardWordPrinter(output: output == "-" ? FileHandle.standardError : FileHandle.standardOutput) : nil
        let session = try speak.preparePlayback(request) { word in printer?.heard(word.index) }
        // Paragraphs in other languages are read by their own voices: say which.
        if session.voices.count > 1 { Terminal.note("read by " + session.voices.joined(separator: ", ")) }
        printer?.begin(session)
        let player = session.player
        let signals = SignalWatcher { player.stop() }
        defer { signals.cancel() }
        let outcome = PlaybackOutcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { try player.run() } catch { outcome.failure = error }
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        // Media keys and the desktop's media widget, while someone listens (not into a file).
        let desktop = output == nil ? session.publishOnDesktop(coverDirectory: speak.libraryDirectory.appendingPathComponent("covers")) : nil
        let service = backgroundPlayer.map { BackgroundPlayback.Service(player: $0, session: session) }
        defer { service?.cancel() }
        var detach = false
        if let display {
            let view = TerminalPlayer(session: session, speak: speak, skipStep: skipStep ?? speak.config.skipStep, mode: display,
                                      includeSkipped: readAll)
            view.run(until: done)
            detach = view.detachRequested
        } else {
            done.wait()
        }
        desktop?.stop()
        // A scanned page read while it played is stored before the session is recorded; when
        // playback stopped before the rest was read, Ctrl-C leaves it unstored.
        signals.cancel()
        if let name = session.scanStillReading {
            FileHandle.standardError.write(Data("speak: finishing '\(name)' to store it; Ctrl-C leaves it out of the library\n".utf8))
        }
        let imported = Result { try session.finishImport() }
        printer?.finish()
        session.recordSession()
        try session.finishOutput(completed: outcome.failure == nil)
        if let failure = outcome.failure { throw failure }
        try imported.get()
        // d: the same document goes on in the background from the word reached.
        if detach, let id = session.documentID {
            let status = session.player.snapshot
            let state = try BackgroundPlayback.start(speak, arguments: backgroundArguments(id: id, from: session.libraryWord(status.word), speed: status.speed))
            print(BackgroundPlayback.describe(state))
            Terminal.note("in the background: speak status · speak pause · speak resume · speak stop")
        }
    }

    /// "35%" or "0.35" → 0.35.
    static func fraction(_ text: String) throws -> Double {
        let percent = text.hasSuffix("%")
        guard let value = Double(percent ? String(text.dropLast()) : text) else {
            throw InputUsageError(message: "--at takes a percentage such as 35% (got '\(text)')")
        }
        let fraction = percent || value > 1 ? value / 100 : value
        guard (0...1).contains(fraction) else { throw InputUsageError(message: "--at must be between 0% and 100%") }
        return min(fraction, 0.999)
    }
}

/// How the playback thread ended; read after it signalled.
final class PlaybackOutcome: @unchecked Sendable {
    var failure: (any Error)?
}

/// Turns SIGINT, SIGTERM and SIGHUP into a call, so playback stops through its normal path
/// and saves the position.
final class SignalWatcher {
    private var sources: [any DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        sources.forEach { $0.cancel() }
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    }
}
