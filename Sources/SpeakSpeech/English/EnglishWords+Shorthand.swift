/// Shorthand of notes, forms, mail and chat, said in full: "Attn:" attention, "Qty:" quantity,
/// "Nat'l" national, "idk" I don't know, "tmrw" tomorrow.
extension EnglishWords {
    /// Lowercase keys; a capitalized word says its words capitalized.
    static let shorthandWords: [String: String] = [
        "attn": "attention", "qty": "quantity", "tmrw": "tomorrow", "idk": "I don't know", "iirc": "if I remember correctly",
        "afaik": "as far as I know", "fwiw": "for what it's worth", "imo": "in my opinion", "imho": "in my humble opinion",
        "tbh": "to be honest", "btw": "by the way", "thx": "thanks", "pls": "please", "plz": "please", "nvm": "never mind",
        "irl": "in real life", "smh": "shaking my head", "afk": "away from keyboard", "brb": "be right back",
        "ttyl": "talk to you later", "wrt": "with respect to", "mgmt": "management", "wk": "week",
        "nth": "enth", "nat'l": "national", "int'l": "international", "gov't": "government", "ass'n": "association", "dep't": "department",
        "sec'y": "secretary", "att'y": "attorney", "cont'd": "continued", "nat’l": "national", "int’l": "international",
        "gov’t": "government", "cont’d": "continued",
    ]

    static func shorthand(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord, s.startsWord(i) else { return nil }
        let lower = tok.text.lowercased()
        guard var said = shorthandWords[lower], tok.text == lower || tok.text == lower.prefix(1).uppercased() + lower.dropFirst() else { return nil }
        if let next = s[i + 1], s.glued(i + 1), next.isWord || next.isNumber || ["'", "’", "-", "/", "@", "_"].contains(next.text)
            || next.is(".") && s[i + 2].map({ s.glued(i + 2) && ($0.isWord || $0.isNumber) }) == true { return nil }
        if tok.isCapitalized { said = said.prefix(1).uppercased() + said.dropFirst() }
        return RuleMatch(end: i + 1, say: said)
    }
}
