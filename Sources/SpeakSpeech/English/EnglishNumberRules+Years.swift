/// Four-digit numbers that are years, and those that only look like one.
extension EnglishNumberRules {
    static func isYear(_ t: Token) -> Bool {
        guard t.isInteger, t.text.count == 4, let y = Int(t.text) else { return false }
        return (1000...2099).contains(y)
    }

    /// A four-digit number used as a year: "in 1984", "1905, Einstein".
    static func year(_ s: Scan, _ i: Int) -> RuleMatch? {
        // "By 2100, seas may rise": a year of the next century, where a clause ends after it.
        if let n = s[i], n.isInteger, n.text.count == 4, let y = Int(n.text), (2100...2199).contains(y),
           ["by", "until", "before", "after", "in", "since", "to", "of"].contains(s.lower(i - 1) ?? ""),
           s[i + 1].map({ [",", ".", ";", ":", ")", "?", "!"].contains($0.text) }) ?? true {
            return RuleMatch(end: i + 1, say: EnglishNumbers.year(y))
        }
        guard let n = s[i], isYear(n), let y = Int(n.text), y >= 1100 || s.lower(i - 1).map({ ["in", "since", "year", "c", "ca", "circa"].contains($0) }) == true else { return nil }
        // "from 2015—one that", "the 2016-style keyboard": a dash after a year is the sentence's or a compound's.
        let compound = s[i + 1].map { $0.is("-") } == true && s[i + 2].map { $0.isWord && $0.isLowercase && s.glued(i + 2) } == true
        if let after = s[i + 1], s.glued(i + 1), !compound, ![",", ".", ";", ":", ")", "?", "!", "—", "–"].contains(after.text) { return nil }
        // "mid-2019", "pre-2008": a prefix, not a minus.
        let prefixed = s.lower(i - 2).map { ["mid", "pre", "post", "early", "late"].contains($0) } == true && s.glued(i - 1)
        if let before = s[i - 1], ["$", "€", "£", "#", "-", "−", "+", "¥"].contains(before.text), s.glued(i), !(before.is("-") && prefixed) { return nil }
        let prev = prefixed ? s.lower(i - 2) : s.lower(i - 1)
        if let next = s[i + 1], next.isWord, next.isLowercase, !afterYear.contains(next.text), !(prev.map { yearWords.contains($0) } ?? false),
           !describes(s, i, y) {
            return nil
        }
        if let prev, notBeforeYears.contains(prev) { return nil }
        // "2048-bit keys", "1217 out of", "fsize 2048": a count.
        if compound, let noun = s.lower(i + 2), countedNouns.contains(noun) || storageNouns.contains(noun) { return nil }
        if prev == "of", s.lower(i - 2) == "out" { return nil }
        // (A year still after a word that dates, before an era, or beside another year.)
        let dated = prev.map { ["in", "since", "by", "until", "from", "to", "before", "after", "year", "of", "around", "early", "late",
                                "summer", "winter", "spring", "autumn", "fall", "and", "or"].contains($0) } ?? false
            || s[i + 1].map { ["AD", "BC", "CE", "BCE"].contains($0.text) } ?? false
        if [1024, 2048, 4096].contains(y), !dated, !(prev == "of" && s.lower(i - 2) == "out") {
            return nil
        }
        // "1700 MB/s", "1500 km": a measurement (not "1944 V-2", "1975 L Ron", "1999 Pa moved").
        if let next = s[i + 1], next.text.count >= 2, !(next.isCapitalized && next.text.dropFirst().allSatisfy(\.isLowercase)),
           EnglishUnits.units[next.text] != nil, !(s[i + 2].map { $0.is("-") && s.glued(i + 2) } ?? false) { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.year(y))
    }

    /// Labels whose four-digit number is no year: "page 1984", "RFC 1951", "warning 2028".
    static let notBeforeYears: Set<String> = ["no", "number", "page", "pages", "pp", "p", "room", "route", "flight", "model", "code", "pin",
                                              "rfc", "rfcs", "iso", "iec", "fips", "ecma", "ieee", "din", "ansi", "std", "warning", "error",
                                              "errno", "port", "bug", "issue", "ticket", "pr", "build", "revision", "rev", "r"]

    /// Words before a year that describes the noun after it ("his 2018 physical", "a 2010
    /// allegation"); a plural after it is counted ("their 1999 employees").
    static let describingWords: Set<String> = ["his", "her", "their", "its", "our", "my", "your", "this", "that", "last", "next", "a",
                                               "an", "fiscal", "whose", "every"]
    static let pluralsWithoutS: Set<String> = ["people", "men", "women", "children", "feet", "mice", "sheep", "fish", "deer", "staff",
                                               "personnel", "police", "cattle", "geese", "teeth", "persons"]

    /// A year before a singular noun: after a possessive or an article, or after a name
    /// ("Euro 2020 qualifying", "Server 2019 release").
    static func describes(_ s: Scan, _ i: Int, _ y: Int) -> Bool {
        guard let next = s[i + 1], !next.text.hasSuffix("s"), !pluralsWithoutS.contains(next.text) else { return false }
        if let prev = s.lower(i - 1), describingWords.contains(prev) || prev.hasSuffix("'s") || prev.hasSuffix("’s") { return true }
        guard (1900...2039).contains(y), let prev = s[i - 1], prev.isWord, prev.isCapitalized, i - 1 > 0 else { return false }
        return !(s.t[safe: i - 2].map { [".", "!", "?"].contains($0.text) } ?? false)
    }
}
