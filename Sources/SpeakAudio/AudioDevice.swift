import CPCAudio
import Foundation
import SpeakModel

/// Somewhere to play 16-bit mono PCM. Writes block about as long as the audio takes to play;
/// a sink is used from one thread.
public protocol AudioSink: AnyObject {
    /// Plays `samples` (returns when they are queued close to the speaker).
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError)
    /// Waits until everything written has been played.
    func drain()
    /// Drops what is queued but not played yet (stop, seek).
    func flush()
    /// How long written audio waits before it is heard, in seconds.
    var latency: Double { get }
}

/// No audio device to play on.
public struct AudioDeviceError: UserFacingError, Equatable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var message: String {
        "cannot play audio: \(reason); write a file with -o FILE, or pipe WAV with -o - | aplay"
    }
    public var exitStatus: ExitStatus { .unavailable }
}

/// Opens the audio output: the sound server or device through pcaudiolib (PulseAudio or
/// PipeWire first, then ALSA), or a null sink that takes audio at real time without a
/// device when `name` is "null" (tests and machines without sound).
public enum AudioOutput {
    public static func open(name: String?, sampleRate: Int) throws(AudioDeviceError) -> any AudioSink {
        if name == "null" { return NullSink(sampleRate: sampleRate) }
        return try PCAudioSink(sampleRate: sampleRate)
    }
}

/// A pcaudiolib device object.
final class PCAudioSink: AudioSink {
    private let object: OpaquePointer

    init(sampleRate: Int) throws(AudioDeviceError) {
        if let missing = speak_pcaudio_missing() {
            throw AudioDeviceError(reason: "the audio library cannot be loaded (\(String(cString: missing))); install libpcaudio0")
        }
        guard let object = create_audio_device_object(nil, "speak", "speak") else {
            throw AudioDeviceError(reason: "no audio output is available")
        }
        // ALSA prints its own complaints to stderr when there is no card; the error below
        // says it once, in our words.
        let status = StandardErrorSilencer.run {
            audio_object_open(object, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
        }
        guard status == 0 else {
            let reason = audio_object_strerror(object, status).map { String(cString: $0) } ?? "error \(status)"
            audio_object_destroy(object)
            throw AudioDeviceError(reason: "no audio device (\(reason))")
        }
        self.object = object
    }

    deinit {
        audio_object_close(object)
        audio_object_destroy(object)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let status = audio_object_write(object, base, samples.count * 2)
        guard status == 0 else {
            throw AudioDeviceError(reason: audio_object_strerror(object, status).map { String(cString: $0) } ?? "error \(status)")
        }
    }

    func drain() { _ = audio_object_drain(object) }

    func flush() { _ = audio_object_flush(object) }

    // pcaudiolib cannot tell; its PulseAudio and ALSA backends buffer about this much.
    var latency: Double { 0.1 }
}

/// Takes audio at the pace it would play, with no device.
final class NullSink: AudioSink {
    private let sampleRate: Int
    private var started: Date?
    private var written = 0

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        let start = started ?? Date()
        started = start
        written += samples.count
        // Stay no more than 10 ms ahead of the clock, like a device's buffer.
        let ahead = Double(written) / Double(sampleRate) - Date().timeIntervalSince(start) - 0.01
        if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
    }

    func drain() {
        guard let started else { return }
        let left = Double(written) / Double(sampleRate) - Date().timeIntervalSince(started)
        if left > 0 { Thread.sleep(forTimeInterval: left) }
    }

    func flush() {
        started = nil
        written = 0
    }

    var latency: Double { 0.01 }
}

/// Points file descriptor 2 at /dev/null while a C call runs.
enum StandardErrorSilencer {
    static func run<T>(_ work: () -> T) -> T {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return work()
        }
        dup2(null, STDERR_FILENO)
        close(null)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return work()
    }
}
