/// Numbers that name things rather than count them: identifiers with hyphens ("CVE-2023-3446"),
/// sizes ("1920x1080"), video lines ("1080p"), hexadecimal ("0x1F").
extension EnglishNumberRules {
    /// Words before a score: "beat Hungary 2-0", "a 5-4 ruling", "won 3-1".
    static let scoreWords: Set<String> = ["beat", "beats", "won", "win", "wins", "lost", "lose", "loses", "defeated", "drew", "draw",
                                          "tied", "trail", "trailed", "trailing", "led", "leads", "lead", "leading", "a", "an", "the",
                                          "by", "record", "vote", "voted", "outscored", "outshot", "edged", "routed", "clinched", "same"]
    /// Capitalized words that number a document's parts: "Rule 12-1", "Form 10-4".
    static let documentNouns: Set<String> = ["Rule", "Form", "Code", "Section", "Chapter", "Article", "Title", "Part", "Page", "No",
                                             "Room", "Route", "Exhibit", "Figure", "Table", "Appendix", "Schedule", "Line", "Item",
                                             "Clause", "Paragraph", "Act", "Bill", "Unit", "Model", "Case", "Docket", "Flight", "Gate"]

    /// A pair of numbers with a hyphen is a score where a result is told.
    static func isScore(_ s: Scan, _ i: Int) -> Bool {
        guard let prev = s.t[safe: i - 1] else { return false }
        if prev.isWord, prev.isLowercase { return scoreWords.contains(prev.text) }
        if prev.is(",") { return s.t[safe: i - 2].map { $0.isWord && scoreWords.contains($0.text.lowercased()) } ?? false }
        // "the Capitals' 5-2 victory".
        if prev.is("'") || prev.is("’") { return s.t[safe: i - 2].map { $0.isWord && $0.isCapitalized } ?? false }
        return prev.isWord && prev.isCapitalized && !documentNouns.contains(prev.text) && i >= 2 && !(s.t[safe: i - 2]?.is(".") ?? true)
    }

    /// Standards' words before a number that names a part or an edition ("ISO 3166-1").
    static let standards: Set<String> = ["ISO", "IEEE", "IEC", "RFC", "ANSI", "ECMA", "EN", "DIN", "POSIX", "BS", "ISO/IEC", "ASTM",
                                          "FIPS", "SP", "ETSI", "JIS", "SAE", "TIA", "EIA", "ASME", "ARINC"]

    /// A name with numbers and hyphens, not a range: "CVE-2023-3446" (C V E twenty twenty
    /// three dash thirty four forty six), "glib-2-74", "A350-900", "IEEE 754-2019".
    static func identifier(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let a = s[i], a.isInteger, let prev = s.t[safe: i - 1] else { return nil }
        let onAWord = s.glued(i) && (prev.isWord || prev.is("-") && s.t[safe: i - 2].map({ $0.isWord && s.glued(i - 1) }) == true)
        // "IEEE 754-2019", and a standard's part: "POSIX.1-2017".
        let standard = prev.isWord && standards.contains(prev.text) && !s.glued(i)
            || prev.is(".") && s.glued(i) && s.glued(i - 1) && s.t[safe: i - 2].map { $0.isWord && standards.contains($0.text) } == true
        guard onAWord || standard else { return nil }
        var parts = [a.text], j = i + 1
        while let dash = s[j], dash.is("-"), s.glued(j), let n = s[j + 1], n.isInteger, s.glued(j + 1) {
            parts.append(n.text)
            j += 2
        }
        guard parts.count >= 2 else { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber || after.is("-") { return nil }
        // "FY2023-24", "FY2019-2020": years, a range.
        if parts.count == 2, isYear(a), let x = Int(parts[0]), let y = Int(parts[1]), parts[1].count == 2 ? y == (x + 1) % 100 : y > x && y - x < 10 { return nil }
        return RuleMatch(end: j, say: parts.map { EnglishNumbers.name(Int($0) ?? 0) }.joined(separator: " dash "))
    }

    /// "1920x1080" → nineteen twenty by ten eighty, "2x4" → two by four, "10x20x30" (not "0x1F").
    static func dimensions(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let hex = hexadecimal(s, i) { return hex }
        // "1080p", "720p", "4320p": a video's lines, said as a name.
        if let n = s[i], [240, 360, 480, 540, 720, 1080, 1440, 2160, 4320].contains(Int(n.text) ?? 0), let p = s[i + 1], p.is("p") || p.is("i"),
           s.glued(i + 1), s[i + 2].map({ !(s.glued(i + 2) && ($0.isWord || $0.isNumber)) }) ?? true {
            return RuleMatch(end: i + 2, say: EnglishNumbers.name(Int(n.text) ?? 0) + " " + p.text.uppercased())
        }
        guard let a = s[i], a.isInteger, a.text != "0", !s.glued(i) || s[i - 1].map({ !$0.isWord }) == true else { return nil }
        var sides = [a.text], j = i + 1
        while let x = s[j], x.is("x") || x.is("×"), s.glued(j), let n = s[j + 1], n.isInteger, s.glued(j + 1) {
            sides.append(n.text)
            j += 2
        }
        guard sides.count > 1 else { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber { return nil }
        // "the 4×100 m relay": so many legs of a distance; the unit is the distance's.
        if sides.count == 2, (Int(sides[0]) ?? 99) <= 12, let unit = s[j], unit.spaceBefore, EnglishUnits.units[unit.text] != nil {
            return RuleMatch(end: j - 1, say: EnglishNumbers.name(Int(sides[0]) ?? 0) + " by")
        }
        return RuleMatch(end: j, say: sides.map { EnglishNumbers.name(Int($0) ?? 0) }.joined(separator: " by "))
    }

    /// "0x1F" → hex one F, "0xdeadbeef" → hex D E A D B E E F.
    static func hexadecimal(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let zero = s[i], zero.is("0"), s[i + 1]?.text.first == "x", s.glued(i + 1) else { return nil }
        var digits = String(s[i + 1]?.text.dropFirst() ?? ""), j = i + 2
        while let part = s[j], s.glued(j), part.isWord || part.isInteger { digits += part.text; j += 1 }
        guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return nil }
        let said = digits.map { c in c.wholeNumberValue.map { EnglishNumbers.ones[$0] } ?? String(c).uppercased() }
        return RuleMatch(end: j, say: "hex " + said.joined(separator: " "))
    }

    /// "1e-09" → one times ten to the minus nine, "321e+5", "5.55e-17" (not "LaTeX2e", "3e4a").
    static func scientific(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let mantissa = s[i], mantissa.isNumber, !(s.glued(i) && s[i - 1]?.isWord == true), let e = s[i + 1], e.is("e") || e.is("E"),
              s.glued(i + 1) else { return nil }
        var j = i + 2, sign = ""
        if let mark = s[j], mark.is("-") || mark.is("+") || mark.is("−"), s.glued(j) { sign = mark.is("+") ? "" : "minus "; j += 1 }
        // (Not a commit's hash: "010e5661".)
        guard let exponent = s[j], exponent.isInteger, s.glued(j), exponent.text.count <= 3, let power = Int(exponent.text),
              !(mantissa.text.hasPrefix("0") && mantissa.text.count > 1 && !mantissa.text.hasPrefix("0.")) else { return nil }
        if let after = s[j + 1], s.glued(j + 1), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: j + 1, say: mantissa.text + " times ten to the " + sign + EnglishNumbers.cardinal(power))
    }

    /// "1280 x 1024" → twelve eighty by ten twenty four; "1.5 x 10⁵" → times.
    static func spacedBy(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let a = s[i], a.isNumber, let x = s[i + 1], x.is("x"), x.spaceBefore, let b = s[i + 2], b.isNumber, b.spaceBefore else { return nil }
        if b.is("10"), s[i + 3].map({ s.glued(i + 3) && EnglishSymbols.superscripts[$0.text.unicodeScalars.first ?? " "] != nil }) == true {
            return RuleMatch(end: i + 2, say: a.text + " times")
        }
        guard a.isInteger, b.isInteger, let m = Int(a.text), let n = Int(b.text) else { return nil }
        if let after = s[i + 3], s.glued(i + 3), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: i + 3, say: EnglishNumbers.name(m) + " by " + EnglishNumbers.name(n))
    }
}
