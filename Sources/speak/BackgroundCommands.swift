import ArgumentParser
import Foundation
import SpeakKit

/// `speak status`: what the background player is playing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the background player is playing ('speak play ID --background', or d in the player).",
        discussion: """
            Examples:
              speak status
              speak status --json
            """
    )

    @Flag(help: "Print the state as JSON (null when nothing plays).")
    var json = false

    func run() throws {
        try reportingErrors {
            let state = try openSpeak().backgroundPlayer.current()
            if json {
                guard let state else { return print("null") }
                return try printJSON(state)
            }
            guard let state else { return print("nothing is playing in the background") }
            print(BackgroundPlayback.describe(state))
        }
    }
}

/// `speak pause`, `speak resume` and `speak stop`: the background player, from any terminal.
struct PauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the background player.",
        discussion: "Examples:\n  speak pause\n  speak resume")

    func run() throws { try sendToBackground(.pause, saying: "paused") }
}

struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Go on playing in the background after 'speak pause'.",
        discussion: "Examples:\n  speak resume")

    func run() throws { try sendToBackground(.resume, saying: "playing") }
}

struct StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop the background player; its position is saved ('speak continue' goes on).",
        discussion: "Examples:\n  speak stop\n  speak continue")

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let state = try speak.backgroundPlayer.send(.stop)
            let position = (try? speak.summary(id: state.documentID).position) ?? state.word
            print("stopped '\(state.title)' at word \(DisplayFormat.count(position ?? state.word))")
        }
    }
}

/// Sends `command` to the background player and says what it did to which document.
private func sendToBackground(_ command: BackgroundCommand, saying what: String) throws {
    try reportingErrors {
        let state = try openSpeak().backgroundPlayer.send(command)
        print("\(what) '\(state.title)'")
    }
}
