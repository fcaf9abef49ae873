import Foundation

/// The audio file formats `speak convert` writes.
public enum AudioFormat: String, Sendable, Codable, CaseIterable {
    /// 16-bit PCM at the engine's rate: large, but read by everything.
    case wav
    /// Ogg Opus, speech-tuned: the default for audiobooks (about 12 MB per hour at 24 kbps).
    case opus
    /// MP3, constant bit rate, with an ID3v2.3 tag: for players that know nothing newer.
    case mp3

    /// The format a file name asks for by its extension (".ogg" and ".oga" mean Opus).
    public static func forPath(_ path: String) -> AudioFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "wav", "wave": .wav
        case "opus", "ogg", "oga": .opus
        case "mp3": .mp3
        default: nil
        }
    }

    /// The extension of files written in this format.
    public var fileExtension: String { rawValue }

    /// Kilobits per second when none is asked for (eSpeak's synthetic voice gains nothing above these).
    public var defaultBitrate: Int {
        switch self {
        case .wav: 0
        case .opus: 24
        case .mp3: 40
        }
    }

    /// Bit rates the encoder accepts, in kbps.
    public var bitrates: ClosedRange<Int> {
        switch self {
        case .wav: 0...0
        case .opus: 6...256
        case .mp3: 8...320
        }
    }
}

/// How to encode: the format and its bit rate.
public struct EncoderSettings: Sendable, Equatable, Codable {
    public var format: AudioFormat
    /// Kilobits per second (ignored for WAV).
    public var bitrate: Int

    public init(format: AudioFormat, bitrate: Int? = nil) {
        self.format = format
        self.bitrate = bitrate ?? format.defaultBitrate
    }
}

/// One stretch of speech encoded on its own, so that pieces made by different processes (or
/// in an earlier, interrupted run) can be joined into one file without decoding.
public struct EncodedAudio: Sendable {
    public var format: AudioFormat
    /// PCM samples that went in, at the engine's rate.
    public var inputSamples: Int
    /// Samples the decoder plays before the first input sample, in the stream's clock (48 kHz
    /// for Opus, the input rate for MP3): Opus pre-skip, or the MP3 encoder and decoder delay.
    public var leadIn: Int
    /// Length of the encoded stream in the stream's clock, lead-in and padding included.
    public var length: Int
    /// The stream's bytes: MP3 frames; Opus packets, each preceded by its 16-bit length; PCM.
    public var payload: Data
}

extension EncodedAudio {
    /// The audio as a file a browser decodes on its own: WAV with its header, MP3 frames as
    /// they are, Opus packets in an Ogg stream; nil when the packets are damaged.
    public func standaloneFile(sampleRate: Int) -> Data? {
        switch format {
        case .wav: WAVWriter.header(dataBytes: payload.count, sampleRate: sampleRate) + payload
        case .mp3: payload
        case .opus: AudioFileJoiner.opusFile(self, sampleRate: sampleRate)
        }
    }
}

/// Encodes the audio of one segment; `finish` returns it whole.
public protocol SegmentEncoder: AnyObject {
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioOutputError)
    func finish() throws(AudioOutputError) -> EncodedAudio
}

/// The encoder for a format.
public enum SegmentEncoders {
    public static func make(_ settings: EncoderSettings, sampleRate: Int) throws(AudioOutputError) -> any SegmentEncoder {
        switch settings.format {
        case .wav: PCMSegmentEncoder()
        case .opus: try OpusSegmentEncoder(sampleRate: sampleRate, bitrate: settings.bitrate)
        case .mp3: try MP3SegmentEncoder(sampleRate: sampleRate, bitrate: settings.bitrate)
        }
    }
}

/// WAV segments are the samples themselves (little-endian).
final class PCMSegmentEncoder: SegmentEncoder {
    private var payload = Data()
    private var samples = 0

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioOutputError) {
        if Int16(littleEndian: 1) == 1 {
            payload.append(contentsOf: UnsafeRawBufferPointer(samples))
        } else {
            for sample in samples { withUnsafeBytes(of: sample.littleEndian) { payload.append(contentsOf: $0) } }
        }
        self.samples += samples.count
    }

    func finish() throws(AudioOutputError) -> EncodedAudio {
        EncodedAudio(format: .wav, inputSamples: samples, leadIn: 0, length: samples, payload: payload)
    }
}
