import Foundation

/// Text decoded from bytes, with how it was decoded.
public struct DecodedText: Sendable {
    public var text: String
    /// "UTF-8", "UTF-16LE", "UTF-16BE", "Windows-1252" or "UTF-8+Windows-1252" (mostly UTF-8
    /// with some bytes that were not).
    public var encoding: String
    /// Bytes that were not valid in the main encoding and were read as Windows-1252.
    public var repairedBytes: Int
}

/// Decides the encoding of text itself instead of trusting a library's guess: BOM first,
/// then UTF-16 without BOM, then UTF-8 — with every byte that is not valid UTF-8 read as
/// Windows-1252, so one stray byte never turns the rest of a file into mojibake.
public enum TextDecoder {
    public static func decode(_ data: Data) -> DecodedText {
        let bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return decodeUTF8(bytes.dropFirst(3))
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return decodeUTF16(bytes.dropFirst(2), littleEndian: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return decodeUTF16(bytes.dropFirst(2), littleEndian: false) }
        if let littleEndian = utf16WithoutBOM([UInt8](bytes.prefix(512))) {
            return decodeUTF16(bytes[...], littleEndian: littleEndian)
        }
        return decodeUTF8(bytes[...])
    }

    /// Recognizes BOM-less UTF-16 by its zero bytes: mostly-ASCII text has a zero in every
    /// other byte. Returns the byte order, or nil when the bytes do not look like UTF-16.
    public static func utf16WithoutBOM(_ head: [UInt8]) -> Bool? {
        guard head.count >= 8 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for (i, b) in head.enumerated() where b == 0 {
            if i % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        let pairs = head.count / 2
        if oddZeros * 10 >= pairs * 7, evenZeros * 10 < pairs { return true }
        if evenZeros * 10 >= pairs * 7, oddZeros * 10 < pairs { return false }
        return nil
    }

    private static func decodeUTF16(_ bytes: Data.SubSequence, littleEndian: Bool) -> DecodedText {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var iterator = bytes.makeIterator()
        while let a = iterator.next(), let b = iterator.next() {
            units.append(littleEndian ? UInt16(a) | UInt16(b) << 8 : UInt16(a) << 8 | UInt16(b))
        }
        return DecodedText(text: String(decoding: units, as: UTF16.self),
                           encoding: littleEndian ? "UTF-16LE" : "UTF-16BE", repairedBytes: 0)
    }

    private static func decodeUTF8(_ bytes: Data.SubSequence) -> DecodedText {
        if let text = String(validating: bytes, as: UTF8.self) {
            return DecodedText(text: text, encoding: "UTF-8", repairedBytes: 0)
        }
        return bytes.withUnsafeBytes { raw in
            let input = raw.bindMemory(to: UInt8.self)
            // Count first: in a Windows-1252 file, byte pairs that happen to be valid UTF-8 ("ß“")
            // are rare next to the invalid bytes; when invalid bytes outnumber valid multi-byte
            // sequences eight to one, the whole file is Windows-1252.
            var invalid = 0, multibyte = 0
            var i = 0
            while i < input.count {
                let length = validSequenceLength(input, at: i)
                if length == 0 { invalid += 1; i += 1 } else { if length > 1 { multibyte += 1 }; i += length }
            }
            let wholeFile = invalid >= 8 * multibyte
            var output: [UInt8] = []
            output.reserveCapacity(input.count + input.count / 8)
            i = 0
            while i < input.count {
                let length = wholeFile ? (input[i] < 0x80 ? 1 : 0) : validSequenceLength(input, at: i)
                if length > 0 {
                    output.append(contentsOf: input[i..<(i + length)])
                    i += length
                } else {
                    appendWindows1252(input[i], to: &output)
                    i += 1
                }
            }
            let repaired = wholeFile ? input.count { $0 >= 0x80 } : invalid
            let encoding = wholeFile || multibyte == 0 ? "Windows-1252" : "UTF-8+Windows-1252"
            return DecodedText(text: String(decoding: output, as: UTF8.self), encoding: encoding, repairedBytes: repaired)
        }
    }

    /// Length of the valid UTF-8 sequence starting at `i`, or 0 when it is invalid.
    /// Whether `data` is valid UTF-8, checked eight ASCII bytes at a time: web pages are mostly
    /// ASCII, and this runs on every one (the standard library's check goes byte by byte).
    public static func isValidUTF8(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = raw.baseAddress else { return true }
            var i = 0
            while i < bytes.count {
                if i + 8 <= bytes.count {
                    let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                        continue
                    }
                }
                let length = validSequenceLength(bytes, at: i)
                guard length > 0 else { return false }
                i += length
            }
            return true
        }
    }

    private static func validSequenceLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let first = b[i]
        if first < 0x80 { return 1 }
        func continuation(_ k: Int) -> Bool { i + k < b.count && b[i + k] & 0xC0 == 0x80 }
        switch first {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard continuation(1), continuation(2) else { return 0 }
            let second = b[i + 1]
            if first == 0xE0 && second < 0xA0 { return 0 }
            if first == 0xED && second > 0x9F { return 0 }
            return 3
        case 0xF0...0xF4:
            guard continuation(1), continuation(2), continuation(3) else { return 0 }
            let second = b[i + 1]
            if first == 0xF0 && second < 0x90 { return 0 }
            if first == 0xF4 && second > 0x8F { return 0 }
            return 4
        default:
            return 0
        }
    }

    /// Windows-1252 for 0x80–0x9F; the rest of the upper half is Latin-1. Undefined bytes
    /// are dropped rather than turned into control characters.
    private static let cp1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    private static func appendWindows1252(_ byte: UInt8, to output: inout [UInt8]) {
        let value: UInt32 = (0x80...0x9F).contains(byte) ? cp1252High[Int(byte - 0x80)] : UInt32(byte)
        guard value != 0, let scalar = Unicode.Scalar(value) else { return }
        output.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
