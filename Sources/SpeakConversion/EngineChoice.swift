import Foundation
import SpeakESpeak
import SpeakModel
import SpeakNeural
import SpeakSpeech
import SpeakSynthesis

/// A neural voice that cannot be used: one line naming the file or what to install.
public struct NeuralVoiceError: UserFacingError, Equatable {
    public var message: String
    public var exitStatus: ExitStatus { .unavailable }
}

/// The engine for a voice: a neural voice when an installed one has that name (loaded once
/// per process; paragraphs in other languages go to eSpeak-NG), else eSpeak-NG guarded
/// against its crashes.
public enum EngineChoice {
    nonisolated(unsafe) private static var neural: [String: PiperEngine] = [:]
    private static let lock = NSLock()

    /// The installed neural voice called `name`, if any.
    public static func neuralVoice(named name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> PiperVoice? {
        let wanted = name.lowercased()
        return PiperVoice.installed(environment: environment).first { $0.name.lowercased() == wanted }
    }

    /// The engine speaking `settings.voice`; a neural model runs on `threads` threads, `lanes`
    /// runs at once.
    public static func engine(for settings: VoiceSettings, threads: Int, lanes: Int = 1,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any SpeechEngine {
        if let voice = neuralVoice(named: settings.voice, environment: environment) {
            return try engine(for: voice, threads: threads, lanes: lanes, environment: environment)
        }
        let inner = try EngineThread.shared.sync { try ESpeakEngine.shared() }
        try EngineThread.shared.sync { try inner.prepare(settings) }
        return GuardedEngine(inner)
    }

    /// The engine of a neural voice already found, loaded once per process (as it was asked for first).
    public static func engine(for voice: PiperVoice, threads: Int, lanes: Int = 1,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any SpeechEngine {
        lock.lock()
        defer { lock.unlock() }
        // Paragraphs in other languages are read by eSpeak-NG in the same stream.
        func espeak() throws -> GuardedEngine { GuardedEngine(try EngineThread.shared.sync { try ESpeakEngine.shared() }) }
        if let loaded = neural[voice.name] { return VoiceRouter(neural: loaded, name: voice.name, espeak: try espeak()) }
        do {
            // The model loads on one core; the word list the first sentence may need, on the other.
            DispatchQueue.global(qos: .userInitiated).async { SpeechReader.prepare() }
            let engine = try EngineThread.shared.sync { try PiperEngine(voice: voice, environment: environment, threads: threads, lanes: lanes) }
            neural[voice.name] = engine
            return VoiceRouter(neural: engine, name: voice.name, espeak: try espeak())
        } catch let problem as PiperVoice.Problem {
            throw NeuralVoiceError(message: problem.message)
        }
    }
}
