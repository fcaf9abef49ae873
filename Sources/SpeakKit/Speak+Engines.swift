import Foundation
import SpeakConversion
import SpeakESpeak
import SpeakNeural
import SpeakSynthesis

/// A neural voice that cannot be used, or a use it does not support yet.
public struct NeuralVoiceError: UserFacingError, Equatable {
    public var message: String
    public var exitStatus: ExitStatus { .unavailable }
}

extension Speak {
    /// The installed neural voice called `name` (its directory's or its model's name), if any.
    public func neuralVoice(named name: String) -> PiperVoice? {
        let wanted = name.lowercased()
        return PiperVoice.installed(environment: environment).first { $0.name.lowercased() == wanted }
    }

    /// The engine that speaks `settings`' voice: a neural voice when one has that name (loaded
    /// once per process), else eSpeak-NG, guarded against its crashes; the guard is returned
    /// too, for its count of silenced sentences.
    func engine(for settings: VoiceSettings, requested: String?) throws -> (engine: any SpeechEngine, guarded: GuardedEngine?) {
        if let voice = neuralVoice(named: settings.voice) {
            if let loaded = loadedNeuralEngines[voice.name] { return (loaded, nil) }
            do {
                // One process speaking: the model may use every core (workers use one each).
                let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
                let engine = try EngineThread.shared.sync { try PiperEngine(voice: voice, environment: environment, threads: threads) }
                loadedNeuralEngines[voice.name] = engine
                return (engine, nil)
            } catch let problem as PiperVoice.Problem {
                throw NeuralVoiceError(message: problem.message)
            }
        }
        let inProcess = try EngineThread.shared.sync { try ESpeakEngine.shared() }
        try prepare(inProcess, settings, requested: requested)
        let guarded = GuardedEngine(inProcess)
        return (guarded, guarded)
    }
}
