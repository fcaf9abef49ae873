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
        guard text.count >= 5, WordList.contains(text) != true else { return nil }
        for cut in 1...3 where text.count - cut >= 4 {
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
        guard tok.text.count >= 4, let prev = s[i - 1], prev.isWord, !s.glued(i), prev.text.count >= 2, prev.isCapitalized,
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
        for k in end..<min(s.t.count, end + 12) {
            let t = s.t[k]
            if ["—", "–"].contains(t.text) || t.is("-") && t.spaceBefore { return true }
            if t.is("("), let agency = s.t[safe: k + 1], agencies.contains(agency.text), s.t[safe: k + 2]?.is(")") == true { return true }
        }
        return false
    }
}
