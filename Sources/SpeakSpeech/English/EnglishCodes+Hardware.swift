/// Names of hardware, standards and types as engineers say them: "802.11ac" (eight oh two dot
/// eleven A C), "H.264" (H two sixty four), "RTX 4090" (forty ninety), "i7-13700K", "RISC-V"
/// (risk five), "ARMv8" (arm V eight), "List<String>" (list of string).
extension EnglishCodes {
    /// Graphics cards' series, named before a model number said in pairs.
    static let cardSeries: Set<String> = ["RTX", "GTX", "RX", "GT", "Arc", "Radeon", "Quadro", "Titan"]

    static func hardware(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], s.startsWord(i) else { return nil }
        let ends: (Int) -> Bool = { j in s[j].map({ !s.glued(j) || !($0.isWord || $0.isNumber || $0.is("-")) }) ?? true }
        // "802.11ac", "802.3": an IEEE standard and its letters.
        if tok.isNumber, tok.text.hasPrefix("802."), let minor = tok.text.split(separator: ".").last, tok.text.split(separator: ".").count == 2 {
            var said = "eight oh two dot " + EnglishNumbers.cardinal(Int(minor) ?? 0), end = i + 1
            if let letters = s[i + 1], letters.isWord, letters.isLowercase, letters.text.count <= 2, s.glued(i + 1) { said += " " + EnglishWords.spell(letters.text); end += 1 }
            return ends(end) ? RuleMatch(end: end, say: said) : nil
        }
        // "H.264", "G.711": a codec's letter, a dot and its number.
        if tok.isWord, tok.text.count == 1, tok.text.first?.isUppercase == true, s[i + 1]?.is(".") == true, s.glued(i + 1), let n = s[i + 2], n.isInteger,
           n.text.count == 3, s.glued(i + 2), let value = Int(n.text), ends(i + 3) {
            return RuleMatch(end: i + 3, say: tok.text + " " + EnglishNumbers.name(value))
        }
        // "RTX 4090": a card's model number, in pairs.
        if tok.isInteger, tok.text.count == 4, let series = s.text(i - 1), cardSeries.contains(series), let value = Int(tok.text), ends(i + 1) {
            return RuleMatch(end: i + 1, say: EnglishNumbers.name(value))
        }
        // "i7-13700K": a processor's family and model.
        if tok.is("i"), let family = s[i + 1], family.isInteger, family.text.count == 1, s.glued(i + 1), s[i + 2]?.is("-") == true, s.glued(i + 2),
           let model = s[i + 3], model.isInteger, (4...5).contains(model.text.count), s.glued(i + 3), let value = Int(model.text) {
            var said = "I " + family.text + " " + (model.text.count == 5 ? EnglishNumbers.cardinal(value / 1000) + " " + EnglishNumbers.name(value % 1000)
                                                                          : EnglishNumbers.name(value))
            var end = i + 4
            if let suffix = s[end], suffix.isWord, suffix.text.allSatisfy(\.isUppercase), suffix.text.count <= 2, s.glued(end) { said += " " + EnglishWords.spell(suffix.text); end += 1 }
            return ends(end) ? RuleMatch(end: end, say: said) : nil
        }
        // "RISC-V": risk five.
        if tok.is("RISC"), s[i + 1]?.is("-") == true, s.glued(i + 1), s[i + 2]?.is("V") == true, s.glued(i + 2), ends(i + 3) {
            return RuleMatch(end: i + 3, say: "risk five")
        }
        // "ARMv8", "ARMv7-A": the architecture and its version.
        if tok.is("ARMv"), let n = s[i + 1], n.isInteger, s.glued(i + 1) { return RuleMatch(end: i + 2, say: "arm V " + n.text) }
        // "List<String>", "Map<String, Int>": a generic type and what it holds.
        if tok.isWord, tok.isCapitalized, s[i + 1]?.is("<") == true, s.glued(i + 1) {
            var held: [String] = [], j = i + 2
            while let name = s[j], name.isWord, name.isCapitalized {
                held.append(name.text)
                j += 1
                if s[j]?.is(",") == true { j += 1 } else { break }
            }
            guard !held.isEmpty, s[j]?.is(">") == true, s.glued(j), ends(j + 1) else { return nil }
            return RuleMatch(end: j + 1, say: tok.text + " of " + held.joined(separator: " and "))
        }
        return nil
    }
}
