/// Numbers said as people say them: decades, years, ranges, fractions, phone numbers,
/// versions, "5M" and "10k".
enum EnglishNumberRules {
    static let dashes: Set<String> = ["–", "-", "—", "−"]
    /// Words after which a four-digit number is a year.
    static let yearWords: Set<String> = ["in", "since", "by", "until", "till", "from", "to", "of", "during", "circa", "before", "after",
                                         "around", "between", "and", "early", "late", "mid", "year", "summer", "winter", "spring",
                                         "autumn", "fall", "c", "ca", "through", "the", "for", "as", "at", "on", "than", "fiscal", "FY", "fy"]
    /// Words that may follow a year: a number followed by another lowercase word is a count.
    static let afterYear: Set<String> = ["and", "or", "to", "was", "were", "is", "in", "on", "at", "when", "with", "the", "a", "had",
                                         "has", "saw", "brought", "marked", "became", "through", "until", "onward", "onwards", "but",
                                         "as", "after", "before", "by", "for", "of", "that", "which", "where", "he", "she", "it",
                                         "they", "we", "i", "election", "season", "census", "edition", "version", "model", "film",
                                         "study", "survey", "report", "olympics", "paper", "article"]
    /// Words before a number with dots that make it a version ("kernel 2.6.13"), not a date.
    static let versionWords: Set<String> = ["version", "ver", "v", "release", "rev", "revision", "kernel", "linux", "python", "node",
                                            "build", "firmware"]
    /// Pre-release tags after a version and its hyphen ("2.6.13-rc2"), as they are said.
    static let preReleases: [String: String] = ["rc": "R C", "alpha": "alpha", "beta": "beta", "pre": "pre", "dev": "dev"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.is("'") || tok.is("’"), let n = s[i + 1], n.isInteger, n.text.count == 2, s.glued(i + 1), let value = Int(n.text) {
            if s[i + 2]?.is("s") == true, s.glued(i + 2) {
                return RuleMatch(end: i + 3, say: EnglishNumbers.plural(EnglishNumbers.cardinal(value)))
            }
            // "the class of '09", "summer '85": a year's last two digits.
            if tok.spaceBefore || i == 0, s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber || $0.is("'") || $0.is("’")) }) ?? true {
                return RuleMatch(end: i + 2, say: value < 10 ? "oh " + EnglishNumbers.cardinal(value) : EnglishNumbers.cardinal(value))
            }
        }
        if tok.is("+") || tok.is("("), let phone = phone(s, i) { return phone }
        if tok.is("−"), let n = s[i + 1], n.isNumber, s.glued(i + 1) { return RuleMatch(end: i + 1, say: "minus") }
        if tok.text == "v" || tok.text == "V", let version = prefixedVersion(s, i) { return version }
        if let offset = compactSign(s, i) { return offset }
        // "-$40", "−€5": a sum owed.
        if tok.is("-") || tok.is("−"), tok.spaceBefore || i == 0, let sign = s[i + 1], ["$", "€", "£", "¥", "₹"].contains(sign.text),
           s.glued(i + 1), s[i + 2]?.isNumber == true, s.glued(i + 2) {
            return RuleMatch(end: i + 1, say: "minus")
        }
        // "-20 °C", "-0.5 dB": a hyphen for a minus before a measurement (not an option like "-1").
        if tok.is("-"), tok.spaceBefore || i == 0, let n = s[i + 1], n.isNumber, s.glued(i + 1),
           n.text.contains(".") || s[i + 2].map({ ["°", "%"].contains($0.text) || EnglishUnits.units[$0.text] != nil }) == true {
            return RuleMatch(end: i + 1, say: "minus")
        }
        if tok.is("."), let point = bareDecimal(s, i) { return point }
        if tok.is("x") || tok.is("X"), let ext = phoneExtension(s, i) { return ext }
        guard tok.isNumber else { return nil }
        if let angle = EnglishMath.coordinates(s, i) { return angle }
        if let code = localPhone(s, i) ?? codes(s, i) { return code }
        if let phone = phone(s, i) { return phone }
        if let grouped = spacedThousands(s, i) { return grouped }
        let rules: [(Scan, Int) -> RuleMatch?] = [codeSection, spokenDashes, ratio, commaPercent, roundPlural, namedNumber, scientific, spacedBy, dimensions, decade, ordinal, military, range, fraction, power, multiplier, unitLetter, version, year]
        for rule in rules {
            if let m = rule(s, i) { return m }
        }
        return nil
    }

    /// Variables a minus is glued to in code ("len-1", "n-1").
    static let variables: Set<String> = ["len", "count", "length", "idx", "index", "offset", "pos", "num"]

    /// A sign glued into code or a time: "len-1", "n-1", "2³¹-1" (minus); "UTC+01:00",
    /// "…19.120-04:00" (a time zone's offset: plus one, minus four).
    static func compactSign(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let sign = s[i], sign.is("-") || sign.is("+") || sign.is("−"), s.glued(i), let n = s[i + 1], n.isNumber, s.glued(i + 1),
              let prev = s.t[safe: i - 1] else { return nil }
        let word = sign.is("+") ? "plus" : "minus"
        let parts = n.text.split(separator: ":")
        if parts.count == 2, parts[0].count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]), h <= 14,
           prev.isNumber && prev.text.contains(":") || ["UTC", "GMT", "Z", "T"].contains(prev.text) {
            return RuleMatch(end: i + 2, say: word + " " + EnglishNumbers.cardinal(h) + (m == 0 ? "" : " " + EnglishNumbers.cardinal(m)))
        }
        guard n.isInteger, s[i + 2].map({ !(s.glued(i + 2) && ($0.isWord || $0.isNumber)) }) ?? true else { return nil }
        // ("K-12", "k-12" are grades.)
        let variable = prev.isWord && (prev.text.count == 1 && prev.isLowercase && prev.text != "k" || variables.contains(prev.text))
        let power = EnglishSymbols.superscripts[prev.text.unicodeScalars.first ?? " "] != nil
        // A value set or listed: "hours=-3", "(-5)", "[-1, 2]" (not an option: "(-1 for none").
        let value = !sign.is("+") && (prev.is("=") || (prev.is("(") || prev.is("[")) && s[i + 2].map { [")", "]", ","].contains($0.text) } == true)
        return variable || power || value ? RuleMatch(end: i + 1, say: (power || value ? " " : "") + word) : nil
    }

    /// "100th" → one hundredth (eSpeak says "one hundred th").
    static func ordinal(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, let suffix = s[i + 1], s.glued(i + 1), ["st", "nd", "rd", "th"].contains(suffix.text),
              let value = Int(n.text), value >= 100 else { return nil }
        if let after = s[i + 2], s.glued(i + 2), after.isWord || after.isNumber { return nil }
        return RuleMatch(end: i + 2, say: EnglishNumbers.ordinal(value))
    }

    /// Numbers read digit by digit: emergency numbers after "call" or "dial" (911, 999, 112),
    /// ISBNs and other long runs of hyphenated digit groups (978-0-306-40615-7).
    static func codes(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger else { return nil }
        if n.text.count == 3, let before = s.lower(i - 1), ["call", "dial", "dialed", "dialled", "calling", "dialing", "phone"].contains(before) {
            return RuleMatch(end: i + 1, say: EnglishNumbers.digits(n.text))
        }
        var groups = [n.text]
        var j = i + 1
        while let dash = s[j], dash.is("-"), s.glued(j), let g = s[j + 1], g.isInteger, s.glued(j + 1) {
            groups.append(g.text)
            j += 2
        }
        let isbn = [s.text(i - 1), s.text(i - 2), s.text(i - 3)].contains { $0.map { ["ISBN", "ISSN"].contains($0) } == true }
        guard groups.count >= 4 || (isbn && groups.count >= 2) else { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber { return nil }
        // "1-800-555-0199": a toll-free prefix is "eight hundred".
        let said = groups.enumerated().map { k, g in
            g == "800" && (k == 0 || k == 1 && groups[0] == "1") && !isbn ? "eight hundred" : EnglishNumbers.digits(g)
        }
        return RuleMatch(end: j, say: said.joined(separator: ", "))
    }

    /// "0800 hours" → oh eight hundred hours; "1430 hrs" → fourteen thirty hours.
    static func military(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, n.text.count == 4, let value = Int(n.text), value < 2400, value % 100 < 60,
              let next = s.lower(i + 1), ["hours", "hrs", "h"].contains(next) else { return nil }
        let hour = value / 100, minutes = value % 100
        var say = hour < 10 ? "oh " + EnglishNumbers.cardinal(hour) : EnglishNumbers.cardinal(hour)
        say += minutes == 0 ? " hundred" : minutes < 10 ? " oh " + EnglishNumbers.cardinal(minutes) : " " + EnglishNumbers.cardinal(minutes)
        return RuleMatch(end: i + 2, say: say + " hours")
    }

    /// "2^10" → two to the power of ten; "5!" before an operator → five factorial.
    static func power(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], let op = s[i + 1], s.glued(i + 1) else { return nil }
        if op.is("^"), let e = s[i + 2], e.isNumber, s.glued(i + 2) {
            return RuleMatch(end: i + 3, say: n.text + " to the power of " + e.text)
        }
        if op.is("!"), n.isInteger, let after = s[i + 2], after.spaceBefore, ["=", "×", "+", "/", "÷", "<", ">", "≈", "≠"].contains(after.text) {
            return RuleMatch(end: i + 2, say: n.text + " factorial")
        }
        return nil
    }

    /// "Apt. 4B", "Gate 12C": a number and a letter, not four billion.
    static func unitLetter(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, let letter = s[i + 1], s.glued(i + 1), letter.isWord, letter.text.count == 1, letter.isCapitalized else { return nil }
        if let after = s[i + 2], s.glued(i + 2), after.isWord || after.isNumber { return nil }
        // "5M users", "$4B": a multiplier before a plural noun or after money is left to those rules.
        if ["K", "M", "B", "T"].contains(letter.text), s[i + 2]?.isLowercase == true { return nil }
        // "87W", "12V": watts and volts.
        if ["W", "V"].contains(letter.text) { return nil }
        return RuleMatch(end: i + 2, say: n.text + " " + EnglishWords.spell(letter.text))
    }

    /// "1990s" → nineteen nineties, "90s" → nineties, "1900s" → nineteen hundreds.
    /// "the 1990s", "her 80s" (two or four digits, unless a duration: "after 30s"); a model's
    /// plural is its name's ("A380s", "the 747s" → seven forty sevens); another number with an
    /// "s" is seconds ("120s") or, a single digit, the digit's plural ("1s and 0s").
    static func decade(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isInteger, s[i + 1]?.is("s") == true || s[i + 1]?.is("'s") == true, s.glued(i + 1),
              let value = Int(n.text) else { return nil }
        if let after = s[i + 2], s.glued(i + 2), after.isWord || after.isNumber { return nil }
        // "after 30s", and "set the timeout to 30s", "a delay of 10s".
        let duration = s[i + 1]?.is("s") == true && (s.lower(i - 1).map { durationWords.contains($0) } == true
            || ["to", "of", "at"].contains(s.lower(i - 1) ?? "") && [s.lower(i - 2), s.lower(i - 3)].contains { $0.map(durationWords.contains) == true && $0 != "for" && $0 != "=" })
        if n.text.hasSuffix("0"), n.text.count == 2 || n.text.count == 4, !duration {
            let words = n.text.count == 4 ? EnglishNumbers.year(value) : EnglishNumbers.cardinal(value)
            return RuleMatch(end: i + 2, say: EnglishNumbers.plural(words))
        }
        // "2s. 6d." is old money (shillings), said as it is written; "two 6s." are sixes.
        if s[i + 1]?.is("s") == true, s[i + 2]?.is(".") == true, s.glued(i + 2), value >= 2, n.text.count <= 2, !duration, !isModel(s, i) {
            return RuleMatch(end: i + 2, say: n.text + "s")
        }
        if n.text.count == 1 { return RuleMatch(end: i + 2, say: value == 0 ? "zeros" : EnglishNumbers.plural(EnglishNumbers.cardinal(value))) }
        guard !n.text.hasPrefix("0") else { return nil }
        if !duration, isModel(s, i) { return RuleMatch(end: i + 2, say: EnglishNumbers.plural(EnglishNumbers.name(value))) }
        guard s[i + 1]?.is("s") == true else { return nil }
        return RuleMatch(end: i + 2, say: n.text + " seconds")
    }

    /// Words before a number that make its "s" seconds: "after 30s", "every 5s".
    static let durationWords: Set<String> = ["after", "every", "within", "wait", "waits", "waited", "timeout", "took", "takes", "lasted",
                                             "lasts", "sleep", "delay", "interval", "=", "elapsed", "for"]
    /// Determiners before a plural noun: "the 747s", "two 737s".
    static let determiners: Set<String> = ["the", "these", "those", "their", "our", "its", "two", "three", "four", "many", "several",
                                           "some", "all", "both", "older", "newer", "new", "old", "of"]

    /// The number names a model: a letter is written before it ("A380s", "F-16s"), or a name
    /// or a determiner ("Boeing 747s", "the 747s").
    static func isModel(_ s: Scan, _ i: Int) -> Bool {
        guard let prev = s.t[safe: i - 1] else { return false }
        if s.glued(i), prev.isWord, prev.isCapitalized { return true }
        if s.glued(i), prev.is("-"), let letter = s.t[safe: i - 2], letter.isWord, letter.isCapitalized, s.glued(i - 1) { return true }
        guard prev.isWord, prev.spaceBefore || i - 1 > 0 else { return false }
        return determiners.contains(prev.text.lowercased()) || (prev.isCapitalized && i - 1 > 0 && !(s.t[safe: i - 2]?.is(".") ?? false))
    }

    /// "1990–2000" → nineteen ninety to two thousand; "45–52" → forty five to fifty two.
    static func range(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let name = identifier(s, i) { return name }
        // "14-0-1": the rest of a record, not a range.
        if let before = s.t[safe: i - 1], before.is("-"), s.glued(i), s.t[safe: i - 2].map({ $0.isNumber && s.glued(i - 1) }) == true { return nil }
        guard let a = s[i], let dash = s[i + 1], dashes.contains(dash.text), let b = s[i + 2], b.isNumber,
              s.glued(i + 1), s.glued(i + 2) || (dash.text != "-" && b.spaceBefore && dash.spaceBefore == false) else { return nil }
        if let after = s[i + 3], s.glued(i + 3), after.isWord || after.isNumber || after.is("-") { return nil }
        if dash.is("-"), s[i + 3]?.is("-") == true { return nil }
        // "0–100 km/h": the unit's rule says the range with its unit.
        if EnglishUnits.match(s, i + 2) != nil { return nil }
        let years = isYear(a) && (isYear(b) || (b.text.count == 2 && b.isInteger))
        if years, let x = Int(a.text), var y = Int(b.text) {
            if b.text.count == 2 { y = x / 100 * 100 + y }
            guard y > x else { return nil }
            // "the 2020–21 season": the short end said as written.
            let end = b.text.count == 2 ? (y % 100 < 10 ? "oh " : "") + EnglishNumbers.cardinal(y % 100) : EnglishNumbers.year(y)
            return RuleMatch(end: i + 3, say: EnglishNumbers.year(x) + " to " + end)
        }
        guard let x = a.value, let y = b.value, a.isInteger == b.isInteger else { return nil }
        // Odds: "won at 33-1", "odds of 5-2".
        if y < x, dash.is("-"), a.isInteger, ["at", "odds"].contains(s.lower(i - 1) ?? "") || s.lower(i - 2) == "odds" {
            return RuleMatch(end: i + 3, say: a.text + " to " + b.text)
        }
        // A score or a vote: "beat Hungary 2-0", "a 5-4 ruling" (not a record's "4-2-1").
        if y <= x, dash.is("-"), a.isInteger, x <= 200, s[i + 3].map({ !($0.is("-") && s.glued(i + 3)) }) ?? true, isScore(s, i) {
            return RuleMatch(end: i + 3, say: a.text + " to " + b.text)
        }
        // Opening hours: "Mon–Fri, 9–5", "open 10–4".
        if y <= x, !dash.is("-"), a.isInteger, x <= 12, y >= 1, isOpeningHours(s, i) { return RuleMatch(end: i + 3, say: a.text + " to " + b.text) }
        guard y > x else { return nil }
        return RuleMatch(end: i + 3, say: a.text + " to " + b.text)
    }

    static func isOpeningHours(_ s: Scan, _ i: Int) -> Bool {
        s.t[max(0, i - 5)..<i].contains { tok in
            EnglishDates.days[tok.text] != nil || ["open", "opens", "hours", "daily", "weekdays", "weekends"].contains(tok.text.lowercased())
        }
    }

    /// What is counted in whole units ("3-way", "64-bit"), never in parts of one.
    static let countedNouns: Set<String> = ["way", "bit", "player", "door", "wheel", "core", "lane", "seat", "port", "pin", "stage",
                                            "tier", "button", "channel", "socket", "phase", "axis", "digit", "byte", "disc", "disk",
                                            "bay", "slot", "thread"]

    /// "2/3" → two thirds; "50/50" → fifty fifty; "24/7" → twenty four seven.
    static func fraction(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let a = s[i], a.isInteger, s[i + 1]?.is("/") == true, let b = s[i + 2], b.isInteger, s.glued(i + 1), s.glued(i + 2),
              let x = Int(a.text), let y = Int(b.text) else { return nil }
        if s[i + 3]?.is("/") == true { return nil }
        if let after = s[i + 4 - 1], s.glued(i + 3), after.isWord || after.isNumber { return nil }
        // "rated 4/5", "scored 8/10": a rating out of its scale.
        if [5, 10, 100].contains(y), x <= y, ["rated", "rating", "scored", "score", "scores", "gave", "gives", "give", "rate"].contains(s.lower(i - 1) ?? "") {
            return RuleMatch(end: i + 3, say: a.text + " out of " + b.text)
        }
        // "120/80 mmHg": blood pressure, "over".
        if s[i + 3]?.is("mmHg") == true || s.lower(i - 1) == "pressure" || s.lower(i - 2) == "pressure" || s.lower(i - 1) == "bp" {
            if s[i + 3]?.is("mmHg") == true { return RuleMatch(end: i + 4, say: a.text + " over " + b.text + " millimeters of mercury") }
            return RuleMatch(end: i + 3, say: a.text + " over " + b.text)
        }
        if let score = cricketScore(s, i, runs: x, wickets: y) { return score }
        // "a 2/3-way merge", "32/64-bit": counts of something, one or the other, not a fraction of it.
        // ("1/2-speed", "3/4-track" are parts: only the next count, or the double from 8 up.)
        if s[i + 3]?.is("-") == true, s.glued(i + 3), let noun = s[i + 4], s.glued(i + 4), countedNouns.contains(noun.text.lowercased()),
           x >= 2 && y == x + 1 || x >= 8 && y == 2 * x {
            return RuleMatch(end: i + 3, say: a.text + " or " + b.text)
        }
        if let date = EnglishDates.slashed(s, i, x, y) { return date }
        // "1/2-price", "a 3/4-length coat": a part before its noun.
        if s[i + 3]?.is("-") == true, s.glued(i + 3), s[i + 4]?.isWord == true, s.glued(i + 4),
           let part = ["1/2": "half", "1/4": "quarter", "3/4": "three quarter"]["\(x)/\(y)"] {
            return RuleMatch(end: i + 4, say: part)
        }
        if x < y, let words = EnglishNumbers.fraction(x, y) {
            // "1 1/2 cups": one and a half.
            if let whole = s[i - 1], whole.isInteger, (Int(whole.text) ?? 1000) <= 100, !s.glued(i), !(s[i - 2].map { $0.isNumber || $0.is("/") } ?? false) {
                return RuleMatch(end: i + 3, say: "and " + words.replacingOccurrences(of: "one ", with: "a ", options: .anchored))
            }
            return RuleMatch(end: i + 3, say: words)
        }
        // "the 2019/20 season": a year and the next.
        if isYear(a), b.text.count == 2, y == (x + 1) % 100 { return RuleMatch(end: i + 3, say: EnglishNumbers.year(x) + " " + EnglishNumbers.cardinal(y)) }
        // "24/7", "50/50", "80/20" are said as two numbers; "80/443" (ports) keeps its slash.
        if x == y || x + y == 100 || (x > y && y <= 12) { return RuleMatch(end: i + 3, say: a.text + " " + b.text) }
        // "On 5/23": a month and a day.
        if x < y, (1...12).contains(x), y <= 31 { return RuleMatch(end: i + 3, say: EnglishDates.date(month: x, day: y, year: nil)) }
        if y < 100 { return RuleMatch(end: i + 3, say: a.text + " " + b.text) }
        return RuleMatch(end: i + 3, say: a.text + " slash " + b.text)
    }

    /// What is counted in kilobytes.
    static let storageNouns: Set<String> = ["sector", "sectors", "block", "blocks", "buffer", "buffers", "bit", "byte", "bytes", "ram",
                                            "memory", "cache", "chunk", "chunks", "alignment", "boundary", "boundaries", "segment", "segments"]

    /// "5M users" → five million users; "10k" → ten thousand.
    static func multiplier(_ s: Scan, _ i: Int) -> RuleMatch? {
        // "Karlson2k", "trepan3k": a name's digits.
        if let name = s.t[safe: i - 1], s.glued(i), name.isWord { return nil }
        if let times = timesFaster(s, i) { return times }
        guard let n = s[i], let m = s[i + 1], s.glued(i + 1), let word = ["k": "thousand", "K": "thousand", "M": "million", "bn": "billion",
                                                                           "B": "billion", "tn": "trillion", "mn": "million"][m.text] else { return nil }
        if let after = s[i + 2], s.glued(i + 2), after.isWord || after.isNumber { return nil }
        // "5M users", "10k steps"; a lone "4B" is a flat or a seat, not four billion.
        guard ["k", "bn", "mn", "tn"].contains(m.text) || (s[i + 2].map { $0.isWord && $0.isLowercase && $0.spaceBefore } ?? false) else { return nil }
        // "OpenSSL 1.1.1k": a release's letter.
        if n.text.filter({ $0 == "." }).count >= 2 { return nil }
        // "4k sectors", "a 64K buffer": kilobytes, said as written.
        if m.text.lowercased() == "k", let value = Int(n.text), value > 0, value <= 1024, value & (value - 1) == 0,
           let noun = s[i + 2], noun.spaceBefore, storageNouns.contains(noun.text.lowercased()) {
            return RuleMatch(end: i + 2, say: n.text + " K")
        }
        return RuleMatch(end: i + 2, say: n.text + " " + word)
    }

    /// "Python 3.11" → three point eleven, "1.2.3" → one point two point three.
    static func version(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let address = address(s, i) { return address }
        guard let n = s[i], n.text.contains("."), !n.text.contains(","), !n.text.contains(":") else { return nil }
        let parts = n.text.split(separator: ".").map(String.init)
        if let said = dottedPhone(parts) ?? dottedThousands(parts) { return RuleMatch(end: i + 1, say: said) }
        let before = s.t[safe: i - 1]
        // A name before it, not the capital of a sentence's first word ("Add 0.312 grams").
        let named = before.map { b in b.isWord && (versionWords.contains(b.text.lowercased()) || b.isCapitalized
            && !((i == 1 || s.t[safe: i - 2].map { [".", "!", "?"].contains($0.text) } == true) && WordList.contains(b.text) == true)) } ?? false
        guard parts.count >= 3 || (named && parts.count == 2 && parts[1].count >= 2 && !parts[1].hasPrefix("0")) else { return nil }
        guard let said = versionSaid(parts) else { return nil }
        let (suffix, end) = preRelease(s, i + 1)
        return RuleMatch(end: end, say: said + suffix)
    }

    /// An IPv4 address, "192.168.1.15:22" → one ninety two dot one sixty eight dot one dot
    /// fifteen, colon twenty two.
    static func address(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.text.filter({ $0 == "." }).count == 3, !n.text.contains(",") else { return nil }
        let pieces = n.text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { return nil }
        let parts = pieces[0].split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && ($0 == "0" || !$0.hasPrefix("0")) && (Int($0) ?? 256) <= 255 }) else { return nil }
        // "3.1.2.5" numbers a section; an address has a port, a part of 10 or more first or
        // of 100 anywhere, or is named ("DNS 8.8.8.8").
        let before = s.lower(i - 1)
        let named = before.map { ["ip", "address", "addresses", "dns", "server", "host", "gateway", "ping", "subnet", "router"].contains($0) } ?? false
        let numbering = before.map { ["section", "sections", "chapter", "figure", "table", "§", "see", "step", "rule", "clause", "part",
                                      "appendix", "item", "version", "release"].contains($0) } ?? false
            // A heading's number: "11.2.4.1. Requiring Authentication".
            || i == 0 && (s.context.kind.headingLevel != nil || s[i + 1].map { $0.is(".") && s.glued(i + 1) } == true)
        guard pieces.count == 2 || named || !numbering && ((Int(parts[0]) ?? 0) >= 10 || parts.contains(where: { (Int($0) ?? 0) >= 100 }))
        else { return nil }
        var said = parts.map { octet(Int($0) ?? 0) }.joined(separator: " dot ")
        if pieces.count == 2, let port = Int(pieces[1]) { said += " colon " + EnglishNumbers.cardinal(port) }
        return RuleMatch(end: i + 1, say: said)
    }

    /// A part of an address as people say it: "192" → one ninety two, "208" → two oh eight.
    static func octet(_ value: Int) -> String {
        guard value >= 100, value % 100 != 0 else { return EnglishNumbers.cardinal(value) }
        let hundreds = EnglishNumbers.cardinal(value / 100), rest = value % 100
        return hundreds + (rest < 10 ? " oh " : " ") + EnglishNumbers.cardinal(rest)
    }

    /// "v2.6.13-rc2" → version two point six point thirteen R C two; "v8" (an engine) and
    /// "v1" stay as they are: only a number with dots after a "v" that starts the word.
    static func prefixedVersion(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard s[i]?.spaceBefore == true || s[i - 1].map({ !$0.isWord && !$0.isNumber }) == true,
              let n = s[i + 1], n.isNumber, s.glued(i + 1), n.text.contains("."), !n.text.contains(","), !n.text.contains(":"),
              let said = versionSaid(n.text.split(separator: ".").map(String.init)) else { return nil }
        let (suffix, end) = preRelease(s, i + 2)
        return RuleMatch(end: end, say: "version " + said + suffix)
    }

    static func versionSaid(_ parts: [String]) -> String? {
        guard parts.allSatisfy({ !$0.isEmpty && ($0 == "0" || !$0.hasPrefix("0") || $0.count == 1) }) else { return nil }
        return parts.map { EnglishNumbers.cardinal(Int($0) ?? 0) }.joined(separator: " point ")
    }

    /// The pre-release tag glued after a version at `j` ("-rc2", "-beta"): what is said and
    /// where the version ends; nothing when there is none.
    static func preRelease(_ s: Scan, _ j: Int) -> (String, Int) {
        guard s[j]?.is("-") == true, s.glued(j), let tag = s[j + 1], tag.isWord, s.glued(j + 1),
              let said = preReleases[tag.text.lowercased()] else { return ("", j) }
        // "-rc2", "-beta.2".
        let dotted = s[j + 2]?.is(".") == true && s.glued(j + 2) && s[j + 3]?.isInteger == true && s.glued(j + 3)
        if let n = s[dotted ? j + 3 : j + 2], n.isInteger, s.glued(j + 2) {
            let k = dotted ? j + 4 : j + 3
            if let after = s[k], s.glued(k), after.isWord || after.isNumber { return ("", j) }
            return (" " + said + " " + EnglishNumbers.cardinal(Int(n.text) ?? 0), k)
        }
        if let after = s[j + 2], s.glued(j + 2), after.isWord || after.isNumber { return ("", j) }
        return (" " + said, j + 2)
    }
}
