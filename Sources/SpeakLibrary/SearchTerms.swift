import Foundation

/// Turns what a user typed into search terms the way the full-text index splits text:
/// runs of letters, digits and combining marks, lowercased and without diacritics. Every
/// other character, including FTS5 syntax (`"`, `*`, `(`, `:`), only separates terms, and
/// words such as NEAR or AND are searched for as words, so no query can reach SQLite's
/// query parser as syntax.
enum SearchTerms {
    static func terms(in text: String) -> [String] {
        var terms: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty {
                let term = fold(String(current))
                if !term.isEmpty { terms.append(term) }
                current = String.UnicodeScalarView()
            }
        }
        for scalar in text.unicodeScalars {
            if isTermScalar(scalar) { current.append(scalar) } else { flush() }
        }
        flush()
        return terms
    }

    /// Every term of `text`, split and folded like `terms(in:)`, as the index of the search
    /// term it equals (-1 for none) and its Unicode scalar range. ASCII words, most of any
    /// text, are compared as bytes without building strings.
    static func tokens(in text: String, matching terms: [String]) -> [(term: Int, range: Range<Int>)] {
        let asciiTerms = terms.map { Array($0.utf8) }
        var tokens: [(term: Int, range: Range<Int>)] = []
        var bytes: [UInt8] = []
        var scalars = String.UnicodeScalarView()
        var ascii = true
        var start = 0
        var offset = 0
        func flush() {
            guard !scalars.isEmpty else { return }
            if ascii {
                tokens.append((match(bytes, asciiTerms) ?? -1, start..<offset))
            } else {
                let term = fold(String(scalars))
                if !term.isEmpty { tokens.append((match(Array(term.unicodeScalars), terms.map { Array($0.unicodeScalars) }) ?? -1, start..<offset)) }
            }
            bytes.removeAll(keepingCapacity: true)
            scalars = String.UnicodeScalarView()
            ascii = true
        }
        for scalar in text.unicodeScalars {
            if isTermScalar(scalar) {
                if scalars.isEmpty { start = offset }
                scalars.append(scalar)
                if scalar.isASCII {
                    let v = UInt8(scalar.value)
                    bytes.append(v >= 0x41 && v <= 0x5A ? v + 32 : v)
                } else {
                    ascii = false
                }
            } else {
                flush()
            }
            offset += 1
        }
        flush()
        return tokens
    }

    /// The MATCH expression for `terms`: each term quoted, all required; terms of three or
    /// more characters also match as the start of a word ("clock" finds "clocks").
    static func matchExpression(_ terms: [String]) -> String {
        terms.map { "\"\($0)\"" + (isPrefix($0) ? "*" : "") }.joined(separator: " AND ")
    }

    /// Whether `term` matches words that start with it (short ones would match too much).
    static func isPrefix(_ term: String) -> Bool { term.count >= 3 }

    /// Index of the search term a word's folded form matches, or nil.
    static func match<C: Collection>(_ word: C, _ terms: [C]) -> Int? where C.Element: Equatable {
        terms.firstIndex { term in
            term.count >= 3 ? word.starts(with: term) : word.elementsEqual(term)
        }
    }

    static func fold(_ text: String) -> String {
        // Most words are ASCII; Foundation's folding costs microseconds a word.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
                default: nil
                }
            }, as: UTF8.self)
        }
        // Lowercasing, not case folding: the index keeps "ß" as it is, and so must the terms.
        return text.lowercased().folding(options: .diacriticInsensitive, locale: nil)
            .unicodeScalars.filter(isTermScalar).reduce(into: "") { $0.unicodeScalars.append($1) }
    }

    static func isTermScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}
