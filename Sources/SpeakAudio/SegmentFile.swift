import Foundation
import SpeakSynthesis

/// A stretch of speech that sounded wrong: words that got no audible sound.
public struct SilentChunk: Sendable, Codable, Equatable {
    /// First word of the chunk, counted from the segment's first word.
    public var firstWord: Int
    public var words: Int

    public init(firstWord: Int, words: Int) {
        self.firstWord = firstWord
        self.words = words
    }
}

/// What a segment file holds besides its timeline and audio.
public struct SegmentHeader: Sendable, Codable {
    public var format: AudioFormat
    public var sampleRate: Int
    public var inputSamples: Int
    public var leadIn: Int
    public var length: Int
    /// Words in the timeline.
    public var words: Int
    /// Chunks with words but no audible sound (verification reports them).
    public var silentChunks: [SilentChunk] = []
    /// Sentences the engine crashed on twice and left silent.
    public var silenced = 0

    public init(audio: EncodedAudio, sampleRate: Int, words: Int) {
        format = audio.format
        self.sampleRate = sampleRate
        inputSamples = audio.inputSamples
        leadIn = audio.leadIn
        length = audio.length
        self.words = words
    }

    /// Seconds of speech.
    public var seconds: Double { Double(inputSamples) / Double(max(1, sampleRate)) }
}

/// One synthesized, encoded segment on disk — the unit of parallel work and of the chunk
/// cache: "SPKSEG1\n", a JSON header (length-prefixed), the timeline (`TimelineRecord`s, word
/// indices relative to the segment), then the encoded audio. Written under
/// a temporary name and renamed, so a file that exists is complete.
public enum SegmentFile {
    private static let magic = Array("SPKSEG1\n".utf8)

    public static func write(_ path: String, header: SegmentHeader, timeline: [TimelineRecord], audio: Data) throws(AudioOutputError) {
        var data = Data(magic)
        let json: Data
        do { json = try JSONEncoder().encode(header) } catch {
            throw AudioOutputError(path: path, reason: "cannot encode the segment header")
        }
        OggPageWriter.appendLittleEndian(&data, UInt64(json.count), bytes: 4)
        data.append(json)
        data.reserveCapacity(data.count + timeline.count * TimelineRecord.size + audio.count)
        for record in timeline { record.encode(into: &data) }
        data.append(audio)
        let temporary = path + ".partial-\(getpid())"
        PartialFiles.register(temporary)
        defer { PartialFiles.unregister(temporary) }
        guard FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, path) == 0 else {
            unlink(temporary)
            throw AudioOutputError(path: path, reason: "cannot write the segment (is the disk full?)")
        }
    }

    /// The header alone, or nil when the file is missing or not a complete segment.
    public static func header(at path: String) -> SegmentHeader? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: magic.count + 4), start.count == magic.count + 4,
              Array(start.prefix(magic.count)) == magic else { return nil }
        let length = headerLength(start)
        guard length < 1 << 24, let json = try? handle.read(upToCount: length), json.count == length else { return nil }
        return try? JSONDecoder().decode(SegmentHeader.self, from: json)
    }

    /// The length of the JSON header: the 32-bit little-endian number after the magic.
    private static func headerLength(_ data: Data) -> Int {
        data.dropFirst(magic.count).prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// The whole segment: header, timeline and audio.
    public static func read(_ path: String) throws(AudioOutputError) -> (header: SegmentHeader, timeline: [TimelineRecord], audio: Data) {
        guard let data = FileManager.default.contents(atPath: path), data.count >= magic.count + 4,
              Array(data.prefix(magic.count)) == magic else {
            throw AudioOutputError(path: path, reason: "a synthesized segment is missing or damaged")
        }
        let timelineStart = magic.count + 4 + headerLength(data)
        guard timelineStart <= data.count,
              let header = try? JSONDecoder().decode(SegmentHeader.self, from: data.subdata(in: (magic.count + 4)..<timelineStart)),
              timelineStart + header.words * TimelineRecord.size <= data.count else {
            throw AudioOutputError(path: path, reason: "a synthesized segment is damaged")
        }
        let timeline = (0..<header.words).map { TimelineRecord(decoding: data, at: timelineStart + $0 * TimelineRecord.size) }
        return (header, timeline, data.subdata(in: (timelineStart + header.words * TimelineRecord.size)..<data.count))
    }
}
