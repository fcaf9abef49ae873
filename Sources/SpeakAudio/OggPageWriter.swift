import Foundation

/// Packs packets into the pages of one logical Ogg stream (RFC 3533): lacing, granule
/// positions, sequence numbers and the page checksum.
struct OggPageWriter {
    private let serial: UInt32
    private var sequence: UInt32 = 0
    private var lacing: [UInt8] = []
    private var body = Data()
    /// Granule position of the last packet that ends on the current page; -1 when none does.
    private var granule: Int64 = -1
    private var continued = false
    private var packetsOnPage = 0
    /// Pages ready to be written.
    private(set) var output = Data()

    init(serial: UInt32) {
        self.serial = serial
    }

    /// Adds a packet ending at `granule`; `flush` ends the page after it (headers must end a
    /// page), `last` ends the stream with it.
    mutating func add(_ packet: Data, granule: Int64, flush: Bool = false, last: Bool = false) {
        var offset = packet.startIndex
        var remaining = packet.count
        while true {
            if lacing.count == 255 { emitPage(last: false) }
            let take = min(255, remaining)
            lacing.append(UInt8(take))
            body.append(packet[offset..<(offset + take)])
            offset += take
            remaining -= take
            if take < 255 { break }
        }
        self.granule = granule
        packetsOnPage += 1
        // About a second of speech per page keeps seeking fine-grained and overhead small.
        if last || flush || body.count >= 4096 || packetsOnPage >= 50 { emitPage(last: last) }
    }

    /// Takes the pages written so far.
    mutating func takeOutput() -> Data {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    private mutating func emitPage(last: Bool) {
        guard !lacing.isEmpty else { return }
        var page = Data(capacity: 27 + lacing.count + body.count)
        page.append(contentsOf: Array("OggS".utf8))
        page.append(0)
        var flags: UInt8 = continued ? 1 : 0
        if sequence == 0 { flags |= 2 }
        if last { flags |= 4 }
        page.append(flags)
        Self.appendLittleEndian(&page, UInt64(bitPattern: granule), bytes: 8)
        Self.appendLittleEndian(&page, UInt64(serial), bytes: 4)
        Self.appendLittleEndian(&page, UInt64(sequence), bytes: 4)
        page.append(contentsOf: [0, 0, 0, 0])
        page.append(UInt8(lacing.count))
        page.append(contentsOf: lacing)
        page.append(body)
        let crc = OggCRC.checksum(page)
        for i in 0..<4 { page[page.startIndex + 22 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
        output.append(page)
        // A page that ends inside a packet (255-byte lacing last) continues on the next.
        continued = lacing.last == 255
        sequence += 1
        lacing.removeAll(keepingCapacity: true)
        body.removeAll(keepingCapacity: true)
        granule = -1
        packetsOnPage = 0
    }

    static func appendLittleEndian(_ data: inout Data, _ value: UInt64, bytes: Int) {
        for i in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }
}

/// The CRC-32 of Ogg pages: polynomial 0x04C11DB7, not reflected, initial value 0.
enum OggCRC {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index) << 24
        for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
        return value
    }

    static func checksum(_ data: Data) -> UInt32 {
        data.reduce(UInt32(0)) { crc, byte in (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))] }
    }
}
