/// Groups a block's words into sentences.
///
/// A sentence ends after a word when a terminator (. ! ? …) follows it and the next word
/// does not start in lower case, or when the word is an abbreviation that kept its dot and
/// the next word is capitalized. It does not end after titles and "e.g."-style
/// abbreviations, after "No." before a number, after single initials ("J. R. R."), or inside
/// decimals ("3.5" is one word). The end of a block always ends a sentence, and so does
/// length: a run of more than `maximumWords` words with no terminator (a line of keywords, a
/// text without punctuation) is cut at its last clause mark, else at the limit, so that every
/// chunk spoken, timed, cached or handed to a worker stays bounded whatever the input's shape.
public enum SentenceSegmenter {
    /// The longest sentence handed on, in words (about half a minute of speech).
    public static let maximumWords = 80
    /// A clause mark closer than this to the sentence's start is not worth cutting at.
    static let minimumClauseWords = 20

    /// Sentences as ranges of the block's word positions (0-based, local to the block).
    public static func sentences(in scalars: [Unicode.Scalar], words: [WordSpan]) -> [Range<Int>] {
        sentences(in: scalars, words: words, from: 0, through: words.count - 1)
    }

    /// The sentences from word `first` (taken as a sentence start) up to and including the one
    /// that holds word `last`. Whether a sentence ends after a word depends only on that word,
    /// the next one, what lies between and how far back the sentence started, so a part of a
    /// long block that starts at a sentence start segments the same as the whole block would
    /// there — without the cost of segmenting all of it.
    public static func sentences(in scalars: [Unicode.Scalar], words: [WordSpan], from first: Int, through last: Int) -> [Range<Int>] {
        guard first < words.count, first <= last else { return [] }
        var result: [Range<Int>] = []
        var start = first
        // The last word of this sentence that a clause mark follows.
        var clause = -1
        var w = first
        while w < words.count - 1 {
            var cut = endsSentence(after: w, scalars: scalars, words: words)
            if !cut {
                if endsClause(after: w, scalars: scalars, words: words) { clause = w }
                if w + 1 - start >= maximumWords {
                    if clause >= start + minimumClauseWords - 1 { w = clause }
                    cut = true
                }
            }
            if cut {
                result.append(start..<(w + 1))
                start = w + 1
                clause = -1
                if w >= last { return result }
            }
            w += 1
        }
        result.append(start..<words.count)
        return result
    }

    static func endsSentence(after w: Int, scalars: [Unicode.Scalar], words: [WordSpan]) -> Bool {
        let word = scalars[words[w].range]
        let next = words[w + 1].range
        let gap = scalars[words[w].range.upperBound..<next.lowerBound]
        let firstOfNext = scalars[next.lowerBound]
        // Before a lower-case word a terminator is an abbreviation we do not know, or a quoted
        // exclamation inside the sentence ("“Stop!” she said").
        if CharacterClass.isLowercase(firstOfNext) { return false }
        let nextIsDigit = CharacterClass.isDigit(firstOfNext)
        if let terminator = gap.first(where: CharacterClass.isSentenceTerminator) {
            // "No. 5", "Nos. 3 and 4", "p. 12": the dot abbreviates a number word.
            if terminator == ".", nextIsDigit || isLabel(scalars[next]), gap.first == ".", isNumberWord(word) { return false }
            // "Dec. 24–Jan. 2", "open Sun. 10–4": a month's or a day's abbreviation before its date or hours.
            if terminator == ".", nextIsDigit, gap.first == ".",
               Self.dated.contains(Abbreviations.lowercased(word[((word.lastIndex(where: { $0 == "–" || $0 == "-" || $0 == "/" }) ?? word.startIndex - 1) + 1)...])) {
                return false
            }
            // "Smith et al. (2020) showed", "Lee et al. [4] found": the citation follows the names.
            if terminator == ".", w > 0, Abbreviations.lowercased(word) == "al", Abbreviations.lowercased(scalars[words[w - 1].range]) == "et",
               gap.contains("(") || gap.contains("[") || nextIsDigit { return false }
            // "2s. 6d.": shillings before pence.
            if terminator == ".", nextIsDigit, gap.first == ".", word.count >= 2, word.last == "s",
               word.dropLast().allSatisfy(CharacterClass.isDigit) { return false }
            // "5! = 120": a factorial in a formula.
            if terminator == "!", gap.contains("=") || firstOfNext == "=" { return false }
            // "et al., 2020", "etc., and": a clause mark after the dot, the sentence goes on.
            if terminator == ".", gap.first == ".", gap.dropFirst().first.map({ $0 == "," || $0 == ";" || $0 == ":" }) == true { return false }
            return true
        }
        guard word.last == "." else { return false }
        // The word kept its dot: an abbreviation, initial or dotted acronym.
        if Abbreviations.isNeverTerminal(word) || nextIsDigit { return false }
        // Dotted acronyms are usually followed by a name ("U.S. Army"); other abbreviations
        // ("etc.", "Inc.", "Oct.") before a capital end the sentence.
        return !word.dropLast().contains(".")
    }

    /// Whether a clause mark (comma, semicolon, colon, dash) follows word `w`.
    static func endsClause(after w: Int, scalars: [Unicode.Scalar], words: [WordSpan]) -> Bool {
        scalars[words[w].range.upperBound..<words[w + 1].range.lowerBound].contains(where: CharacterClass.isClauseMark)
    }

    static let dated: Set<String> = ["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue",
                                     "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]

    private static func isNumberWord(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        ["no", "nos", "p", "pp", "vol", "vols", "fig", "figs", "nr", "art", "sec", "ch", "chap", "ca", "c", "approx", "eq", "eqs",
         "op", "apt", "ste", "tel", "ext", "ref", "refs", "thm", "tab", "suppl", "ed", "est", "cf", "prop", "def", "lem", "cor", "app",
         "appx", "para", "paras", "secs", "eqn", "b", "d", "rs"].contains(Abbreviations.lowercased(word))
    }

    /// What numbers a thing without digits: a Roman numeral ("Vol. II"), a capital letter ("App.
    /// B"), a capital and digits ("Fig. S1").
    private static func isLabel(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = word.first, CharacterClass.isUppercase(first) else { return false }
        let rest = word.dropFirst().prefix { !CharacterClass.isSentenceTerminator($0) && $0 != "," && $0 != ")" }
        // ("No. I won't", "Ref. A man": a pronoun and an article start sentences.)
        if rest.isEmpty { return first != "I" && first != "A" }
        return !rest.isEmpty && rest.allSatisfy(CharacterClass.isDigit) || word.allSatisfy { "IVXLC".unicodeScalars.contains($0) } && (2...5).contains(word.count)
    }
}
