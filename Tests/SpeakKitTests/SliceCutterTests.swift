import Foundation
@testable import SpeakConversion
import SpeakModel
import Testing

/// How a parallel conversion cuts a document into the slices its workers take in turn.
@Suite struct SliceCutterTests {
    /// `paragraphs` paragraphs of `sentences` sentences of 10 words each.
    private func document(paragraphs: Int, sentences: Int, skipEvery: Int? = nil) -> Document {
        var builder = DocumentBuilder()
        for p in 0..<paragraphs {
            let text = (0..<sentences).map { s in "Sentence \(s) of paragraph \(p) has exactly ten words here." }.joined(separator: " ")
            if let skipEvery, p % skipEvery == 0 {
                builder.append(.header, text: "Running header \(p)", page: p + 1, skip: .header)
            }
            builder.append(.paragraph, text: text)
        }
        return builder.build(metadata: DocumentMetadata(title: "T", source: "t.txt", format: .text, contentHash: "h"))
    }

    private func sentenceStarts(_ document: Document) -> Set<Int> {
        Set(document.blocks.flatMap { $0.sentences.map(\.lowerBound) })
    }

    private func slices(_ document: Document, from: Int = 0, readAll: Bool = false, workers: Int = 2, maximum: Int = 525) -> [Range<Int>] {
        spokenSlices(document, from: from, readAll: readAll, workers: workers, maximum: maximum).map(\.words)
    }

    private func spokenSlices(_ document: Document, from: Int = 0, readAll: Bool = false, workers: Int = 2,
                              maximum: Int = 525) -> [(words: Range<Int>, spoken: Int)] {
        var cutter = SliceCutter(document: document, fromWord: from, includeSkipped: readAll, workers: workers, maximumWords: maximum)
        var out: [(words: Range<Int>, spoken: Int)] = []
        while let slice = cutter.next() {
            out.append(slice)
            if out.count > 10_000 { break }
        }
        return out
    }

    /// A paragraph with no punctuation is still cut into slices, so workers share it.
    @Test func aParagraphWithoutPunctuationIsSliced() {
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: (0..<30_000).map { "word\($0 % 97)" }.joined(separator: " "))
        let document = builder.build(metadata: DocumentMetadata(title: "T", source: "t.txt", format: .text, contentHash: "h"))
        let cut = slices(document)
        #expect(cut.count > 50)
        #expect(cut.first?.lowerBound == 0 && cut.last?.upperBound == 30_000)
    }

    @Test func slicesCoverTheRestOfTheDocumentAndStartAtSentences() {
        let doc = document(paragraphs: 400, sentences: 12)  // 48,000 words
        let cut = slices(doc)
        #expect(cut.first?.lowerBound == 0 && cut.last?.upperBound == doc.wordCount)
        #expect(zip(cut, cut.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        let starts = sentenceStarts(doc)
        #expect(cut.allSatisfy { starts.contains($0.lowerBound) })
        // At most three minutes of audio (plus the sentence that crosses the limit); smaller at the end.
        #expect(cut.allSatisfy { $0.count <= 525 + 10 })
        #expect(cut.dropLast().allSatisfy { $0.count >= 30 })
        #expect((cut.last?.count ?? 0) < 120)
        #expect(cut.count > 90 && cut.count < 200, "\(cut.count)")
    }

    @Test func oneLongParagraphIsCutAtSentenceStarts() {
        let doc = document(paragraphs: 1, sentences: 3_000)  // 30,000 words in one block
        let cut = slices(doc)
        let starts = sentenceStarts(doc)
        #expect(cut.count > 50)
        #expect(cut.allSatisfy { starts.contains($0.lowerBound) && $0.count <= 535 })
        #expect(cut.last?.upperBound == doc.wordCount)
    }

    @Test func startingMidSentenceTheFirstSliceStartsThere() {
        let doc = document(paragraphs: 50, sentences: 12)
        let cut = slices(doc, from: 1_234)
        #expect(cut.first?.lowerBound == 1_234)
        #expect(zip(cut, cut.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(cut.dropFirst().allSatisfy { sentenceStarts(doc).contains($0.lowerBound) })
    }

    @Test func skippedBlocksCountOnlyWithReadAll() {
        let doc = document(paragraphs: 200, sentences: 12, skipEvery: 1)
        let spoken = SliceCutter.spokenWords(in: doc, from: 0, includeSkipped: false)
        let all = SliceCutter.spokenWords(in: doc, from: 0, includeSkipped: true)
        #expect(spoken == 200 * 120 && all == spoken + 200 * 3)
        for readAll in [false, true] {
            let cut = spokenSlices(doc, readAll: readAll)
            // Each slice's count is its spoken words: recounted here from the blocks.
            for slice in cut {
                let recount = doc.blocks.filter { readAll || $0.isSpoken }.reduce(0) { total, block in
                    total + max(0, min(slice.words.upperBound, block.wordIndices.upperBound) - max(slice.words.lowerBound, block.firstWord))
                }
                #expect(slice.spoken == recount, "\(slice.words)")
            }
            let counted = cut.reduce(0) { $0 + $1.spoken }
            #expect(counted == (readAll ? all : spoken))
            #expect(cut.last?.words.upperBound == doc.wordCount)
        }
    }

    @Test func moreWorkersMeanSmallerSlices() {
        let doc = document(paragraphs: 100, sentences: 12)
        #expect(slices(doc, workers: 4, maximum: 10_000).count > slices(doc, workers: 1, maximum: 10_000).count)
        // A tiny document is one slice.
        let tiny = document(paragraphs: 1, sentences: 2)
        #expect(slices(tiny) == [0..<tiny.wordCount])
    }
}
