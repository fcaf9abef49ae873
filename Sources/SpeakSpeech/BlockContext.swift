/// What the rules for one chunk of a block may know of the whole block. A block is said a
/// sentence or a clause at a time, but a quote opened in an earlier sentence is still open
/// ("34"" after it is a closing quote, not inches), and a paragraph that writes old money
/// ("£1 2s. 6d.") writes it in each of its sentences; a block that writes `[]` or `name[0]`
/// writes lists and indices, not notes.
public struct BlockContext: Sendable {
    let writesPounds: Bool
    let writesPence: Bool
    /// The block writes an empty list, `[]`.
    let writesEmptyList: Bool
    /// Names written with an index: glued to `[0]`, or to brackets twice.
    let indexedNames: Set<String>
    /// The block's straight double quotes, in order: where each stands and whether it opens.
    let quotes: [QuoteMark]

    struct QuoteMark: Sendable {
        /// The quote's token index and scalar offset.
        var token: Int
        var offset: Int
        var opens: Bool
    }

    /// The facts of a block's whole text (once per block: a paragraph of a book may be cut
    /// into thousands of chunks). A block without quotes or old money, or too long to look at
    /// for each slice a worker speaks of it, has none: its chunks know only themselves.
    public init(block text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.longest, Self.mayHaveFacts(scalars) else {
            writesPounds = false
            writesPence = false
            writesEmptyList = false
            indexedNames = []
            quotes = []
            return
        }
        let tokens = Tokenizer.tokens(scalars, frozen: Array(repeating: false, count: scalars.count))
        writesPounds = tokens.contains { $0.is("£") }
        writesPence = EnglishOldMoney.writesPence(tokens)
        quotes = Self.quoteMarks(tokens, openAtStart: false)
        writesEmptyList = Self.writesEmptyList(tokens)
        indexedNames = Self.indexedNames(tokens)
    }

    static func writesEmptyList(_ t: [Token]) -> Bool {
        t.indices.contains { k in t[k].is("[") && t[safe: k + 1].map { $0.is("]") && !$0.spaceBefore } == true }
    }

    static func indexedNames(_ t: [Token]) -> Set<String> {
        var seen = Set<String>(), indexed = Set<String>()
        for k in t.indices.dropFirst() where t[k].is("[") && !t[k].spaceBefore && t[k - 1].isWord {
            let name = t[k - 1].text
            if t[safe: k + 1]?.is("0") == true || seen.contains(name) { indexed.insert(name) }
            seen.insert(name)
        }
        return indexed
    }

    static let longest = 20_000

    /// A quote, a pound sign, a bracket or a "d" after a digit or a half ("6d.", "8½d.").
    static func mayHaveFacts(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.indices.contains { k in
            let u = scalars[k]
            return u == "\"" || u == "£" || u == "[" || u == "d" && k > 0 && ("0"..."9" ~= scalars[k - 1] || "½¼¾".unicodeScalars.contains(scalars[k - 1]))
        }
    }

    /// A double quote is open just before scalar `offset` of the block.
    func quoteOpen(at offset: Int) -> Bool {
        var low = 0, high = quotes.count
        while low < high {
            let mid = (low + high) / 2
            if quotes[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low > 0 && quotes[low - 1].opens
    }

    /// Quotes pair left to right; a quote against a number when none is open is an inch mark
    /// ("a 34" screen"), neither opening nor closing.
    static func quoteMarks(_ tokens: [Token], openAtStart: Bool) -> [QuoteMark] {
        var open = openAtStart
        var marks: [QuoteMark] = []
        for (k, token) in tokens.enumerated() where token.is("\"") {
            if open {
                open = false
            } else if k > 0, tokens[k - 1].isNumber, !token.spaceBefore {
                continue
            } else {
                open = true
            }
            marks.append(QuoteMark(token: k, offset: token.range.lowerBound, opens: open))
        }
        return marks
    }
}
