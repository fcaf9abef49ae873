/// Marks in everyday prose said as a reader says them: "20 miles/day" (per day), "reference(s)"
/// (references), "a 32 y/o" (year old), "a/c", "Mr/Ms" (Mister or Miz), "5~10 days" (to),
/// "press *" (star), "File → Save As" (a pause between menu items).
extension EnglishSymbols {
    static let perTimes: Set<String> = ["day", "week", "month", "year", "hour", "minute", "second", "night", "game", "person", "head", "km", "mile"]
    static let titlesSaid: [String: String] = ["mr": "Mister", "mrs": "Missus", "ms": "Miz", "mx": "Mix", "dr": "Doctor", "sir": "Sir",
                                               "madam": "Madam", "madame": "Madame", "miss": "Miss"]

    /// Compounds whose first word changes its sound: "well-read" (red), "lead-based" (led).
    static let compounds: [String: String] = ["well-read": "well red", "lead-based": "led based", "lead-free": "led free",
                                              "lead-acid": "led acid", "hand-wound": "hand wownd", "self-wound": "self wownd",
                                              "widely-read": "widely red", "lead-lined": "led lined"]

    /// "ab-so-lute-ly" (a word spelled out by its syllables), "well-read", "a 4-3-3 formation",
    /// "3-2-1, go": hyphens that join no words of their own.
    static func hyphened(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord || tok.isInteger, s.startsWord(i), s[i + 1]?.is("-") == true, s.glued(i + 1) else { return nil }
        var parts = [tok.text], j = i + 1
        while let dash = s[j], dash.is("-"), s.glued(j), let part = s[j + 1], s.glued(j + 1), part.isWord == tok.isWord, part.isInteger == tok.isInteger {
            parts.append(part.text)
            j += 2
        }
        guard parts.count >= 2, s[j].map({ !s.glued(j) || !($0.isWord || $0.isNumber || $0.is("-")) }) ?? true else { return nil }
        if tok.isWord {
            if let said = compounds[parts.joined(separator: "-").lowercased()] { return RuleMatch(end: j, say: said) }
            let joined = parts.joined()
            // "infor-mation": a hyphen left inside one word (its halves are no words of their own).
            if parts.count == 2, joined.count >= 7, parts.allSatisfy({ $0.count >= 3 && $0 == $0.lowercased() }), WordList.contains(joined) == true,
               parts.allSatisfy({ WordList.contains($0) == false }) {
                return RuleMatch(end: j, say: joined)
            }
            guard parts.count >= 3, parts.allSatisfy({ $0.count <= 4 && $0 == $0.lowercased() }), WordList.contains(joined) == true,
                  parts.filter({ WordList.contains($0) != true }).count >= 2 else { return nil }
            return RuleMatch(end: j, say: joined)
        }
        // Single digits: a formation before its noun, a countdown, a one-two punch.
        guard parts.allSatisfy({ $0.count == 1 }) else { return nil }
        let digits = parts.compactMap { Int($0) }
        let countdown = parts.count >= 3 && zip(digits, digits.dropFirst()).allSatisfy { $0 - 1 == $1 } && digits.last == 1
        let named = ["formation", "formations", "punch", "combo", "defense", "defence", "system", "shape"].contains(s.lower(j) ?? "")
        // (Two: "a 1-2 punch" is the numbers' rule, before a range takes it.)
        guard countdown || named && parts.count >= 3 else { return nil }
        return RuleMatch(end: j, say: digits.map { EnglishNumbers.cardinal($0) }.joined(separator: " "))
    }

    static let menuWords: Set<String> = ["choose", "select", "click", "go", "open", "navigate", "menu", "tap", "pick"]

    static func prose(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        let prev = s.t[safe: i - 1], next = s[i + 1]
        switch tok.text {
        case "/":
            // "another meeting /s": the mark of sarcasm, not said.
            // (At the end of a sentence of some words: "dir /s" is a command's switch.)
            if tok.spaceBefore, next?.is("s") == true, s.glued(i + 1), s[i + 2] == nil || s[i + 2].map({ s.glued(i + 2) && !($0.isWord || $0.isNumber) }) == true && s[i + 3] == nil,
               s.t[..<i].filter(\.isWord).count >= 3 {
                return RuleMatch(end: i + 2, say: "")
            }
            guard let a = prev, let b = next, a.isWord, b.isWord, s.glued(i), s.glued(i + 1) else { return nil }
            let left = a.text.lowercased(), right = b.text.lowercased()
            // "20 miles/day", "calls/hour": so many of them in each.
            if left.count > 2, left.hasSuffix("s"), perTimes.contains(right), s[i + 2].map({ !s.glued(i + 2) || !$0.isWord }) ?? true {
                return RuleMatch(end: i + 2, say: "per " + b.text)
            }
        case "~", "∼", "〜":
            // "5~10 days": a range.
            if let a = prev, a.isNumber, s.glued(i), let b = next, b.isNumber, s.glued(i + 1) { return RuleMatch(end: i + 1, say: "to") }
            if let struck = struck(s, i) { return struck }
            // "Love you lots ~Mom": a signature, after a pause.
            if tok.spaceBefore, let name = next, name.isWord, name.isCapitalized, s.glued(i + 1), s[i + 2] == nil || s[i + 2]?.is(".") == true && s[i + 3] == nil {
                return RuleMatch(end: i + 1, say: ",")
            }
        case "&":
            // "salt &/or pepper".
            if next?.is("/") == true, s.glued(i + 1), s[i + 2]?.is("or") == true, s.glued(i + 2) { return RuleMatch(end: i + 3, say: "and or") }
        case "[":
            // "[x] Book the venue": a task list's ticked box.
            if i == 0, let mark = next, ["x", "X", "✓", "✔"].contains(mark.text), s.glued(i + 1), s[i + 2]?.is("]") == true, s.glued(i + 2) {
                return RuleMatch(end: i + 3, say: "")
            }
        case "(":
            // "(x2)": so many times.
            if next?.is("x") == true, s.glued(i + 1), let n = s[i + 2], n.isInteger, (Int(n.text) ?? 99) <= 10, s.glued(i + 2), s[i + 3]?.is(")") == true, s.glued(i + 3) {
                return RuleMatch(end: i + 4, say: n.is("2") ? "twice" : EnglishNumbers.cardinal(Int(n.text) ?? 0) + " times")
            }
            // "Here's what happened (1/3)": a thread's post and how many there are.
            if let a = next, a.isInteger, s[i + 2]?.is("/") == true, let b = s[i + 3], b.isInteger, s[i + 4]?.is(")") == true,
               let x = Int(a.text), let y = Int(b.text), x >= 1, x <= y, y <= 30, s[i + 5] == nil || s[i + 5]?.is(":") == true && s[i + 6] == nil {
                return RuleMatch(end: i + 5, say: ", " + EnglishNumbers.cardinal(x) + " of " + EnglishNumbers.cardinal(y))
            }
        case "*":
            // "Press * to return": the phone's star key.
            if let a = prev, ["press", "dial", "hit", "tap", "pressing"].contains(a.text.lowercased()), tok.spaceBefore,
               next.map({ $0.spaceBefore }) ?? true {
                return RuleMatch(end: i + 1, say: "star")
            }
        case "→", "➔", "⟶":
            // "File → Save As": a menu's path, a pause between its items.
            if let a = prev, a.isWord, a.isCapitalized, let b = next, b.isWord, b.isCapitalized, tok.spaceBefore, b.spaceBefore,
               (2...4).contains(where: { s.lower(i - $0).map(menuWords.contains) == true }) {
                return RuleMatch(end: i + 1, say: ",")
            }
        default:
            // ... when its chunk starts after the bracket.
            if i == 0, ["x", "X", "✓", "✔"].contains(tok.text), next?.is("]") == true, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "") }
            if let hyphened = hyphened(s, i) { return hyphened }
            if let dated = prefixedYear(s, i) ?? letterRange(s, i) ?? syllables(s, i) { return dated }
            // "1/ Here is my take": a thread's first post, numbered.
            if i == 0, tok.isInteger, tok.text.count <= 2, next?.is("/") == true, s.glued(i + 1), s[i + 2].map({ $0.spaceBefore && $0.isCapitalized }) == true {
                return RuleMatch(end: i + 2, say: "")
            }
            // "reference(s)", "box(es)": the plural stands for both.
            if tok.isWord, tok.text.count > 2, tok.isLowercase, !tok.text.hasSuffix("s"), next?.is("(") == true, s.glued(i + 1), let p = s[i + 2], ["s", "es"].contains(p.text),
               s.glued(i + 2), s[i + 3]?.is(")") == true, s.glued(i + 3), s[i + 4].map({ !s.glued(i + 4) || !$0.isWord }) ?? true {
                return RuleMatch(end: i + 4, say: tok.text + p.text)
            }
            // "a 32 y/o male", "a room with a/c".
            if tok.isWord, tok.text.count == 1, next?.is("/") == true, s.glued(i + 1), let other = s[i + 2], s.glued(i + 2), other.text.count == 1,
               s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber) }) ?? true,
               let said = ["y/o": "year old", "a/c": "air conditioning", "w/o": "without", "c/o": "care of"][tok.text + "/" + other.text] {
                return RuleMatch(end: i + 3, say: said)
            }
            // "Dear Mr/Ms Jones": one title or the other, each said in full.
            if tok.isWord, let first = titlesSaid[tok.text.lowercased()], tok.isCapitalized, next?.is("/") == true, s.glued(i + 1),
               let other = s[i + 2], s.glued(i + 2), let second = titlesSaid[other.text.lowercased()], first != "Sir" {
                return RuleMatch(end: i + 3, say: first + " or " + second)
            }
        }
        return nil
    }

    /// "~~Sold out~~ Back in stock": words struck through, as Markdown writes it, are not said.
    static func struck(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard s.startsWord(i), s[i + 1]?.is("~") == true, s.glued(i + 1), let first = s[i + 2], s.glued(i + 2), !first.is("~") else { return nil }
        var j = i + 3
        while j < min(s.t.count, i + 40), !(s.t[j].is("~") && s.t[safe: j + 1]?.is("~") == true) { j += 1 }
        guard j < min(s.t.count, i + 40), s.glued(j), s.glued(j + 1), s[j + 2].map({ !s.glued(j + 2) || !$0.isWord }) ?? true else { return nil }
        return RuleMatch(end: j + 2, say: "")
    }

    /// "pre-1914", "post-1945", "mid-1990s": a time before, after or in the middle of a year.
    static func prefixedYear(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], ["pre", "post", "mid", "early", "late"].contains(tok.text.lowercased()), s.startsWord(i), s[i + 1]?.is("-") == true,
              s.glued(i + 1), let n = s[i + 2], EnglishNumberRules.isYear(n), s.glued(i + 2), let year = Int(n.text) else { return nil }
        if s[i + 3]?.is("s") == true, s.glued(i + 3) { return RuleMatch(end: i + 4, say: tok.text + " " + EnglishNumbers.plural(EnglishNumbers.year(year))) }
        if let after = s[i + 3], s.glued(i + 3), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: i + 3, say: tok.text + " " + EnglishNumbers.year(year))
    }

    /// "Sort the list A-Z": from one letter to a later one.
    static func letterRange(_ s: Scan, _ i: Int) -> RuleMatch? {
        // ("[A-Z]" is a pattern's class.)
        guard let a = s[i], a.isWord, s.startsWord(i), s.t[safe: i - 1]?.is("[") != true, s[i + 1]?.is("-") == true || s[i + 1]?.is("–") == true, s.glued(i + 1),
              let b = s[i + 2], b.isWord, s.glued(i + 2), a.text.count == 1, b.text.count == 1, let x = a.text.first, let y = b.text.first,
              x.isASCII, y.isASCII, x.isUppercase, y.isUppercase, x < y,
              s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber || $0.is("-")) }) ?? true else { return nil }
        return RuleMatch(end: i + 3, say: EnglishWords.spell(a.text) + " to " + b.text)
    }

    /// "pho·tog·ra·phy": a word split into its syllables by middle dots, said whole.
    static func syllables(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord, tok.isLowercase, s.startsWord(i), s[i + 1]?.is("·") == true, s.glued(i + 1) else { return nil }
        var parts = [tok.text], j = i + 1
        while let dot = s[j], dot.is("·"), s.glued(j), let part = s[j + 1], part.isWord, part.isLowercase, s.glued(j + 1) {
            parts.append(part.text)
            j += 2
        }
        guard parts.count >= 2, WordList.contains(parts.joined()) != false else { return nil }
        return RuleMatch(end: j, say: parts.joined())
    }
}
