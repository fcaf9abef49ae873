import Foundation
import GRDB
import SpeakModel

/// Where a search's terms occur in one block's text: in order (a phrase) or scattered, how
/// often each, and the scalar range of the match shown.
struct BlockMatch {
    /// True when the terms occur one after another, in the order searched for.
    let inOrder: Bool
    /// Occurrences of each term, in the order of the terms.
    let termCounts: [Int]
    /// Number of terms in the block.
    let length: Int
    /// Unicode scalar offsets of the match: from the start of its first term to the end of its last.
    let range: Range<Int>

    /// Nil when no term occurs in `text`.
    init?(terms: [String], text: String) {
        let tokens = SearchTerms.tokens(in: text, matching: terms)
        var range: Range<Int>?
        var inOrder = false
        if tokens.count >= terms.count {
            for i in 0...(tokens.count - terms.count) where tokens[i].term == 0 {
                if (1..<terms.count).allSatisfy({ tokens[i + $0].term == $0 }) {
                    range = tokens[i].range.lowerBound..<tokens[i + terms.count - 1].range.upperBound
                    inOrder = true
                    break
                }
            }
        }
        if range == nil, let first = tokens.first(where: { $0.term >= 0 }) {
            range = first.range
        }
        guard let range else { return nil }
        self.range = range
        self.inOrder = inOrder
        self.length = tokens.count
        var counts = [Int](repeating: 0, count: terms.count)
        for token in tokens where token.term >= 0 { counts[token.term] += 1 }
        termCounts = counts
    }

    /// The hit as shown: the words that hold the match and a few words of context either side,
    /// spaced as in the text (`before + match + after` reads as the text does).
    func hit(in block: Block, context: Int = 8) -> SearchHit {
        let scalars = Array(block.text.unicodeScalars)
        let spans = block.wordSpans
        guard !spans.isEmpty else {
            return SearchHit(documentID: 0, title: "", chapter: nil, wordIndex: block.firstWord, matchedWords: 0,
                             before: "", match: block.text, after: "", inTitle: false)
        }
        let start = spans.firstIndex { Int($0.end) > range.lowerBound } ?? (spans.count - 1)
        let end = max(start + 1, spans.firstIndex { Int($0.start) >= range.upperBound } ?? spans.count)
        // Untrimmed: the spaces (or none) around the match are part of the context, so that
        // the three pieces put together read as the text does ("Warranty.", not "Warranty .").
        func text(_ scalarRange: Range<Int>) -> String {
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[scalarRange])
            return String(out)
        }
        let beforeFirst = max(0, start - context)
        let afterLast = min(spans.count, end + context)
        // At the block's edges, its punctuation belongs to the context ("¿", a final ".").
        let beforeStart = beforeFirst == 0 ? 0 : Int(spans[beforeFirst].start)
        let afterStart = Int(spans[end - 1].end)
        let afterEnd = afterLast == spans.count ? scalars.count : Int(spans[afterLast - 1].end)
        let before = (beforeFirst > 0 ? "… " : "") + text(beforeStart..<Int(spans[start].start))
        let after = text(afterStart..<afterEnd) + (afterLast < spans.count ? " …" : "")
        return SearchHit(documentID: 0, title: "", chapter: nil, wordIndex: block.firstWord + start,
                         matchedWords: end - start, before: before,
                         match: text(Int(spans[start].start)..<afterStart), after: after, inTitle: false)
    }
}

/// Okapi BM25 over blocks: how much a block's term counts say about its relevance, given how
/// many blocks hold each term (from the index's vocabulary) and the average block length.
struct BM25 {
    private let idf: [Double]
    private let averageLength: Double
    private let k1 = 1.2
    private let b = 0.75

    init(_ db: Database, terms: [String]) throws {
        let totals = try Row.fetchOne(db, sql: "SELECT COALESCE(SUM(block_count), 0), COALESCE(SUM(spoken_word_count), 0) FROM documents")
        let blocks = max(1, Double(totals?[0] ?? 0))
        averageLength = max(1, Double(totals?[1] ?? 0) / blocks)
        idf = try terms.map { term in
            let n = Double(try Int.fetchOne(db, sql: "SELECT doc FROM text_terms WHERE term = ?", arguments: [term]) ?? 0)
            return log(1 + (blocks - n + 0.5) / (n + 0.5))
        }
    }

    func score(_ counts: [Int], length: Int) -> Double {
        let norm = k1 * (1 - b + b * Double(length) / averageLength)
        return zip(idf, counts).reduce(0) { sum, pair in
            let tf = Double(pair.1)
            return sum + pair.0 * tf * (k1 + 1) / (tf + norm)
        }
    }
}
