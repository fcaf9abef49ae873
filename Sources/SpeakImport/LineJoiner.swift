/// Joins the hard-wrapped lines of one paragraph into a single line, repairing words that
/// were hyphenated across a line break.
///
/// The rule for "part-" at a line end followed by "rest" on the next line:
/// 1. the next part starts with a capital → keep the hyphen ("Franco-\nPrussian");
/// 2. the document writes "part-rest" with a hyphen elsewhere → keep it;
/// 3. the document writes "partrest" elsewhere, or the dictionary knows it → join
///    ("inter-\nnational" → "international");
/// 4. both parts are dictionary words → keep the hyphen ("well-\nknown");
/// 5. otherwise join (most line-end hyphens are typesetting).
public struct LineJoiner {
    private let vocabulary: DocumentVocabulary?

    /// `vocabulary` is the document's own words; pass nil when the text has no line-end hyphens.
    public init(vocabulary: DocumentVocabulary?) {
        self.vocabulary = vocabulary
    }

    public func join(_ lines: [Substring]) -> String {
        var out = ""
        for raw in lines {
            let line = raw.trimmingSpaces()
            if line.isEmpty { continue }
            if out.isEmpty { out = String(line); continue }
            if continuesAddress(out, line) {
                out += line
            } else if out.hasSuffix("-"), let first = line.first, first.isLetter, let keep = keepsHyphenBefore(line, in: out) {
                if !keep { out.removeLast() }
                out += line
            } else if out.hasSuffix("—") || out.hasSuffix("/") || (out.hasSuffix("-") && line.first?.isNumber == true
                                                                    && out.dropLast().last?.isWhitespace == false) {
                // "COVID-\n19", "pages 10-\n12": a hyphen before a number is kept and joined.
                out += line
            } else {
                out += " " + line
            }
        }
        return out
    }

    /// A web address cut at a line end goes on without a space: "http:" then "//host…", or
    /// "https://ctan." then "example.org/…" (a capital after the cut starts a sentence).
    private func continuesAddress(_ head: String, _ next: Substring) -> Bool {
        let token = head.reversed().prefix { !$0.isWhitespace }.reversed().map(Character.init)
        let lower = String(token).lowercased()
        if next.hasPrefix("//"), lower.hasSuffix("http:") || lower.hasSuffix("https:") || lower.hasSuffix("ftp:") { return true }
        guard lower.contains("://") || lower.hasPrefix("www."), let end = token.last, ".-_~?=&#%".contains(end),
              let first = next.first, first.isNumber || first.isLetter && first.isLowercase else { return false }
        return true
    }

    /// Whether the line-end hyphen at the end of `head` stays before `next`; nil when the
    /// hyphen does not end a word ("a -").
    private func keepsHyphenBefore(_ next: Substring, in head: String) -> Bool? {
        let part = String(head.dropLast().reversed().prefix { $0.isLetter }.reversed())
        guard !part.isEmpty else { return nil }
        let rest = String(next.prefix { $0.isLetter })
        return keepsHyphen(part, rest)
    }

    func keepsHyphen(_ part: String, _ rest: String) -> Bool {
        if let first = rest.first, first.isUppercase { return true }
        let joined = (part + rest).lowercased()
        if let vocabulary {
            if vocabulary.contains(part.lowercased() + "-" + rest.lowercased()) { return true }
            if vocabulary.contains(joined) { return false }
        }
        if SystemDictionary.contains(joined) { return false }
        if SystemDictionary.contains(part), SystemDictionary.contains(rest) { return true }
        return false
    }
}

/// The distinct words of a document (lower-cased, with inner hyphens and apostrophes), not
/// counting the halves of words broken at a line end.
public struct DocumentVocabulary: Sendable {
    /// Hashes of the lower-cased words (a book has a million of them).
    private var words: Set<UInt64> = []

    public init(text: String) {
        var skipFirst = false
        var rest = text[...]
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.utf8.index(after: end)...] : rest[rest.endIndex...]
            let tokens = Self.tokens(line)
            let endsBroken = line.hasSuffix("-") && line.dropLast().last?.isLetter == true
            for (i, token) in tokens.enumerated() {
                if i == 0, skipFirst, line.trimmingSpaces().hasPrefix(token) { continue }
                if i == tokens.count - 1, endsBroken { continue }
                var word = token[...]
                while let f = word.first, f == "-" || f == "'" { word = word.dropFirst() }
                while let l = word.last, l == "-" || l == "'" { word = word.dropLast() }
                if !word.isEmpty { words.insert(WordHash.of(word)) }
            }
            skipFirst = endsBroken
        }
    }

    /// Runs of letters, hyphens and apostrophes; by Unicode scalar, with ASCII decided from the
    /// byte (Character properties made this the slowest step of a large import).
    private static func tokens(_ line: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var start: String.Index?
        let scalars = line.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let value = scalar.value
            let isWordPart = value < 0x80
                ? (value | 0x20 >= 0x61 && value | 0x20 <= 0x7A) || value == 0x2D || value == 0x27
                : scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
            if isWordPart {
                if start == nil { start = index }
            } else if let begin = start {
                tokens.append(line[begin..<index])
                start = nil
            }
            index = scalars.index(after: index)
        }
        if let begin = start { tokens.append(line[begin..<line.endIndex]) }
        return tokens
    }

    public func contains(_ word: String) -> Bool { words.contains(WordHash.of(word)) }

    /// Adds the words of another part of the same document.
    public mutating func formUnion(_ other: DocumentVocabulary) {
        words.formUnion(other.words)
    }
    /// Whether a text has any line-end hyphen before a letter, i.e. needs a vocabulary at all.
    public static func isNeeded(for text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var last2: UInt8 = 0, last1: UInt8 = 0
        while let b = utf8.next() {
            if last2 == UInt8(ascii: "-"), last1 == UInt8(ascii: "\n"), b >= 0x41 { return true }
            last2 = last1
            last1 = b
        }
        return false
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs. Inlinable: importers call it on
    /// every line, and unspecialized it cost a book's PDF tens of milliseconds.
    @inlinable
    public func trimmingSpaces() -> SubSequence {
        trimming { $0 == " " || $0 == "\t" }
    }

    /// The text without the characters `drop` says yes to at either end. By hand, because
    /// Foundation's trimming, asked of every short line of a book, was a tenth of its import's
    /// serial step.
    @inlinable
    public func trimming(while drop: (Character) -> Bool) -> SubSequence {
        var s = self[...]
        while let f = s.first, drop(f) { s = s.dropFirst() }
        while let l = s.last, drop(l) { s = s.dropLast() }
        return s
    }
}
