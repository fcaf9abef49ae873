/// Numbers and names that are codes, said the way people say that kind of code: ZIP codes
/// digit by digit, "port 8080" as eighty eighty, "a 404 error" as four oh four, "Boeing 747"
/// as seven forty seven, "the 9/11 attacks" as nine eleven, "Ubuntu 22.04" as twenty two oh
/// four, ".NET" as dot net, "HTTP/2" as H T T P two.
enum EnglishCodes {
    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.isWord || tok.isInteger, let code = serial(s, i) ?? designation(s, i) { return code }
        if tok.isWord || tok.isNumber, let code = hardware(s, i) { return code }
        if tok.isInteger { return zip(s, i) ?? port(s, i) ?? status(s, i) ?? model(s, i) ?? dateName(s, i) ?? mode(s, i) ?? pence(s, i) }
        if tok.isNumber { return release(s, i) }
        // "A380", "H264": a capital written against three digits, said with its letter.
        if tok.isWord, tok.text.count == 1, tok.text.allSatisfy(\.isUppercase), s.startsWord(i), let n = s[i + 1], n.isInteger,
           n.text.count == 3, s.glued(i + 1), let value = Int(n.text), value % 100 != 0, !n.text.hasPrefix("0"),
           s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber || $0.is("-")) }) ?? true {
            return RuleMatch(end: i + 2, say: EnglishWords.spell(tok.text) + " " + EnglishNumbers.name(value))
        }
        // "Press Esc", "hit Del": a key by its name.
        if tok.isWord, let key = EnglishWords.keys[tok.text], let before = s.lower(i - 1), ["press", "hit", "tap", "pressing", "hold", "use"].contains(before),
           s[i + 1].map({ !s.glued(i + 1) || [".", ",", ";", ":", "!", "?", ")"].contains($0.text) }) ?? true {
            return RuleMatch(end: i + 1, say: key)
        }
        if tok.is("."), tok.spaceBefore || i == 0, s[i + 1]?.text == "NET", s.glued(i + 1),
           s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: i + 2, say: "dot net")
        }
        if tok.text == "HTTP" || tok.text == "HTTPS", s[i + 1]?.is("/") == true, s.glued(i + 1), let v = s[i + 2], v.isNumber, s.glued(i + 2) {
            return RuleMatch(end: i + 3, say: EnglishWords.spell(tok.text) + " " + v.text)
        }
        // "Q&A", "R&D", "AT&T": letters joined by an ampersand.
        if tok.isWord, tok.text.allSatisfy(\.isUppercase), tok.text.count <= 3, s.startsWord(i), s[i + 1]?.is("&") == true, s.glued(i + 1),
           let other = s[i + 2], other.isWord, other.text.allSatisfy(\.isUppercase), other.text.count <= 3, s.glued(i + 2),
           s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: i + 3, say: EnglishWords.spell(tok.text) + " and " + EnglishWords.spell(other.text))
        }
        // "SELECT * FROM", "COUNT(*)": every column.
        if tok.is("*"), let before = s.text(i - 1), ["SELECT", "select"].contains(before) || before == "(" && s.lower(i - 2) == "count" {
            return RuleMatch(end: i + 1, say: "star")
        }
        if tok.is("&"), let markup = entity(s, i) { return markup }
        if tok.is("<"), let tag = tag(s, i) { return tag }
        if tok.text == "PET", let next = s.lower(i + 1), ["scan", "scans", "scanner", "scanners", "imaging"].contains(next) {
            return RuleMatch(end: i + 1, say: "pet")
        }
        return nil
    }

    /// "ZIP code 90210", "zip 10001-1234": digit by digit.
    static func zip(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.text.count == 5 else { return nil }
        let words = [s.lower(i - 1), s.lower(i - 2), s.lower(i - 3)].compactMap { $0 }
        guard words.contains(where: { ["zip", "zipcode", "postcode"].contains($0) }) else { return nil }
        if let dash = s[i + 1], dash.is("-"), s.glued(i + 1), let plus = s[i + 2], plus.isInteger, plus.text.count == 4, s.glued(i + 2) {
            return RuleMatch(end: i + 3, say: EnglishNumbers.digits(n.text) + ", " + EnglishNumbers.digits(plus.text))
        }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.digits(n.text))
    }

    /// "port 8080" → eighty eighty, "port 443" → four four three, "port 3000" as a number.
    static func port(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], ["port", "ports"].contains(s.lower(i - 1) ?? "") else { return nil }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber { return nil }
        return portNumber(n.text).map { RuleMatch(end: i + 1, say: $0) }
    }

    /// How a port's number is said; nil for one said as a number ("3000", "22").
    static func portNumber(_ text: String) -> String? {
        guard let value = Int(text), !text.hasPrefix("0") else { return nil }
        switch text.count {
        case 3 where value % 100 != 0: return EnglishNumbers.digits(text)
        case 4 where value % 1000 != 0 && value / 100 >= 10 && value % 100 >= 10:
            return EnglishNumbers.year(value)
        case 5: return EnglishNumbers.digits(text)
        default: return nil
        }
    }

    /// "a 404 error", "HTTP 503", "status 301": four oh four, five oh three, three oh one.
    static func status(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.text.count == 3, let value = Int(n.text), (100...599).contains(value) else { return nil }
        let before = s.text(i - 1) ?? "", after = s.lower(i + 1) ?? ""
        // (Not "exits with status 127", "exit code 125": a program's status is a number.)
        guard ["HTTP", "HTTPS", "error", "Error"].contains(before)
            || ["error", "errors", "page", "pages", "status", "response", "responses", "redirect", "redirects"].contains(after) else { return nil }
        if let next = s[i + 1], s.glued(i + 1), next.isWord || next.isNumber { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.name(value))
    }

    /// "Boeing 747", "Porsche 911", "Cessna 172": a maker's model, said in its two parts.
    static func model(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], (3...4).contains(n.text.count), let value = Int(n.text), value % 100 != 0, !n.text.hasPrefix("0"),
              let maker = s.text(i - 1) else { return nil }
        // ("A350-900": the identifier's rule says it whole.)
        if let next = s[i + 1], s.glued(i + 1), next.isWord || next.isNumber || next.is("-") { return nil }
        // "Flight 217", "flight 1549": two seventeen, fifteen forty nine.
        if maker.lowercased() == "flight" {
            return RuleMatch(end: i + 1, say: n.text.count == 3 ? EnglishNumbers.name(value)
                : EnglishNumbers.cardinal(value / 100) + " " + (value % 100 < 10 ? "oh " : "") + EnglishNumbers.cardinal(value % 100))
        }
        guard n.text.count == 3, makers.contains(maker) else { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.name(value))
    }

    static let makers: Set<String> = ["Boeing", "Porsche", "Peugeot", "Cessna", "Airbus", "Bombardier", "Embraer", "Tupolev", "Ilyushin"]

    /// "the 9/11 attacks", "after 9/11": a day named by its date, not nine elevenths.
    static func dateName(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let m = s[i], let month = Int(m.text), (1...12).contains(month), s[i + 1]?.is("/") == true, s.glued(i + 1),
              let d = s[i + 2], d.isInteger, s.glued(i + 2), let day = Int(d.text), (11...31).contains(day),
              ![12, 16, 20, 24, 25, 30].contains(day), s[i + 3].map({ !($0.is("/") && s.glued(i + 3)) }) ?? true,
              let before = s.lower(i - 1), ["the", "after", "since", "before", "post", "pre", "of"].contains(before) else { return nil }
        if let next = s[i + 3], s.glued(i + 3), next.isWord || next.isNumber { return nil }
        return RuleMatch(end: i + 3, say: EnglishNumbers.cardinal(month) + " " + EnglishNumbers.cardinal(day))
    }

    /// "&amp;", "&lt;" written out in text that was HTML once; "&c." is et cetera.
    static func entity(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let name = s[i + 1], name.isWord, s.glued(i + 1) else { return nil }
        if name.text == "c", s[i + 2]?.is(".") == true, s.glued(i + 2) { return RuleMatch(end: i + 3, say: "et cetera") }
        guard s[i + 2]?.is(";") == true, s.glued(i + 2),
              let said = ["amp": "and"][name.text], s[i + 3].map({ !s.glued(i + 3) || !$0.isWord }) ?? true else { return nil }
        return RuleMatch(end: i + 3, say: said)
    }

    /// "<b>", "</i>", "<br/>": a tag of HTML left in text is not read.
    static func tag(_ s: Scan, _ i: Int) -> RuleMatch? {
        var j = i + 1
        if s[j]?.is("/") == true, s.glued(j) { j += 1 }
        guard let name = s[j], name.isWord, s.glued(j), htmlTags.contains(name.text) else { return nil }
        let closing = j == i + 2
        j += 1
        if s[j]?.is("/") == true, s.glued(j) { j += 1 }
        guard s[j]?.is(">") == true, s.glued(j) else { return nil }
        // Only markup: "<b>bold</b>" has its pair; "Use <div> for it" or "a package <I>" talks about one.
        let paired = s.t.indices.contains { k in
            k + 2 < s.t.count && s.t[k].is("<") && (closing ? !s.t[k + 1].is("/") && s.t[k + 1].text == name.text && k < i
                                                     : s.t[k + 1].is("/") && s.t[k + 2].text == name.text && k > i)
        }
        guard paired || ["br", "hr"].contains(name.text) else { return nil }
        return RuleMatch(end: j + 1, say: " ")
    }

    static let htmlTags: Set<String> = ["b", "i", "u", "em", "strong", "br", "p", "span", "div", "sup", "sub", "small", "code", "tt", "s", "mark", "hr"]

    /// "chmod 755", "umask 022": a file's mode, digit by digit.
    static func mode(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], (3...4).contains(n.text.count), n.text.allSatisfy({ ("0"..."7").contains($0) }),
              let before = s.lower(i - 1), ["chmod", "umask", "mode", "permissions"].contains(before) else { return nil }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.digits(n.text))
    }

    /// "costs 85p", "for 50p": pence, where a price is meant (not "1080p").
    static func pence(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.text.count <= 2, let p = s[i + 1], p.is("p"), s.glued(i + 1),
              s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber) }) ?? true,
              s.writesPounds || ["costs", "cost", "for", "just", "only", "pay", "paid", "at", "charge", "charges", "fare", "price"].contains(s.lower(i - 1) ?? "") else { return nil }
        return RuleMatch(end: i + 2, say: n.text + (n.text == "1" ? " penny" : " pence"))
    }

    /// "Ubuntu 22.04": a release named by its year and month.
    static func release(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], s.text(i - 1) == "Ubuntu" || s.text(i - 1) == "Kubuntu" || s.text(i - 1) == "Xubuntu" else { return nil }
        let parts = n.text.split(separator: ".")
        guard parts.count == 2 || parts.count == 3, parts[0].count == 2, parts[1].count == 2, let year = Int(parts[0]),
              let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        var said = EnglishNumbers.cardinal(year) + " " + (month < 10 ? "oh " : "") + EnglishNumbers.cardinal(month)
        if parts.count == 3, let point = Int(parts[2]) { said += " point " + EnglishNumbers.cardinal(point) }
        return RuleMatch(end: i + 1, say: said)
    }
}
