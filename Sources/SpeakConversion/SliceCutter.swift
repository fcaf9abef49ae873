import SpeakModel

/// Cuts a document into the slices a parallel conversion hands its workers, one at a time as
/// they ask: each starts at a sentence start (the first at the word asked for), and they shrink
/// towards the end — a sixth of what is left per worker and turn, at most a few minutes of
/// audio, at least a few sentences — so the workers finish within a second of each other
/// whatever the text. Planned lazily: only blocks longer than a slice are segmented, and only
/// as far as the cut.
public struct SliceCutter {
    private let document: Document
    private let includeSkipped: Bool
    private let workers: Int
    private let maximumWords: Int
    private let minimumWords: Int
    /// The next word to hand out.
    private var cursor: Int
    /// The block holding `cursor` (or the first after it).
    private var block: Int
    private(set) var remainingWords: Int
    /// Text and word spans of the block cut last: a long block is cut many times.
    private var cached: (block: Int, scalars: [Unicode.Scalar], spans: [WordSpan])?

    /// Slices from `fromWord` to the end; `maximumWords` bounds a slice's audio (and so what a
    /// worker may hold in memory while it waits for its place in the file).
    init(document: Document, fromWord: Int, includeSkipped: Bool, workers: Int, maximumWords: Int, minimumWords: Int = 60) {
        self.document = document
        self.includeSkipped = includeSkipped
        self.workers = max(1, workers)
        self.maximumWords = max(minimumWords, maximumWords)
        self.minimumWords = minimumWords
        cursor = fromWord
        block = document.blocks.firstIndex { $0.wordIndices.upperBound > fromWord } ?? document.blocks.count
        remainingWords = SliceCutter.spokenWords(in: document, from: fromWord, includeSkipped: includeSkipped)
    }

    var documentWordCount: Int { document.wordCount }

    /// Words that will be spoken from `fromWord` to the end.
    public static func spokenWords(in document: Document, from fromWord: Int, includeSkipped: Bool) -> Int {
        document.blocks.reduce(0) { total, block in
            guard includeSkipped || block.isSpoken else { return total }
            return total + max(0, block.wordIndices.upperBound - max(fromWord, block.firstWord))
        }
    }

    /// The next slice and how many of its words are spoken, or nil when every spoken word has
    /// been handed out.
    mutating func next() -> (words: Range<Int>, spoken: Int)? {
        guard remainingWords > 0 else { return nil }
        let target = min(maximumWords, max(minimumWords, remainingWords / (workers * 6)))
        let start = cursor
        var taken = 0
        while block < document.blocks.count {
            let current = document.blocks[block]
            let first = max(cursor, current.firstWord)
            let available = (includeSkipped || current.isSpoken) ? current.wordIndices.upperBound - first : 0
            if taken + available <= target || available == 0 {
                taken += available
                cursor = current.wordIndices.upperBound
                block += 1
                continue
            }
            // The block would overshoot: end the slice before it when the slice is big enough,
            // else cut inside it at the first sentence start that reaches the target.
            if taken >= target / 2, first == current.firstWord { break }
            let cut = sentenceStart(inBlock: block, from: first, atLeast: target - taken)
            taken += cut - first
            cursor = cut
            if cut == current.wordIndices.upperBound { block += 1 }
            break
        }
        remainingWords -= taken
        // The last slice runs to the end of the document (what follows is not spoken).
        if remainingWords <= 0 || block >= document.blocks.count {
            remainingWords = 0
            cursor = document.wordCount
            block = document.blocks.count
            return (start..<max(start + 1, document.wordCount), taken)
        }
        return (start..<cursor, taken)
    }

    /// The first sentence start in block `index` at least `words` words after `first` (a
    /// sentence start, or the word the conversion starts at), or the block's end.
    private mutating func sentenceStart(inBlock index: Int, from first: Int, atLeast words: Int) -> Int {
        let block = document.blocks[index]
        if cached?.block != index {
            cached = (index, Array(block.text.unicodeScalars), block.wordSpans)
        }
        guard let cached else { return block.wordIndices.upperBound }
        let local = first - block.firstWord
        let sentences = SentenceSegmenter.sentences(in: cached.scalars, words: cached.spans, from: local,
                                                    through: min(cached.spans.count - 1, local + max(1, words) - 1))
        return block.firstWord + (sentences.last?.upperBound ?? cached.spans.count)
    }
}
