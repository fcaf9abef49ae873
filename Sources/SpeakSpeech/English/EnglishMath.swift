/// Formulas written in prose: "f(x)" → f of x, "x^2" → x squared, "mc²" → M C squared,
/// "|x − y|" → the absolute value of x minus y, "¶ 4" → paragraph 4.
enum EnglishMath {
    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.is("¶"), let n = s[i + 1], n.isNumber { return RuleMatch(end: i + 1, say: "paragraph") }
        if tok.is("|") { return absoluteValue(s, i) }
        if let fraction = vulgar(s, i) { return fraction }
        // "1/x": a number over a variable.
        if tok.isNumber, s.startsWord(i), s[i + 1]?.is("/") == true, s.glued(i + 1), let v = s[i + 2], v.isWord, v.text.count == 1, v.isLowercase,
           s.glued(i + 2), s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber || $0.is("/")) }) ?? true,
           !(s[i + 3]?.is(".") == true && s.glued(i + 3) && s[i + 4].map({ s.glued(i + 4) && $0.isWord }) == true) {
            return RuleMatch(end: i + 3, say: tok.text + " over " + v.text)
        }
        // "π ≈ 3.14": between two terms, a statement ("approximately" alone before a number).
        if tok.is("≈") || tok.is("≃"), let a = s.t[safe: i - 1], a.isNumber || a.is(")") || a.isWord && a.text.count <= 2,
           s[i + 1].map({ $0.isNumber || $0.isWord }) == true {
            return RuleMatch(end: i + 1, say: "is approximately")
        }
        // "accurate to +/- 2 mm".
        if tok.is("+"), s[i + 1]?.is("/") == true, s.glued(i + 1), s[i + 2]?.is("-") == true, s.glued(i + 2) {
            return RuleMatch(end: i + 3, say: "plus or minus")
        }
        // "∂f/∂x": a partial derivative, "partial f over partial x".
        if tok.is("∂"), let f = s[i + 1], f.isWord, f.text.count <= 2, s.glued(i + 1), s[i + 2]?.is("/") == true, s.glued(i + 2),
           s[i + 3]?.is("∂") == true, s.glued(i + 3), let x = s[i + 4], x.isWord, x.text.count <= 2, s.glued(i + 4) {
            return RuleMatch(end: i + 5, say: "partial " + f.text + " over partial " + x.text)
        }
        // "§§ 4–6": sections.
        if tok.is("§"), s[i + 1]?.is("§") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "sections") }
        // "xⁿ": to the n.
        if tok.is("ⁿ"), s.glued(i), let base = s.t[safe: i - 1], base.isNumber || base.isWord && base.text.count == 1 { return RuleMatch(end: i + 1, say: "to the n") }
        if let latex = inlineTeX(s, i) { return latex }
        // "17 ≡ 2 (mod 5)"; "x ∈ S" is "x is in S" (after "for all x" just "in").
        if tok.is("≡") { return RuleMatch(end: i + 1, say: "is congruent to") }
        if tok.is("∈") || tok.is("∉"), let v = s.t[safe: i - 1], v.isWord, v.text.count == 1,
           !["all", "each", "every", "some", "∀", "∃", "exists", "for"].contains(s.lower(i - 2) ?? "") {
            return RuleMatch(end: i + 1, say: tok.is("∈") ? "is in" : "is not in")
        }
        if let quotient = quotient(s, i) { return quotient }
        guard tok.isWord else { return nil }
        // "xⁿ": a letter to the n.
        if tok.text.count == 2, tok.text.hasSuffix("ⁿ"), let base = tok.text.first, base.isLetter, base.isASCII {
            return RuleMatch(end: i + 1, say: String(base) + " to the n")
        }
        return application(s, i) ?? complexity(s, i) ?? conditional(s, i) ?? power(s, i) ?? letters(s, i)
    }

    /// "O(n log n)", "O(n²)", "Θ(1)": an algorithm's order, "O of n log n".
    static func complexity(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let name = s[i], ["O", "Θ", "Ω", "o"].contains(name.text), s.startsWord(i), s[i + 1]?.is("(") == true, s.glued(i + 1) else { return nil }
        var j = i + 2
        var inside: [String] = []
        while let tok = s[j], !tok.is(")"), j - i < 10 {
            guard tok.isWord && tok.text.count <= 3 && tok.isLowercase || tok.isNumber || ["²", "³"].contains(tok.text) else { return nil }
            inside.append(tok.text)
            j += 1
        }
        guard s[j]?.is(")") == true, !inside.isEmpty, inside.contains(where: { ["n", "m", "k", "log", "1", "v", "e"].contains($0) }) else { return nil }
        let said = inside.map { ["²": "squared", "³": "cubed"][$0] ?? $0 }
        return RuleMatch(end: j + 1, say: (name.text == "O" ? "O" : name.text == "o" ? "little O" : name.text) + " of " + said.joined(separator: " "))
    }

    /// "P(X|Y)", "P(A | B)": a probability given something, "P of X given Y".
    static func conditional(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let name = s[i], name.text.count == 1, name.text.first?.isUppercase == true, s.startsWord(i), s[i + 1]?.is("(") == true, s.glued(i + 1),
              let a = s[i + 2], a.isWord, a.text.count <= 2, let bar = s[i + 3], bar.is("|"), let b = s[i + 4], b.isWord, b.text.count <= 2,
              s[i + 5]?.is(")") == true else { return nil }
        return RuleMatch(end: i + 6, say: EnglishWords.spell(name.text) + " of " + a.text + " given " + b.text)
    }

    /// "40°26′46″ N", "40°26'46\"N": degrees, minutes and seconds of an angle, and its direction.
    static func coordinates(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let d = s[i], d.isInteger, s[i + 1]?.is("°") == true, s.glued(i + 1), let m = s[i + 2], m.isInteger, s.glued(i + 2),
              let minuteMark = s[i + 3], minuteMark.is("′") || minuteMark.is("'"), s.glued(i + 3) else { return nil }
        var said = d.text + (d.text == "1" ? " degree " : " degrees ") + m.text + (m.text == "1" ? " minute" : " minutes")
        var end = i + 4
        if let sec = s[end], sec.isNumber, s.glued(end), let mark = s[end + 1], mark.is("″") || mark.is("\""), s.glued(end + 1) {
            said += " " + sec.text + (sec.text == "1" ? " second" : " seconds")
            end += 2
        }
        if let direction = s[end], let name = ["N": "north", "S": "south", "E": "east", "W": "west"][direction.text],
           s[end + 1].map({ !s.glued(end + 1) || !($0.isWord || $0.isNumber) }) ?? true {
            said += " " + name
            end += 1
        }
        return RuleMatch(end: end, say: said)
    }

    /// "2¾" → 2 and three quarters, "½ cup" → one half cup.
    static func vulgar(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.isInteger, let f = s[i + 1], s.glued(i + 1), let name = fractions[f.text] {
            return RuleMatch(end: i + 2, say: tok.text + " and " + (name.hasPrefix("one ") ? "a " + name.dropFirst(4) : name))
        }
        if let name = fractions[tok.text], s.t[safe: i - 1].map({ !$0.isNumber || !s.glued(i) }) ?? true {
            return RuleMatch(end: i + 1, say: name)
        }
        return nil
    }

    static let fractions: [String: String] = ["½": "one half", "⅓": "one third", "⅔": "two thirds", "¼": "one quarter", "¾": "three quarters",
                                              "⅕": "one fifth", "⅖": "two fifths", "⅗": "three fifths", "⅘": "four fifths", "⅙": "one sixth",
                                              "⅚": "five sixths", "⅛": "one eighth", "⅜": "three eighths", "⅝": "five eighths", "⅞": "seven eighths"]

    /// "f(x)", "P(A)", "g(t)": a one-letter function of one letter or number.
    static func application(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let name = s[i], name.text.count == 1, s.startsWord(i) else { return nil }
        // "f′(x)", "f'(x)": its derivative.
        let primed = s[i + 1].map { ($0.is("′") || $0.is("'")) && s.glued(i + 1) } ?? false
        let k = primed ? i + 1 : i
        guard let open = s[k + 1], open.is("("), s.glued(k + 1), let arg = s[k + 2], s.glued(k + 2), arg.isNumber || arg.isWord && arg.text.count == 1,
              let close = s[k + 3], close.is(")"), s.glued(k + 3) else { return nil }
        if let after = s[k + 4], s.glued(k + 4), after.isWord || after.isNumber { return nil }
        // "f(x)" in a formula; "f(a)" in a clause's number ("section f(a)") is left as written.
        guard arg.isNumber || ["x", "y", "z", "t", "n", "k"].contains(arg.text) || s.t.contains(where: { formulaMarks.contains($0.text) }) else { return nil }
        return RuleMatch(end: k + 4, say: EnglishWords.spell(name.text) + (primed ? " prime" : "") + " of " + (arg.isNumber ? arg.text : EnglishWords.spell(arg.text)))
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

    /// "$\alpha$", "$x$": a formula of TeX inline in prose, a letter or a Greek letter's name.
    static func inlineTeX(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let open = s[i], open.is("$"), s.startsWord(i) else { return nil }
        var j = i + 1
        if s[j]?.is("\\") == true, s.glued(j) { j += 1 }
        guard let name = s[j], name.isWord, s.glued(j), s[j + 1]?.is("$") == true, s.glued(j + 1),
              j == i + 2 ? EnglishWords.greekNames.contains(name.text.lowercased()) : name.text.count == 1,
              s[j + 2].map({ !s.glued(j + 2) || !($0.isWord || $0.isNumber) }) ?? true else { return nil }
        return RuleMatch(end: j + 2, say: name.text)
    }

    /// "dy/dx" → d y d x; "π/2" → pi over two.
    static func quotient(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let a = s[i], s[i + 1]?.is("/") == true, s.glued(i + 1), let b = s[i + 2], s.glued(i + 2), s.startsWord(i),
              s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber || $0.is("/")) }) ?? true else { return nil }
        if a.text.count == 2, b.text.count == 2, a.text.hasPrefix("d"), b.text.hasPrefix("d"), a.isLowercase, b.isLowercase {
            return RuleMatch(end: i + 3, say: "d " + a.text.dropFirst() + " d " + b.text.dropFirst())
        }
        if a.text.count == 1, let greek = a.text.first.flatMap({ EnglishWords.greek[$0] }), b.isNumber {
            return RuleMatch(end: i + 3, say: greek + " over " + b.text)
        }
        return nil
    }
}
