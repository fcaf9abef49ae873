import CZlib
import Foundation

/// The only file that talks to zlib: inflates a ZIP entry's raw deflate stream or a gzip
/// file, all of it in memory, and checksums what came out.
enum ZlibInflater {
    enum Failure: Error {
        /// More would come out than `limit`: the archive lies about the size (a zip bomb).
        case tooLarge
        /// The stream is corrupt or ends before its last block.
        case damaged
    }

    /// Inflates `input` (raw deflate, no zlib header; with `gzip`, a gzip file whose trailer's
    /// checksum zlib checks), producing at most `limit` bytes.
    static func inflate(_ input: Data, limit: Int, gzip: Bool = false) throws(Failure) -> Data {
        var stream = z_stream()
        guard (gzip ? speak_inflate_init_gzip(&stream) : speak_inflate_init_raw(&stream)) == Z_OK else { throw .damaged }
        defer { inflateEnd(&stream) }
        guard input.count <= Int(UInt32.max) else { throw .tooLarge }
        let chunk = 1 << 16
        var out = Data(count: min(limit, chunk))
        var produced = 0
        let result: Result<Void, Failure> = input.withUnsafeBytes { source in
            // zlib takes a mutable pointer but never writes through next_in.
            stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                if produced == out.count {
                    // Room for one byte past the limit shows a stream that would go on.
                    guard produced <= limit else { return .failure(.tooLarge) }
                    out.count = min(limit + 1, produced + chunk)
                }
                let room = out.count - produced
                let status = out.withUnsafeMutableBytes { target -> Int32 in
                    stream.next_out = target.bindMemory(to: Bytef.self).baseAddress.map { $0 + produced }
                    stream.avail_out = uInt(room)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                produced += room - Int(stream.avail_out)
                if produced > limit { return .failure(.tooLarge) }
                switch status {
                case Z_STREAM_END:
                    // A gzip file may be several members one after another (pigz, bgzip, cat a.gz b.gz).
                    if gzip, stream.avail_in >= 2, let next = stream.next_in, next[0] == 0x1F, next[1] == 0x8B,
                       inflateReset(&stream) == Z_OK { continue }
                    return .success(())
                case Z_OK: continue
                // Z_BUF_ERROR: no progress possible, as all the input is in: the stream is cut short.
                default: return .failure(.damaged)
                }
            }
        }
        if case .failure(let failure) = result { throw failure }
        out.count = produced
        return out
    }

    /// The CRC-32 a ZIP entry records for its uncompressed bytes.
    static func checksum(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.bindMemory(to: Bytef.self).baseAddress else { return 0 }
            var value = crc32(0, nil, 0)
            var done = 0
            // crc32 takes a 32-bit length.
            while done < bytes.count {
                let length = min(bytes.count - done, 1 << 30)
                value = crc32(value, base + done, uInt(length))
                done += length
            }
            return UInt32(value)
        }
    }
}
