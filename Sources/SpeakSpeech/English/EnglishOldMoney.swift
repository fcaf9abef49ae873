/// British money before 1971, as books write it: "2s. 6d." is two shillings and six pence,
/// "£88 10s." eighty eight pounds ten shillings, "8½d." eight and a half pence. Only where the
/// sentence writes pence or pounds: elsewhere "6s." may be sixes, "30s." seconds.
enum EnglishOldMoney {
    static let labels: Set<String> = ["section", "subsection", "paragraph", "subparagraph", "clause", "article", "item", "part", "step",
                                      "rule", "chapter", "§", "sec", "para", "art"]
    static let halves: [String: String] = ["½": "and a half", "¼": "and a quarter", "¾": "and three quarters"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, n.text.count <= 3, let value = Int(n.text) else { return nil }
        var j = i + 1
        var fraction: String?
        if let half = s[j], let said = halves[half.text], s.glued(j) { fraction = said; j += 1 }
        guard let unit = s[j], unit.is("s") || unit.is("d"), s.glued(j), s[j + 1]?.is(".") == true, s.glued(j + 1) else { return nil }
        if let after = s[j + 2], s.glued(j + 2), after.isWord || after.isNumber { return nil }
        // "in the 80s", "took 30s" are decades and seconds even beside a price in pounds; shillings
        // come after pounds ("£88 10s.") or before pence.
        if let prev = s.lower(i - 1), EnglishNumberRules.determiners.contains(prev) || EnglishNumberRules.durationWords.contains(prev) { return nil }
        // "subsection 6d.", "clause 2s." are labels.
        if let prev = s.lower(i - 1), labels.contains(prev) { return nil }
        let afterPounds = s.t[safe: i - 1]?.isNumber == true && s.t[safe: i - 2]?.is("£") == true
        guard unit.is("d") ? s.writesPounds || s.writesPence : afterPounds || s.writesPence else { return nil }
        let one = value == 1 && fraction == nil
        let name = unit.is("s") ? (one ? "shilling" : "shillings") : (one ? "penny" : "pence")
        let said = EnglishNumbers.cardinal(value) + (fraction.map { " " + $0 } ?? "") + " " + name
        // The abbreviation's period goes, unless it ends the sentence.
        let end = s[j + 2] == nil ? j + 1 : j + 2
        return RuleMatch(end: end, say: said)
    }

    /// The tokens write pence ("6d.", "8½d.").
    static func writesPence(_ t: [Token]) -> Bool {
        t.indices.contains { k in
            t[k].isInteger && (t[safe: k + 1]?.is("d") == true && t[safe: k + 1]?.spaceBefore == false && t[safe: k + 2]?.is(".") == true
                || t[safe: k + 1].map { halves[$0.text] != nil } == true && t[safe: k + 2]?.is("d") == true)
        }
    }
}
