import SpeakModel

/// Cuts a long sentence into runs of clauses for a slow engine: the first sound then waits
/// for one clause, not the whole sentence, and the engine's prosody is unchanged (a neural
/// model already says a long sentence a few clauses at a time).
enum ClauseCutter {
    /// Sentences up to this many words stay whole.
    static let longSentence = 16
    /// A piece has at least this many words, and so does what is left after a cut.
    static let fewestWords = 6

    /// `sentence` (word indices into `words`) as pieces, each flagged when it starts the sentence.
    static func clauses(of sentence: Range<Int>, in scalars: [Unicode.Scalar], words: [WordSpan]) -> [(Range<Int>, Bool)] {
        guard sentence.count > longSentence else { return [(sentence, true)] }
        var pieces: [(Range<Int>, Bool)] = []
        var start = sentence.lowerBound
        for k in sentence.dropLast() where k + 1 - start >= fewestWords && sentence.upperBound - (k + 1) >= fewestWords {
            // The text between this word and the next: a comma, semicolon, colon or dash ends a clause.
            let gap = scalars[Int(words[k].end)..<Int(words[k + 1].start)]
            if gap.contains(where: { ",;:\u{2013}\u{2014}".unicodeScalars.contains($0) }) {
                pieces.append((start..<(k + 1), start == sentence.lowerBound))
                start = k + 1
            }
        }
        pieces.append((start..<sentence.upperBound, start == sentence.lowerBound))
        return pieces
    }
}
