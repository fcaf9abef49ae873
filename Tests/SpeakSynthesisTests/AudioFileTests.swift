import Foundation
import Testing
@testable import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// The pieces of audiobook files: Ogg pages, Opus packet lengths, the ID3 tag, where joined
/// segments land, and the encoders themselves. Files as a whole are read back by independent
/// readers in the command-line tests.
@Suite struct AudioFileTests {
    /// Pages of an Ogg stream: (flags, granule, sequence, lacing, body), checksums verified.
    private func pages(_ data: Data) -> [(flags: UInt8, granule: Int64, sequence: UInt32, lacing: [UInt8], body: Data)] {
        var result: [(UInt8, Int64, UInt32, [UInt8], Data)] = []
        let bytes = [UInt8](data)
        var at = 0
        func le(_ offset: Int, _ count: Int) -> UInt64 { (0..<count).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) } }
        while at + 27 <= bytes.count {
            #expect(Array(bytes[at..<(at + 4)]) == Array("OggS".utf8))
            let count = Int(bytes[at + 26])
            let lacing = Array(bytes[(at + 27)..<(at + 27 + count)])
            let size = 27 + count + lacing.reduce(0) { $0 + Int($1) }
            var page = Data(bytes[at..<(at + size)])
            let stored = UInt32(le(at + 22, 4))
            for i in 22..<26 { page[i] = 0 }
            #expect(OggCRC.checksum(page) == stored)
            result.append((bytes[at + 5], Int64(bitPattern: le(at + 6, 8)), UInt32(le(at + 18, 4)), lacing,
                           Data(bytes[(at + 27 + count)..<(at + size)])))
            at += size
        }
        #expect(at == bytes.count)
        return result
    }

    @Test func oggPagesCarryLargePacketsAcrossPagesAndEndTheStream() {
        var ogg = OggPageWriter(serial: 7)
        ogg.add(Data("head".utf8), granule: 0, flush: true)
        ogg.add(Data(repeating: 0xAB, count: 70_000), granule: 0, flush: true)  // a cover in the comment header
        for n in 1...120 { ogg.add(Data(repeating: UInt8(n), count: 60), granule: Int64(n * 960), last: n == 120) }
        let list = pages(ogg.takeOutput())
        #expect(list.first?.flags == 2, "beginning of stream")
        #expect(list.map(\.sequence) == Array(0..<UInt32(list.count)))
        // 70,000 bytes need 275 lacing values: two pages, the second continued, the first with no packet ending on it.
        #expect(list[1].granule == -1 && list[1].lacing.count == 255 && list[2].flags & 1 == 1)
        #expect(list[1].body.count + list[2].body.count == 70_000)
        #expect(list.last?.flags == 4 && list.last?.granule == 120 * 960)
        #expect(list.dropFirst(3).allSatisfy { $0.lacing.count <= 50 }, "about a second of speech per page")
    }

    @Test func opusPacketLengthsComeFromTheTableOfContents() {
        #expect(OpusPacket.duration([0x08, 0]) == 960)          // SILK 20 ms, one frame
        #expect(OpusPacket.duration([0x78, 0]) == 960)          // hybrid 20 ms
        #expect(OpusPacket.duration([0xF9, 0, 0]) == 1920)      // CELT 20 ms, two frames
        #expect(OpusPacket.duration([0x1B, 0x03, 0]) == 8640)   // SILK 60 ms, three frames (code 3)
        #expect(OpusPacket.duration([UInt8]()) == 0)
    }

    @Test func joinedSegmentsLandWherePlayersHearThem() {
        func header(_ format: AudioFormat, input: Int, leadIn: Int, length: Int) -> SegmentHeader {
            SegmentHeader(audio: EncodedAudio(format: format, inputSamples: input, leadIn: leadIn, length: length, payload: Data()),
                          sampleRate: 22050, words: 1)
        }
        // Opus: 48 kHz stream clock; only the first segment's pre-skip is removed by players.
        let opus = AudioLayout(format: .opus, sampleRate: 22050, segments: [
            header(.opus, input: 22050, leadIn: 312, length: 48960), header(.opus, input: 44100, leadIn: 312, length: 96960),
        ])
        #expect(opus.offsets == [0, 48960 * 22050 / 48000])
        #expect(opus.totalSamples == (48960 + 312 + 96000 - 312) * 22050 / 48000)
        // MP3: every segment's encoder and decoder delay is heard.
        let mp3 = AudioLayout(format: .mp3, sampleRate: 22050, segments: [
            header(.mp3, input: 22050, leadIn: 1105, length: 576 * 41), header(.mp3, input: 1000, leadIn: 1105, length: 576 * 4),
        ])
        #expect(mp3.offsets == [1105, 576 * 41 + 1105] && mp3.totalSamples == 576 * 45)
    }

    @Test func id3TagHasChaptersAndUnicodeText() {
        var tags = AudioTags(title: "Kapitel 😀 \u{0}eins")
        tags.author = "Zoë"
        tags.chapters = [("Eins", 0), ("Zwei ✓", 61.5)]
        let tag = [UInt8](ID3Tag.make(tags, duration: 120))
        #expect(Array(tag[0..<5]) == Array("ID3".utf8) + [3, 0])
        let size = tag[6..<10].reduce(0) { $0 << 7 | Int($1) }
        #expect(size == tag.count - 10)
        var frames: [String: [[UInt8]]] = [:]
        var at = 10
        while at + 10 <= tag.count {
            let id = String(decoding: tag[at..<(at + 4)], as: UTF8.self)
            let length = tag[(at + 4)..<(at + 8)].reduce(0) { $0 << 8 | Int($1) }
            frames[id, default: []].append(Array(tag[(at + 10)..<(at + 10 + length)]))
            at += 10 + length
        }
        let title = frames["TIT2"]?.first ?? []
        #expect(title.prefix(3) == [1, 0xFF, 0xFE])
        let units = stride(from: 3, to: title.count, by: 2).map { UInt16(title[$0]) | UInt16(title[$0 + 1]) << 8 }
        #expect(String(decoding: units, as: UTF16.self) == "Kapitel 😀  eins", "control characters become spaces")
        #expect(frames["CHAP"]?.count == 2 && frames["CTOC"]?.count == 1)
        let second = frames["CHAP"]?[1] ?? []
        #expect(Array(second.prefix(4)) == Array("ch1".utf8) + [0])
        #expect(second[4..<8].reduce(0) { $0 << 8 | Int($1) } == 61500 && second[8..<12].reduce(0) { $0 << 8 | Int($1) } == 120_000)
    }

    @Test func encodersKeepEverySampleAndReportTheirDelay() throws {
        let tone = (0..<33075).map { Int16(8000 * sin(Double($0) * 2 * .pi * 440 / 22050)) }
        for format in [AudioFormat.opus, .mp3, .wav] {
            let encoder = try SegmentEncoders.make(EncoderSettings(format: format), sampleRate: 22050)
            try tone.withUnsafeBufferPointer { try encoder.write($0) }
            let audio = try encoder.finish()
            #expect(audio.inputSamples == tone.count)
            switch format {
            case .opus:
                #expect(audio.leadIn > 0 && audio.length >= audio.leadIn + tone.count * 48000 / 22050)
                #expect(audio.payload.count > 3000 && audio.payload.count < 9000, "about 24 kbps: \(audio.payload.count) bytes")
            case .mp3:
                #expect(audio.leadIn >= 1105 && audio.length >= tone.count + audio.leadIn - 529)
                #expect(audio.payload.first == 0xFF, "frames, no tag")
            case .wav:
                #expect(audio.payload.count == tone.count * 2)
            }
        }
    }

    @Test func coverImagesAreRecognizedBySignature() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 2, 0, 0, 0, 3, 0])
        #expect(CoverImage(data: png)?.mimeType == "image/png" && CoverImage(data: png)?.width == 512 && CoverImage(data: png)?.height == 768)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 1, 0x2C, 0, 0xC8, 1, 1, 0x11, 0])
        #expect(CoverImage(data: jpeg)?.mimeType == "image/jpeg" && CoverImage(data: jpeg)?.width == 200 && CoverImage(data: jpeg)?.height == 300)
        #expect(CoverImage(data: Data("<html>".utf8)) == nil)
    }

    /// Subtitles written for `doc`, one cue per sentence (or per word), 100 samples a word.
    private func cues(_ doc: Document, format: String, wordCues: Bool = false) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cues-\(UUID().uuidString).\(format)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TimingWriter(path: path, document: doc, sampleRate: 1000, wordCues: wordCues)
        for sentence in doc.blocks.flatMap(\.sentences) {
            try writer.append(sentence: sentence.map { TimedWord(index: $0, startSample: $0 * 100, endSample: $0 * 100 + 100) })
        }
        try writer.finish(totalSamples: doc.wordCount * 100)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func cuesKeepThePunctuationAndSpacingOfTheText() throws {
        let doc = document(["The total (€1.150,00) is due. “Pay now!” she said—twice.", "Tom & Jerry <3 cats; see p. 4."])
        let srt = try cues(doc, format: "srt")
        #expect(srt.contains("\nThe total (€1.150,00) is due.\n"), "\(srt)")
        #expect(srt.contains("\n“Pay now!” she said—twice.\n"), "\(srt)")
        #expect(srt.contains("\nTom & Jerry <3 cats; see p. 4.\n"), "\(srt)")
        let words = try cues(doc, format: "srt", wordCues: true)
        #expect(words.contains("\n(€1.150,00)\n") && words.contains("\n“Pay\n") && words.contains("\nnow!”\n"), "\(words)")
        let vtt = try cues(doc, format: "vtt")
        #expect(vtt.contains("\nTom &amp; Jerry &lt;3 cats; see p. 4.\n"), "markup characters are escaped in WebVTT: \(vtt)")
    }
}
