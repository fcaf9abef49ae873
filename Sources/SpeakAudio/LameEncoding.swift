import CLame
import Foundation

/// MP3 through LAME: mono, constant bit rate (eSpeak's synthetic spectrum defeats VBR's
/// savings), no tag — the ID3v2 tag with chapters is written by `ID3Tag` when joining.
final class MP3SegmentEncoder: SegmentEncoder {
    private let lame: OpaquePointer
    private var payload = Data()
    private var buffer: [UInt8] = []
    private var samples = 0
    private var finished = false
    /// The decoder's own delay (528 + 1 samples) on top of the encoder's.
    static let decoderDelay = 529

    init(sampleRate: Int, bitrate: Int) throws(AudioOutputError) {
        guard let lame = lame_init() else { throw AudioOutputError(path: "mp3", reason: "the MP3 encoder could not start") }
        self.lame = lame
        lame_set_in_samplerate(lame, Int32(sampleRate))
        lame_set_out_samplerate(lame, Int32(sampleRate))
        lame_set_num_channels(lame, 1)
        lame_set_mode(lame, MONO)
        lame_set_VBR(lame, vbr_off)
        lame_set_brate(lame, Int32(bitrate))
        lame_set_write_id3tag_automatic(lame, 0)
        lame_set_bWriteVbrTag(lame, 0)
        guard lame_init_params(lame) >= 0 else {
            lame_close(lame)
            throw AudioOutputError(path: "mp3", reason: "the MP3 encoder refused \(bitrate) kbps at \(sampleRate) Hz")
        }
    }

    deinit {
        lame_close(lame)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioOutputError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        var offset = 0
        while offset < samples.count {
            let count = min(1 << 16, samples.count - offset)
            let capacity = count + count / 4 + 7200
            if buffer.count < capacity { buffer = [UInt8](repeating: 0, count: capacity) }
            let written = buffer.withUnsafeMutableBufferPointer {
                lame_encode_buffer(lame, base + offset, nil, Int32(count), $0.baseAddress, Int32(capacity))
            }
            guard written >= 0 else { throw AudioOutputError(path: "mp3", reason: "the MP3 encoder failed (\(written))") }
            payload.append(contentsOf: buffer[0..<Int(written)])
            offset += count
        }
        self.samples += samples.count
    }

    func finish() throws(AudioOutputError) -> EncodedAudio {
        if !finished {
            finished = true
            if buffer.count < 7200 { buffer = [UInt8](repeating: 0, count: 7200) }
            let written = buffer.withUnsafeMutableBufferPointer { lame_encode_flush(lame, $0.baseAddress, Int32($0.count)) }
            guard written >= 0 else { throw AudioOutputError(path: "mp3", reason: "the MP3 encoder failed (\(written))") }
            payload.append(contentsOf: buffer[0..<Int(written)])
        }
        let frameSamples = Int(lame_get_framesize(lame))
        return EncodedAudio(format: .mp3, inputSamples: samples, leadIn: Int(lame_get_encoder_delay(lame)) + Self.decoderDelay,
                            length: Int(lame_get_frameNum(lame)) * frameSamples, payload: payload)
    }
}
