/// Groups a block's words into sentences.
///
/// A sentence ends after a word when a terminator (. ! ? …) follows it, or when the word is
/// an abbreviation that may end a sentence ("etc.") and the next word is capitalized. It does
/// not end after titles and "e.g."-style abbreviations, after "No." before a number, after
/// single initials ("J. R. R."), before a lower-case word, or inside decimals ("3.5", which
/// is one word). The end of a block always ends a sentence.
public enum SentenceSegmenter {
    /// Sentences as ranges of the block's word positions (0-based, local to the block).
    public static func sentences(in scalars: [Unicode.Scalar], words: [WordSpan]) -> [Range<Int>] {
        guard !words.isEmpty else { return [] }
        var result: [Range<Int>] = []
        var start = 0
        for w in 0..<(words.count - 1) where endsSentence(after: w, scalars: scalars, words: words) {
            result.append(start..<(w + 1))
            start = w + 1
        }
        result.append(start..<words.count)
        return result
    }

    static func endsSentence(after w: Int, scalars: [Unicode.Scalar], words: [WordSpan]) -> Bool {
        let word = words[w].range
        let next = words[w + 1].range
        let gap = scalars[word.upperBound..<next.lowerBound]
        let firstOfNext = scalars[next.lowerBound]
        let nextIsLower = CharacterClass.isLowercase(firstOfNext)
        let nextIsDigit = CharacterClass.isDigit(firstOfNext)

        if gap.contains(where: CharacterClass.isSentenceTerminator) {
            // Before a lower-case word a terminator is an abbreviation we do not know, or a
            // quoted exclamation inside the sentence ("“Stop!” she said").
            return !nextIsLower
        }
        guard scalars[word].last == "." else { return false }
        // The word kept its dot: an abbreviation, initial or dotted acronym.
        let text = scalars[word]
        if Abbreviations.isNeverTerminal(text) { return false }
        if isNumberAbbreviation(text), nextIsDigit { return false }
        if nextIsLower || nextIsDigit { return false }
        // "etc." or "U.S." before a capitalized word: a new sentence only after "etc."-like words
        // that close a list; dotted acronyms are usually followed by a name ("U.S. Army").
        return isListCloser(text)
    }

    private static func isNumberAbbreviation(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        let body = String(String.UnicodeScalarView(text.dropLast())).lowercased()
        return body == "no" || body == "nos" || body == "p" || body == "pp" || body == "vol" || body == "fig"
    }

    private static func isListCloser(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        let body = String(String.UnicodeScalarView(text.dropLast())).lowercased()
        return body == "etc" || body == "al" || body == "inc" || body == "ltd" || body == "co" || body == "corp"
    }
}
