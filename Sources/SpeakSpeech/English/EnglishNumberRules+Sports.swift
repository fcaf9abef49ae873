/// Numbers that sports, firearms, tax codes and advertising say their own way.
extension EnglishNumberRules {
    /// Words of a sentence about a batting average or a team's record: a three-digit number
    /// after a bare point there is a rate said in pairs ("batted .312").
    static let averageWords: Set<String> = ["batted", "bats", "batting", "batter", "batters", "hitter", "hitters", "hitting", "hit",
                                            "hits", "average", "averages", "avg", "slugging", "obp", "ops", "season", "seasons",
                                            "record", "records", "percentage", "team", "teams", "club", "pitcher", "fielding", "games",
                                            "winning", "won", "lost", "played", "finished", "league", "division", "ball", "career"]
    /// Words after a calibre (".22 rifle", ".357 Magnum").
    static let calibreWords: Set<String> = ["caliber", "calibre", "cal", "rifle", "rifles", "pistol", "pistols", "revolver", "revolvers",
                                            "handgun", "handguns", "ammo", "ammunition", "rounds", "bullet", "bullets", "magnum", "acp",
                                            "colt", "lr", "cartridge", "cartridges", "carbine", "bore", "auto", "special", "winchester"]
    /// Words that make "245/6" a cricket score: runs for wickets.
    static let cricketWords: Set<String> = ["stumps", "wicket", "wickets", "overs", "innings", "declared", "lunch", "tea", "bowled",
                                            "bowling", "bowler", "batting", "chase", "chasing", "reply", "odi", "t20", "scorecard", "collapsed"]
    /// What a one-two is ("a 1-2 punch", "a 1-2 finish").
    static let pairedNouns: Set<String> = ["punch", "punches", "combo", "combination", "finish", "finishes", "sweep"]

    /// Words before a quantity: a bare point after them starts a decimal ("less than .002"), not
    /// a file's suffix ("all .3 man pages", "appended with .1").
    static let quantityWords: Set<String> = ["than", "of", "is", "was", "are", "were", "be", "at", "to", "by", "about", "around",
                                             "approximately", "roughly", "only", "just", "under", "over", "from", "between", "and",
                                             "or", "±", "=", "≈", "<", ">", "≤", "≥", "nearly", "almost", "scored", "weighs", "equals"]

    /// "less than .002" → point zero zero two; "batted .312" → three twelve, "a .500 record" →
    /// five hundred; "a .22 rifle" → twenty two, ".357 Magnum" → three fifty seven.
    static func bareDecimal(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let dot = s[i], dot.is("."), dot.spaceBefore || i == 0 || s[i - 1].map({ Scan.openings.contains($0.text) }) == true,
              let n = s[i + 1], n.isInteger, s.glued(i + 1), let value = Int(n.text) else { return nil }
        if let after = s[i + 2], s.glued(i + 2), after.isWord || after.isNumber || after.is(".") && s[i + 3]?.isNumber == true { return nil }
        // ".45-caliber" too.
        let hyphened = s[i + 2]?.is("-") == true && s.glued(i + 2)
        if n.text.count <= 3, let next = s.lower(hyphened ? i + 3 : i + 2), calibreWords.contains(next) {
            return RuleMatch(end: i + 2, say: octet(value))
        }
        if n.text.count == 3, !n.text.hasPrefix("00"), s.t.contains(where: { $0.isWord && averageWords.contains($0.text.lowercased()) }) {
            return RuleMatch(end: i + 2, say: octet(value))
        }
        let measured = s[i + 2].map { $0.is("%") || EnglishUnits.units[$0.text] != nil } ?? false
        guard measured || s.lower(i - 1).map(quantityWords.contains) == true else { return nil }
        return RuleMatch(end: i + 2, say: "point " + EnglishNumbers.digits(n.text))
    }

    /// "401(k)" → four oh one K, "501(c)(3)" → five oh one C three: a section of a tax code.
    static func codeSection(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, n.text.count == 3, let value = Int(n.text) else { return nil }
        var parts: [String] = [], j = i + 1
        while s[j]?.is("(") == true, s.glued(j), let inside = s[j + 1], s.glued(j + 1), inside.text.count <= 2,
              inside.isInteger || inside.isWord && inside.isLowercase, s[j + 2]?.is(")") == true, s.glued(j + 2) {
            parts.append(inside.isInteger ? EnglishNumbers.cardinal(Int(inside.text) ?? 0) : inside.text.uppercased())
            j += 3
        }
        guard !parts.isEmpty, !(parts.count == 1 && parts[0].count > 1) else { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: j, say: ([octet(value)] + parts).joined(separator: " "))
    }

    /// "India were 245/6 at stumps" → two hundred forty five for six (runs for wickets).
    static func cricketScore(_ s: Scan, _ i: Int, runs: Int, wickets: Int) -> RuleMatch? {
        guard wickets <= 10, runs > wickets, s.t.contains(where: { cricketWords.contains($0.text.lowercased()) }) else { return nil }
        return RuleMatch(end: i + 3, say: EnglishNumbers.cardinal(runs) + " for " + EnglishNumbers.cardinal(wickets))
    }

    /// "a 1-2 punch" → one two; "1-800-FLOWERS" → one eight hundred flowers.
    static func spokenDashes(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let a = s[i], a.isInteger, s[i + 1]?.is("-") == true, s.glued(i + 1), let b = s[i + 2], b.isInteger, s.glued(i + 2),
              !s.glued(i) || s[i - 1].map({ Scan.openings.contains($0.text) }) == true else { return nil }
        if a.text.count == 1, b.text.count == 1, Int(b.text) == (Int(a.text) ?? 0) + 1, s[i + 3].map({ _ in !s.glued(i + 3) }) ?? true,
           let noun = s.lower(i + 3), pairedNouns.contains(noun) {
            return RuleMatch(end: i + 3, say: EnglishNumbers.cardinal(Int(a.text) ?? 0) + " " + EnglishNumbers.cardinal(Int(b.text) ?? 0))
        }
        let x = Int(a.text) ?? 0, y = Int(b.text) ?? 0
        let ends = s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber || $0.is("-")) }) ?? true
        // "dial 9-1-1".
        if a.is("9"), b.is("1"), s[i + 3]?.is("-") == true, s.glued(i + 3), s[i + 4]?.is("1") == true, s.glued(i + 4) {
            return RuleMatch(end: i + 5, say: "nine one one")
        }
        // "20-20 vision", "a 50-50 chance": the same number twice.
        if ends, x == y, x >= 10, x < 100, a.text.count == b.text.count { return RuleMatch(end: i + 3, say: EnglishNumbers.cardinal(x) + " " + EnglishNumbers.cardinal(y)) }
        // "a Boeing 737-800": an airliner's model and its series.
        if ends, a.text.count == 3, b.text.count == 3, b.text.hasSuffix("00"), ["Boeing", "Airbus"].contains(s.text(i - 1) ?? "") || a.text.hasPrefix("7") && a.text.hasSuffix("7") {
            return RuleMatch(end: i + 3, say: EnglishNumbers.name(x) + " " + EnglishNumbers.cardinal(y))
        }
        // "pp. 104-5": the last page written short.
        if ends, b.text.count < a.text.count, [s.lower(i - 1), s.lower(i - 2)].contains(where: { ["pp", "pages"].contains($0 ?? "") }),
           let full = Int(a.text.dropLast(b.text.count) + b.text), full > x {
            return RuleMatch(end: i + 3, say: EnglishNumbers.cardinal(x) + " to " + EnglishNumbers.cardinal(full))
        }
        // "10-12-year-olds": children of those ages.
        if s[i + 3]?.is("-") == true, s.glued(i + 3), s.lower(i + 4) == "year", s.glued(i + 4), s[i + 5]?.is("-") == true, s.glued(i + 5),
           let old = s.lower(i + 6), ["old", "olds"].contains(old), s.glued(i + 6), x < y {
            return RuleMatch(end: i + 7, say: EnglishNumbers.cardinal(x) + " to " + EnglishNumbers.cardinal(y) + " year " + old)
        }
        // A toll-free number spelled as a word.
        guard a.is("1"), b.text.count == 3, b.text.hasPrefix("8") else { return nil }
        var words: [String] = [], j = i + 3
        while s[j]?.is("-") == true, s.glued(j), let word = s[j + 1], word.isWord, word.isAllCaps, s.glued(j + 1) {
            words.append(word.text.lowercased())
            j += 2
        }
        guard words.joined().count >= 3 else { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber { return nil }
        let prefix = b.is("800") ? "eight hundred" : EnglishNumbers.digits(b.text)
        return RuleMatch(end: j, say: "one " + prefix + " " + words.joined(separator: " "))
    }
}
