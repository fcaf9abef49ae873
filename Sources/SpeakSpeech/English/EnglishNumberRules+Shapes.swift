/// Numbers known by their shape and the word before them: local phone numbers and their
/// extensions, rooms and flights, ratios, thousands set apart by dots.
extension EnglishNumberRules {
    /// Words before a phone number.
    static let phoneWords: Set<String> = ["call", "dial", "dialed", "dialled", "calling", "dialing", "phone", "tel", "telephone", "fax",
                                          "text", "mobile", "cell", "ph", "number", "reach", "contact", "hotline", "line", "at", "on"]
    /// Words before a number said in pairs, as a name ("Room 1204" twelve oh four, "Flight 217").
    static let namedNumbers: Set<String> = ["room", "rm", "suite", "ste", "apt", "apartment", "flight", "gate", "bus", "platform",
                                            "ward", "locker", "pier", "terminal", "office", "highway", "hwy", "interstate", "route", "rte",
                                            "train", "track", "cabin", "berth", "studio", "hall", "lab", "lot", "unit"]
    /// Words that make "1:2:3" a ratio.
    static let ratioWords: Set<String> = ["ratio", "ratios", "scale", "mix", "mixed", "mixture", "odds", "aspect", "proportion",
                                          "proportions", "dilute", "diluted", "dilution", "map"]

    /// "Call 555-0134 x204" → five five five, zero one three four, extension two zero four.
    static func localPhone(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let a = s[i], a.isInteger, a.text.count == 3, s[i + 1]?.is("-") == true, s.glued(i + 1), let b = s[i + 2], b.isInteger,
              b.text.count == 4, s.glued(i + 2), s.startsWord(i), s.lower(i - 1).map(phoneWords.contains) == true else { return nil }
        if let after = s[i + 3], s.glued(i + 3), after.isWord || after.isNumber || after.is("-") { return nil }
        return RuleMatch(end: i + 3, say: EnglishNumbers.digits(a.text) + ", " + EnglishNumbers.digits(b.text))
    }

    /// "x204" after a phone number: its extension, digit by digit.
    static func phoneExtension(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let x = s[i], x.is("x") || x.is("X"), x.spaceBefore, let before = s.t[safe: i - 1], before.isInteger, before.text.count >= 4,
              let n = s[i + 1], n.isInteger, (2...5).contains(n.text.count), s.glued(i + 1),
              s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber) }) ?? true else { return nil }
        return RuleMatch(end: i + 2, say: ", extension " + EnglishNumbers.digits(n.text))
    }

    /// "555.867.5309": a phone number written with dots.
    static func dottedPhone(_ parts: [String]) -> String? {
        guard parts.map(\.count) == [3, 3, 4] else { return nil }
        return parts.map { EnglishNumbers.digits($0) }.joined(separator: ", ")
    }

    /// "1.200.000 inhabitants": thousands set apart by dots, as much of Europe writes them.
    static func dottedThousands(_ parts: [String]) -> String? {
        guard parts.count >= 3, (1...3).contains(parts[0].count), !parts[0].hasPrefix("0"), parts.dropFirst().allSatisfy({ $0.count == 3 }),
              let value = Int(parts.joined()) else { return nil }
        return EnglishNumbers.cardinal(value)
    }

    /// "Room 1204" → twelve oh four, "Flight 217" → two seventeen.
    static func namedNumber(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, (3...4).contains(n.text.count), !n.text.hasPrefix("0"), let value = Int(n.text), n.spaceBefore,
              let before = s[i - 1], before.isWord, before.isCapitalized || before.isLowercase, namedNumbers.contains(before.text.lowercased()),
              s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber || $0.is("-") || $0.is("/")) }) ?? true else { return nil }
        // "in Route 9 and Room 1204"; not "a room 1200 feet long".
        guard before.isCapitalized || s[i + 1].map({ !$0.isWord || EnglishUnits.units[$0.text] == nil }) ?? true else { return nil }
        if value % 100 == 0 { return nil }
        return RuleMatch(end: i + 1, say: n.text.count == 4 ? EnglishNumbers.name(value) : octet(value))
    }

    /// "a 1:2:3 mix", "a scale of 1:50,000" → one to two to three, one to fifty thousand.
    static func ratio(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.text.contains(":"), !n.text.contains("."), s.t.contains(where: { ratioWords.contains($0.text.lowercased()) }) else { return nil }
        let parts = n.text.split(separator: ":").map { $0.replacingOccurrences(of: ",", with: "") }
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return RuleMatch(end: i + 1, say: parts.map { EnglishNumbers.cardinal(Int($0) ?? 0) }.joined(separator: " to "))
    }

    /// "2,5%": a decimal comma before a percent sign (three digits would be thousands).
    static func commaPercent(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], s[i + 1]?.is("%") == true, s.glued(i + 1) else { return nil }
        let parts = n.text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[1].count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return RuleMatch(end: i + 2, say: EnglishNumbers.cardinal(Int(parts[0]) ?? 0) + " point " + EnglishNumbers.digits(String(parts[1])) + " percent")
    }

    /// "100s of fans" → hundreds of fans; "1000s" → thousands.
    static func roundPlural(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], let word = ["10": "tens", "100": "hundreds", "1000": "thousands", "1,000": "thousands"][n.text],
              s[i + 1]?.is("s") == true, s.glued(i + 1), s.lower(i + 2) == "of" else { return nil }
        return RuleMatch(end: i + 2, say: s.startsWord(i) && (i == 0 || s.t[safe: i - 1].map { [".", "!", "?"].contains($0.text) } == true)
            ? word.prefix(1).uppercased() + word.dropFirst() : word)
    }

    /// "+1 (555) 123-4567", "020 7946 0958": a phone number digit by digit, a pause between groups.
    static func phone(_ s: Scan, _ i: Int) -> RuleMatch? {
        var j = i
        var groups: [String] = []
        var prefix = ""
        if s[j]?.is("+") == true, s.glued(j + 1) { prefix = "plus "; j += 1 }
        if s[j]?.is("(") == true, let area = s[j + 1], area.isInteger, area.text.count == 3, s[j + 2]?.is(")") == true {
            groups.append(area.text)
            j += 3
        }
        var sawHyphen = false
        while let g = s[j], g.isInteger, g.text.count <= 4, groups.count < 6 {
            if !groups.isEmpty, !g.spaceBefore { break }
            groups.append(g.text)
            j += 1
            // Groups joined by hyphens or dots count as one run.
            while let sep = s[j], sep.is("-") || sep.is("."), s.glued(j), let h = s[j + 1], h.isInteger, h.text.count <= 4, s.glued(j + 1) {
                groups.append(h.text)
                sawHyphen = true
                j += 2
            }
            if prefix.isEmpty, !sawHyphen, groups.count == 1 { break }
        }
        let digits = groups.joined().count
        guard groups.count >= 3, digits >= 7, digits <= 15 else { return nil }
        if prefix.isEmpty, !sawHyphen, s[i]?.is("(") != true { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: j, say: prefix + groups.map { EnglishNumbers.digits($0) }.joined(separator: ", "))
    }
}
