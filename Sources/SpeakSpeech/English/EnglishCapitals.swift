/// Words in capitals that are names, not initials: a news dateline ("DUBAI, United Arab
/// Emirates (AP) —", "SAN FRANCISCO —"), a surname after a first name ("Mike FABIAN", as
/// changelogs write them), and longer words shaped like words ("KOSPI", "VIENNA"). eSpeak says
/// them as words when they are given as words.
extension EnglishWords {
    /// Consonants a word may start with, beyond one letter and `EnglishWeb.onsets`.
    static let longOnsets: Set<String> = ["str", "spr", "scr", "spl", "thr", "chr", "shr", "sch", "squ", "phr"]
    /// Capitalized words after which a word in capitals is not a surname.
    static let notFirstNames: Set<String> = ["The", "A", "An", "In", "On", "At", "For", "By", "With", "From", "To", "Of", "And", "Or",
                                             "But", "Our", "Your", "His", "Her", "Their", "Its", "This", "That", "These", "Those",
                                             "See", "Use", "Run", "Set", "New", "Old", "If", "When", "Then", "As", "All", "No", "Not"]
    /// News agencies in a dateline's brackets.
    static let agencies: Set<String> = ["AP", "Reuters", "AFP", "CNN", "UPI", "Bloomberg", "dpa", "DPA", "PA", "CP", "ANSA", "EFE",
                                        "Xinhua", "TASS", "BBC", "NPR", "KHN"]

    /// Letters in the shape of a word: two vowels or more, an onset English has, no run of
    /// four consonants. "DUBAI", "KOSPI", "FABIAN" are; "FDIC", "NCAA", "HTTPS" are not.
    static func nameShaped(_ text: String) -> Bool {
        let letters = Array(text.uppercased())
        func vowel(_ k: Int) -> Bool { "AEIOU".contains(letters[k]) || (letters[k] == "Y" && k > 0 && !"AEIOU".contains(letters[k - 1])) }
        let vowels = letters.indices.filter(vowel)
        guard letters.count >= 3, vowels.count >= 2 || (letters.count <= 4 && vowels.count == 1), let first = vowels.first else { return false }
        let onset = String(letters[0..<first]).lowercased()
        guard onset.count <= 1 || EnglishWeb.onsets.contains(onset) || longOnsets.contains(onset) else { return false }
        // Initials that start with a vowel: "USCIS", "ASPCA", "USAID" (not "OMAHA", "EUROPE").
        if first == 0, letters.count >= 5, text.uppercased().hasPrefix("US") || (vowels.count > 1 && vowels[1] - vowels[0] > 2) { return false }
        var run = 0
        for k in letters.indices {
            run = vowel(k) ? 0 : run + 1
            if run > 3 { return false }
        }
        return true
    }

    /// One to three initials and an English word of four letters or more, in capitals:
    /// "CFLAGS" (C, flags), "LDFLAGS", "XMLHTTP" is not (no word after its initials).
    static func prefixedWord(_ text: String) -> (String, String)? {
        guard text.count >= 6, WordList.contains(text) != true else { return nil }
        // "DAVID", "SPAIN" start as words do: names, not initials.
        let lower = text.lowercased()
        let onset = String(lower.prefix { !"aeiouy".contains($0) })
        if onset.count <= 1 || EnglishWeb.onsets.contains(onset) || longOnsets.contains(onset) { return nil }
        for cut in 1...3 where text.count - cut >= 5 {
            let initials = text.prefix(cut), word = text.dropFirst(cut).lowercased()
            // The initials are no syllable ("CON" + "FIG" is a word, not C O N fig).
            if initials.contains(where: { "AEIOU".contains($0) }) { continue }
            if WordList.contains(word) == true { return (String(initials), word) }
        }
        return nil
    }

    /// Token `i` is a word in capitals that is a name by its place: in a dateline, or the
    /// surname after a first name.
    static func isNameInCapitals(_ s: Scan, _ i: Int) -> Bool {
        guard let tok = s[i], tok.isAllCaps, nameShaped(tok.text) else { return false }
        if isDateline(s, i) { return true }
        guard tok.text.count >= 5, let prev = s[i - 1], prev.isWord, !s.glued(i), prev.text.count >= 2, prev.isCapitalized,
              prev.text.dropFirst().allSatisfy(\.isLowercase), !notFirstNames.contains(prev.text) else { return false }
        return true
    }

    /// Capitals at the start of a sentence that name a place, followed by a comma, a bracket
    /// or a dash, with a dash or an agency in brackets soon after ("LONDON (AP) —").
    static func isDateline(_ s: Scan, _ i: Int) -> Bool {
        var start = i
        while start > 0, let prev = s.t[safe: start - 1], prev.isAllCaps || prev.is(".") && s.t[safe: start - 2]?.is("ST") == true
                || prev.is("ST") { start -= 1 }
        if start > 0, !(start == 1 && ["\"", "“", "'"].contains(s.t[0].text)) { return false }
        var end = i + 1
        while let next = s.t[safe: end], next.isAllCaps || next.is(".") && s.t[safe: end - 1]?.is("ST") == true { end += 1 }
        guard let after = s.t[safe: end], [",", "(", "—", "–", "-"].contains(after.text) else { return false }
        // "LONDON —", "SAN FRANCISCO —": a dash right after a place of two words or five letters
        // ("API - Application…", "IDE — integrated…" are a glossary's terms).
        let words = s.t[start..<end].filter(\.isWord)
        if ["—", "–", "-"].contains(after.text) { return words.count >= 2 || (words.first?.text.count ?? 0) >= 5 }
        // Else a state or a country in capitalized words, then the agency or a dash.
        for k in end..<min(s.t.count, end + 12) {
            let t = s.t[k]
            if ["—", "–"].contains(t.text) || t.is("-") && t.spaceBefore { return true }
            if t.is("("), let agency = s.t[safe: k + 1], agencies.contains(agency.text), s.t[safe: k + 2]?.is(")") == true { return true }
            if t.isWord, !t.isCapitalized { return false }
        }
        return false
    }

    /// Emacs' and readline's key names.
    static let emacsKeys: [String: String] = ["DEL": "delete", "RET": "return", "SPC": "space", "TAB": "tab", "ESC": "escape",
                                              "LFD": "line feed"]

    /// "C-x C-r" → control x control r, "M-DEL" → meta delete, "C-M-a" (not "C-rich", "M-type").
    static func emacsChord(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.is("C") || tok.is("M"), s.startsWord(i) || s.t[safe: i - 1]?.is("-") == true,
              s[i + 1]?.is("-") == true, s.glued(i + 1), let key = s[i + 2], s.glued(i + 2) else { return nil }
        let modifier = tok.is("C") ? "control" : "meta"
        if (key.is("C") || key.is("M")), s[i + 3]?.is("-") == true, s.glued(i + 3) { return RuleMatch(end: i + 2, say: modifier) }
        if let after = s[i + 3], s.glued(i + 3), after.isWord || after.isNumber { return nil }
        if let name = emacsKeys[key.text] { return RuleMatch(end: i + 3, say: modifier + " " + name) }
        guard key.text.count == 1, key.isLowercase || !key.isWord && !key.isNumber && key.text != "-" else { return nil }
        return RuleMatch(end: i + 3, say: modifier + " " + (key.isWord ? key.text : EnglishPaths.marks[key.text] ?? EnglishSymbols.words[key.text] ?? key.text))
    }

    /// "LATEX gloves", "natural rubber LATEX" are rubber, "TEX 5, SEA 3" a box score: not TeX.
    static func isRubberOrScore(_ s: Scan, _ i: Int) -> Bool {
        guard let tok = s[i], tok.text == "LATEX" || tok.text == "TEX" else { return false }
        if tok.text == "TEX" { return s[i + 1]?.isNumber == true }
        let rubber: Set<String> = ["gloves", "glove", "allergy", "allergies", "rubber", "paint", "balloon", "balloons", "free", "condom",
                                   "condoms", "mattress", "foam", "GLOVES", "ALLERGY", "RUBBER", "PAINT", "FREE", "FOAM"]
        return s[i + 1].map { rubber.contains($0.text) } == true || s[i - 1].map { ["natural", "rubber", "NATURAL", "RUBBER", "contains", "CONTAINS"].contains($0.text) } == true
    }

    /// "ORDER BY", "NOT IN", "IS NULL", "SET OF": a short keyword beside another word in
    /// capitals; "exclusive OR": a logical operator after a lowercase word.
    static func isKeyword(_ s: Scan, _ i: Int) -> Bool {
        guard let tok = s[i], tok.text.count <= 3, CapitalWords.is(tok.text, .keyword) else { return false }
        // A logical operator after a word or a bracket ("exclusive OR", "MIT OR Apache-2.0", "(x) OR y");
        // "the OR" is a room, "Portland, OR" a state.
        if ["OR", "XOR", "AND", "NOT"].contains(tok.text), let prev = s[i - 1], prev.isWord || prev.is(")"),
           !["the", "a", "an", "this", "that", "The", "A", "An", "This", "That"].contains(prev.text) { return true }
        // ("IN" is a state after a city; "IN PRACTICE", a heading's words, is not.)
        guard tok.text != "IN" || s[i - 1]?.is("NOT") == true
            || s[i + 1].map({ $0.isAllCaps && $0.text.count >= 4 && WordList.contains($0.text) == true }) == true else { return false }
        return [s[i - 1], s[i + 1]].contains { neighbour in
            neighbour.map { $0.isAllCaps && !CapitalWords.is($0.text, .initials)
                && (CapitalWords.is($0.text, [.keyword, .word]) || $0.text.count >= 3 && WordList.contains($0.text) == true) } == true
        }
    }
}
