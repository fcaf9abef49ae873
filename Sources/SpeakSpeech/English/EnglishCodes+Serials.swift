/// Serial, part and order numbers: identifiers, not quantities, so their digits are said one
/// by one ("SN-4471-X" → S N four four seven one X, "order #48213" → four eight two one three).
extension EnglishCodes {
    /// Nouns that name an identifier when "number", "no.", "#", "code" or "ID" follows them.
    static let identifierNouns: Set<String> = ["serial", "tracking", "confirmation", "order", "part", "invoice", "booking", "reference",
                                               "ref", "account", "policy", "ticket", "case", "receipt", "transaction", "membership",
                                               "customer", "item", "product", "batch", "lot", "claim", "shipment", "parcel"]
    static let identifierMarkers: Set<String> = ["number", "no", "#", "code", "id", "num", "nr"]
    /// Standards whose numbers are said as numbers ("ISO-8859-1", "CVE-2016-6313").
    static let standardPrefixes: Set<String> = ["ISO", "CVE", "RFC", "IEC", "EN", "DIN", "ANSI", "IEEE", "ECMA", "NIST", "FIPS", "MIL",
                                                "UTF", "SHA", "MD", "BS", "JIS", "GB", "IS", "EC", "PEP", "JSR", "CWE", "GHSA", "KB", "MS"]

    /// "F-150", "B-52", "I-95": a letter and a model's number; "SHA-256", "MD5"-like names of
    /// algorithms; "Agent 007" double oh seven; "Form 1040" ten forty.
    static func designation(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.isWord, s.startsWord(i), tok.text.count == 1 && tok.text.first?.isUppercase == true || ["SHA", "AES", "RSA", "CRC"].contains(tok.text),
           s[i + 1]?.is("-") == true, s.glued(i + 1), let n = s[i + 2], n.isInteger, s.glued(i + 2), (2...3).contains(n.text.count),
           !n.text.hasPrefix("0"), let value = Int(n.text), value % 100 != 0,
           s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber || $0.is("-")) }) ?? true {
            return RuleMatch(end: i + 3, say: EnglishWords.spell(tok.text) + " " + EnglishNumbers.name(value))
        }
        if tok.isInteger, tok.text.count == 3, tok.text.hasPrefix("00"), tok.text.last != "0", s.startsWord(i),
           s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber) }) ?? true, let last = tok.text.last {
            return RuleMatch(end: i + 1, say: "double oh " + EnglishNumbers.digits(String(last)))
        }
        if tok.isInteger, tok.text.count == 4, s.text(i - 1) == "Form", let value = Int(tok.text), value % 100 != 0,
           s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: i + 1, say: EnglishNumbers.year(value))
        }
        return nil
    }

    static func serial(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let first = s[i], first.isWord || first.isInteger, s.startsWord(i) else { return nil }
        // (A shaped code's first group is one word before its hyphen; every other token of a
        // text needs no look further than this.)
        let named = namedIdentifier(s, before: i)
        guard named || s[i + 1]?.is("-") == true && s.glued(i + 1) else { return nil }
        var end = s.run(from: i)
        while end > i + 1, let last = s[end - 1], !(last.isWord || last.isNumber) { end -= 1 }
        var groups: [String] = [""]
        for k in i..<end {
            guard let tok = s[k] else { return nil }
            if tok.is("-") {
                groups.append("")
            } else if tok.isInteger || tok.isWord && tok.text.allSatisfy({ $0.isASCII && $0.isLetter }) {
                groups[groups.count - 1] += tok.text
            } else {
                return nil
            }
        }
        guard groups.allSatisfy({ !$0.isEmpty }) else { return nil }
        let isDigits: (String) -> Bool = { $0.allSatisfy(\.isNumber) }
        let isCapitals: (String) -> Bool = { $0.allSatisfy { $0.isUppercase } }
        // "SN-4471-X", "AB-1234-C": capitals, at least three digits, capitals.
        let shaped = groups.count == 3 && isCapitals(groups[0]) && groups[0].count <= 4 && isDigits(groups[1]) && groups[1].count >= 3
            && isCapitals(groups[2]) && groups[2].count <= 3 && !standardPrefixes.contains(groups[0])
        guard shaped || named else { return nil }
        let code = groups.joined()
        // After "order number": a number of four digits or more, or letters mixed with digits.
        guard shaped || code.count >= 4 && isDigits(code) || code.contains(where: \.isNumber) && code.contains(where: \.isLetter)
                && code.allSatisfy({ $0.isNumber || $0.isUppercase }) else { return nil }
        let said = groups.map { group -> String in
            var words: [String] = []
            var letters = ""
            for c in group {
                // "XR-200-B": a round hundred is said as one.
                if c.isNumber, group.count <= 4, let n = Int(group), n % 100 == 0, n > 0 { return EnglishNumbers.cardinal(n) }
                if c.isNumber {
                    if !letters.isEmpty { words.append(EnglishWords.spell(letters)); letters = "" }
                    words.append(EnglishNumbers.digits(String(c)))
                } else {
                    letters.append(c)
                }
            }
            if !letters.isEmpty { words.append(EnglishWords.spell(letters)) }
            return words.joined(separator: " ")
        }
        return RuleMatch(end: end, say: said.joined(separator: " "))
    }

    /// "serial number is", "order #", "part no.", "tracking code:" just before `i`.
    static func namedIdentifier(_ s: Scan, before i: Int) -> Bool {
        var k = i - 1
        while k >= 0, k >= i - 3, let tok = s.lower(k), ["is", ":", ".", "was", "reads"].contains(tok) { k -= 1 }
        guard let marker = s.lower(k), identifierMarkers.contains(marker), let noun = s.lower(k - 1) else { return false }
        return identifierNouns.contains(noun)
    }
}
