import SpeakModel
import SpeakSpeech

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
    /// True for the last chunk of the document: nothing follows, not even a pause.
    public var endsDocument: Bool
    /// True when the chunk ends a line of verse and its stanza goes on: the pause after it is
    /// a line's, shorter than a paragraph's.
    public var endsLine = false
    /// Positions in `wordSpans` of the words a skip rule leaves out (citations, footnote marks).
    public var skippedWords: [Int] = []
    /// The voice for a paragraph in another language than the document's; nil: the run's voice.
    public var voice: String? = nil
    /// False for the later clauses of a sentence given to the engine a few clauses at a time.
    public var startsSentence = true
}

/// Cuts the spoken blocks of a document into sentence chunks, starting exactly at a word.
public enum ChunkPlanner {
    /// Longest run of letters without a space that is sent to the engine (eSpeak 1.51 crashes
    /// on some ~140-character tokens).
    public static let maximumTokenLength = 60

    /// Chunks from global word `fromWord` up to (not including) `toWord`; skipped blocks are
    /// left out unless `includeSkipped`.
    public static func chunks(of document: Document, fromWord: Int = 0, toWord: Int = .max,
                              includeSkipped: Bool = false, speech: SpeechOptions = .asWritten, byClause: Bool = false) -> [SpeechChunk] {
        Array(sequence(of: document, fromWord: fromWord, toWord: toWord, includeSkipped: includeSkipped, speech: speech, byClause: byClause))
    }

    /// The same chunks, planned lazily one block at a time: the first chunk of a long book is
    /// ready without segmenting the rest. Each chunk's text is what `speech` says for it (the
    /// spoken-text layer), its word spans where each document word is said. `byClause` cuts
    /// long sentences at clause punctuation (for an engine that `speaksByClause`).
    public static func sequence(of document: Document, fromWord: Int = 0, toWord: Int = .max,
                                includeSkipped: Bool = false, speech: SpeechOptions = .asWritten,
                                byClause: Bool = false) -> some Sequence<SpeechChunk> {
        let reader = SpeechReader(options: speech)
        let blocks = document.blocks.indices.lazy.filter { i in
            let block = document.blocks[i]
            return (includeSkipped || block.isSpoken) && block.wordIndices.upperBound > fromWord && block.firstWord < toWord
        }
        let lastSpoken = document.blocks.lastIndex { includeSkipped || $0.isSpoken }
        let lastFirstWord = lastSpoken.map { document.blocks[$0].firstWord } ?? -1
        return blocks.flatMap { i in
            let block = document.blocks[i]
            let header = reader.isIdentity ? nil : TableHeader.labels(for: i, in: document.blocks)
            var chunks = chunks(in: block, fromWord: fromWord, toWord: toWord, isLastBlock: block.firstWord == lastFirstWord, reader: reader,
                                header: header, byClause: byClause)
            if case .verse = block.kind, let last = chunks.indices.last, chunks[last].endsBlock,
               document.blocks[(i + 1)...].first(where: { includeSkipped || $0.isSpoken })?.kind.continuesStanza == true {
                chunks[last].endsLine = true
            }
            return chunks
        }
    }

    private static func chunks(in block: Block, fromWord: Int, toWord: Int, isLastBlock: Bool, reader: SpeechReader,
                               header: [String]?, byClause: Bool) -> [SpeechChunk] {
        let scalars = Array(block.text.unicodeScalars)
        let spans = block.wordSpans
        // A paragraph in another language is read by that language's voice and rules.
        let foreign = reader.foreign(block.text)
        let reader = foreign?.reader ?? reader
        // Only the sentences from `fromWord` to `toWord`: a worker speaking a few hundred words
        // of a paragraph of 100,000 segments those, not the whole paragraph.
        let from = max(0, fromWord - block.firstWord)
        let through = min(spans.count, toWord == .max ? spans.count : toWord - block.firstWord) - 1
        let whole = SentenceSegmenter.sentences(in: scalars, words: spans, from: from, through: through)
        let sentences = byClause ? whole.flatMap { ClauseCutter.clauses(of: $0, in: scalars, words: spans) } : whole.map { ($0, true) }
        let context = reader.isIdentity ? nil : BlockContext(block: block.text)
        var result: [SpeechChunk] = []
        for (sentence, startsSentence) in sentences {
            let first = sentence.lowerBound
            guard block.firstWord + first < toWord else { continue }
            let start = Int(spans[first].start)
            // Never past `toWord`: a range that starts mid-sentence (a resume position, a word
            // before it timed for a skip back) segments long runs differently from the whole
            // block, so its last sentence can overrun where the next range begins.
            let upper = toWord == .max ? sentence.upperBound : min(sentence.upperBound, toWord - block.firstWord)
            // Keep the punctuation after the last word: it shapes the intonation.
            let end = upper < spans.count ? Int(spans[upper].start) : scalars.count
            let local = spans[first..<upper].map {
                WordSpan(start: $0.start - UInt32(start), end: $0.end - UInt32(start))
            }
            let endsBlock = upper == spans.count
            // Long runs are cut after the spoken rewrite, which says an address in a few words.
            var text = sanitize(scalars[start..<end], cuttingLongRuns: reader.isIdentity)
            // The cells of a table row read by OCR are set apart by two spaces: the engine hears
            // a comma there, a pause (the same number of scalars, so the spans still match).
            if block.kind == .tableCell, text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: ", ") }
            var spans = local
            var skipped: [Int] = []
            if !reader.isIdentity {
                let spoken = reader.spoken(text, words: local, kind: block.kind, tableHeader: first == 0 ? header : nil,
                                           block: context, offset: start)
                text = sanitize(Array(spoken.text.unicodeScalars)[...], cuttingLongRuns: true)
                spans = spoken.wordSpans
                if !spoken.skipped.isEmpty {
                    skipped = local.indices.filter { k in
                        spans[k].start == spans[k].end && spoken.skipped.contains { $0.range.overlaps(local[k].range) }
                    }
                }
            }
            result.append(SpeechChunk(text: text, wordSpans: spans, firstWord: block.firstWord + first,
                                      endsBlock: endsBlock, endsDocument: endsBlock && isLastBlock, skippedWords: skipped,
                                      voice: foreign?.voice, startsSentence: startsSentence))
        }
        return result
    }

    /// Replaces what engines choke on with spaces, scalar for scalar, so positions still match:
    /// control characters, U+FFFD, and every 60th letter of an over-long token.
    static func sanitize(_ scalars: ArraySlice<Unicode.Scalar>, cuttingLongRuns: Bool = true) -> String {
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
                if run > maximumTokenLength, cuttingLongRuns {
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
