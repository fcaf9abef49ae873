/// Counts written in shorthand: "3x faster", thousands set apart by spaces.
extension EnglishNumberRules {
    /// "3x faster", "a 10x zoom", "grew by 4x.": times (not "2x + 1", "1920x1080").
    static func timesFaster(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], let x = s[i + 1], x.is("x") || x.is("X"), s.glued(i + 1), s.startsWord(i),
              !n.text.hasPrefix("0") || n.text.hasPrefix("0.") else { return nil }
        if let after = s[i + 2], s.glued(i + 2), after.isWord || after.isNumber { return nil }
        if let after = s[i + 2], after.isWord {
            // "3x faster", "a 10x speedup", "100x the cost" (not "777x jets", a model).
            guard after.text.hasSuffix("er") && after.text.count > 3 || comparedBy.contains(after.text) else { return nil }
        } else if !(s.lower(i - 1).map { ["by", "up", "than", "about", "nearly", "roughly", "almost", "over"].contains($0) } ?? false) {
            return nil
        }
        return RuleMatch(end: i + 2, say: n.text + " times")
    }

    static let comparedBy: Set<String> = ["more", "less", "fewer", "speedup", "speed-up", "improvement", "increase", "reduction",
                                          "boost", "zoom", "magnification", "the", "as", "cheaper", "better", "worse", "growth", "gain", "speed", "playback"]

    /// "12 500 inhabitants", "1 250 000 km²": thousands set apart by spaces, as much of Europe writes them.
    static func spacedThousands(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, (1...3).contains(n.text.count), !n.text.hasPrefix("0"),
              s.t[safe: i - 1].map({ !$0.isNumber }) ?? true else { return nil }
        var j = i + 1, digits = n.text
        while let group = s[j], group.isInteger, group.text.count == 3, group.spaceBefore { digits += group.text; j += 1 }
        guard j > i + 1, s[j].map({ !$0.isNumber && !(s.glued(j) && $0.isWord) && !($0.isWord && $0.isCapitalized) }) ?? true else { return nil }
        return RuleMatch(end: j, say: EnglishNumbers.number(digits))
    }
}
