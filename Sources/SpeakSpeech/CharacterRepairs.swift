/// Characters that stand for other characters, put back before any rule reads the text:
/// HTML entities left in scraped text ("&quot;", "&#39;"), UTF-8 read as Windows-1252
/// ("Itâ€™s", "cafÃ©"), the long s, a Cyrillic letter inside a Latin word, a letter and its
/// combining accent, superscript ordinals ("4ᵗʰ"), Roman numeral characters ("Ⅳ"), "℃".
enum CharacterRepairs {
    static let entities: [String: String] = [
        "quot": "\"", "apos": "'", "lt": "<", "gt": ">", "nbsp": " ", "mdash": "—", "ndash": "–", "hellip": "…",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®",
        "trade": "™", "deg": "°", "eacute": "é", "egrave": "è", "aacute": "á", "iacute": "í", "oacute": "ó", "uacute": "ú",
        "ntilde": "ñ", "ccedil": "ç", "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "times": "×", "divide": "÷",
        "euro": "€", "pound": "£", "cent": "¢", "yen": "¥", "sect": "§", "para": "¶", "middot": "·", "bull": "•",
        "shy": "\u{00AD}", "thinsp": " ", "ensp": " ", "emsp": " ", "frac12": "½", "frac14": "¼", "frac34": "¾", "plusmn": "±",
    ]
    /// Windows-1252's letters in 0x80–0x9F, by the byte they stand for.
    static let windows1252: [Unicode.Scalar: UInt8] = [
        "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88, "‰": 0x89, "Š": 0x8A, "‹": 0x8B,
        "Œ": 0x8C, "Ž": 0x8E, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97, "˜": 0x98, "™": 0x99,
        "š": 0x9A, "›": 0x9B, "œ": 0x9C, "ž": 0x9E, "Ÿ": 0x9F,
    ]
    /// Cyrillic letters drawn like Latin ones.
    static let lookalikes: [Unicode.Scalar: Unicode.Scalar] = [
        "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "О": "O", "Р": "P", "Т": "T", "Х": "X",
        "а": "a", "с": "c", "е": "e", "о": "o", "р": "p", "х": "x", "у": "y", "і": "i", "ѕ": "s", "ј": "j",
    ]
    static let superscriptOrdinals = ["ˢᵗ": "st", "ⁿᵈ": "nd", "ʳᵈ": "rd", "ᵗʰ": "th"]

    /// The repair starting at `i`: how far it reaches and what it puts back.
    static func repair(_ s: [Unicode.Scalar], _ i: Int) -> (end: Int, text: String)? {
        let u = s[i]
        if u.value < 0x80 {
            if u == "&" { return entity(s, i) }
            if i + 1 < s.count, s[i + 1].value >= 0x300, s[i + 1].properties.generalCategory == .nonspacingMark, u.properties.isAlphabetic {
                return accented(s, i)
            }
            return nil
        }
        switch u {
        case "ſ": return (i + 1, "s")
        // "I ❤️ NY": the heart said as the verb it stands for.
        case "❤", "♥":
            if i >= 2, s[i - 1] == " ", s[i - 2] == "I", i == 2 || s[i - 3] == " " {
                return (i + 1 < s.count && s[i + 1] == "\u{FE0F}" ? i + 2 : i + 1, "love")
            }
        case "‛": return (i + 1, "'")
        // Ornamental quotation marks.
        case "❝", "❛": return (i + 1, "“")
        case "❞", "❜": return (i + 1, "”")
        // "1⁄2": a fraction slash between digits.
        case "⁄" where i > 0 && ("0"..."9").contains(s[i - 1]) && i + 1 < s.count && ("0"..."9").contains(s[i + 1]): return (i + 1, "/")
        // "It’ s": a space typed after an apostrophe, before a contraction's end.
        case "’" where i > 0 && s[i - 1].properties.isAlphabetic && i + 2 < s.count && s[i + 1] == " " && contraction(s, from: i + 2):
            return (i + 2, "’")
        case "℃": return (i + 1, "°C")
        case "℉": return (i + 1, "°F")
        case "⁉": return (i + 1, "?!")
        case "‼": return (i + 1 < s.count && s[i + 1] == "\u{FE0F}" ? i + 2 : i + 1, "!")
        case "№": return (i + 1, "No.")
        case "¬" where i + 1 < s.count && s[i + 1] == " " && i > 0 && s[i - 1].properties.isAlphabetic: return (i + 1, "-")
        // "200ºC": the ordinal indicator typed for a degree sign.
        case "º" where i > 0 && ("0"..."9").contains(s[i - 1]) && i + 1 < s.count && (s[i + 1] == "C" || s[i + 1] == "F"): return (i + 1, "°")
        // "2 ℓ": the script l of litres.
        case "ℓ": return (i + 1, i > 1 && ("0"..."9").contains(s[i - 2]) && s[i - 1] == " " || i > 0 && ("0"..."9").contains(s[i - 1]) ? "L" : "l")
        // "It’’s": an apostrophe typed twice.
        case "’" where i + 1 < s.count && s[i + 1] == "’" && i > 0 && s[i - 1].properties.isAlphabetic: return (i + 2, "’")
        default: break
        }
        if (0x2160...0x217F).contains(u.value) {
            var j = i
            var text = ""
            while j < s.count, (0x2160...0x217F).contains(s[j].value) { text += String(s[j]).precomposedStringWithCompatibilityMapping; j += 1 }
            return (j, text)
        }
        if i > 0, ("0"..."9").contains(s[i - 1]), i + 1 < s.count, let suffix = superscriptOrdinals[String(String.UnicodeScalarView([u, s[i + 1]]))] {
            return (i + 2, suffix)
        }
        if let latin = lookalikes[u], mixesLatin(s, i) { return (i + 1, String(latin)) }
        if let mojibake = mojibake(s, i) { return mojibake }
        if u.properties.isAlphabetic, i + 1 < s.count, s[i + 1].properties.generalCategory == .nonspacingMark { return accented(s, i) }
        if u.value >= 0xC0, let hat = hatted(s, i) { return hat }
        // "5 ㎞", "3 ㎏": a unit set in one square, as CJK fonts write it.
        if (0x3380...0x33DF).contains(u.value) { return (i + 1, String(u).precomposedStringWithCompatibilityMapping) }
        return nil
    }

    /// "s", "t", "re", "ll", "ve", "d", "m" and then no letter: the end of a contraction.
    static func contraction(_ s: [Unicode.Scalar], from k: Int) -> Bool {
        for end in ["s", "t", "re", "ll", "ve", "d", "m"] {
            let e = Array(end.unicodeScalars)
            guard k + e.count <= s.count, Array(s[k..<(k + e.count)]) == e else { continue }
            return k + e.count == s.count || !s[k + e.count].properties.isAlphabetic
        }
        return false
    }

    /// "ŷ" standing alone: a statistician's estimate, "y hat".
    static func hatted(_ s: [Unicode.Scalar], _ i: Int) -> (end: Int, text: String)? {
        guard i == 0 || !s[i - 1].properties.isAlphabetic, i + 1 == s.count || !s[i + 1].properties.isAlphabetic else { return nil }
        let parts = Array(String(s[i]).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard parts.count == 2, parts[1] == "\u{0302}", ("a"..."z").contains(parts[0]) else { return nil }
        return (i + 1, String(parts[0]) + " hat")
    }

    /// "e" + U+0301 → "é"; "x̄" (no letter of its own) → "x bar".
    static func accented(_ s: [Unicode.Scalar], _ i: Int) -> (end: Int, text: String)? {
        var j = i + 1
        while j < s.count, s[j].properties.generalCategory == .nonspacingMark { j += 1 }
        let composed = String(String.UnicodeScalarView(s[i..<j])).precomposedStringWithCanonicalMapping
        if composed.unicodeScalars.count == 1 { return (j, composed) }
        if s[i + 1] == "\u{0304}" || s[i + 1] == "\u{0305}", j == i + 2 { return (j, String(s[i]) + " bar") }
        return nil
    }

    static func entity(_ s: [Unicode.Scalar], _ i: Int) -> (end: Int, text: String)? {
        var j = i + 1
        var name = ""
        while j < s.count, j - i <= 9, s[j] != ";" {
            guard s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "#" else { return nil }
            name.unicodeScalars.append(s[j])
            j += 1
        }
        guard j < s.count, s[j] == ";", !name.isEmpty else { return nil }
        // An entity written about in quotes ("write \"&mdash;\"", "`&nbsp;`") is text.
        let before: Unicode.Scalar = i > 0 ? s[i - 1] : " ", after: Unicode.Scalar = j + 1 < s.count ? s[j + 1] : " "
        let quote: (Unicode.Scalar) -> Bool = { "\"“”`".unicodeScalars.contains($0) }
        if quote(before) || quote(after) { return nil }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
            return (j + 1, String(scalar))
        }
        // "&amp;" is said by the rules ("and", or kept in markup).
        guard name != "amp", let text = entities[name] else { return nil }
        return (j + 1, text)
    }

    /// A character of a UTF-8 sequence shown as Windows-1252: the lead (Â–ô) and as many
    /// continuation characters as it announces, when the bytes decode to one character.
    static func mojibake(_ s: [Unicode.Scalar], _ i: Int) -> (end: Int, text: String)? {
        let lead = s[i].value
        guard (0xC2...0xF4).contains(lead) else { return nil }
        let count = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
        guard i + count < s.count else { return nil }
        var bytes: [UInt8] = [UInt8(lead)]
        for k in 1...count {
            let c = s[i + k]
            if let b = windows1252[c] { bytes.append(b) } else if (0x80...0xBF).contains(c.value) { bytes.append(UInt8(c.value)) } else {
                // "helloâ€ and": the closing quote's last byte (0x9D, no character in Windows-1252) was lost.
                if lead == 0xE2, k == 2, s[i + 1] == "€" { return (i + 2, "”") }
                return nil
            }
        }
        var decoded = ""
        var iterator = bytes.makeIterator()
        var utf8 = UTF8()
        guard case .scalarValue(let scalar) = utf8.decode(&iterator), iterator.next() == nil else { return nil }
        decoded.unicodeScalars.append(scalar)
        return (i + count + 1, decoded)
    }

    /// The Cyrillic letter at `i` sits in a word with Latin letters.
    static func mixesLatin(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var start = i, end = i + 1
        while start > 0, s[start - 1].properties.isAlphabetic { start -= 1 }
        while end < s.count, s[end].properties.isAlphabetic { end += 1 }
        return s[start..<end].contains { $0.isASCII && $0.properties.isAlphabetic }
    }
}
