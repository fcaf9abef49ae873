import Foundation

/// Where segments land in a joined file: the sample (at the engine's rate) at which each
/// segment's first input sample is heard, counting as players do — Opus pre-skip of the first
/// segment removed, MP3 encoder and decoder delay kept, since MP3 players play it.
public struct AudioLayout: Sendable {
    public let sampleRate: Int
    public let offsets: [Int]
    public let totalSamples: Int

    public init(format: AudioFormat, sampleRate: Int, segments: [SegmentHeader]) {
        self.sampleRate = sampleRate
        var offsets: [Int] = []
        var position = 0
        switch format {
        case .opus:
            let firstSkip = segments.first?.leadIn ?? 0
            for segment in segments {
                offsets.append((position + segment.leadIn - firstSkip) * sampleRate / 48000)
                position += segment.length
            }
            let last = segments.last.map { position - $0.length + $0.leadIn + $0.inputSamples * 48000 / sampleRate - firstSkip } ?? 0
            totalSamples = last * sampleRate / 48000
        case .mp3, .wav:
            for segment in segments {
                offsets.append(position + (format == .mp3 ? segment.leadIn : 0))
                position += segment.length
            }
            totalSamples = position
        }
        self.offsets = offsets
    }

    public func seconds(_ samples: Int) -> Double { Double(samples) / Double(sampleRate) }
}

/// Joins encoded segments, in order, into one audio file with its tags: Ogg Opus (one logical
/// stream; packets renumbered, granule positions continued), MP3 (ID3v2.3 tag, then the
/// frames), or WAV. The file appears under its name only when complete.
public enum AudioFileJoiner {
    public static func write(_ path: String, format: AudioFormat, sampleRate: Int, segments: [String],
                             headers: [SegmentHeader], tags: AudioTags) throws(AudioOutputError) {
        let layout = AudioLayout(format: format, sampleRate: sampleRate, segments: headers)
        let file = try PartialFile(path: path)
        do {
            switch format {
            case .wav:
                try write(file, WAVWriter.header(dataBytes: layout.totalSamples * 2, sampleRate: sampleRate))
                for segment in segments { try write(file, try SegmentFile.read(segment).audio) }
            case .mp3:
                try write(file, ID3Tag.make(tags, duration: layout.seconds(layout.totalSamples)))
                for segment in segments { try write(file, try SegmentFile.read(segment).audio) }
            case .opus:
                try writeOpus(file, segments: segments, headers: headers, tags: tags, sampleRate: sampleRate)
            }
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    private static func writeOpus(_ file: PartialFile, segments: [String], headers: [SegmentHeader], tags: AudioTags,
                                  sampleRate: Int) throws(AudioOutputError) {
        var ogg = OggPageWriter(serial: UInt32.random(in: 1...UInt32.max))
        let preSkip = headers.first?.leadIn ?? 312
        ogg.add(OpusHeaders.identification(preSkip: preSkip, inputRate: sampleRate), granule: 0, flush: true)
        ogg.add(OpusHeaders.comments(tags), granule: 0, flush: true)
        try write(file, ogg.takeOutput())
        var granule: Int64 = 0
        for (n, segment) in segments.enumerated() {
            let audio = try SegmentFile.read(segment).audio
            // The stream ends where the last segment's speech does, not at its padding.
            let end = n == segments.count - 1
                ? granule + Int64(headers[n].leadIn + headers[n].inputSamples * 48000 / sampleRate) : Int64.max
            guard addOpusPackets([UInt8](audio), to: &ogg, granule: &granule, end: end, last: n == segments.count - 1) else {
                throw AudioOutputError(path: segment, reason: "a synthesized segment is damaged")
            }
            try write(file, ogg.takeOutput())
        }
    }

    /// Adds one segment's packets (each after its 16-bit length) to `ogg`: the segment's last
    /// packet gets `end` as its granule when it is earlier, and ends the stream when `last`.
    /// False when the lengths do not add up.
    static func addOpusPackets(_ bytes: [UInt8], to ogg: inout OggPageWriter, granule: inout Int64, end: Int64, last: Bool) -> Bool {
        var offset = 0
        while offset + 2 <= bytes.count {
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard offset + 2 + length <= bytes.count else { return false }
            let packet = bytes[(offset + 2)..<(offset + 2 + length)]
            granule += Int64(OpusPacket.duration(packet))
            offset += 2 + length
            let lastInSegment = offset >= bytes.count
            ogg.add(Data(packet), granule: lastInSegment ? min(granule, end) : granule, last: lastInSegment && last)
        }
        return true
    }

    /// One encoded stretch as a whole Ogg Opus file (for a client that decodes it on its own).
    static func opusFile(_ audio: EncodedAudio, sampleRate: Int) -> Data? {
        var ogg = OggPageWriter(serial: UInt32.random(in: 1...UInt32.max))
        ogg.add(OpusHeaders.identification(preSkip: audio.leadIn, inputRate: sampleRate), granule: 0, flush: true)
        ogg.add(OpusHeaders.comments(AudioTags(title: "")), granule: 0, flush: true)
        var granule: Int64 = 0
        let end = Int64(audio.leadIn + audio.inputSamples * 48000 / sampleRate)
        guard addOpusPackets([UInt8](audio.payload), to: &ogg, granule: &granule, end: end, last: true) else { return nil }
        return ogg.takeOutput()
    }

    private static func write(_ file: PartialFile, _ data: Data) throws(AudioOutputError) {
        do {
            try file.handle.write(contentsOf: data)
        } catch {
            throw AudioOutputError(path: file.path, reason: (error as NSError).localizedDescription)
        }
    }
}
