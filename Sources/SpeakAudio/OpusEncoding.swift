import COpusEnc
import Foundation

/// Ogg Opus through libopusenc (which resamples to 48 kHz): speech-tuned, complexity 3 — on
/// eSpeak's voice it sounds like 10 and encodes twice as fast. The encoder's Ogg pages are
/// thrown away; its packets are kept, so segments can be joined into one stream later.
final class OpusSegmentEncoder: SegmentEncoder {
    private let encoder: OpaquePointer
    private let comments: OpaquePointer
    private let sink = PacketSink()
    private var samples = 0
    private var finished = false
    static let complexity: Int32 = 3

    init(sampleRate: Int, bitrate: Int) throws(AudioOutputError) {
        guard let comments = ope_comments_create() else { throw AudioOutputError(path: "opus", reason: "out of memory") }
        var callbacks = OpusEncCallbacks(write: { _, _, _ in 0 }, close: { _ in 0 })
        var error: Int32 = 0
        guard let encoder = ope_encoder_create_callbacks(&callbacks, nil, comments, Int32(sampleRate), 1, 0, &error) else {
            ope_comments_destroy(comments)
            throw Self.failure(error)
        }
        self.encoder = encoder
        self.comments = comments
        let user = Unmanaged.passUnretained(sink).toOpaque()
        let status = [speak_ope_set_bitrate(encoder, Int32(bitrate * 1000)), speak_ope_set_voice(encoder),
                      speak_ope_set_complexity(encoder, Self.complexity),
                      speak_ope_set_packet_callback(encoder, { user, data, length, _ in
                          guard let user, let data else { return }
                          Unmanaged<PacketSink>.fromOpaque(user).takeUnretainedValue().add(data, Int(length))
                      }, user)].first { $0 != OPE_OK }
        if let status {
            ope_encoder_destroy(encoder)
            ope_comments_destroy(comments)
            throw Self.failure(status)
        }
    }

    deinit {
        ope_encoder_destroy(encoder)
        ope_comments_destroy(comments)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioOutputError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        let status = ope_encoder_write(encoder, base, Int32(samples.count))
        guard status == OPE_OK else { throw Self.failure(status) }
        self.samples += samples.count
    }

    func finish() throws(AudioOutputError) -> EncodedAudio {
        if !finished {
            finished = true
            let status = ope_encoder_drain(encoder)
            guard status == OPE_OK else { throw Self.failure(status) }
        }
        return EncodedAudio(format: .opus, inputSamples: samples, leadIn: sink.preSkip, length: sink.duration, payload: sink.payload)
    }

    private static func failure(_ status: Int32) -> AudioOutputError {
        AudioOutputError(path: "opus", reason: "the Opus encoder failed: " + (ope_strerror(status).map { String(cString: $0) } ?? "error \(status)"))
    }
}

/// Collects the encoder's packets: the two header packets give the pre-skip, the rest are
/// audio, stored with their lengths.
private final class PacketSink {
    var payload = Data()
    var preSkip = 0
    var duration = 0
    private var headers = 0

    func add(_ data: UnsafePointer<UInt8>, _ length: Int) {
        let packet = UnsafeBufferPointer(start: data, count: length)
        if headers < 2 {
            headers += 1
            if length >= 12, packet.starts(with: Array("OpusHead".utf8)) { preSkip = Int(packet[10]) | Int(packet[11]) << 8 }
            return
        }
        guard length < 1 << 16 else { return }
        payload.append(UInt8(length >> 8))
        payload.append(UInt8(length & 0xFF))
        payload.append(contentsOf: packet)
        duration += OpusPacket.duration(packet)
    }
}

/// What the table of contents byte of an Opus packet says (RFC 6716 §3.1).
enum OpusPacket {
    /// The packet's length in 48 kHz samples.
    static func duration<C: Collection>(_ packet: C) -> Int where C.Element == UInt8, C.Index == Int {
        guard let toc = packet.first else { return 0 }
        let config = Int(toc >> 3)
        let frame: Int
        switch config {
        case 0..<12: frame = [480, 960, 1920, 2880][config % 4]  // SILK: 10, 20, 40, 60 ms
        case 12..<16: frame = [480, 960][config % 2]              // hybrid: 10, 20 ms
        default: frame = [120, 240, 480, 960][config % 4]         // CELT: 2.5 to 20 ms
        }
        let frames: Int
        switch toc & 3 {
        case 0: frames = 1
        case 1, 2: frames = 2
        default: frames = packet.count > 1 ? Int(packet[packet.startIndex + 1] & 0x3F) : 0
        }
        return frame * frames
    }
}
