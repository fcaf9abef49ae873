/// A word of a document, resolved from its global index.
public struct Word: Sendable, Equatable {
    /// Global word index (0…n-1 across spoken and skipped blocks).
    public var index: Int
    /// Index of the block that holds the word.
    public var blockIndex: Int
    /// The word's range in its block's text, in Unicode scalars.
    public var range: Range<Int>
    public var text: String

    public init(index: Int, blockIndex: Int, range: Range<Int>, text: String) {
        self.index = index
        self.blockIndex = blockIndex
        self.range = range
        self.text = text
    }
}

/// A normalized, word-indexed document: the only contract between importers, the
/// library and synthesis.
///
/// Word indices are global and stable: word `n` stays word `n` for as long as the document
/// exists, which is what reading positions, search hits and timings refer to.
public struct Document: Sendable, Equatable {
    public var metadata: DocumentMetadata
    public private(set) var blocks: [Block]
    public var chapters: [Chapter]
    /// Non-fatal problems found during import ("page 3: low confidence"), shown by `speak show`.
    public var warnings: [String]

    /// Creates a document from blocks whose word numbering is already consistent
    /// (each block's `firstWord` follows the previous block's last word).
    public init(metadata: DocumentMetadata, blocks: [Block], chapters: [Chapter] = [], warnings: [String] = []) {
        self.metadata = metadata
        self.blocks = blocks
        self.chapters = chapters
        self.warnings = warnings
    }

    /// Total number of words, spoken and skipped.
    public var wordCount: Int {
        guard let last = blocks.last else { return 0 }
        return last.firstWord + last.wordCount
    }

    /// Number of words in blocks that are read aloud by default.
    public var spokenWordCount: Int {
        blocks.reduce(0) { $0 + ($1.isSpoken ? $1.wordCount : 0) }
    }

    /// The blocks that are read aloud, or every block when `includeSkipped` is true.
    public func readableBlocks(includeSkipped: Bool = false) -> [Block] {
        includeSkipped ? blocks : blocks.filter(\.isSpoken)
    }

    /// Index of the block holding global word `index`, or nil when out of range.
    public func blockIndex(containingWord index: Int) -> Int? {
        guard index >= 0, index < wordCount else { return nil }
        var low = 0
        var high = blocks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if blocks[mid].firstWord <= index { low = mid } else { high = mid - 1 }
        }
        // Blocks without words share a firstWord with the next block; step to the one that has it.
        while low < blocks.count, !blocks[low].wordIndices.contains(index) { low += 1 }
        return low < blocks.count ? low : nil
    }

    /// The word with global index `index`, or nil when out of range.
    public func word(at index: Int) -> Word? {
        guard let b = blockIndex(containingWord: index) else { return nil }
        let block = blocks[b]
        let span = block.wordSpans[index - block.firstWord]
        let scalars = block.text.unicodeScalars
        let lower = scalars.index(scalars.startIndex, offsetBy: Int(span.start))
        let upper = scalars.index(lower, offsetBy: Int(span.end - span.start))
        return Word(index: index, blockIndex: b, range: span.range, text: String(scalars[lower..<upper]))
    }

    /// The sentence holding global word `index`: its words and its text as written.
    public func sentence(containingWord index: Int) -> (words: Range<Int>, text: String)? {
        guard let b = blockIndex(containingWord: index) else { return nil }
        let block = blocks[b]
        let words = block.sentences.first { $0.contains(index) } ?? block.wordIndices
        let spans = block.wordSpans
        let scalars = block.text.unicodeScalars
        let start = Int(spans[words.lowerBound - block.firstWord].start), end = Int(spans[words.upperBound - 1 - block.firstWord].end)
        let lower = scalars.index(scalars.startIndex, offsetBy: start)
        var upper = scalars.index(lower, offsetBy: end - start)
        // The closing punctuation after the last word belongs to the sentence.
        while upper < scalars.endIndex, !scalars[upper].properties.isWhitespace { upper = scalars.index(after: upper) }
        return (words, String(scalars[lower..<upper]))
    }

    /// The chapter that contains global word `index`, if the document has chapters.
    public func chapter(containingWord index: Int) -> Chapter? {
        chapters.last { $0.firstWord <= index }
    }
}
