/// A run of the text a rule looks at: a word, a number or one other character.
struct Token {
    enum Kind { case word, number, other }
    var kind: Kind
    var text: String
    /// Scalar offsets in the text being rewritten.
    var range: Range<Int>
    /// True when whitespace (or the start of the text) comes before it.
    var spaceBefore: Bool
    /// Written by an earlier rule: not to be read again.
    var frozen: Bool

    var isWord: Bool { kind == .word }
    var isNumber: Bool { kind == .number }
    func `is`(_ s: String) -> Bool { text == s }
    var first: Character? { text.first }
    var isCapitalized: Bool { text.first?.isUppercase == true }
    var isAllCaps: Bool { text.count > 1 && text.allSatisfy { $0.isUppercase } }
    var isLowercase: Bool { text.first?.isLowercase == true }
    /// The value of a plain number (digits, optional commas and one decimal point).
    var value: Double? { isNumber ? Double(text.replacingOccurrences(of: ",", with: "")) : nil }
    var isInteger: Bool { isNumber && text.allSatisfy(\.isASCIIDigit) }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

enum Tokenizer {
    /// Words are letters (and marks) with apostrophes inside; numbers are digits with single
    /// `,` `.` `:` between digits; everything else is a token of one scalar.
    static func tokens(_ s: [Unicode.Scalar], frozen: [Bool]) -> [Token] {
        var out: [Token] = []
        var i = 0
        var space = true
        func isLetter(_ u: Unicode.Scalar) -> Bool {
            u.properties.isAlphabetic && !isDigit(u) || u.properties.generalCategory == .nonspacingMark
        }
        func isDigit(_ u: Unicode.Scalar) -> Bool { ("0"..."9").contains(u) }
        while i < s.count {
            let u = s[i]
            if u.properties.isWhitespace { space = true; i += 1; continue }
            let start = i
            let kind: Token.Kind
            if isLetter(u) {
                kind = .word
                i += 1
                while i < s.count {
                    if isLetter(s[i]) { i += 1; continue }
                    if (s[i] == "'" || s[i] == "\u{2019}"), i + 1 < s.count, isLetter(s[i + 1]) { i += 2; continue }
                    break
                }
            } else if isDigit(u) {
                kind = .number
                i += 1
                while i < s.count {
                    if isDigit(s[i]) { i += 1; continue }
                    if [",", ".", ":"].contains(s[i]), i + 1 < s.count, isDigit(s[i + 1]) { i += 2; continue }
                    break
                }
            } else {
                kind = .other
                i += 1
                // Keep a character and its variation selectors, skin tones and joined parts together.
                while i < s.count, s[i] == "\u{FE0F}" || s[i] == "\u{FE0E}" || s[i] == "\u{200D}"
                    || (0x1F3FB...0x1F3FF).contains(s[i].value) || (i > 0 && s[i - 1] == "\u{200D}") { i += 1 }
            }
            let isFrozen = frozen[start..<i].contains(true)
            out.append(Token(kind: kind, text: String(String.UnicodeScalarView(s[start..<i])), range: start..<i,
                             spaceBefore: space, frozen: isFrozen))
            space = false
        }
        return out
    }
}
