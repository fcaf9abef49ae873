import Foundation
import SpeakConversion
import SpeakESpeak
import SpeakNeural
import SpeakSynthesis

extension Speak {
    /// The installed neural voice called `name` (its directory's or its model's name), if any.
    public func neuralVoice(named name: String) -> PiperVoice? {
        EngineChoice.neuralVoice(named: name, environment: environment)
    }

    /// The engine that speaks `settings`' voice: a neural voice when one has that name (loaded
    /// once per process, on every core), else eSpeak-NG guarded against its crashes; an
    /// unknown eSpeak voice is reported with the close presets.
    func engine(for settings: VoiceSettings, requested: String?) throws -> any SpeechEngine {
        if let voice = neuralVoice(named: settings.voice) {
            return try EngineChoice.engine(for: voice, threads: max(1, ProcessInfo.processInfo.activeProcessorCount), environment: environment)
        }
        let inProcess = try EngineThread.shared.sync { try ESpeakEngine.shared() }
        try prepare(inProcess, settings, requested: requested)
        return GuardedEngine(inProcess)
    }
}
