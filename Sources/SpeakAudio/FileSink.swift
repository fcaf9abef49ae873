import Foundation
import SpeakModel

/// Plays into a WAV file (or standard output for "-"): as fast as the audio comes, or at
/// the pace it would be heard when `realtime` is set. `finish()` completes the file;
/// without it (a failure) the partial file is removed.
public final class FileSink: AudioSink {
    private let writer: WAVWriter
    private let pace: NullSink?
    /// The first write error, reported by `finish()` with the file's name.
    private var failure: AudioOutputError?

    public init(path: String, sampleRate: Int, realtime: Bool) throws(AudioOutputError) {
        writer = try WAVWriter(path: path, sampleRate: sampleRate)
        pace = realtime ? NullSink(sampleRate: sampleRate) : nil
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioDeviceError) {
        do {
            try writer.write(samples)
        } catch {
            failure = failure ?? error
            throw AudioDeviceError(reason: error.message)
        }
        try pace?.write(samples)
    }

    public func drain() { pace?.drain() }

    /// Audio already in the file stays: a skip in a recording cuts, it does not take back.
    public func flush() { pace?.flush() }

    public var latency: Double { 0 }

    public func finish() throws(AudioOutputError) {
        if let failure {
            writer.discard()
            throw failure
        }
        try writer.finish()
    }

    public func discard() { writer.discard() }
}
