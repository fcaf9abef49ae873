/// A rule's match: tokens `start..<end` are said as `say` (nothing, for a skip).
struct RuleMatch {
    var end: Int
    var say: String
    var skip: SkipRule? = nil
}

/// The tokens of one chunk and what rules ask about them.
struct Scan {
    let t: [Token]
    let text: [Unicode.Scalar]
    let context: RuleContext
    /// Words in capitals, three or more and twice the others (a headline, a shouted sentence): acronyms
    /// are not spelled. "The FBI said." and "KOSPI (AP) fell." are not shouted.
    let shouting: Bool
    /// The chunk or its block writes pounds ("£"), pence ("6d.").
    let writesPounds: Bool
    let writesPence: Bool
    /// The chunk or its block writes `[]`; names it writes with an index (`Border[0]`).
    let writesEmptyList: Bool
    let indexedNames: Set<String>
    /// Token indices of the straight double quotes that close a quote.
    let closingQuotes: Set<Int>

    init(_ tokens: [Token], text: [Unicode.Scalar], context: RuleContext) {
        t = tokens
        self.text = text
        self.context = context
        var capitals = 0, others = 0
        for token in tokens where token.isWord && token.text.count >= 2 {
            if token.isAllCaps { capitals += 1 } else { others += 1 }
        }
        shouting = capitals >= 3 && capitals > 2 * others
        writesPounds = context.writesPounds || tokens.contains { $0.is("£") }
        writesPence = context.writesPence || EnglishOldMoney.writesPence(tokens)
        writesEmptyList = context.writesEmptyList || BlockContext.writesEmptyList(tokens)
        indexedNames = context.indexedNames.union(BlockContext.indexedNames(tokens))
        closingQuotes = Set(BlockContext.quoteMarks(tokens, openAtStart: context.quoteOpen).filter { !$0.opens }.map(\.token))
    }

    subscript(_ i: Int) -> Token? { i >= 0 && i < t.count && !t[i].frozen ? t[i] : nil }
    /// Token `i` exists and touches the one before it.
    func glued(_ i: Int) -> Bool { i < t.count && i > 0 && !t[i].spaceBefore }
    func text(_ i: Int) -> String? { self[i]?.text }
    func lower(_ i: Int) -> String? { self[i]?.text.lowercased() }
    /// The token after `i` is a sentence start (or there is none).
    func endsSentence(after i: Int) -> Bool {
        guard let next = self[i + 1] else { return true }
        return next.isCapitalized && next.spaceBefore
    }
    /// Tokens from `i` up to the next whitespace.
    func run(from i: Int) -> Int {
        var j = i + 1
        while j < t.count, !t[j].spaceBefore, !t[j].frozen { j += 1 }
        return j
    }
    func joined(_ range: Range<Int>) -> String { range.map { t[$0].text }.joined() }
    /// Token `i` starts a word as written: after a space, at the start, or after an opening
    /// bracket or quote (or one of `also`: "|" between options, "=" before a path).
    func startsWord(_ i: Int, also: Set<String> = []) -> Bool {
        guard i > 0, i < t.count, !t[i].spaceBefore else { return true }
        let prev = t[i - 1].text
        return Self.openings.contains(prev) || also.contains(prev)
    }
    static let openings: Set<String> = ["(", "[", "\"", "“", "'", "‘", "`"]
}

/// US English, as the default voice `en-us` says it.
struct EnglishRules: LanguageRules {
    typealias Rule = @Sendable (Scan, Int) -> RuleMatch?
    /// In order: the first rule that matches at a token wins.
    static let rules: [Rule] = [
        EnglishCitations.match, EnglishWeb.match, EnglishPaths.match, EnglishCodes.match, EnglishCurrency.match, EnglishOldMoney.match, EnglishDates.match,
        EnglishNumberRules.match, EnglishUnits.match, EnglishStates.match, EnglishAbbreviations.match, EnglishRoman.match, EnglishMath.match, EnglishEmoticons.match,
        EnglishSymbols.match, EnglishWords.match,
    ]

    func edits(tokens: [Token], text: [Unicode.Scalar], context: RuleContext) -> [Edit] {
        Scan(tokens, text: text, context: context).edits { scan, i in
            for rule in Self.rules {
                if let m = rule(scan, i) { return m }
            }
            return nil
        }
    }
}

extension Scan {
    /// Runs `match` at every token not written by an earlier pass, left to right; a match's
    /// tokens are said as its words (kept apart from the words they touch).
    func edits(_ match: (Scan, Int) -> RuleMatch?) -> [Edit] {
        let tokens = t
        var edits: [Edit] = []
        var i = 0
        while i < tokens.count {
            guard !tokens[i].frozen, let m = match(self, i), m.end > i else { i += 1; continue }
            var say = m.say
            // Keep words apart from what touches them.
            if !say.isEmpty {
                if i > 0, !tokens[i].spaceBefore, tokens[i - 1].kind != .other || tokens[i - 1].text == "-" { say = " " + say }
                if m.end < tokens.count, !tokens[m.end].spaceBefore, tokens[m.end].kind != .other { say += " " }
            }
            edits.append(Edit(range: tokens[i].range.lowerBound..<tokens[m.end - 1].range.upperBound, replacement: say,
                              skipped: m.skip))
            i = m.end
        }
        return edits
    }
}
