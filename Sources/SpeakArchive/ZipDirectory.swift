import Foundation

/// The central directory of a ZIP archive held in memory: each entry's name, method, sizes and
/// where its data starts. Every offset and size is checked against the bytes before use, so a
/// hostile archive can only be refused, never read out of bounds.
struct ZipDirectory {
    struct Entry {
        let path: String
        let method: UInt16
        let flags: UInt16
        let checksum: UInt32
        let compressedSize: UInt64
        let uncompressedSize: UInt64
        let localHeaderOffset: UInt64

        var isEncrypted: Bool { flags & 1 != 0 }
    }

    /// The bytes are not a readable archive (BookArchive words it for the user).
    enum Failure: Error {
        case damaged
    }

    let bytes: Data
    /// Entries in the order of the central directory.
    let entries: [Entry]

    init(_ data: Data) throws(Failure) {
        bytes = data
        guard let end = Self.endRecord(in: data) else { throw .damaged }
        var count = UInt64(data.u16(end + 10) ?? 0)
        var size = UInt64(data.u32(end + 12) ?? 0)
        var offset = UInt64(data.u32(end + 16) ?? 0)
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            // ZIP64: the locator just before the end record points at the 64-bit end record.
            guard end >= 20, data.u32(end - 20) == 0x0706_4B50, let record = data.u64(end - 20 + 8),
                  record < UInt64(data.count), data.u32(Int(record)) == 0x0606_4B50,
                  let count64 = data.u64(Int(record) + 32), let size64 = data.u64(Int(record) + 40),
                  let offset64 = data.u64(Int(record) + 48) else { throw .damaged }
            (count, size, offset) = (count64, size64, offset64)
        }
        guard offset <= UInt64(data.count), size <= UInt64(data.count) - offset else { throw .damaged }
        // 46 bytes is the smallest directory record: a count larger than fits is a lie.
        guard count <= size / 46 else { throw .damaged }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var position = Int(offset)
        for _ in 0..<count {
            let (entry, next) = try Self.record(at: position, in: data, limit: Int(offset + size))
            entries.append(entry)
            position = next
        }
        self.entries = entries
    }

    /// The range of `entry`'s stored (compressed) bytes, from its local header.
    func dataRange(of entry: Entry) throws(Failure) -> Range<Int> {
        guard entry.localHeaderOffset < UInt64(bytes.count) else { throw .damaged }
        let header = Int(entry.localHeaderOffset)
        guard bytes.u32(header) == 0x0403_4B50, let nameLength = bytes.u16(header + 26),
              let extraLength = bytes.u16(header + 28) else { throw .damaged }
        let start = header + 30 + Int(nameLength) + Int(extraLength)
        guard start <= bytes.count, entry.compressedSize <= UInt64(bytes.count - start) else { throw .damaged }
        return start..<(start + Int(entry.compressedSize))
    }

    /// The end-of-central-directory record's offset: searched from the end, past a comment of
    /// up to 64 KB.
    private static func endRecord(in data: Data) -> Int? {
        guard data.count >= 22 else { return nil }
        let last = data.count - 22
        for offset in stride(from: last, through: max(0, last - 0xFFFF), by: -1)
        where data.u32(offset) == 0x0605_4B50 {
            if let comment = data.u16(offset + 20), offset + 22 + Int(comment) <= data.count { return offset }
        }
        return nil
    }

    private static func record(at position: Int, in data: Data, limit: Int) throws(Failure) -> (Entry, Int) {
        guard position + 46 <= limit, data.u32(position) == 0x0201_4B50,
              let flags = data.u16(position + 8), let method = data.u16(position + 10),
              let checksum = data.u32(position + 16), let compressed = data.u32(position + 20),
              let uncompressed = data.u32(position + 24), let nameLength = data.u16(position + 28),
              let extraLength = data.u16(position + 30), let commentLength = data.u16(position + 32),
              let localOffset = data.u32(position + 42) else { throw .damaged }
        let nameStart = position + 46
        let extraStart = nameStart + Int(nameLength)
        let next = extraStart + Int(extraLength) + Int(commentLength)
        guard next <= limit else { throw .damaged }
        let nameBytes = data.subdata(in: (data.startIndex + nameStart)..<(data.startIndex + extraStart))
        // Bit 11 marks UTF-8; older tools wrote code page 437, whose ASCII part is all books use.
        let path = String(data: nameBytes, encoding: .utf8) ?? String(decoding: nameBytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
        var sizes = (UInt64(compressed), UInt64(uncompressed), UInt64(localOffset))
        if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
            sizes = try zip64Sizes(data, from: extraStart, length: Int(extraLength), sizes)
        }
        let entry = Entry(path: path, method: method, flags: flags, checksum: checksum, compressedSize: sizes.0,
                          uncompressedSize: sizes.1, localHeaderOffset: sizes.2)
        return (entry, next)
    }

    /// The 64-bit values of the ZIP64 extra field (id 1), present for each 32-bit field that is
    /// all ones, in the order uncompressed, compressed, offset.
    private static func zip64Sizes(_ data: Data, from start: Int, length: Int,
                                   _ sizes: (UInt64, UInt64, UInt64)) throws(Failure) -> (UInt64, UInt64, UInt64) {
        var position = start
        let end = start + length
        while position + 4 <= end {
            guard let id = data.u16(position), let size = data.u16(position + 2) else { throw .damaged }
            let body = position + 4
            guard body + Int(size) <= end else { throw .damaged }
            if id == 1 {
                var field = body
                func next() throws(Failure) -> UInt64 {
                    guard field + 8 <= body + Int(size), let value = data.u64(field) else { throw .damaged }
                    field += 8
                    return value
                }
                let uncompressed = sizes.1 == 0xFFFF_FFFF ? try next() : sizes.1
                let compressed = sizes.0 == 0xFFFF_FFFF ? try next() : sizes.0
                let offset = sizes.2 == 0xFFFF_FFFF ? try next() : sizes.2
                return (compressed, uncompressed, offset)
            }
            position = body + Int(size)
        }
        throw .damaged
    }
}

private extension Data {
    /// Little-endian integers at a byte offset from the start; nil past the end.
    func u16(_ offset: Int) -> UInt16? { little(offset, 2).map(UInt16.init) }
    func u32(_ offset: Int) -> UInt32? { little(offset, 4).map(UInt32.init) }
    func u64(_ offset: Int) -> UInt64? { little(offset, 8) }

    private func little(_ offset: Int, _ width: Int) -> UInt64? {
        guard offset >= 0, offset <= count - width else { return nil }
        var value: UInt64 = 0
        for index in (0..<width).reversed() { value = value << 8 | UInt64(self[startIndex + offset + index]) }
        return value
    }
}
