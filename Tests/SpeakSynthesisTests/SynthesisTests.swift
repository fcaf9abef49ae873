import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakModel
import SpeakSpeech
@testable import SpeakSynthesis
import Synchronization
import Testing

func document(_ paragraphs: [String], skipped: String? = nil) -> Document {
    var builder = DocumentBuilder()
    for (i, text) in paragraphs.enumerated() {
        builder.append(.paragraph, text: text)
        if i == 0, let skipped { builder.append(.pageNumber, text: skipped, skip: .pageNumber) }
    }
    return builder.build(metadata: DocumentMetadata(title: "t", source: "t", format: .text, contentHash: ""))
}

/// A deterministic engine: 100 samples per scalar, one event per whitespace-separated token,
/// except that it merges "of the" into one event and gives numbers an extra event, like eSpeak.
final class FakeEngine: SpeechEngine {
    let sampleRate = 1000
    var chunks: [String] = []

    func synthesize(_ text: String, settings: VoiceSettings, audio: (UnsafeBufferPointer<Int16>) throws -> Void) throws -> [WordEvent] {
        chunks.append(text)
        let scalars = Array(text.unicodeScalars)
        var events: [WordEvent] = []
        var i = 0
        var skipNext = false
        while i < scalars.count {
            if scalars[i] == " " { i += 1; continue }
            var j = i
            while j < scalars.count, scalars[j] != " " { j += 1 }
            let token = String(String.UnicodeScalarView(scalars[i..<j]))
            if !skipNext { events.append(WordEvent(textPosition: i + 1, length: j - i, sample: i * 100)) }
            if token.first?.isNumber == true { events.append(WordEvent(textPosition: i + 2, length: j - i, sample: i * 100 + 50)) }
            skipNext = token == "of"
            i = j
        }
        let samples = [Int16](repeating: 1000, count: scalars.count * 100)
        try samples.withUnsafeBufferPointer { try audio($0) }
        return events
    }
}

@Suite struct EventMapperTests {
    let words = [WordSpan(0..<3), WordSpan(4..<6), WordSpan(7..<10), WordSpan(11..<15)]

    @Test func eventsMapByContainmentAndSkippedWordsTakeTheNextTime() {
        let events = [WordEvent(textPosition: 1, length: 3, sample: 0), WordEvent(textPosition: 2, length: 3, sample: 40),
                      WordEvent(textPosition: 9, length: 1, sample: 300), WordEvent(textPosition: 11, length: 0, sample: 350)]
        #expect(EventMapper.wordStarts(words: words, events: events, audioSamples: 500) == [0, 300, 300, 500])
    }

    @Test func eventInAGapGoesToTheNextWordAndTimesAreClamped() {
        let events = [WordEvent(textPosition: 4, length: 1, sample: 10), WordEvent(textPosition: 12, length: 4, sample: 9999)]
        #expect(EventMapper.wordStarts(words: words, events: events, audioSamples: 800) == [10, 10, 800, 800])
    }

    @Test func noEventsAtAll() {
        #expect(EventMapper.wordStarts(words: words, events: [], audioSamples: 70) == [70, 70, 70, 70])
        #expect(EventMapper.wordStarts(words: [], events: [], audioSamples: 70) == [])
    }
}

@Suite struct ChunkPlannerTests {
    @Test func chunksAreSentencesStartingAtTheRequestedWord() {
        let doc = document(["One two. Three four five.", "Six."], skipped: "12")
        let chunks = ChunkPlanner.chunks(of: doc, fromWord: 3)
        #expect(chunks.map(\.text) == ["four five.", "Six."])
        #expect(chunks.map(\.firstWord) == [3, 6])
        #expect(chunks[0].wordSpans == [WordSpan(0..<4), WordSpan(5..<9)])
        #expect(ChunkPlanner.chunks(of: doc, includeSkipped: true).map(\.text) == ["One two. ", "Three four five.", "12", "Six."])
    }

    @Test func aSlowEngineGetsLongSentencesAFewClausesAtATime() {
        let long = "The keeper climbed the stairs at dusk, and the lamp was lit again; it burned through the night, "
            + "as on every night before, until the grey morning came. Short one, here."
        let doc = document([long])
        let clauses = ChunkPlanner.chunks(of: doc, byClause: true)
        #expect(clauses.map(\.text) == ["The keeper climbed the stairs at dusk, ", "and the lamp was lit again; ",
                                        "it burned through the night, as on every night before, until the grey morning came. ",
                                        "Short one, here."])
        #expect(clauses.map(\.startsSentence) == [true, false, false, true])
        #expect(clauses.map(\.endsBlock) == [false, false, false, true])
        // The same words, in the same order, as sentence chunks.
        let sentences = ChunkPlanner.chunks(of: doc)
        #expect(sentences.count == 2)
        let clauseWords: Int = clauses.reduce(0) { $0 + $1.wordSpans.count }
        let sentenceWords: Int = sentences.reduce(0) { $0 + $1.wordSpans.count }
        #expect(clauseWords == sentenceWords)
        #expect(clauses.map(\.firstWord) == [0, 7, 13, 28])
    }

    @Test func sanitizingKeepsScalarPositions() {
        let long = String(repeating: "s'", count: 100)
        let text = ChunkPlanner.sanitize(Array(("a\u{7}b \u{FFFD} " + long).unicodeScalars)[...])
        #expect(text.unicodeScalars.count == ("a\u{7}b \u{FFFD} " + long).unicodeScalars.count)
        #expect(!text.contains("\u{FFFD}") && !text.contains("\u{7}"))
        #expect(text.split(separator: " ").allSatisfy { $0.unicodeScalars.count <= ChunkPlanner.maximumTokenLength })
    }
}

@Suite struct SynthesizerTests {
    @Test func timelineWithAFakeEngineIsExact() throws {
        let doc = document(["Most of the 1984 cars.", "End."])
        let engine = FakeEngine()
        var audio = 0
        let timeline = try Synthesizer(engine: engine, settings: VoiceSettings(wordsPerMinute: 175))
            .run(doc, audio: { audio += $0.count })
        // "Most"(0) "of"(5) "the"(no event: takes "1984"'s time) "1984"(12, repeat ignored) "cars"(17).
        let pause = Int(0.35 * 1000)
        #expect(timeline.words.map(\.index) == [0, 1, 2, 3, 4, 5])
        #expect(timeline.words.map(\.startSample) == [0, 500, 1200, 1200, 1700, 2200 + pause])
        #expect(timeline.words.map(\.endSample) == [500, 1200, 1200, 1700, 2200, 2200 + pause + 400])
        #expect(timeline.totalSamples == audio)
        #expect(timeline.sentenceStarts == [0, 5])
        #expect(engine.chunks == ["Most of the 1984 cars.", "End."])
    }

    /// The cells of a table row read by OCR are set apart by two spaces: the engine hears a
    /// comma there (a pause), and every word keeps its time.
    @Test func twoSpacesBetweenTableCellsAreAPause() throws {
        var builder = DocumentBuilder()
        builder.append(.tableCell, text: "Miami  127  1,891")
        let doc = builder.build(metadata: DocumentMetadata(title: "t", source: "t", format: .image, contentHash: ""))
        let engine = FakeEngine()
        let timeline = try Synthesizer(engine: engine, settings: VoiceSettings(wordsPerMinute: 175)).run(doc, audio: { _ in })
        #expect(engine.chunks == ["Miami, 127, 1,891"])
        #expect(timeline.words.map(\.index) == [0, 1, 2])
    }

    /// The lines of a stanza are set apart by a shorter pause than stanzas and paragraphs,
    /// also when a skipped note marker stands between two lines.
    @Test func linesOfVerseHaveAShorterPauseThanStanzas() throws {
        var builder = DocumentBuilder()
        builder.append(.verse(line: 1), text: "One.")
        builder.append(.paragraph, text: "7", skip: .marker)
        builder.append(.verse(line: 2), text: "Two.")
        builder.append(.verse(line: 1), text: "Three.")
        builder.append(.paragraph, text: "Four.")
        let doc = builder.build(metadata: DocumentMetadata(title: "t", source: "t", format: .html, contentHash: ""))
        #expect(ChunkPlanner.chunks(of: doc).map(\.endsLine) == [true, false, false, false])
        #expect(ChunkPlanner.chunks(of: doc, includeSkipped: true).map(\.endsLine) == [false, false, false, false, false])
        let timeline = try Synthesizer(engine: FakeEngine(), settings: VoiceSettings(wordsPerMinute: 175)).run(doc, audio: { _ in })
        let starts = timeline.words.filter { !$0.skipped }.map(\.startSample)
        #expect(starts == [0, 400 + 200, 1000 + 350, 1600 + 350 + 350])
    }

    @Test func startingPastTheEndIsAnError() {
        let doc = document(["Short."])
        #expect(throws: SynthesisError.wordOutOfRange(5, count: 1)) {
            try Synthesizer(engine: FakeEngine(), settings: VoiceSettings()).run(doc, fromWord: 5, audio: { _ in })
        }
    }
}

/// The real engine: invariants, never exact audio.
@Suite(.serialized) struct ESpeakEngineTests {
    static let text = [
        "Dr. Smith paid $1,234.50 on 3/4/2021 — e.g. at 10:30 p.m. in the U.S. of the old days.",
        "Visit https://example.org/a/b or mail jane.doe@example.com; naïve café résumé 😀 done.",
        "Numbers like 1984, 12,345 and 2023-05-01 give several events for one word.",
    ]

    func check(wpm: Int) throws {
        let doc = document(Self.text)
        let engine = try ESpeakEngine.shared()
        var samples: [Int16] = []
        let timeline = try EngineThread.shared.sync {
            try Synthesizer(engine: engine, settings: VoiceSettings(voice: "en-us", wordsPerMinute: wpm))
                .run(doc, audio: { samples.append(contentsOf: $0) })
        }
        #expect(timeline.words.map(\.index) == Array(0..<doc.wordCount), "every spoken word gets a time")
        for (a, b) in zip(timeline.words, timeline.words.dropFirst()) { #expect(a.startSample <= b.startSample) }
        #expect(timeline.words.allSatisfy { $0.startSample <= $0.endSample })
        #expect((timeline.words.last?.endSample ?? .max) <= timeline.totalSamples)
        #expect(timeline.totalSamples == samples.count)
        let loud = samples.filter { abs(Int($0)) > 500 }.count
        #expect(loud > samples.count / 20, "audio is not silent")
        let seconds = timeline.seconds(timeline.totalSamples)
        let expected = Double(doc.wordCount) / Double(wpm) * 60
        #expect(seconds > expected * 0.4 && seconds < expected * 3, "\(seconds) s for \(doc.wordCount) words at \(wpm) wpm")
    }

    @Test func invariantsAtNormalRate() throws { try check(wpm: 175) }

    @Test func invariantsAtSonicRate() throws { try check(wpm: 600) }

    @Test func unknownVoiceSuggestsCloseMatches() throws {
        let engine = try ESpeakEngine.shared()
        #expect(throws: SynthesisError.self) {
            _ = try EngineThread.shared.sync {
                try engine.synthesize("hi", settings: VoiceSettings(voice: "en-zz-nope", wordsPerMinute: 175), audio: { _ in })
            }
        }
        // A language code with a variant works although eSpeak names the file "en".
        _ = try EngineThread.shared.sync {
            try engine.synthesize("hi", settings: VoiceSettings(voice: "en-gb+f3", wordsPerMinute: 175, pitch: 70, range: 20), audio: { _ in })
        }
    }

    @Test func onlyTextThatCannotReachTheUseAfterFreeStaysInProcess() {
        #expect(ESpeakEngine.isSafeInProcess("Café – “quoted” 10 € 🙂 naïve Łódź", voice: "en-us"))
        #expect(ESpeakEngine.isSafeInProcess("Grüße, 10 €", voice: "de"))
        #expect(!ESpeakEngine.isSafeInProcess("Łódź 🙂", voice: "de"), "Latin Extended and emoji crash with German")
        #expect(!ESpeakEngine.isSafeInProcess("Καλημέρα", voice: "en-us"))
        #expect(!ESpeakEngine.isSafeInProcess("привет", voice: "ru"))
        #expect(!ESpeakEngine.isSafeInProcess("\u{11FB}", voice: "en-us"), "archaic jamo: the first crash found")
    }

    /// Random text of everything the in-process engine is given (Latin, controls, combining
    /// marks, punctuation, symbols, emoji, a 160-character "s's's'…" token) goes through the
    /// stream and the engine; other scripts go to the helper process, and the CLI tests convert
    /// 100,000 words of random Unicode from every plane that way.
    @Test func randomUnicodeDoesNotCrashTheEngine() throws {
        let ranges: [ClosedRange<UInt32>] = [0...0x24F, 0x300...0x36F, 0x1E00...0x1EFF, 0x2000...0x27FF, 0x1F000...0x1FAFF]
        var state: UInt64 = 7
        var words: [String] = []
        for _ in 0..<10_000 {
            var word = ""
            for _ in 0..<(1 + Int(state % 7)) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let range = ranges[Int(state % UInt64(ranges.count))]
                let value = range.lowerBound + UInt32(truncatingIfNeeded: state >> 40) % UInt32(range.count)
                if let scalar = Unicode.Scalar(value) { word.unicodeScalars.append(scalar) }
            }
            words.append(word)
        }
        words.append(String(repeating: "s'", count: 80))
        // Paragraphs of 200 words, as a long document would have.
        let doc = document(stride(from: 0, to: words.count, by: 200).map { words[$0..<min(words.count, $0 + 200)].joined(separator: " ") })
        #expect(words.allSatisfy { ESpeakEngine.isSafeInProcess($0, voice: "en-us") })
        let stream = try SpeechStream(document: doc, engine: try EngineThread.shared.sync { try ESpeakEngine.shared() },
                                      settings: VoiceSettings(wordsPerMinute: 450), historyWords: 0)
        var timed = 0, misplaced = 0
        var last = Int.min
        while let piece = try stream.next() {
            timed += piece.words.count
            for word in piece.words {
                if word.startSample < last || word.endSample > piece.endSample { misplaced += 1 }
                last = word.startSample
            }
        }
        #expect(timed == doc.spokenWordCount)
        #expect(misplaced == 0, "times never go backwards and stay inside their audio")
    }
}

@Suite struct WAVWriterTests {
    @Test func headerMatchesTheSamplesAndPartialFilesAreRemoved() throws {
        let path = NSTemporaryDirectory() + "speak-\(UUID().uuidString).wav"
        let writer = try WAVWriter(path: path, sampleRate: 22050)
        try [Int16](repeating: 7, count: 100_000).withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 44 + 200_000)
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(data[40..<44] == Data([0x40, 0x0D, 0x03, 0x00]))  // 200,000 bytes of data
        let other = NSTemporaryDirectory() + "speak-\(UUID().uuidString).wav"
        let discarded = try WAVWriter(path: other, sampleRate: 22050)
        discarded.discard()
        #expect(!FileManager.default.fileExists(atPath: other))
        let names = [path, other].map { ($0 as NSString).lastPathComponent }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { file in file.contains(".partial-") && names.contains { file.contains($0) } }
        #expect(leftovers.isEmpty)
    }

    /// Workers of a parallel conversion write their slices into the file being assembled, in
    /// any order, at the offsets they are given; the header counts them once they are in.
    @Test func slicesWrittenElsewhereLandInPlace() throws {
        let output = NSTemporaryDirectory() + "speak-shared-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let writer = try WAVWriter(path: output, sampleRate: 22050)
        try [Int16](repeating: 3, count: 10).withUnsafeBufferPointer { try writer.write($0) }
        let first = (0..<70_000).map { Int16(truncatingIfNeeded: $0 &* 7) }
        let second = (0..<80_000).map { Int16(truncatingIfNeeded: $0 &* 13) }
        let temporary = try #require(writer.temporaryPath)
        let start = writer.dataEnd
        #expect(start == 44 + 20)
        // The second slice is written first, then the first: each by its own "worker".
        let a = try SharedPCMFile(path: temporary), b = try SharedPCMFile(path: temporary)
        try second.withUnsafeBufferPointer { try b.write($0, at: start + first.count * 2) }
        try first.withUnsafeBufferPointer { try a.write($0, at: start) }
        try writer.countSamplesWrittenElsewhere(first.count + second.count)
        try writer.finish()
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(data.count == 44 + 20 + 300_000)
        let samples = stride(from: 64, to: data.count, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
        #expect(samples == first + second)
        #expect(data[40..<44] == Data([0xF4, 0x93, 0x04, 0x00]))  // 300,020 bytes of data
        #expect(throws: AudioOutputError.self) { try SharedPCMFile(path: output + ".missing") }
    }
}

@Suite struct TableHeaderTests {
    func table(_ rows: [String]) -> Document {
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: "Sales by year.")
        for row in rows { builder.append(.tableCell, text: row) }
        return builder.build(metadata: DocumentMetadata(title: "t", source: "-", format: .text, contentHash: ""))
    }

    @Test func dataRowsAreReadWithTheirColumnLabels() {
        let doc = table(["Year  Revenue  Staff", "2019  $4.2M  120", "2020  $5.1M  135"])
        let chunks = ChunkPlanner.chunks(of: doc, speech: SpeechOptions())
        #expect(chunks.map(\.text) == ["Sales by year.", "Year, Revenue, Staff",
                                       "Year: twenty nineteen, Revenue: four point two million dollars, Staff: 120",
                                       "Year: twenty twenty, Revenue: five point one million dollars, Staff: 135"])
        // Every word of a row still has its place: the label goes with the cell's first word.
        let row = chunks[2]
        let scalars = Array(row.text.unicodeScalars)
        #expect(row.wordSpans.map { String(String.UnicodeScalarView(scalars[$0.range])) }
                == ["Year: twenty nineteen", "Revenue: four point two million dollars", "Staff: 120"])
        // As written, the rows are read as they are.
        #expect(ChunkPlanner.chunks(of: doc).map(\.text)[2] == "2019, $4.2M, 120")
    }

    @Test func rowsWithoutANamingFirstRowAreReadAsTheyAre() {
        // The first row has figures: no header. A row of another width: no labels.
        #expect(ChunkPlanner.chunks(of: table(["2018  3  4", "2019  5  6"]), speech: SpeechOptions()).map(\.text).last == "twenty nineteen, 5, 6")
        #expect(ChunkPlanner.chunks(of: table(["Year  Revenue", "2019  4  extra"]), speech: SpeechOptions()).map(\.text).last
                == "twenty nineteen, 4, extra")
        // Units in brackets still name a column; a first row of code is a row of a list.
        #expect(ChunkPlanner.chunks(of: table(["Crate  Weight (kg)", "Apples  12"]), speech: SpeechOptions()).map(\.text).last
                == "Crate: Apples, Weight (kg): 12")
        let list = table(["impl Add<&str> for String  source", "impl AsMut<str> for String  1.43.0 - source"])
        #expect(ChunkPlanner.chunks(of: list, speech: SpeechOptions()).map(\.text).last
                == "impl As Mut<str> for String, one point forty three point zero - source")
    }
}
