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
            if let hyphened = hyphened(s, i) { return hyphened }
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
}
