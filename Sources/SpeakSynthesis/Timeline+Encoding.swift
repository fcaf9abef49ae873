import Foundation

extension Timeline {
    /// A compact binary form (little-endian 64-bit integers) for handing a worker process's
    /// timeline to its parent.
    public func encoded() -> Data {
        var values: [Int64] = [Int64(sampleRate), Int64(totalSamples), Int64(words.count), Int64(sentenceStarts.count)]
        values.reserveCapacity(4 + words.count * 3 + sentenceStarts.count)
        for word in words { values += [Int64(word.index), Int64(word.startSample), Int64(word.endSample)] }
        values += sentenceStarts.map(Int64.init)
        var data = Data(capacity: values.count * 8)
        for value in values { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// Decodes `encoded()`; nil when the data is malformed.
    public init?(encoded data: Data) {
        guard data.count % 8 == 0 else { return nil }
        let values: [Int64] = stride(from: 0, to: data.count, by: 8).map { offset in
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: data[(data.startIndex + offset)..<(data.startIndex + offset + 8)]) }
            return Int64(littleEndian: value)
        }
        guard values.count >= 4, values[0] > 0 else { return nil }
        let wordCount = Int(values[2]), sentenceCount = Int(values[3])
        guard wordCount >= 0, sentenceCount >= 0, values.count == 4 + wordCount * 3 + sentenceCount else { return nil }
        self.init(sampleRate: Int(values[0]))
        totalSamples = Int(values[1])
        words = (0..<wordCount).map { i in
            TimedWord(index: Int(values[4 + i * 3]), startSample: Int(values[5 + i * 3]), endSample: Int(values[6 + i * 3]))
        }
        sentenceStarts = values[(4 + wordCount * 3)...].map { Int($0) }
    }

    /// Appends another run's timeline, shifting its samples to follow this one's audio.
    public mutating func append(_ other: Timeline) {
        let offset = totalSamples
        sentenceStarts += other.sentenceStarts.map { $0 + words.count }
        words += other.words.map { TimedWord(index: $0.index, startSample: $0.startSample + offset, endSample: $0.endSample + offset) }
        totalSamples += other.totalSamples
    }
}
