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

    /// Bytes per record on disk: the index (bit 62 set when it starts a sentence, bit 61 when a
    /// skip rule left it out), start and end sample, each a little-endian 64-bit integer.
    public static let size = 24
    private static let sentenceFlag: Int64 = 1 << 62
    private static let skippedFlag: Int64 = 1 << 61

    /// Appends the record's bytes, its samples shifted by `offset`.
    public func encode(into data: inout Data, offset: Int = 0) {
        let index = Int64(word.index) | (startsSentence ? Self.sentenceFlag : 0) | (word.skipped ? Self.skippedFlag : 0)
        for value in [index, Int64(word.startSample + offset), Int64(word.endSample + offset)] {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
    }

    /// The record whose bytes start `offset` bytes into `data`.
    public init(decoding data: Data, at offset: Int) {
        func value(_ n: Int) -> Int64 {
            var raw: Int64 = 0
            withUnsafeMutableBytes(of: &raw) { target in
                target.copyBytes(from: data[(data.startIndex + offset + n * 8)..<(data.startIndex + offset + n * 8 + 8)])
            }
            return Int64(littleEndian: raw)
        }
        let index = value(0)
        self.init(word: TimedWord(index: Int(index & ~(Self.sentenceFlag | Self.skippedFlag)), startSample: Int(value(1)), endSample: Int(value(2)),
                                  skipped: index & Self.skippedFlag != 0),
                  startsSentence: index & Self.sentenceFlag != 0)
    }
}

/// A timeline written to disk as it grows: how a worker process hands its part's timeline to
/// the parent, in flat memory for a part of any length. Each word is a `TimelineRecord`.
public final class TimelineFile {
    public let path: String
    public private(set) var wordCount = 0
    private var handle: FileHandle?
    private var buffer = Data()
    fileprivate static let blockSize = TimelineRecord.size * 40_000

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
            TimelineRecord(word: word, startsSentence: i == 0).encode(into: &buffer, offset: offset)
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

    /// The number of words in the finished timeline file at `path` (0 when it is missing).
    public static func wordCount(at path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / TimelineRecord.size
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
        if offset + TimelineRecord.size > block.count {
            guard let read = try? handle.read(upToCount: TimelineFile.blockSize), read.count >= TimelineRecord.size else {
                try? handle.close()
                return nil
            }
            block = read
            offset = 0
        }
        defer { offset += TimelineRecord.size }
        return TimelineRecord(decoding: block, at: offset)
    }
}
