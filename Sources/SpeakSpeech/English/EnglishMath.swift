/// Formulas written in prose: "f(x)" → f of x, "x^2" → x squared, "mc²" → M C squared,
/// "|x − y|" → the absolute value of x minus y, "¶ 4" → paragraph 4.
enum EnglishMath {
    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.is("¶"), let n = s[i + 1], n.isNumber { return RuleMatch(end: i + 1, say: "paragraph") }
        if tok.is("|") { return absoluteValue(s, i) }
        guard tok.isWord else { return nil }
        return application(s, i) ?? power(s, i) ?? letters(s, i)
    }

    /// "f(x)", "P(A)", "g(t)": a one-letter function of one letter or number.
    static func application(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let name = s[i], name.text.count == 1, s.startsWord(i), let open = s[i + 1], open.is("("), s.glued(i + 1),
              let arg = s[i + 2], s.glued(i + 2), arg.isNumber || arg.isWord && arg.text.count == 1,
              let close = s[i + 3], close.is(")"), s.glued(i + 3) else { return nil }
        if let after = s[i + 4], s.glued(i + 4), after.isWord || after.isNumber { return nil }
        // "f(x)" in a formula; "f(a)" in a clause's number ("section f(a)") is left as written.
        guard arg.isNumber || ["x", "y", "z", "t", "n", "k"].contains(arg.text) || s.t.contains(where: { formulaMarks.contains($0.text) }) else { return nil }
        return RuleMatch(end: i + 4, say: EnglishWords.spell(name.text) + " of " + (arg.isNumber ? arg.text : EnglishWords.spell(arg.text)))
    }

    /// "x^2" → x squared, "n^3" → n cubed, "y^n" → y to the power of n.
    static func power(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let base = s[i], base.text.count == 1, s.startsWord(i), let caret = s[i + 1], caret.is("^"), s.glued(i + 1),
              let exponent = s[i + 2], s.glued(i + 2), exponent.isInteger || exponent.isWord && exponent.text.count == 1 else { return nil }
        if let after = s[i + 3], s.glued(i + 3), after.isWord || after.isNumber { return nil }
        let said = exponent.text == "2" ? "squared" : exponent.text == "3" ? "cubed"
            : "to the power of " + (exponent.isInteger ? exponent.text : EnglishWords.spell(exponent.text))
        return RuleMatch(end: i + 3, say: EnglishWords.spell(base.text) + " " + said)
    }

    /// "mc²", "ab^2": letters of a product before a power are said one by one.
    static func letters(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let word = s[i], (2...3).contains(word.text.count), word.isLowercase, s.startsWord(i), word.text.allSatisfy({ $0.isASCII && $0.isLetter }),
              !word.text.contains(where: { "aeiouy".contains($0) }), let mark = s[i + 1], s.glued(i + 1),
              mark.is("²") || mark.is("³") || mark.is("^") else { return nil }
        return RuleMatch(end: i + 1, say: word.text.map { EnglishWords.spell(String($0)) }.joined(separator: " "))
    }

    /// "|x − y|": bars written against a short formula of letters, numbers and operators.
    static func absoluteValue(_ s: Scan, _ i: Int) -> RuleMatch? {
        if closingBar(s, from: i) != nil { return RuleMatch(end: i + 1, say: "the absolute value of") }
        var j = i - 1
        while j > i - 8, j >= 0 {
            if s[j]?.is("|") == true { return closingBar(s, from: j) == i ? RuleMatch(end: i + 1, say: " ") : nil }
            j -= 1
        }
        return nil
    }

    private static func closingBar(_ s: Scan, from i: Int) -> Int? {
        guard s[i]?.is("|") == true, s[i + 1]?.is("|") != true, s.glued(i + 1), s[i - 1]?.is("|") != true else { return nil }
        var k = i + 1
        while let t = s[k], k < i + 8 {
            if t.is("|") {
                guard k > i + 1, s.glued(k), s.t[(i + 1)..<k].contains(where: { $0.isWord || $0.isNumber }), s[k + 1].map({ !s.glued(k + 1) || !$0.isWord }) ?? true else { return nil }
                return k
            }
            guard t.isNumber || t.isWord && t.text.count == 1 || operators.contains(t.text) else { return nil }
            k += 1
        }
        return nil
    }

    private static let formulaMarks: Set<String> = ["=", "+", "<", ">", "≤", "≥", "≠", "≈", "→", "∈", "^"]
    private static let operators: Set<String> = ["+", "-", "−", "*", "×", "·", "/", "^"]
}
