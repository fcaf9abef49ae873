import Foundation
import SpeakESpeak
import SpeakModel
import SpeakImport
import SpeakSynthesis

/// eSpeak-NG behind a guard: text the library could crash on (see
/// `ESpeakEngine.isSafeInProcess`) is synthesized by a helper process, `speak __engine`, and
/// everything else in this process at full speed. A helper that dies is restarted and the
/// sentence tried once more; a sentence that kills it twice is left silent and counted, so one
/// bad sentence never costs the whole conversion.
public final class GuardedEngine: SpeechEngine {
    private let inner: ESpeakEngine
    private var helper: EngineHelper?
    /// Sentences left silent because the engine crashed on them twice.
    public private(set) var silencedSentences = 0

    public init(_ inner: ESpeakEngine) {
        self.inner = inner
    }

    deinit {
        helper?.stop()
    }

    public var sampleRate: Int { inner.sampleRate }

    public func synthesize(_ text: String, settings: VoiceSettings,
                    audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        if ESpeakEngine.isSafeInProcess(text, voice: settings.voice) {
            return try inner.synthesize(text, settings: settings, audio: audio)
        }
        for _ in 0..<2 {
            let helper = try self.helper ?? EngineHelper()
            self.helper = helper
            if let (samples, events) = try helper.synthesize(text, settings: settings) {
                try samples.withUnsafeBufferPointer { try audio($0) }
                return events
            }
            helper.stop()
            self.helper = nil
        }
        silencedSentences += 1
        return []
    }
}

/// One `speak __engine` child process on a socket pair (binary frames, see `EngineWire`).
final class EngineHelper {
    private let helper: HelperProcess
    private var socket: Int32 { helper.descriptor }

    init() throws {
        guard let helper = HelperProcess(executable: try SpeakExecutable.path(), arguments: ["__engine"]) else {
            throw ConversionFailure(message: "cannot start the engine helper: \(String(cString: strerror(errno)))")
        }
        self.helper = helper
    }

    /// The chunk's audio and events; nil when the helper died on it. Errors the helper
    /// reports (unknown voice, engine failure) are thrown.
    func synthesize(_ text: String, settings: VoiceSettings) throws -> ([Int16], [WordEvent])? {
        guard EngineWire.write(socket, EngineWire.request(text, settings: settings)) else { return nil }
        return try Self.answer(from: socket)
    }

    /// Reads one answer: audio frames, then the events or an error. Nil on end of file or on a
    /// frame that makes no sense, so a helper that dies or talks nonsense is only a failed chunk.
    static func answer(from socket: Int32) throws -> ([Int16], [WordEvent])? {
        var samples: [Int16] = []
        while let tag = EngineWire.read(socket, count: 1)?.first {
            switch tag {
            case UInt8(ascii: "A"):
                guard let count = EngineWire.readInt(socket), (0...(1 << 26)).contains(count) else { return nil }
                guard EngineWire.readSamples(socket, count: count, into: &samples) else { return nil }
            case UInt8(ascii: "E"):
                guard let count = EngineWire.readInt(socket), (0...(1 << 24)).contains(count) else { return nil }
                var events: [WordEvent] = []
                events.reserveCapacity(min(count, 1 << 12))
                for _ in 0..<count {
                    guard let position = EngineWire.readInt(socket), let length = EngineWire.readInt(socket),
                          let sample = EngineWire.readInt(socket) else { return nil }
                    events.append(WordEvent(textPosition: position, length: length, sample: sample))
                }
                return (samples, events)
            case UInt8(ascii: "X"):
                guard let code = EngineWire.readInt(socket), let message = EngineWire.readString(socket) else { return nil }
                throw EngineWire.error(code: code, message)
            default:
                return nil
            }
        }
        return nil
    }

    /// Ends the helper: closing the socket is its signal to exit.
    func stop() {
        helper.stop()
    }
}
