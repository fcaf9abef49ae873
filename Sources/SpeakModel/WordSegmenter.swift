/// Splits text into words, in Unicode scalar offsets.
///
/// Rules, in order:
/// - Whitespace separates words; em dashes and ellipses do too ("yes—no" is two words), and
///   every character of scripts written without spaces (Han, kana) is a word.
/// - Opening brackets and quotes are trimmed from the start of a word; closing ones and
///   , ; : ! ? from its end.
/// - A final full stop belongs to the word for abbreviations ("Dr.", "e.g.", "U.S.", "J.")
///   and is trimmed otherwise.
/// - What remains is a word if it has a letter, digit or spoken symbol, so "don't",
///   "1,234.50", "3/4/2021", "naïve", URLs and e-mail addresses stay whole, and a lone "—"
///   is not a word.
/// - Words longer than `maximumWordLength` scalars are cut, so that no single word can
///   overwhelm a speech engine.
public enum WordSegmenter {
    public static let maximumWordLength = 256

    /// The words of `scalars`, in order.
    public static func words(in scalars: [Unicode.Scalar]) -> [WordSpan] {
        var spans: [WordSpan] = []
        var tokenStart: Int?
        var i = 0
        let n = scalars.count
        while i < n {
            let s = scalars[i]
            if CharacterClass.isSpace(s) || CharacterClass.isWordSeparator(s) {
                if let start = tokenStart { addToken(scalars, start..<i, to: &spans) }
                tokenStart = nil
            } else if CharacterClass.isUnspacedScript(s) {
                if let start = tokenStart { addToken(scalars, start..<i, to: &spans) }
                spans.append(WordSpan(i..<(i + 1)))
                tokenStart = nil
            } else if s == ".", i + 2 < n, scalars[i + 1] == ".", scalars[i + 2] == "." {
                // "wait...what": a three-dot ellipsis separates like "…".
                if let start = tokenStart { addToken(scalars, start..<(i + 3), to: &spans) }
                tokenStart = nil
                while i + 1 < n, scalars[i + 1] == "." { i += 1 }
            } else if tokenStart == nil {
                tokenStart = i
            }
            i += 1
        }
        if let start = tokenStart { addToken(scalars, start..<n, to: &spans) }
        return spans
    }

    private static func addToken(_ scalars: [Unicode.Scalar], _ token: Range<Int>, to spans: inout [WordSpan]) {
        guard let word = trim(scalars, token) else { return }
        guard scalars[word].contains(where: CharacterClass.isSpeakable) else { return }
        var start = word.lowerBound
        while word.upperBound - start > maximumWordLength {
            spans.append(WordSpan(start..<(start + maximumWordLength)))
            start += maximumWordLength
        }
        spans.append(WordSpan(start..<word.upperBound))
    }

    /// The token without its surrounding punctuation, or nil when nothing is left.
    static func trim(_ scalars: [Unicode.Scalar], _ token: Range<Int>) -> Range<Int>? {
        var lower = token.lowerBound
        var upper = token.upperBound
        while lower < upper, CharacterClass.isLeadingPunctuation(scalars[lower]) { lower += 1 }
        while lower < upper {
            let last = scalars[upper - 1]
            if CharacterClass.isTrailingPunctuation(last) {
                upper -= 1
            } else if last == "." {
                if Abbreviations.keepsDot(scalars[lower..<upper]) { break }
                while lower < upper, scalars[upper - 1] == "." { upper -= 1 }
            } else if last == "-" || last == "–", upper - lower > 1 {
                upper -= 1
            } else {
                break
            }
        }
        return lower < upper ? lower..<upper : nil
    }
}
