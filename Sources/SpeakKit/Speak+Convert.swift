import Foundation
import SpeakAudio
import SpeakConversion
import SpeakESpeak
import SpeakModel
import SpeakSpeech
import SpeakSynthesis

/// A speed or rate outside what the engine can do.
public struct SpeedError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }
}

extension Speak {
    /// Speed multipliers users may ask for, like the best reading apps.
    public static let speedRange = Player.speedRange

    /// Converts a file or library document to a WAV file (and a timing file), streaming the
    /// audio to disk; with `jobs` > 1 a long document is split into parts synthesized by
    /// worker processes and joined in order. A partial file is removed when anything fails.
    /// Opus, MP3 and one file per chapter go through cached segments (`AudiobookConversion`).
    public func convert(_ input: InputReference, request: ConvertRequest,
                        progress: ProgressHandler? = nil) throws -> ConversionSummary {
        let started = Date()
        let format = try request.audioFormat()
        var settings = try voiceSettings(request)
        let document = try self.document(input)
        var voiceName = request.voice ?? config.voice
        if request.voice == nil, let voice = try defaultVoice(for: document.metadata.language) {
            settings = try voiceSettings(voice: voice, speed: request.speed, wordsPerMinute: request.wordsPerMinute)
            voiceName = voice
        }
        var speechRequest = request.speech
        // A voice the user chose reads every paragraph, whatever its language.
        if request.voice != nil { speechRequest.followLanguage = false }
        settings.speech = try speechOptions(for: document, request: speechRequest)
        // Worked out after the audio (a long book's paragraphs are each asked their language).
        let otherVoices = { [self] in
            voicesUsed(document, voice: settings.voice, options: settings.speech).dropFirst()
                .map { "\($0.voice) (\($0.language), \($0.paragraphs) paragraph\($0.paragraphs == 1 ? "" : "s"))" }
        }
        var summary: ConversionSummary
        if format != .wav || request.splitChapters {
            // The voice is checked (and a neural one loaded) before any output is made.
            let engine = try self.engine(for: settings, requested: request.voice, converting: true)
            let cover = try coverImage(request.cover, input: input, document: document)
            summary = try AudiobookConversion(document: document, request: request, format: format, settings: settings, voiceName: voiceName,
                                              sampleRate: engine.sampleRate, cover: cover, cacheLimitMB: config.cacheLimitMB,
                                              workerInput: input.workerArgument, inputName: input.displayName)
                .run(started: started, progress: progress)
        } else {
            let streamsToListener = request.output == "-" || Self.isDeviceOrPipe(request.output)
            summary = try StreamedConversion(document: document, request: request, settings: settings, voiceName: voiceName,
                                             workerInput: input.workerArgument, inputName: input.displayName)
                // Standard output or a pipe is most likely heard as it comes: the first sentence soonest.
                .run(engine: { try self.engine(for: settings, requested: request.voice, converting: !streamsToListener) },
                     started: started, progress: progress)
        }
        summary.otherVoices = otherVoices()
        return summary
    }

    /// Whether `path` is a device, a pipe or a socket (written into, never replaced).
    public static func isDeviceOrPipe(_ path: String) -> Bool {
        path != "-" && OutputPath.isStream(path)
    }
}
