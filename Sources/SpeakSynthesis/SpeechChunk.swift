import SpeakModel

/// A sentence-sized piece of a document, ready for the engine: its text (sanitized, with the
/// same scalar positions as the document text) and its words.
public struct SpeechChunk: Sendable, Equatable {
    public var text: String
    /// Word spans in `text`, in scalars.
    public var wordSpans: [WordSpan]
    /// Global index of the chunk's first word.
    public var firstWord: Int
    /// True when the chunk ends its block: a paragraph pause follows.
    public var endsBlock: Bool
}

/// Cuts the spoken blocks of a document into sentence chunks, starting exactly at a word.
public enum ChunkPlanner {
    /// Longest run of letters without a space that is sent to the engine (eSpeak 1.51 crashes
    /// on some ~140-character tokens).
    public static let maximumTokenLength = 60

    /// Chunks from global word `fromWord` to the end; skipped blocks are left out unless
    /// `includeSkipped`.
    public static func chunks(of document: Document, fromWord: Int = 0, includeSkipped: Bool = false) -> [SpeechChunk] {
        var chunks: [SpeechChunk] = []
        for block in document.blocks where (includeSkipped || block.isSpoken) && block.wordIndices.upperBound > fromWord {
            let scalars = Array(block.text.unicodeScalars)
            let spans = block.wordSpans
            let sentences = SentenceSegmenter.sentences(in: scalars, words: spans)
            for (n, sentence) in sentences.enumerated() {
                let first = max(sentence.lowerBound, fromWord - block.firstWord)
                guard first < sentence.upperBound else { continue }
                let start = Int(spans[first].start)
                // Keep the punctuation after the last word: it shapes the intonation.
                let end = sentence.upperBound < spans.count ? Int(spans[sentence.upperBound].start) : scalars.count
                let local = spans[first..<sentence.upperBound].map {
                    WordSpan(start: $0.start - UInt32(start), end: $0.end - UInt32(start))
                }
                chunks.append(SpeechChunk(text: sanitize(scalars[start..<end]), wordSpans: local,
                                          firstWord: block.firstWord + first, endsBlock: n == sentences.count - 1))
            }
        }
        return chunks
    }

    /// Replaces what engines choke on with spaces, scalar for scalar, so positions still match:
    /// control characters, U+FFFD, and every 60th letter of an over-long token.
    static func sanitize(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        var run = 0
        for s in scalars {
            if s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s == "\u{FFFD}" {
                out.append(" ")
                run = 0
            } else if s.properties.isWhitespace {
                out.append(s)
                run = 0
            } else {
                run += 1
                if run > maximumTokenLength {
                    out.append(" ")
                    run = 0
                } else {
                    out.append(s)
                }
            }
        }
        return String(out)
    }
}
