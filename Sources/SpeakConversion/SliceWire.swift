import Foundation
import SpeakAudio
import SpeakModel

/// The messages between a parallel conversion (`ParallelConversion`) and its `speak __slices`
/// workers, as binary frames on a socket pair: a tag byte, then little-endian 64-bit integers
/// (and bytes where a frame carries them). A worker that dies shows up as end of file.
enum SliceMessage: Equatable {
    /// To a worker, before its first slice: the file being assembled, to write into. Without
    /// it the worker sends its audio back (the output is a pipe).
    case file(path: String)
    /// To a worker: speak words `words` as slice `id`; its audio starts `offset` bytes into
    /// the output file, or the offset follows later (nil), or the audio is sent back (stream).
    case slice(id: Int, words: Range<Int>, offset: Int?)
    /// To a worker: slice `id`'s audio starts `offset` bytes into the output file.
    case offset(id: Int, offset: Int)
    /// From a worker streaming to a pipe: samples of slice `id`, in order.
    case audio(id: Int, samples: [Int16])
    /// From a worker: slice `id` is synthesized: its length, the sentences the engine crashed
    /// on twice (left silent), and its timeline (samples from the slice's start).
    case done(id: Int, samples: Int, silenced: Int, timeline: [TimelineRecord])
    /// From a worker: every sample of slice `id` is in the output file.
    case written(id: Int)
    /// From a worker: slice `id` failed; `status` is the exit status it calls for.
    case failed(id: Int, status: Int32, message: String)

    /// The frame's bytes.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        func int(_ value: Int) { EngineWire.append(value, to: &bytes) }
        switch self {
        case .file(let path):
            bytes.append(UInt8(ascii: "F"))
            EngineWire.append(path, to: &bytes)
        case .slice(let id, let words, let offset):
            bytes.append(UInt8(ascii: "S"))
            [id, words.lowerBound, words.upperBound, offset ?? -1].forEach(int)
        case .offset(let id, let offset):
            bytes.append(UInt8(ascii: "O"))
            [id, offset].forEach(int)
        case .audio(let id, let samples):
            bytes.append(UInt8(ascii: "A"))
            [id, samples.count].forEach(int)
            samples.withUnsafeBufferPointer { buffer in
                if Int16(littleEndian: 1) == 1 {
                    bytes.append(contentsOf: UnsafeRawBufferPointer(buffer))
                } else {
                    for sample in buffer { withUnsafeBytes(of: sample.littleEndian) { bytes.append(contentsOf: $0) } }
                }
            }
        case .done(let id, let samples, let silenced, let timeline):
            bytes.append(UInt8(ascii: "D"))
            [id, samples, silenced, timeline.count].forEach(int)
            var records = Data()
            for record in timeline { record.encode(into: &records) }
            bytes.append(contentsOf: records)
        case .written(let id):
            bytes.append(UInt8(ascii: "W"))
            int(id)
        case .failed(let id, let status, let message):
            bytes.append(UInt8(ascii: "X"))
            [id, Int(status)].forEach(int)
            EngineWire.append(message, to: &bytes)
        }
        return bytes
    }

    /// Sends the frame; false when the other side is gone.
    @discardableResult
    func send(to descriptor: Int32) -> Bool {
        EngineWire.write(descriptor, encoded)
    }

    /// Reads one frame; nil at end of file or on a frame that makes no sense.
    static func receive(from descriptor: Int32) -> SliceMessage? {
        guard let tag = EngineWire.read(descriptor, count: 1)?.first else { return nil }
        func int() -> Int? { EngineWire.readInt(descriptor) }
        switch tag {
        case UInt8(ascii: "F"):
            return EngineWire.readString(descriptor).map { .file(path: $0) }
        case UInt8(ascii: "S"):
            guard let id = int(), let first = int(), let end = int(), let offset = int(), first < end else { return nil }
            return .slice(id: id, words: first..<end, offset: offset < 0 ? nil : offset)
        case UInt8(ascii: "O"):
            guard let id = int(), let offset = int(), offset >= 0 else { return nil }
            return .offset(id: id, offset: offset)
        case UInt8(ascii: "A"):
            guard let id = int(), let count = int(), (0...(1 << 28)).contains(count) else { return nil }
            var samples: [Int16] = []
            guard EngineWire.readSamples(descriptor, count: count, into: &samples) else { return nil }
            return .audio(id: id, samples: samples)
        case UInt8(ascii: "D"):
            guard let id = int(), let samples = int(), let silenced = int(), let count = int(),
                  (0...(1 << 26)).contains(count),
                  let bytes = EngineWire.read(descriptor, count: count * TimelineRecord.size) else { return nil }
            let data = Data(bytes)
            let timeline = (0..<count).map { TimelineRecord(decoding: data, at: $0 * TimelineRecord.size) }
            return .done(id: id, samples: samples, silenced: silenced, timeline: timeline)
        case UInt8(ascii: "W"):
            return int().map { .written(id: $0) }
        case UInt8(ascii: "X"):
            guard let id = int(), let status = int(), let message = EngineWire.readString(descriptor) else { return nil }
            return .failed(id: id, status: Int32(truncatingIfNeeded: status), message: message)
        default:
            return nil
        }
    }

    /// True when a frame (or end of file) is waiting on `descriptor`, without blocking.
    static func isWaiting(on descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&entry, 1, 0)
            if n < 0, errno == EINTR { continue }
            return n > 0
        }
    }
}

/// A failure a worker reported, with the exit status it calls for.
struct SliceFailure: UserFacingError {
    var message: String
    var exitStatus: ExitStatus
}
