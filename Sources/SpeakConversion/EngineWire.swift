import Foundation
import SpeakESpeak
import SpeakModel
import SpeakSynthesis

/// The little binary protocol between `speak` and its engine helper (`speak __engine`) on a
/// socket pair. A request is `Q`, the voice settings and the text; the answer is any number of
/// `A` frames of samples, then `E` with the word events or `X` with an error. Integers are
/// little-endian; a helper that dies mid-answer shows up as end of file.
public enum EngineWire {
    /// Reads exactly `count` bytes, or nil at end of file. The buffer grows as bytes arrive, so
    /// a frame that only claims a large size costs nothing.
    static func read(_ descriptor: Int32, count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: min(count - start, 1 << 20)))
            let complete = bytes.withUnsafeMutableBytes { read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
            guard complete else { return nil }
        }
        return bytes
    }

    /// Appends `count` little-endian samples to `samples`, growing as they arrive; false at end of file.
    static func readSamples(_ descriptor: Int32, count: Int, into samples: inout [Int16]) -> Bool {
        let first = samples.count
        var remaining = count
        while remaining > 0 {
            let start = samples.count, piece = min(remaining, 1 << 16)
            samples.append(contentsOf: repeatElement(0, count: piece))
            let complete = samples.withUnsafeMutableBytes { read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[(start * 2)...])) }
            guard complete else { return false }
            remaining -= piece
        }
        // Only this answer's samples: the ones already in `samples` are in host order.
        if Int16(littleEndian: 1) != 1 {
            for index in first..<samples.count { samples[index] = Int16(littleEndian: samples[index]) }
        }
        return true
    }

    /// Fills `buffer` completely; false at end of file.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var done = 0
        while done < buffer.count {
            let n = Foundation.read(descriptor, base + done, buffer.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Writes all of `bytes`; false when the other side is gone. Never raises SIGPIPE.
    @discardableResult
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
            let n = send(descriptor, base + done, bytes.count - done, Int32(MSG_NOSIGNAL))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    @discardableResult
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(descriptor, $0) }
    }

    static func readInt(_ descriptor: Int32) -> Int? {
        guard let bytes = read(descriptor, count: 8) else { return nil }
        return Int(Int64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }))
    }

    static func append(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func append(_ string: String, to bytes: inout [UInt8]) {
        append(string.utf8.count, to: &bytes)
        bytes.append(contentsOf: string.utf8)
    }

    static func readString(_ descriptor: Int32) -> String? {
        guard let count = readInt(descriptor), (0...(64 << 20)).contains(count),
              let bytes = read(descriptor, count: count) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func request(_ text: String, settings: VoiceSettings) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "Q")]
        append(settings.voice, to: &bytes)
        append(settings.wordsPerMinute, to: &bytes)
        append(settings.pitch ?? -1, to: &bytes)
        append(settings.range ?? -1, to: &bytes)
        append(text, to: &bytes)
        return bytes
    }

    static func readRequest(_ descriptor: Int32) -> (text: String, settings: VoiceSettings)? {
        guard read(descriptor, count: 1) == [UInt8(ascii: "Q")], let voice = readString(descriptor),
              let rate = readInt(descriptor), let pitch = readInt(descriptor), let range = readInt(descriptor),
              let text = readString(descriptor) else { return nil }
        return (text, VoiceSettings(voice: voice, wordsPerMinute: rate, pitch: pitch < 0 ? nil : pitch,
                                    range: range < 0 ? nil : range))
    }

    /// The error kinds the helper reports; everything else is `engineFailed`.
    static func code(_ error: any Error) -> (Int, String) {
        switch error as? SynthesisError {
        case .engineUnavailable(let reason): (1, reason)
        case .unknownVoice(let voice, _): (2, voice)
        default: (0, (error as? UserFacingError)?.message ?? String(describing: error))
        }
    }

    static func error(code: Int, _ text: String) -> SynthesisError {
        switch code {
        case 1: .engineUnavailable(text)
        case 2: .unknownVoice(text, suggestions: [])
        default: .engineFailed(text)
        }
    }
}

extension EngineWire {
    /// Serves synthesis requests on standard input/output until end of file: the engine helper
    /// that synthesizes text eSpeak-NG could crash on, so only the helper dies.
    public static func serve() {
        ESpeakEngine.silenceDiagnostics()
        let input: Int32 = 0, output: Int32 = 1
        let fault = ProcessInfo.processInfo.environment["SPEAK_FAULT_INJECT"] ?? ""
        while let (text, settings) = EngineWire.readRequest(input) {
            injectFault(fault, text: text)
            var answer: [UInt8] = []
            do {
                let engine = try ESpeakEngine.shared()
                let events = try engine.synthesize(text, settings: settings) { samples in
                    var frame: [UInt8] = [UInt8(ascii: "A")]
                    EngineWire.append(samples.count, to: &frame)
                    guard EngineWire.write(output, frame),
                          EngineWire.write(output, UnsafeRawBufferPointer(samples)) else { exit(0) }
                }
                answer = [UInt8(ascii: "E")]
                EngineWire.append(events.count, to: &answer)
                for event in events {
                    for value in [event.textPosition, event.length, event.sample] { EngineWire.append(value, to: &answer) }
                }
            } catch {
                let (code, text) = EngineWire.code(error)
                answer = [UInt8(ascii: "X")]
                EngineWire.append(code, to: &answer)
                EngineWire.append(text, to: &answer)
            }
            guard EngineWire.write(output, answer) else { return }
        }
    }

    /// Test hook: `engine-crash` kills the helper on any text containing "CRASHME" (in any case:
    /// the spoken text may say it as a word, "Crashme");
    /// `engine-crash-once:PATH` only while PATH does not exist (and creates it).
    private static func injectFault(_ fault: String, text: String) {
        guard !fault.isEmpty, text.uppercased().contains("CRASHME") else { return }
        if fault == "engine-crash" { kill(getpid(), SIGKILL) }
        if fault.hasPrefix("engine-crash-once:") {
            let marker = String(fault.dropFirst("engine-crash-once:".count))
            if !FileManager.default.fileExists(atPath: marker) {
                _ = FileManager.default.createFile(atPath: marker, contents: nil)
                kill(getpid(), SIGKILL)
            }
        }
    }
}
