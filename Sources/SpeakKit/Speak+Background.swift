import Foundation
import SpeakBackground
import SpeakIntake
import SpeakPlayer

/// The library's background player: its state, and the commands other terminals send it.
public typealias BackgroundPlayer = SpeakBackground.BackgroundPlayer
/// What a background player tells other terminals.
public typealias BackgroundPlayerState = SpeakBackground.BackgroundPlayerState
/// Pause, resume or stop, sent to the background player.
public typealias BackgroundCommand = SpeakBackground.BackgroundCommand
/// Failures of starting or reaching a background player.
public typealias BackgroundPlayerError = SpeakBackground.BackgroundPlayerError

extension Speak {
    /// The one background player of this library.
    public var backgroundPlayer: BackgroundPlayer { BackgroundPlayer(directory: libraryDirectory) }

    /// The library id of what `speak play INPUT` plays: an id as it is, a file or URL
    /// imported first (once).
    public func documentID(forPlaying input: InputReference, request: ImportRequest = ImportRequest()) throws -> Int64 {
        if case .document(let id) = input {
            _ = try summary(id: id)
            return id
        }
        return try importInput(input, request: request).id
    }
}

extension PlaybackSession {
    /// The state a background player publishes for `speak status`.
    public func backgroundState(started: Date) -> BackgroundPlayerState {
        let status = player.snapshot
        return BackgroundPlayerState(pid: getpid(), documentID: documentID ?? 0, title: title, word: libraryWord(status.word),
                                     wordCount: libraryWord(player.document.wordCount), paused: status.paused, speed: status.speed,
                                     secondsLeft: secondsLeft(from: status.word, speed: status.speed), started: started, updated: Date())
    }
}
