/// A word's place inside its block's text, in Unicode scalar offsets (`start..<end`).
///
/// Scalars are the unit eSpeak-NG reports positions in, so a span can be matched against
/// engine events without conversion.
public struct WordSpan: Sendable, Equatable, Hashable {
    public var start: UInt32
    public var end: UInt32

    public init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }

    public init(_ range: Range<Int>) {
        self.start = UInt32(clamping: range.lowerBound)
        self.end = UInt32(clamping: range.upperBound)
    }

    /// The span as an integer range of scalar offsets.
    public var range: Range<Int> { Int(start)..<Int(end) }
}

/// One block of a document: a heading, a paragraph, a list item, page furniture, …
///
/// A block owns its normalized text and the spans of its words. Its words are numbered
/// globally: word `i` of the block is document word `firstWord + i`.
public struct Block: Sendable, Equatable {
    public var kind: BlockKind
    /// The normalized text of the block (single spaces, no line breaks except in code).
    public var text: String
    /// The 1-based source page, when the source has pages.
    public var page: Int?
    /// Why the block is not spoken by default; nil for blocks that are read.
    public var skip: SkipReason?
    /// Global index of the block's first word.
    public internal(set) var firstWord: Int
    /// Number of words in the block.
    public private(set) var wordCount: Int
    /// The word spans, packed by `WordSpanCodec` (about two bytes per word): documents of
    /// millions of words stay small in memory and are stored as they are.
    public private(set) var packedWordSpans: [UInt8]

    /// Creates a block with already-known word spans.
    public init(kind: BlockKind, text: String, page: Int? = nil, skip: SkipReason? = nil,
                firstWord: Int, wordSpans: [WordSpan]) {
        self.kind = kind
        self.text = text
        self.page = page
        self.skip = skip
        self.firstWord = firstWord
        self.wordCount = wordSpans.count
        self.packedWordSpans = WordSpanCodec.encode(wordSpans)
    }

    /// Creates a block from packed word spans (as stored in the library); nil when they do
    /// not decode to `wordCount` ordered words inside the text.
    public init?(kind: BlockKind, text: String, page: Int?, skip: SkipReason?,
                 firstWord: Int, wordCount: Int, packedWordSpans: [UInt8]) {
        guard let spans = WordSpanCodec.decode(packedWordSpans, count: wordCount),
              (spans.last?.end ?? 0) <= UInt32(clamping: text.unicodeScalars.count) else { return nil }
        self.kind = kind
        self.text = text
        self.page = page
        self.skip = skip
        self.firstWord = firstWord
        self.wordCount = wordCount
        self.packedWordSpans = packedWordSpans
    }

    /// Creates a block whose words are found again by `WordSegmenter` when they are first
    /// needed, as the library stores them: loading a long book then costs no segmentation
    /// before the first word can be spoken.
    public init(kind: BlockKind, text: String, page: Int?, skip: SkipReason?, firstWord: Int, segmentedWordCount: Int) {
        self.kind = kind
        self.text = text
        self.page = page
        self.skip = skip
        self.firstWord = firstWord
        self.wordCount = max(0, segmentedWordCount)
        self.packedWordSpans = []
    }

    /// The block's words, in order.
    public var wordSpans: [WordSpan] {
        guard packedWordSpans.isEmpty, wordCount > 0 else {
            return WordSpanCodec.decode(packedWordSpans, count: wordCount) ?? []
        }
        // Exactly `wordCount` spans even if the text no longer segments the same way, so an
        // index into them can never fall outside.
        var spans = WordSegmenter.words(in: text)
        if spans.count > wordCount { spans.removeLast(spans.count - wordCount) }
        while spans.count < wordCount { spans.append(WordSpan(start: spans.last?.end ?? 0, end: spans.last?.end ?? 0)) }
        return spans
    }

    public static func == (a: Block, b: Block) -> Bool {
        guard a.kind == b.kind, a.text == b.text, a.page == b.page, a.skip == b.skip, a.firstWord == b.firstWord,
              a.wordCount == b.wordCount else { return false }
        return a.packedWordSpans == b.packedWordSpans || a.wordSpans == b.wordSpans
    }

    /// Global indices of the block's words.
    public var wordIndices: Range<Int> { firstWord..<(firstWord + wordCount) }

    /// Whether the block is read aloud by default.
    public var isSpoken: Bool { skip == nil }

    /// The text of every word of the block, in order.
    public var wordTexts: [String] {
        let scalars = Array(text.unicodeScalars)
        return wordSpans.map { span in
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[span.range])
            return String(out)
        }
    }

    /// Sentences of the block as ranges of global word indices.
    public var sentences: [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        return SentenceSegmenter.sentences(in: scalars, words: wordSpans).map {
            ($0.lowerBound + firstWord)..<($0.upperBound + firstWord)
        }
    }
}

/// A chapter: a title, the global index of its first word, and its level in the table of
/// contents (1: a top entry; 2: a section inside the level-1 chapter before it; …).
public struct Chapter: Sendable, Equatable, Codable {
    public var title: String
    public var firstWord: Int
    public var level: Int

    public init(title: String, firstWord: Int, level: Int = 1) {
        self.title = title
        self.firstWord = firstWord
        self.level = max(1, level)
    }

    private enum CodingKeys: String, CodingKey { case title, firstWord, level }

    /// Chapters written before levels existed are top entries.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(title: try container.decode(String.self, forKey: .title), firstWord: try container.decode(Int.self, forKey: .firstWord),
                  level: try container.decodeIfPresent(Int.self, forKey: .level) ?? 1)
    }
}
