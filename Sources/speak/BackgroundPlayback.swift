import Dispatch
import Foundation
import SpeakKit

/// `speak play --background` and `d` in the player: playback handed to a process of its own
/// session, which outlives the terminal, holds the library's one background-player lock,
/// publishes its state for `speak status` and takes `speak pause`, `resume` and `stop`.
enum BackgroundPlayback {
    /// Starts the background player with `arguments` (after the program) and waits until it
    /// plays (its first state) or fails (its error, from its log).
    static func start(_ speak: Speak, arguments: [String]) throws -> BackgroundPlayerState {
        let player = speak.backgroundPlayer
        if player.isRunning, let state = player.current() {
            throw BackgroundPlayerError.alreadyPlaying(title: state.title, pid: state.pid)
        }
        let program = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let pid = try player.spawnDetached([program] + arguments, environment: ProcessInfo.processInfo.environment)
        let deadline = Date().addingTimeInterval(30)
        var status: Int32 = 0
        while Date() < deadline {
            if let state = player.current(), state.pid == pid { return state }
            if waitpid(pid, &status, WNOHANG) == pid {
                let log = (try? String(contentsOfFile: player.logPath, encoding: .utf8)) ?? ""
                let last = log.split(separator: "\n").last.map(String.init) ?? "it ended at once"
                throw BackgroundPlayerError.cannotStart(reason: last.hasPrefix("speak: ") ? String(last.dropFirst(7)) : last)
            }
            usleep(20_000)
        }
        throw BackgroundPlayerError.cannotStart(reason: "it did not start playing within 30 s; see \(player.logPath)")
    }

    /// One line for people about a running background player.
    static func describe(_ state: BackgroundPlayerState) -> String {
        let percent = state.wordCount > 0 ? " (\(Int(Double(state.word) / Double(state.wordCount) * 100))%)" : ""
        return (state.paused ? "❚❚ paused: " : "▶ playing: ") + "'\(state.title)' (\(state.documentID)) · word \(DisplayFormat.count(state.word))"
            + " of \(DisplayFormat.count(state.wordCount))\(percent) · " + String(format: "%.1f×", state.speed)
            + " · \(DisplayFormat.duration(state.secondsLeft)) left"
    }

    /// In the background player: publishes its state every half second and takes pause and
    /// resume as SIGUSR1 and SIGUSR2 (stop is SIGTERM, which playback already handles).
    final class Service: @unchecked Sendable {
        private let player: BackgroundPlayer
        private let session: PlaybackSession
        private let started = Date()
        private var sources: [any DispatchSourceSignal] = []
        private let timer: any DispatchSourceTimer

        init(player: BackgroundPlayer, session: PlaybackSession) {
            self.player = player
            self.session = session
            timer = DispatchSource.makeTimerSource(queue: .global())
            for (number, paused) in [(SIGUSR1, true), (SIGUSR2, false)] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [session, player] in
                    session.player.setPaused(paused)
                    player.publish(session.backgroundState(started: Date()))
                }
                source.resume()
                sources.append(source)
            }
            player.publish(session.backgroundState(started: started))
            timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
            timer.setEventHandler { [self] in player.publish(session.backgroundState(started: started)) }
            timer.resume()
        }

        func cancel() {
            timer.cancel()
            sources.forEach { $0.cancel() }
        }
    }
}

extension PlayOptions {
    /// The arguments of the background player for document `id`: from `word` at `speed`
    /// when given (the player's `d`), else from this command's own start and speed.
    func backgroundArguments(id: Int64, from word: Int? = nil, speed current: Double? = nil) -> [String] {
        var arguments = ["play", String(id), "--detached", "--no-tui"]
        if let word {
            arguments += ["--from-word", String(word)]
        } else {
            if let fromWord { arguments += ["--from-word", String(fromWord)] }
            if fromStart { arguments.append("--from-start") }
            if let chapter { arguments += ["--chapter", String(chapter)] }
            if let fromHistory { arguments += ["--from-history", String(fromHistory)] }
            if let bookmark { arguments += ["--bookmark", String(bookmark)] }
            if let at { arguments += ["--at", at] }
        }
        if let voice { arguments += ["--voice", voice] }
        if let language, word == nil { arguments += ["--in", language] }
        if let speed = current ?? speed { arguments += ["--speed", String(speed)] }
        if let skipStep { arguments += ["--skip-step", String(skipStep)] }
        if readAll { arguments.append("--read-all") }
        if let audio { arguments += ["--audio", audio] }
        for rule in speech.skip { arguments += ["--skip", rule] }
        for rule in speech.read { arguments += ["--read", rule] }
        if speech.asWritten { arguments.append("--as-written") }
        return arguments
    }
}
