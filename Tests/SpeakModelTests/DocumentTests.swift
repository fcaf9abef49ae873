import Foundation
import SpeakModel
import Testing

@Suite struct DocumentTests {
    func sample() -> Document {
        var builder = DocumentBuilder()
        builder.append(.heading(level: 1), text: "Chapter One")
        builder.append(.paragraph, text: "It was late. Dr. Lee left.")
        builder.append(.pageNumber, text: "12", page: 1, skip: .pageNumber)
        builder.append(.paragraph, text: "  ")  // no words: dropped
        builder.append(.heading(level: 2), text: "Part Two")
        builder.append(.paragraph, text: "The end.")
        builder.chaptersFromHeadings()
        return builder.build(metadata: DocumentMetadata(title: "T", source: "t.txt", format: .text, contentHash: "x"))
    }

    @Test func aSuffixFromABlockIsNumberedFromZeroWithTheChaptersInIt() {
        let doc = sample()
        let tail = doc.suffix(fromBlock: 2)
        #expect(tail.blocks.map(\.firstWord) == [0, 1, 3])
        #expect(tail.wordCount == doc.wordCount - 8)
        #expect((0..<tail.wordCount).map { tail.word(at: $0)?.text } == (8..<doc.wordCount).map { doc.word(at: $0)?.text })
        #expect(tail.chapters.map(\.title) == ["Part Two"] && tail.chapters.first?.firstWord == 1)
        #expect(doc.suffix(fromBlock: 0) == doc)
        #expect(doc.suffix(fromBlock: 9).blocks.isEmpty)
    }

    @Test func wordsAreNumberedGloballyAcrossSpokenAndSkippedBlocks() {
        let doc = sample()
        #expect(doc.blocks.map(\.firstWord) == [0, 2, 8, 9, 11])
        #expect(doc.wordCount == 13)
        #expect(doc.spokenWordCount == 12)
        #expect(doc.word(at: 0)?.text == "Chapter")
        #expect(doc.word(at: 5)?.text == "Dr.")
        #expect(doc.word(at: 8)?.text == "12")
        #expect(doc.word(at: 8)?.blockIndex == 2)
        #expect(doc.word(at: 12)?.text == "end")
        #expect(doc.word(at: 13) == nil)
        #expect(doc.word(at: -1) == nil)
    }

    @Test func everyWordIndexResolvesToItsBlock() {
        let doc = sample()
        for index in 0..<doc.wordCount {
            let word = doc.word(at: index)
            #expect(word != nil)
            if let word { #expect(doc.blocks[word.blockIndex].wordIndices.contains(index)) }
        }
    }

    @Test func chaptersComeFromTheTwoHighestHeadingLevels() {
        let doc = sample()
        #expect(doc.chapters == [Chapter(title: "Chapter One", firstWord: 0), Chapter(title: "Part Two", firstWord: 9, level: 2)])
        #expect(doc.chapter(containingWord: 10)?.title == "Part Two")
    }

    @Test func sentencesUseGlobalIndices() {
        let doc = sample()
        #expect(doc.blocks[1].sentences == [2..<5, 5..<8])
    }

    @Test func readableBlocksLeaveOutSkippedOnes() {
        let doc = sample()
        #expect(doc.readableBlocks().count == 4)
        #expect(doc.readableBlocks(includeSkipped: true).count == 5)
    }

    @Test func dumpShowsKindsSkipsAndWords() {
        let dump = DocumentDump.render(sample())
        #expect(dump.contains("[2] page-number p1 skip=page-number words 8..<9"))
        #expect(dump.contains("  » It|was|late\n  » Dr.|Lee|left\n"))
        #expect(dump.contains("  @9 Part Two"))
    }
}

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(_ input: String, _ expected: String) {
        #expect(SHA256.hex(of: Array(input.utf8)) == expected)
    }

    @Test func millionAsInPiecesOfOddSizes() {
        var hasher = SHA256()
        var remaining = 1_000_000
        var size = 1
        while remaining > 0 {
            let n = min(size, remaining)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: n))
            remaining -= n
            size = size % 97 + 13
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
