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
    /// unknown eSpeak voice is reported with the close presets. To listen, a neural voice runs
    /// each sentence on every core (the first is heard soonest); to convert, a sentence on
    /// each core (the whole is done soonest).
    func engine(for settings: VoiceSettings, requested: String?, converting: Bool = false) throws -> any SpeechEngine {
        if let voice = neuralVoice(named: settings.voice) {
            let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
            return try EngineChoice.engine(for: voice, threads: converting ? 1 : cores, lanes: converting ? cores : 1, environment: environment)
        }
        let inProcess = try EngineThread.shared.sync { try ESpeakEngine.shared() }
        try prepare(inProcess, settings, requested: requested)
        return GuardedEngine(inProcess)
    }
}
