/// Symbols and mathematics: x² → x squared, = equals, < less than, ~10% → about ten percent,
/// × by (dimensions) or times, && and, dashes and ellipses as pauses.
enum EnglishSymbols {
    static let words: [String: String] = [
        "=": "equals", "≠": "is not equal to", "<": "less than", ">": "greater than", "≤": "less than or equal to",
        "≥": "greater than or equal to", "≈": "approximately", "≃": "approximately", "±": "plus or minus", "∓": "minus or plus",
        "÷": "divided by", "√": "the square root of", "∞": "infinity", "π": "pi", "∑": "the sum of", "∫": "the integral of",
        "∂": "partial", "∆": "delta", "Δ": "delta", "∝": "is proportional to", "→": "to", "⇒": "implies", "⟹": "implies",
        "⇔": "if and only if", "∈": "in", "∉": "not in", "∀": "for all", "∃": "there exists", "∩": "intersect", "∪": "union",
        "⊂": "subset of", "‰": "per mille", "∠": "angle", "⊥": "perpendicular to", "∥": "parallel to", "·": "times",
        "%": "percent", "°": "degrees",
    ]
    static let superscripts: [Unicode.Scalar: Character] = ["⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6",
                                                             "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.kind == .other else { return nil }
        let prev = s.t[safe: i - 1], next = s[i + 1]
        let operandBefore = prev.map { $0.isNumber || ($0.isWord && $0.text.count <= 2) || $0.is(")") || $0.is("²") || $0.is("³") } ?? false
        let operandAfter = next.map { $0.isNumber || ($0.isWord && $0.text.count <= 2) || $0.is("(") || $0.is("−") || $0.is("-") } ?? false
        // Powers after a variable, a number or a bracket.
        if let first = tok.text.unicodeScalars.first, superscripts[first] != nil, s.glued(i), prev.map({ $0.isNumber || $0.isWord && $0.text.count <= 2 || $0.is(")") }) == true {
            var digits = ""
            var j = i
            while let t = s[j], let u = t.text.unicodeScalars.first, let d = superscripts[u], j == i || s.glued(j) { digits.append(d); j += 1 }
            let say = digits == "2" ? "squared" : digits == "3" ? "cubed" : "to the power of " + EnglishNumbers.number(digits.replacingOccurrences(of: "-", with: "minus "))
            return RuleMatch(end: j, say: say)
        }
        switch tok.text {
        case "→", "⟶", "➔", "⇒":
            // A bullet at the start, "goes to" between terms.
            guard let prev, prev.isWord || prev.isNumber || prev.is(")") else { return RuleMatch(end: i + 1, say: " ") }
            if tok.is("⇒") { return RuleMatch(end: i + 1, say: "implies") }
            // Between variables a limit ("n → ∞": goes to), between places or things a route ("Vienna → Prague": to).
            return RuleMatch(end: i + 1, say: operandBefore ? "goes to" : "to")
        case "*":
            // "* * *" or a lone star between words: a break, not a word; between numbers, times.
            if operandBefore, operandAfter, prev?.isNumber == true || next?.isNumber == true { return RuleMatch(end: i + 1, say: "times") }
            // A wildcard in a file name: "*.o", "git-*.txt", "src/*".
            if let next, s.glued(i + 1), next.is("."), let ext = s[i + 2], ext.isWord, s.glued(i + 2) {
                return RuleMatch(end: i + 3, say: "star dot " + ext.text)
            }
            if let next, s.glued(i + 1), next.is(".") || next.is("/") { return RuleMatch(end: i + 1, say: "star") }
            if let prev, s.glued(i), ["-", "/", "_", "."].contains(prev.text) { return RuleMatch(end: i + 1, say: "star") }
            return RuleMatch(end: i + 1, say: " ")
        case "-":
            // Command-line options: "--verbose" → dash dash verbose, "-m" → dash M, "-cvf" →
            // dash C V F, also in brackets ("[-f FILE]", "(--create)").
            if s.startsWord(i, also: ["|"]) {
                if next?.is("-") == true, s.glued(i + 1), let word = s[i + 2], word.isWord, s.glued(i + 2) {
                    return RuleMatch(end: i + 2, say: "dash dash")
                }
                if let word = next, word.isWord, s.glued(i + 1), s[i + 2].map({ $0.spaceBefore || !$0.isWord && !$0.isNumber }) ?? true {
                    if word.text.count == 1 { return RuleMatch(end: i + 2, say: "dash " + EnglishWords.spell(word.text)) }
                    // Letters bundled ("-cvf", "-rf") are spelled; a dash before a word in prose
                    // ("the plan -which", "-ly") is left alone, but not an option in brackets.
                    if word.text.count <= 4, !word.text.lowercased().contains(where: { "aeiouy".contains($0) }) {
                        return RuleMatch(end: i + 2, say: "dash " + EnglishWords.spell(word.text))
                    }
                    if let prev, prev.is("[") { return RuleMatch(end: i + 1, say: "dash") }
                }
            }
            if next?.is(">") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "arrow") }
        case "¶", "§" where s[i + 1] == nil && s.glued(i):
            // A mark after the last word: a footnote or a section sign left at the end.
            return RuleMatch(end: i + 1, say: "", skip: s.context.skip.contains(.footnotes) ? .footnotes : nil)
        case "~", "∼":
            if let n = next, n.isNumber, s.glued(i + 1) { return RuleMatch(end: i + 1, say: "about") }
        case "×", "✕":
            let dimension = prev.map { EnglishUnits.units[$0.text] != nil } ?? false
                || s[i + 2].map { EnglishUnits.units[$0.text] != nil } ?? false
                || (prev?.isInteger == true && next?.isInteger == true && (prev?.text.count ?? 0) >= 3)
            return RuleMatch(end: i + 1, say: dimension ? "by" : "times")
        case "&":
            if next?.is("&") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "and") }
        case "|":
            if next?.is("|") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "or") }
        case "!":
            if next?.is("=") == true, s.glued(i + 1), operandBefore || prev?.spaceBefore == true || tok.spaceBefore {
                return RuleMatch(end: i + 2, say: "is not equal to")
            }
        case "=":
            if next?.is("=") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "double equals") }
            if operandBefore || operandAfter { return RuleMatch(end: i + 1, say: "equals") }
        case "<", ">":
            if next?.is("=") == true, s.glued(i + 1) {
                return RuleMatch(end: i + 2, say: tok.is("<") ? "less than or equal to" : "greater than or equal to")
            }
            if operandBefore && operandAfter, tok.spaceBefore == (next?.spaceBefore ?? true) { return RuleMatch(end: i + 1, say: words[tok.text] ?? "") }
        case "+":
            // "the += operator", "x += 1".
            if next?.is("=") == true, s.glued(i + 1), tok.spaceBefore, s[i + 2]?.spaceBefore ?? true { return RuleMatch(end: i + 2, say: "plus equals") }
            // Key combinations: Ctrl+C, Cmd+Shift+P.
            if let a = prev, let b = next, s.glued(i), s.glued(i + 1), a.isWord, b.isWord || b.isNumber,
               EnglishWords.keys[a.text] != nil || EnglishWords.keys[b.text] != nil {
                return RuleMatch(end: i + 1, say: " ")
            }
            if operandBefore && operandAfter { return RuleMatch(end: i + 1, say: "plus") }
        case "—", "―":
            return RuleMatch(end: i + 1, say: ",")
        case "–":
            if tok.spaceBefore, next?.spaceBefore == true { return RuleMatch(end: i + 1, say: ",") }
        case "…":
            return RuleMatch(end: i + 1, say: ",")
        case "?":
            // A question mark standing alone between words is the character: "the pattern ? matches".
            if tok.spaceBefore, let prev, prev.isWord, let next, next.isWord, next.spaceBefore { return RuleMatch(end: i + 1, say: "question mark") }
        case "%", "°":
            return nil
        case "/":
            // Between words: "his/her" is "his or her", "and/or" "and or", "input/output" a pause.
            if let a = prev, let b = next, a.isWord, b.isWord, s.glued(i), s.glued(i + 1) {
                let pronouns: Set<String> = ["he", "she", "his", "her", "him", "hers", "himself", "herself", "they", "them", "s"]
                if pronouns.contains(a.text.lowercased()) && pronouns.contains(b.text.lowercased()) { return RuleMatch(end: i + 1, say: "or") }
                return RuleMatch(end: i + 1, say: " ")
            }
        case ":":
            // "std::vector": a scope, not a pause worth a word.
            if next?.is(":") == true, s.glued(i + 1), prev?.isWord == true, s.glued(i) { return RuleMatch(end: i + 2, say: " ") }
        case "#":
            // C#, F#, J#: sharp.
            if let a = prev, s.glued(i), ["C", "F", "J"].contains(a.text) { return RuleMatch(end: i + 1, say: "sharp") }
        case "^":
            // Caret notation for a control key: "^C" is control C.
            if let letter = next, letter.isWord, letter.text.count == 1, letter.text.first?.isUppercase == true, s.glued(i + 1),
               tok.spaceBefore || prev == nil || prev.map({ !$0.isWord && !$0.isNumber }) == true {
                return RuleMatch(end: i + 1, say: "control")
            }
        case "@":
            if let n = next, n.isWord, s.glued(i + 1), tok.spaceBefore { return RuleMatch(end: i + 1, say: "at") }
        default:
            if let w = words[tok.text] { return RuleMatch(end: i + 1, say: w) }
        }
        // "x" between numbers: 1920x1080, 2x4.
        return nil
    }
}
