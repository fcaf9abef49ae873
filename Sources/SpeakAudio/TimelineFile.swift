import Foundation
import SpeakSynthesis

/// A word of a timeline read back from a `TimelineFile`.
public struct TimelineRecord: Sendable, Equatable {
    public var word: TimedWord
    /// True for the first word of a synthesized sentence (a cue starts here).
    public var startsSentence: Bool

    public init(word: TimedWord, startsSentence: Bool) {
        self.word = word
        self.startsSentence = startsSentence
    }
}

/// A timeline written to disk as it grows: how a worker process hands its part's timeline to
/// the parent, in flat memory for a part of any length. Each word is three little-endian 64-bit
/// integers: its index (bit 62 set when it starts a sentence), start and end sample.
public final class TimelineFile {
    public let path: String
    public private(set) var wordCount = 0
    private var handle: FileHandle?
    private var buffer = Data()
    private static let sentenceFlag: Int64 = 1 << 62
    fileprivate static let recordSize = 24
    fileprivate static let blockSize = recordSize * 40_000

    /// Creates (or truncates) the file at `path`.
    public init(path: String) throws(AudioOutputError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw AudioOutputError(path: path, reason: "cannot create the timeline file")
        }
        self.handle = handle
    }

    /// Appends the words of one sentence.
    public func append(sentence words: [TimedWord], offset: Int = 0) throws(AudioOutputError) {
        for (i, word) in words.enumerated() {
            let index = Int64(word.index) | (i == 0 ? Self.sentenceFlag : 0)
            for value in [index, Int64(word.startSample + offset), Int64(word.endSample + offset)] {
                withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
            }
        }
        wordCount += words.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and closes the file for writing.
    public func finish() throws(AudioOutputError) {
        try flush()
        try? handle?.close()
        handle = nil
    }

    /// The words in order (call after `finish()`).
    public func records() throws(AudioOutputError) -> TimelineRecords {
        try Self.records(at: path)
    }

    /// The words of the timeline file at `path`, in order, read in large blocks.
    public static func records(at path: String) throws(AudioOutputError) -> TimelineRecords {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AudioOutputError(path: path, reason: "a timeline file is missing")
        }
        return TimelineRecords(handle: handle)
    }

    private func flush() throws(AudioOutputError) {
        guard !buffer.isEmpty, let handle else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    fileprivate static func decode(_ data: Data, at offset: Int) -> TimelineRecord {
        func value(_ n: Int) -> Int64 {
            var raw: Int64 = 0
            withUnsafeMutableBytes(of: &raw) { target in
                target.copyBytes(from: data[(data.startIndex + offset + n * 8)..<(data.startIndex + offset + n * 8 + 8)])
            }
            return Int64(littleEndian: raw)
        }
        let index = value(0)
        return TimelineRecord(word: TimedWord(index: Int(index & ~sentenceFlag), startSample: Int(value(1)), endSample: Int(value(2))),
                              startsSentence: index & sentenceFlag != 0)
    }

    /// The number of words in the finished timeline file at `path` (0 when it is missing).
    public static func wordCount(at path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / recordSize
    }
}

/// The records of a timeline file, read block by block (one pass).
public struct TimelineRecords: Sequence, IteratorProtocol {
    private let handle: FileHandle
    private var block = Data()
    private var offset = 0

    init(handle: FileHandle) {
        self.handle = handle
    }

    public mutating func next() -> TimelineRecord? {
        if offset + TimelineFile.recordSize > block.count {
            guard let read = try? handle.read(upToCount: TimelineFile.blockSize), read.count >= TimelineFile.recordSize else {
                try? handle.close()
                return nil
            }
            block = read
            offset = 0
        }
        defer { offset += TimelineFile.recordSize }
        return TimelineFile.decode(block, at: offset)
    }
}
