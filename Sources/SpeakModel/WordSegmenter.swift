/// Splits text into words, in Unicode scalar offsets.
///
/// Rules, in order:
/// - Whitespace separates words; em dashes and ellipses do too ("yes—no" is two words), and
///   every letter of scripts written without spaces (Han, kana) is a word.
/// - Opening brackets and quotes are trimmed from the start of a word; closing ones and
///   , ; : ! ? from its end.
/// - A final full stop belongs to the word for abbreviations ("Dr.", "e.g.", "U.S.", "J.")
///   and is trimmed otherwise.
/// - What remains is a word if it has a letter, digit or spoken symbol, so "don't",
///   "1,234.50", "3/4/2021", "naïve", URLs and e-mail addresses stay whole, and a lone "—"
///   is not a word.
/// - Words longer than `maximumWordLength` scalars are cut, so that no single word can
///   overwhelm a speech engine.
///
/// The text is read once, front to back, keeping only the current token: a 50 MB paragraph
/// costs no more memory than its word spans.
public enum WordSegmenter {
    /// Changes whenever a change here would split any text differently. The library stores
    /// word spans only where they differ from this segmentation, so a new version must keep
    /// the old one available for documents stored under it.
    public static let version = 1

    public static let maximumWordLength = 256

    /// The words of `text`, in order.
    public static func words(in text: String) -> [WordSpan] {
        words(in: text.unicodeScalars)
    }

    /// The words of a sequence of scalars, in order.
    public static func words<S: Sequence>(in scalars: S) -> [WordSpan] where S.Element == Unicode.Scalar {
        var spans: [WordSpan] = []
        var token: [Unicode.Scalar] = []
        var tokenStart = 0
        var offset = 0
        func endToken() {
            if !token.isEmpty { addToken(token, at: tokenStart, to: &spans) }
            token.removeAll(keepingCapacity: true)
        }
        for s in scalars {
            if CharacterClass.isSpace(s) || CharacterClass.isWordSeparator(s) {
                endToken()
            } else if CharacterClass.isUnspacedScript(s) {
                endToken()
                if CharacterClass.isLetter(s) { spans.append(WordSpan(offset..<(offset + 1))) }
            } else {
                if token.isEmpty { tokenStart = offset }
                token.append(s)
                // Tokens are cut long before they could hold a whole paragraph in memory.
                if token.count >= 4 * maximumWordLength {
                    addToken(token, at: tokenStart, to: &spans)
                    token.removeAll(keepingCapacity: true)
                }
            }
            offset += 1
        }
        endToken()
        return spans
    }

    /// Splits a whitespace-free token at "..." runs, trims each piece and records its words.
    private static func addToken(_ token: [Unicode.Scalar], at start: Int, to spans: inout [WordSpan]) {
        var pieceStart = 0
        var i = 0
        while i < token.count {
            if token[i] == ".", i + 2 < token.count, token[i + 1] == ".", token[i + 2] == "." {
                addPiece(token, pieceStart..<(i + 3), at: start, to: &spans)
                i += 3
                while i < token.count, token[i] == "." { i += 1 }
                pieceStart = i
            } else {
                i += 1
            }
        }
        addPiece(token, pieceStart..<token.count, at: start, to: &spans)
    }

    private static func addPiece(_ token: [Unicode.Scalar], _ piece: Range<Int>, at start: Int, to spans: inout [WordSpan]) {
        guard !piece.isEmpty, let word = trim(token, piece) else { return }
        guard token[word].contains(where: CharacterClass.isSpeakable) else { return }
        var lower = word.lowerBound
        while word.upperBound - lower > maximumWordLength {
            spans.append(WordSpan((start + lower)..<(start + lower + maximumWordLength)))
            lower += maximumWordLength
        }
        spans.append(WordSpan((start + lower)..<(start + word.upperBound)))
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
                // Only short words can be abbreviations; the length bound keeps ".).)." chains linear.
                if upper - lower <= 16, Abbreviations.keepsDot(scalars[lower..<upper]) { break }
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
