/// Marks in everyday prose said as a reader says them: "20 miles/day" (per day), "reference(s)"
/// (references), "a 32 y/o" (year old), "a/c", "Mr/Ms" (Mister or Miz), "5~10 days" (to),
/// "press *" (star), "File → Save As" (a pause between menu items).
extension EnglishSymbols {
    static let perTimes: Set<String> = ["day", "week", "month", "year", "hour", "minute", "second", "night", "game", "person", "head", "km", "mile"]
    static let titlesSaid: [String: String] = ["mr": "Mister", "mrs": "Missus", "ms": "Miz", "mx": "Mix", "dr": "Doctor", "sir": "Sir",
                                               "madam": "Madam", "madame": "Madame", "miss": "Miss"]

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
}
