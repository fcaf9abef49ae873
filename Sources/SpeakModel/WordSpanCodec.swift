/// Stores a block's word spans compactly: for each word, the gap since the previous word's
/// end and the word's length, as LEB128 varints — about two bytes per word instead of the
/// dozens a row per word would take.
public enum WordSpanCodec {
    public static func encode(_ spans: [WordSpan]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(spans.count * 2)
        var previousEnd: UInt32 = 0
        for span in spans {
            appendVarint(span.start &- previousEnd, to: &bytes)
            appendVarint(span.end &- span.start, to: &bytes)
            previousEnd = span.end
        }
        return bytes
    }

    /// Decodes `count` spans; nil when the bytes are malformed.
    public static func decode(_ data: [UInt8], count: Int) -> [WordSpan]? {
        guard count >= 0, count <= data.count else { return nil }
        var spans: [WordSpan] = []
        spans.reserveCapacity(count)
        var index = data.startIndex
        var previousEnd: UInt32 = 0
        for _ in 0..<count {
            guard let gap = readVarint(data, &index), let length = readVarint(data, &index) else { return nil }
            let (start, overflow) = previousEnd.addingReportingOverflow(gap)
            let (end, overflow2) = start.addingReportingOverflow(length)
            guard !overflow, !overflow2 else { return nil }
            spans.append(WordSpan(start: start, end: end))
            previousEnd = end
        }
        return index == data.endIndex ? spans : nil
    }

    private static func appendVarint(_ value: UInt32, to bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    private static func readVarint(_ data: [UInt8], _ index: inout Int) -> UInt32? {
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while index < data.endIndex, shift < 35 {
            let byte = data[index]
            index += 1
            result |= UInt32(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }
}
