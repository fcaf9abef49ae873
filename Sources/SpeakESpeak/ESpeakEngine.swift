import CEspeakNG
import Foundation
import SpeakSynthesis

/// The eSpeak-NG engine. eSpeak keeps its state in globals and must be initialized once per
/// process and never terminated and re-initialized, so there is one shared instance, used
/// from one thread at a time (synchronous mode: audio arrives on the calling thread).
public final class ESpeakEngine: SpeechEngine, @unchecked Sendable {
    /// The process's engine, initialized on first use.
    public static func shared() throws(SynthesisError) -> ESpeakEngine {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        let engine = try ESpeakEngine()
        instance = engine
        return engine
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var instance: ESpeakEngine?

    public let sampleRate: Int
    private var currentVoice: String?
    private var currentRate: Int?
    private var currentPitch: Int?
    private var currentRange: Int?

    /// Points the C library's `stderr` stream at /dev/null, so eSpeak's diagnostics ("espeak:
    /// No envelope") never reach the user. For a command line's process only: everything else
    /// that writes through C `stdio` stderr (test runners, some argument parsers) goes quiet
    /// too; messages written to file descriptor 2 directly still get through.
    public static func silenceDiagnostics() {
        speak_silence_c_stderr()
    }

    private init() throws(SynthesisError) {
        if let missing = speak_espeak_missing() {
            throw .engineUnavailable("the eSpeak NG library cannot be loaded (\(String(cString: missing)))")
        }
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        if status != ENS_OK {
            espeak_ng_ClearErrorContext(&context)
            throw .engineUnavailable(Self.message(status))
        }
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
        guard output == ENS_OK else { throw .engineUnavailable(Self.message(output)) }
        sampleRate = Int(espeak_ng_GetSampleRate())
        espeak_SetSynthCallback(synthCallback)
    }

    public func synthesize(_ text: String, settings: VoiceSettings,
                           audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        try apply(settings)
        let flags = UInt32(espeakCHARS_UTF8) | UInt32(espeakENDPAUSE) | UInt32(espeakPHONEMES)
        // Synchronous mode: the callback runs inside espeak_ng_Synthesize, so the closure
        // never outlives this call.
        let (status, context) = withoutActuallyEscaping(audio) { audio in
            let context = CallbackContext(audio: audio)
            let status = withExtendedLifetime(context) {
                text.withCString { cText in
                    espeak_ng_Synthesize(cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, flags, nil,
                                         Unmanaged.passUnretained(context).toOpaque())
                }
            }
            return (status, (events: context.events, failure: context.failure))
        }
        if let failure = context.failure { throw failure }
        if status != ENS_OK && status != ENS_SPEECH_STOPPED { throw SynthesisError.engineFailed(Self.message(status)) }
        return context.events
    }

    /// eSpeak's phoneme mnemonics for `text` in `voice`, exactly as `espeak-ng -q -x` prints
    /// them: the text is synthesized (phoneme input in `[[ ]]` included) with eSpeak's phoneme
    /// trace captured, and the audio dropped.
    public func phonemes(_ text: String, voice: String) throws -> String {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { throw SynthesisError.engineFailed("cannot capture the phonemes") }
        espeak_SetPhonemeTrace(Int32(espeakPHONEMES_SHOW), stream)
        defer { free(buffer) }
        do {
            _ = try synthesize(text, settings: VoiceSettings(voice: voice)) { _ in }
        } catch {
            espeak_SetPhonemeTrace(0, nil)
            fclose(stream)
            throw error
        }
        espeak_SetPhonemeTrace(0, nil)
        fclose(stream)
        return buffer.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// eSpeak's IPA for `text` in `voice`, one string per clause, each with the punctuation
    /// that ended it ("," "." "?" "!" ";" ":"), as neural voices trained on eSpeak's phonemes
    /// expect them.
    public func ipaClauses(_ text: String, voice: String) throws(SynthesisError) -> [String] {
        try apply(VoiceSettings(voice: voice))
        var clauses: [String] = []
        let utf8 = Array(text.utf8) + [0]
        utf8.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var pointer: UnsafeRawPointer? = UnsafeRawPointer(base)
            while let current = pointer, current.load(as: UInt8.self) != 0 {
                var next: UnsafeRawPointer? = current
                let result = withUnsafeMutablePointer(to: &next) { espeak_TextToPhonemes($0, Int32(espeakCHARS_UTF8), 0x02) }
                let consumedEnd = next.map { $0 - UnsafeRawPointer(base) } ?? (utf8.count - 1)
                let consumed = String(decoding: utf8[(current - UnsafeRawPointer(base))..<consumedEnd], as: UTF8.self)
                var clause = result.map { String(cString: $0) } ?? ""
                if let mark = consumed.trimmingCharacters(in: .whitespacesAndNewlines).last, ",.;:!?".contains(mark) { clause.append(mark) }
                if !clause.isEmpty { clauses.append(clause) }
                guard let n = next, n != current else { break }
                pointer = n
            }
        }
        return clauses
    }

    /// Selects the voice and rate now, so an unknown voice is reported before any work starts.
    public func prepare(_ settings: VoiceSettings) throws(SynthesisError) {
        try apply(settings)
    }

    /// Sets voice and rate only when they change (each voice change allocates inside eSpeak).
    private func apply(_ settings: VoiceSettings) throws(SynthesisError) {
        if currentVoice != settings.voice {
            guard select(settings.voice) else {
                // A failed selection can leave eSpeak between voices: select again next time.
                currentVoice = nil
                throw .unknownVoice(settings.voice, suggestions: ESpeakVoices.closeMatches(to: settings.voice))
            }
            currentVoice = settings.voice
            currentRate = nil
            currentPitch = nil
            currentRange = nil
        }
        try set(espeakRATE, settings.wordsPerMinute, &currentRate)
        // Selecting a voice resets pitch and range to 50, eSpeak's own default.
        try set(espeakPITCH, settings.pitch ?? 50, &currentPitch)
        try set(espeakRANGE, settings.range ?? 50, &currentRange)
    }

    private func set(_ parameter: espeak_PARAMETER, _ value: Int, _ current: inout Int?) throws(SynthesisError) {
        guard current != value else { return }
        let status = espeak_ng_SetParameter(parameter, Int32(value), 0)
        guard status == ENS_OK else { throw .engineFailed(Self.message(status)) }
        current = value
    }

    /// Selects a voice by eSpeak name ("en-us", "Klingon") or by language code with an
    /// optional variant ("en-gb+f3"): eSpeak only knows voice names and file names, so a
    /// language code is looked up in the voice list and its file name used instead.
    private func select(_ voice: String) -> Bool {
        // The legacy call understands "name+variant" and reports unknown names.
        if espeak_SetVoiceByName(voice) == EE_OK { return true }
        let parts = voice.split(separator: "+", maxSplits: 1).map(String.init)
        guard let base = parts.first?.lowercased(),
              let match = ESpeakVoices.all().first(where: { $0.languages.contains { $0.lowercased() == base } }),
              let file = match.file.split(separator: "/").last else { return false }
        let name = String(file) + (parts.count > 1 ? "+" + parts[1] : "")
        return espeak_SetVoiceByName(name) == EE_OK
    }

    static func message(_ status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What the C callback needs during one synthesis call; passed through `user_data`.
private final class CallbackContext {
    let audio: (UnsafeBufferPointer<Int16>) throws -> Void
    var events: [WordEvent] = []
    var delivered = 0
    var failure: (any Error)?

    init(audio: @escaping (UnsafeBufferPointer<Int16>) throws -> Void) {
        self.audio = audio
    }
}

/// eSpeak's synth callback: copies audio out and records WORD events. Event samples can run
/// past the audio delivered at sonic rates (above 449 wpm); the mapper clamps them.
private func synthCallback(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                           _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let events, let userData = events.pointee.user_data else { return 0 }
    let context = Unmanaged<CallbackContext>.fromOpaque(userData).takeUnretainedValue()
    if context.failure != nil { return 1 }
    if let wav, count > 0 {
        do {
            try context.audio(UnsafeBufferPointer(start: wav, count: Int(count)))
            context.delivered += Int(count)
        } catch {
            context.failure = error
            return 1
        }
    }
    var event = events
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        if event.pointee.type == espeakEVENT_WORD {
            context.events.append(WordEvent(textPosition: Int(event.pointee.text_position),
                                            length: Int(event.pointee.length), sample: Int(event.pointee.sample)))
        }
        event += 1
    }
    return 0
}
