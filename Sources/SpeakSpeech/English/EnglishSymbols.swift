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
        "%": "percent", "°": "degrees", "∇": "nabla", "⊗": "tensor", "⊕": "direct sum", "∘": "composed with",
        "∅": "the empty set", "⌘": "command", "⌥": "option", "⇧": "shift", "⌃": "control", "≪": "much less than", "≫": "much greater than",
        "℅": "care of", "↑": "up", "↓": "down",
    ]
    static let superscripts: [Unicode.Scalar: Character] = ["⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6",
                                                             "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let said = prose(s, i) { return said }
        if let m = copyright(s, i) { return m }
        if let m = trademark(s, i) { return m }
        if let m = revisionStamp(s, i) { return m }
        guard let tok = s[i], tok.kind == .other else { return nil }
        if let m = drawn(s, i) { return m }
        let prev = s.t[safe: i - 1], next = s[i + 1]
        // A shell's prompt before its command: "$ cd /var/www" (not "the $ sign").
        if tok.is("$"), tok.spaceBefore || i == 0, let command = next, command.isWord, command.isLowercase, command.spaceBefore,
           !(prev.map { ["the", "a", "an", "this"].contains($0.text.lowercased()) } ?? false),
           !["sign", "signs", "symbol", "character", "prefix", "sigil"].contains(command.text) {
            return RuleMatch(end: i + 1, say: " ")
        }
        let operandBefore = prev.map { $0.isNumber || ($0.isWord && $0.text.count <= 2) || $0.is(")") || $0.is("²") || $0.is("³") } ?? false
        let operandAfter = next.map { $0.isNumber || ($0.isWord && $0.text.count <= 2) || $0.is("(") || $0.is("−") || $0.is("-") } ?? false
        // Powers after a variable, a number or a bracket.
        // ("FM¹": a note after initials, not a power.)
        if let first = tok.text.unicodeScalars.first, superscripts[first] != nil, s.glued(i),
           prev.map({ $0.isNumber || $0.isWord && $0.text.count <= 2 && !$0.isAllCaps || $0.is(")") }) == true {
            var digits = ""
            var j = i
            while let t = s[j], let u = t.text.unicodeScalars.first, let d = superscripts[u], j == i || s.glued(j) { digits.append(d); j += 1 }
            // "10⁻³", "10⁶": a power of ten is "ten to the minus three".
            let power = prev?.text == "10" ? "to the " : "to the power of "
            let say = digits == "2" ? "squared" : digits == "3" ? "cubed" : power + EnglishNumbers.number(digits.replacingOccurrences(of: "-", with: "minus "))
            return RuleMatch(end: j, say: say)
        }
        switch tok.text {
        case "→", "⟶", "➔", "⇒":
            // A bullet at the start, "goes to" between terms.
            guard let prev, prev.isWord || prev.isNumber || prev.is(")") else { return RuleMatch(end: i + 1, say: " ") }
            if tok.is("⇒") { return RuleMatch(end: i + 1, say: "implies") }
            // Between variables a limit ("n → ∞": goes to), between places or things a route ("Vienna → Prague": to).
            return RuleMatch(end: i + 1, say: operandBefore ? "goes to" : "to")
        case "_":
            // Python's "__init__", C's "__builtin_expect", "__attribute__": dunder init; the closing
            // pair is not said.
            if next?.is("_") == true, s.glued(i + 1), let name = s[i + 2], name.isWord || name.isNumber, s.glued(i + 2), s.startsWord(i, also: ["."]) {
                let closed = s[i + 3]?.is("_") == true && s.glued(i + 3) && s[i + 4]?.is("_") == true && s.glued(i + 4)
                return RuleMatch(end: closed ? i + 5 : i + 2, say: "dunder" + (closed ? " " + name.text : ""))
            }
            if next?.is("_") == true, s.glued(i + 1), let word = prev, word.isWord || word.isNumber, s.glued(i),
               s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber) }) ?? true {
                return RuleMatch(end: i + 2, say: " ")
            }
        case "*":
            // Named already: "an asterisk * is a wildcard".
            if let prev, prev.isWord, ["asterisk", "asterisks", "star"].contains(prev.text.lowercased()), tok.spaceBefore {
                return RuleMatch(end: i + 1, say: " ")
            }
            if let said = star(s, i) { return said }
            // "* * *" or a lone star between words: a break, not a word; between numbers, times.
            if operandBefore, operandAfter, prev?.isNumber == true || next?.isNumber == true { return RuleMatch(end: i + 1, say: "times") }
            // A wildcard in a file name: "*.o", "git-*.txt", "src/*".
            if let next, s.glued(i + 1), next.is("."), let ext = s[i + 2], ext.isWord, s.glued(i + 2) {
                return RuleMatch(end: i + 3, say: "star dot " + ext.text)
            }
            if let next, s.glued(i + 1), next.is(".") || next.is("/") { return RuleMatch(end: i + 1, say: "star") }
            if let prev, s.glued(i), ["-", "/", "_", "."].contains(prev.text) { return RuleMatch(end: i + 1, say: "star") }
            if let said = namedStar(s, i) { return said }
            return RuleMatch(end: i + 1, say: " ")
        case "`":
            // A code span's marks ("the `ls` command") are not heard, and must not make "the"
            // sound as before a consonant.
            return RuleMatch(end: i + 1, say: "")
        case "-":
            if let modeLine = emacsModeLine(s, i) { return modeLine }
            // Command-line options: "--verbose" → dash dash verbose, "-m" → dash M, "-cvf" →
            // dash C V F, also in brackets ("[-f FILE]", "(--create)").
            if s.startsWord(i, also: ["|"]) {
                if next?.is("-") == true, s.glued(i + 1), let word = s[i + 2], word.isWord, s.glued(i + 2) {
                    return RuleMatch(end: i + 2, say: "dash dash")
                }
                if let word = next, word.isWord, s.glued(i + 1), s[i + 2].map({ $0.spaceBefore || !$0.isWord && !$0.isNumber }) ?? true {
                    if word.text.count == 1 {
                        // "-A now overrides -a": the capital is told apart when both are written.
                        let other = word.isCapitalized ? word.text.lowercased() : word.text.uppercased()
                        let both = other != word.text && s.t.indices.dropLast().contains { s.t[$0].is("-") && s.t[$0 + 1].text == other && s.glued($0 + 1) }
                        return RuleMatch(end: i + 2, say: "dash " + (both && word.isCapitalized ? "capital " : "") + EnglishWords.spell(word.text))
                    }
                    // Letters bundled ("-cvf", "-rf") are spelled; a dash before a word in prose
                    // ("the plan -which", "-ly") is left alone, but not an option in brackets.
                    if word.text.count <= 4, !word.text.lowercased().contains(where: { "aeiouy".contains($0) }) {
                        return RuleMatch(end: i + 2, say: "dash " + EnglishWords.spell(word.text))
                    }
                    if let prev, prev.is("[") { return RuleMatch(end: i + 1, say: "dash") }
                    if isOption(s, i) { return RuleMatch(end: i + 1, say: "dash") }
                }
                // "-O2", "-j4", "-T0": a letter and its number.
                if let letter = next, letter.isWord, letter.text.count == 1, s.glued(i + 1), let n = s[i + 2], n.isInteger, s.glued(i + 2),
                   s[i + 3].map({ $0.spaceBefore || !$0.isWord && !$0.isNumber }) ?? true {
                    return RuleMatch(end: i + 2, say: "dash " + EnglishWords.spell(letter.text))
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
                || prev.map { ["″", "\"", "′", "'"].contains($0.text) && s.t[safe: i - 2]?.isNumber == true } ?? false
            return RuleMatch(end: i + 1, say: dimension ? "by" : "times")
        case "&":
            if next?.is("&") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "and") }
        case "|":
            if next?.is("|") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "or") }
            // A shell pipe into a filter: "ls | grep foo", "dmesg | less".
            if prev != nil, tok.spaceBefore, let b = next, b.spaceBefore, filters.contains(b.text) {
                return RuleMatch(end: i + 1, say: "pipe")
            }
            // Alternatives in a Debian relation field: "Depends: foo | bar".
            if prev?.isWord == true || prev?.is(")") == true, tok.spaceBefore, let b = next, b.isWord, b.spaceBefore,
               s.t.contains(where: { relationFields.contains($0.text) }) {
                return RuleMatch(end: i + 1, say: "or")
            }
            // Choices in a synopsis: "[on|off]", "{yes|no|auto}".
            if let a = prev, let b = next, a.isWord || a.isNumber, b.isWord || b.isNumber, s.glued(i), s.glued(i + 1), inChoices(s, i) {
                return RuleMatch(end: i + 1, say: " or ")
            }
        case "!":
            if next?.is("=") == true, s.glued(i + 1), operandBefore || prev?.spaceBefore == true || tok.spaceBefore {
                return RuleMatch(end: i + 2, say: "is not equal to")
            }
        case "=":
            // ">>=", "<<=": a shift's assignment, code as written.
            if let p = prev, s.glued(i), p.is("<") || p.is(">") { return nil }
            if next?.is("=") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "double equals") }
            if operandBefore || operandAfter { return RuleMatch(end: i + 1, say: "equals") }
        case "<", ">":
            // "Love you <3": a heart drawn in text, not "less than three".
            if tok.is("<"), next?.text == "3", s.glued(i + 1), tok.spaceBefore, prev.map({ !$0.isNumber && !($0.isWord && $0.text.count == 1) }) ?? true,
               s[i + 2].map({ !$0.isNumber && !($0.isWord && s.glued(i + 2)) && !["=", "+", "-", "*", "/"].contains($0.text) }) ?? true {
                return RuleMatch(end: i + 2, say: " ")
            }
            // Debian's version relations: "xbase (<< 3.3.2)", "(>> 1.0)" are strictly earlier, later.
            if let twin = next, twin.is(tok.text), s.glued(i + 1), prev?.is("(") == true, let n = s[i + 2], n.isNumber, n.spaceBefore {
                return RuleMatch(end: i + 2, say: tok.is("<") ? "earlier than" : "later than")
            }
            // ">>=" shifts, "<name>=<value>" closes a placeholder: no comparison.
            if next?.is("=") == true, s.glued(i + 1), !(prev.map { s.glued(i) && ($0.is("<") || $0.is(">")) } ?? false),
               !(s[i + 2].map { s.glued(i + 2) && $0.is("<") } ?? false) {
                return RuleMatch(end: i + 2, say: tok.is("<") ? "less than or equal to" : "greater than or equal to")
            }
            if operandBefore && operandAfter, tok.spaceBefore == (next?.spaceBefore ?? true) { return RuleMatch(end: i + 1, say: words[tok.text] ?? "") }
            // Against a number: "years < 1000", "(<32MiB)", ">90%" ("<1>" is a placeholder).
            if let n = next, n.isNumber, !(s[i + 2].map { s.glued(i + 2) && ($0.is(">") || $0.is("<")) } ?? false),
               n.spaceBefore && tok.spaceBefore && prev.map({ $0.isWord || $0.isNumber || $0.is(")") }) == true
                || !n.spaceBefore && (tok.spaceBefore || i == 0 || prev.map { ["(", "[", ","].contains($0.text) } == true) {
                return RuleMatch(end: i + 1, say: words[tok.text] ?? "")
            }
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
            // "red, green, …": the comma already pauses.
            if let p = prev, [",", ";", ":", "("].contains(p.text) || next.map({ [",", ";", ".", ")"].contains($0.text) && s.glued(i + 1) }) == true {
                return RuleMatch(end: i + 1, say: "")
            }
            return RuleMatch(end: i + 1, say: ",")
        case "?":
            // A question mark standing alone between words is the character: "the pattern ? matches".
            if tok.spaceBefore, let prev, prev.isWord, let next, next.isWord, next.spaceBefore { return RuleMatch(end: i + 1, say: "question mark") }
        case "%", "°":
            return nil
        case "/":
            // A line of verse quoted in prose: "dark and deep, / But I have": a pause.
            if tok.spaceBefore, let b = next, b.spaceBefore, b.isCapitalized, let a = prev, a.isWord || [",", ".", ";", "!", "?"].contains(a.text) {
                return RuleMatch(end: i + 1, say: a.isWord ? "," : " ")
            }
            // A division: "t2 / t3", "ΔT/T₀", "log(τ/yr)".
            if let a = prev, let b = next, a.isNumber || a.is(")") || a.isWord && a.text.count == 1 && a.isLowercase,
               b.isNumber || b.is("(") || b.isWord && b.text.count == 1 && b.isLowercase, tok.spaceBefore, b.spaceBefore {
                return RuleMatch(end: i + 1, say: "over")
            }
            if let a = prev, let b = next, s.glued(i), s.glued(i + 1), a.isWord && a.text.count == 1 || a.text.contains(where: { EnglishWords.greek[$0] != nil }),
               b.text.contains(where: { EnglishWords.greek[$0] != nil }) || b.isWord && b.text.count == 1 && s[i + 2].map({ s.glued(i + 2) && "₀₁₂₃₄₅₆₇₈₉".contains($0.text) }) == true
                || a.text.contains(where: { EnglishWords.greek[$0] != nil }) {
                return RuleMatch(end: i + 1, say: "over")
            }
            // Between words: "his/her" is "his or her", "and/or" "and or", "input/output" a pause.
            if let a = prev, let b = next, a.isWord, b.isWord, s.glued(i), s.glued(i + 1) {
                let pronouns: Set<String> = ["he", "she", "his", "her", "him", "hers", "himself", "herself", "they", "them", "s"]
                if pronouns.contains(a.text.lowercased()) && pronouns.contains(b.text.lowercased()) {
                    // Someone's pronouns ("she/her", "they/them pronouns") are a set, not a choice.
                    return RuleMatch(end: i + 1, say: isPronounSet(s, i) ? " " : "or")
                }
                if isPath(s, i) { return RuleMatch(end: i + 1, say: "slash") }
                // "Dear Sir/Madam", "Mr/Mrs": one or the other.
                if salutations.contains(a.text.lowercased()), salutations.contains(b.text.lowercased()) { return RuleMatch(end: i + 1, say: "or") }
                return RuleMatch(end: i + 1, say: " ")
            }
        case ":":
            // "std::vector": a scope, not a pause worth a word.
            if next?.is(":") == true, s.glued(i + 1), prev?.isWord == true, s.glued(i) { return RuleMatch(end: i + 2, say: " ") }
        case "#":
            // C#, F#, J#: sharp.
            if let a = prev, s.glued(i), ["C", "F", "J"].contains(a.text) { return RuleMatch(end: i + 1, say: "sharp") }
            // "the # of files": the number of.
            if tok.spaceBefore || i == 0, let n = next, n.is("of"), n.spaceBefore { return RuleMatch(end: i + 1, say: "number") }
        case "^":
            // Caret notation for a control key: "^C" is control C.
            if let letter = next, letter.isWord, letter.text.count == 1, letter.text.first?.isUppercase == true, s.glued(i + 1),
               tok.spaceBefore || prev == nil || prev.map({ !$0.isWord && !$0.isNumber }) == true {
                return RuleMatch(end: i + 1, say: "control")
            }
        case "@":
            guard let n = next, n.isWord, s.glued(i + 1), tok.spaceBefore else { break }
            // "@jdoe_88": a handle's underscores and digits are said as in an e-mail address.
            var end = s.run(from: i + 1)
            while end > i + 2, let last = s[end - 1], [".", ",", ";", ":", "!", "?", ")", "\"", "”", "'"].contains(last.text) { end -= 1 }
            let handle = s.joined(i + 1..<end)
            if handle.contains("_"), handle.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                return RuleMatch(end: end, say: "at " + EnglishWeb.sayLocal(handle))
            }
            return RuleMatch(end: i + 1, say: "at")
        default:
            if let w = words[tok.text] { return RuleMatch(end: i + 1, say: w) }
        }
        // "x" between numbers: 1920x1080, 2x4.
        return nil
    }

    /// C's types before a pointer's star: "char *name", "void * p".
    static let salutations: Set<String> = ["sir", "madam", "madame", "mr", "mrs", "ms", "miss", "mx"]

    /// "she/her", "he/him/his", "they/them": one person's forms; or any pair before "pronouns".
    static func isPronounSet(_ s: Scan, _ i: Int) -> Bool {
        var j = i + 1
        while s[j + 1]?.is("/") == true, s.glued(j + 1), s[j + 2]?.isWord == true, s.glued(j + 2) { j += 2 }
        if s.lower(j + 1) == "pronouns" { return true }
        let persons: [[String]] = [["he", "him", "his", "himself"], ["she", "her", "hers", "herself"], ["they", "them", "their", "theirs"]]
        guard let a = s.lower(i - 1), let b = s.lower(i + 1) else { return false }
        return persons.contains { $0.contains(a) && $0.contains(b) }
    }

    static let cTypes: Set<String> = ["char", "int", "void", "const", "long", "short", "unsigned", "signed", "float", "double", "struct",
                                      "FILE", "size_t", "uint8_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "bool"]

    /// A star that is a character or an operator: "n*y" and "i * t2" (times), "2**53" (a
    /// power), "char *p" and "'*'" and "$*" and "[0-9]*" (star).
    static func star(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        let prev = s.t[safe: i - 1], next = s.t[safe: i + 1]
        func operand(_ t: Token?) -> Bool { t.map { $0.isNumber || $0.isWord || $0.is(")") } ?? false }
        if let prev, cTypes.contains(prev.text), !s.glued(i) { return RuleMatch(end: i + 1, say: "star") }
        if let prev, ["'", "‘", "\"", "“", "`", "$", "]"].contains(prev.text), s.glued(i),
           next.map({ !s.glued(i + 1) || ["'", "’", "\"", "”", "`", ",", ".", ")"].contains($0.text) }) ?? true {
            return RuleMatch(end: i + 1, say: "star")
        }
        // "2**53", "x**y": a power.
        func variable(_ t: Token?) -> Bool { t.map { $0.isWord && $0.text.count <= 2 && $0.isLowercase } ?? false }
        if next?.is("*") == true, s.glued(i + 1), operand(prev), let exponent = s.t[safe: i + 2], exponent.isNumber || exponent.isWord,
           s.glued(i) == s.glued(i + 2), prev?.isNumber == true || exponent.isNumber || prev?.is(")") == true || variable(prev) && variable(exponent) {
            return RuleMatch(end: i + 2, say: "to the power of")
        }
        let glued = s.glued(i) && s.glued(i + 1), spaced = tok.spaceBefore && next?.spaceBefore == true
        guard operand(prev), operand(next), glued || spaced, !(next?.is("*") ?? false) else { return nil }
        // Glued to words, a star censors ("f*ck", "A*s"); "n*y" and "2*x" multiply.
        if glued, let a = prev, let b = next, !(a.isNumber || b.isNumber || a.is(")") || b.is("(")),
           !(a.text.count == 1 && b.text.count == 1 && a.isLowercase && b.isLowercase) || b.is("s") { return nil }
        // A word on each side of a spaced star is prose ("* * *" aside): only code has operands there.
        if spaced, let a = prev, let b = next, a.isWord && a.text.count > 2 && b.isWord && b.text.count > 2 { return nil }
        return RuleMatch(end: i + 1, say: "times")
    }

    /// A star written as the symbol it is: "the operators +, -, * and /", "the ** operator",
    /// "repeated with *:", "f(*args, **kwds)". ("* * *",
    /// a bullet at the start and stars around a word are not read.)
    static func namedStar(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard i > 0, let tok = s[i], s.t[i - 1].is("*") == false else { return nil }
        let prev = s.t[i - 1]
        let end = s[i + 1]?.is("*") == true && s.glued(i + 1) ? i + 2 : i + 1
        guard let after = s.t[safe: end] else { return tok.spaceBefore ? RuleMatch(end: end, say: end == i + 2 ? "double star" : "star") : nil }
        // (Not a comment's end, "*/", nor a mark after a name: "Harchev ** credits".)
        guard !after.is("*"), !(after.is("/") && !after.spaceBefore), tok.spaceBefore || ["(", "[", ","].contains(prev.text),
              ["(", "[", ",", ":"].contains(prev.text) || prev.isWord && prev.isLowercase else { return nil }
        let standsAlone = after.spaceBefore || [",", ":", ";", ")"].contains(after.text)
            || after.is(".") && (s.t[safe: end + 1].map { $0.spaceBefore } ?? true)
        let beforeName = !after.spaceBefore && after.isWord && after.isLowercase
        return standsAlone || beforeName ? RuleMatch(end: end, say: end == i + 2 ? "double star" : "star") : nil
    }

    /// Marks that draw rather than say: an arrow drawn with dashes or equals signs ("-->",
    /// "=>"), C's comment marks ("/* … */"), a rule of one character ("=====", "~~~",
    /// "+-------+": three or more; four for dashes and equals signs, "---" is a dash and
    /// "===" an operator), or a form's blank ("Name: ______").
    static func drawn(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        var j = i + 1
        while let t = s[j], s.glued(j), t.is(tok.text) { j += 1 }
        if tok.is("-") || tok.is("="), j - i >= (tok.is("-") ? 2 : 1), s[j]?.is(">") == true, s.glued(j) {
            return RuleMatch(end: j + 1, say: "arrow")
        }
        if tok.is("/"), s[i + 1]?.is("*") == true, s.glued(i + 1), s.startsWord(i), s[i + 2]?.spaceBefore == true {
            return RuleMatch(end: i + 2, say: " ")
        }
        // (Closing one opened before it: "wildcard */ */*/" are paths.)
        // (A comment opened in an earlier sentence closes before a word or at the end.)
        if tok.is("*"), s[i + 1]?.is("/") == true, s.glued(i + 1), tok.spaceBefore || i == 0, s[i + 2].map({ $0.spaceBefore }) ?? true,
           (0..<i).contains(where: { s.t[$0].is("/") && s.t[$0 + 1].is("*") && !s.t[$0 + 1].spaceBefore })
            || s.t[safe: i + 2].map({ $0.isWord || $0.isNumber }) ?? true {
            return RuleMatch(end: i + 2, say: " ")
        }
        let rules: Set<String> = ["=", "-", "_", "~", "*", "#", "+", "^", "|"]
        guard rules.contains(tok.text), !(s.t[safe: i - 1].map { s.glued(i) && rules.contains($0.text) } ?? false) else { return nil }
        var end = i + 1
        while let t = s[end], s.glued(end), rules.contains(t.text) { end += 1 }
        let same = j - i
        guard end - i >= 4 || end - i == 3 && same == 3 && !tok.is("-") && !tok.is("=") else { return nil }
        // Standing apart: "cr16-*-*", "m68k-*-openbsd" are names with wildcards.
        guard s.startsWord(i), s.t[safe: end].map({ !s.glued(end) || [".", ",", ";", ":", ")", "]"].contains($0.text) }) ?? true else { return nil }
        // A form's line to fill in, after a label or inside a sentence ("Name: ______",
        // "fill in the ______ with"), is a blank; a rule on its own is silent.
        if tok.is("_"), same == end - i, tok.spaceBefore, s.t[safe: end].map({ $0.spaceBefore || [".", ",", ";", ":", "?", "!"].contains($0.text) }) ?? true, let prev = s.t[safe: i - 1],
           prev.is(":") || prev.isWord && prev.isLowercase && s[end] != nil {
            return RuleMatch(end: end, say: "blank")
        }
        return RuleMatch(end: end, say: " ")
    }

    /// "Linux(tm)", "Intel(R) Core(TM)", "Foo™": the mark belongs to the page, not to what is said.
    static func trademark(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], let name = s.t[safe: i - 1], name.isWord || name.isNumber, s.glued(i) else { return nil }
        if tok.is("™") || tok.is("®") { return RuleMatch(end: i + 1, say: "") }
        // "f(r)" is a function of r; "Xeon(R)" a mark.
        guard tok.is("("), let mark = s[i + 1], ["tm", "TM", "Tm"].contains(mark.text) || mark.is("R") && name.isCapitalized && name.text.count > 1,
              s.glued(i + 1), s[i + 2]?.is(")") == true, s.glued(i + 2) else { return nil }
        return RuleMatch(end: i + 3, say: "")
    }

    /// "Copyright (C) 1989", "Copyright © 2004": the sign repeats the word and is not said;
    /// "(C) 1987-2022 the Foundation" alone is "copyright" ("(c) You must", a list's item, is not).
    static func copyright(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        let end: Int
        if tok.is("©") {
            end = i + 1
        } else if tok.is("("), let c = s[i + 1], c.is("C") || c.is("c"), s.glued(i + 1), s[i + 2]?.is(")") == true, s.glued(i + 2) {
            end = i + 3
        } else if i == 0, tok.is("C") || tok.is("c"), s[i + 1]?.is(")") == true, s.glued(i + 1) {
            // A block's opening bracket is not in its first chunk, which starts at its first word.
            end = i + 2
        } else {
            return nil
        }
        var k = i - 1
        if s.t[safe: k]?.is(":") == true { k -= 1 }
        if let word = s.t[safe: k], word.isWord, word.text.lowercased() == "copyright" { return RuleMatch(end: end, say: "") }
        guard !tok.is("©"), let year = s[end], year.isInteger, year.text.count == 4 else { return nil }
        return RuleMatch(end: end, say: "copyright")
    }
}
