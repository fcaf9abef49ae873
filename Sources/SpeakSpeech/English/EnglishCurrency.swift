/// Money: the amount first, then the currency, as it is said ("five million dollars",
/// "three euros and fifty cents", "ninety nine cents").
enum EnglishCurrency {
    struct Currency {
        var one: String
        var many: String
        var minorOne: String? = nil
        var minorMany: String? = nil
    }

    static let dollar = Currency(one: "dollar", many: "dollars", minorOne: "cent", minorMany: "cents")
    static let symbols: [String: Currency] = [
        "$": dollar, "€": Currency(one: "euro", many: "euros", minorOne: "cent", minorMany: "cents"),
        "£": Currency(one: "pound", many: "pounds", minorOne: "penny", minorMany: "pence"),
        "¥": Currency(one: "yen", many: "yen"), "₹": Currency(one: "rupee", many: "rupees"), "₩": Currency(one: "won", many: "won"),
        "₽": Currency(one: "ruble", many: "rubles"), "₺": Currency(one: "lira", many: "lira"), "₪": Currency(one: "shekel", many: "shekels"),
        "₫": Currency(one: "dong", many: "dong"), "₦": Currency(one: "nyra", many: "nyra"), "₱": Currency(one: "peso", many: "pesos"),
        "฿": Currency(one: "baht", many: "baht"), "₿": Currency(one: "bitcoin", many: "bitcoin"), "₴": Currency(one: "hryvnia", many: "hryvnias"),
        "₡": Currency(one: "colon", many: "colones"), "₲": Currency(one: "guarani", many: "guaranis"), "₵": Currency(one: "cedi", many: "cedis"),
    ]
    static let codes: [String: Currency] = [
        "USD": Currency(one: "U S dollar", many: "U S dollars", minorOne: "cent", minorMany: "cents"),
        "EUR": Currency(one: "euro", many: "euros", minorOne: "cent", minorMany: "cents"),
        "GBP": Currency(one: "pound", many: "pounds", minorOne: "penny", minorMany: "pence"),
        "JPY": Currency(one: "yen", many: "yen"), "CNY": Currency(one: "yuan", many: "yuan"), "RMB": Currency(one: "yuan", many: "yuan"),
        "CHF": Currency(one: "Swiss franc", many: "Swiss francs"), "CAD": Currency(one: "Canadian dollar", many: "Canadian dollars"),
        "AUD": Currency(one: "Australian dollar", many: "Australian dollars"), "NZD": Currency(one: "New Zealand dollar", many: "New Zealand dollars"),
        "HKD": Currency(one: "Hong Kong dollar", many: "Hong Kong dollars"), "SGD": Currency(one: "Singapore dollar", many: "Singapore dollars"),
        "INR": Currency(one: "rupee", many: "rupees"), "RUB": Currency(one: "ruble", many: "rubles"), "BRL": Currency(one: "real", many: "reais"),
        "MXN": Currency(one: "Mexican peso", many: "Mexican pesos"), "KRW": Currency(one: "won", many: "won"),
        "SEK": Currency(one: "Swedish krona", many: "Swedish krohnor"), "NOK": Currency(one: "Norwegian krone", many: "Norwegian kroner"),
        "DKK": Currency(one: "Danish krone", many: "Danish kroner"), "PLN": Currency(one: "zloty", many: "zlotys"),
        "ZAR": Currency(one: "rand", many: "rand"), "TRY": Currency(one: "lira", many: "lira"), "BTC": Currency(one: "bitcoin", many: "bitcoin"),
        "AED": Currency(one: "dirham", many: "dirhams"), "KES": Currency(one: "Kenyan shilling", many: "Kenyan shillings"),
        "IDR": Currency(one: "roopeeah", many: "roopeeah"),
        "CZK": Currency(one: "Czech koruna", many: "Czech korunas"), "HUF": Currency(one: "forint", many: "forints"),
        "THB": Currency(one: "baht", many: "baht"),
        "NGN": Currency(one: "nyra", many: "nyra"), "EGP": Currency(one: "Egyptian pound", many: "Egyptian pounds"),
        "SAR": Currency(one: "riyal", many: "riyals"), "ILS": Currency(one: "shekel", many: "shekels"),
        "UAH": Currency(one: "hryvnia", many: "hryvnias"), "VND": Currency(one: "dong", many: "dong"),
    ]
    /// Written before or after the amount as a word: "Rp 25.000", "5 zł".
    static let written: [String: Currency] = ["Rp": Currency(one: "roopeeah", many: "roopeeah"), "zł": Currency(one: "zloty", many: "zlotys"),
                                              "Ksh": Currency(one: "Kenyan shilling", many: "Kenyan shillings"),
                                              "KSh": Currency(one: "Kenyan shilling", many: "Kenyan shillings"),
                                              "Kč": Currency(one: "koruna", many: "korunas"), "Ft": Currency(one: "forint", many: "forints")]
    /// Words of the stock market, where "$AAPL" is a ticker.
    static let marketWords: Set<String> = ["shares", "share", "stock", "stocks", "ticker", "nasdaq", "nyse", "traded", "trading",
                                           "earnings", "dividend", "rallied", "investors", "calls", "puts", "bullish", "bearish"]
    /// Words that make "¥" the Chinese yuan.
    static let chinaWords: Set<String> = ["china", "chinese", "beijing", "shanghai", "shenzhen", "guangzhou", "yuan", "rmb", "renminbi",
                                          "alibaba", "tencent", "hangzhou", "chengdu", "wuhan"]
    /// Dollar signs with a country: US$, A$, C$, NZ$, HK$, S$.
    static let dollarPrefixes: [String: Currency] = [
        "US": codes["USD"] ?? dollar, "A": codes["AUD"] ?? dollar, "AU": codes["AUD"] ?? dollar, "C": codes["CAD"] ?? dollar,
        "CA": codes["CAD"] ?? dollar, "NZ": codes["NZD"] ?? dollar, "HK": codes["HKD"] ?? dollar, "S": codes["SGD"] ?? dollar,
        "R": Currency(one: "real", many: "reals"),
    ]
    static let multipliers: [String: String] = [
        "mln": "million", "bln": "billion", "k": "thousand", "K": "thousand", "m": "million", "M": "million", "mn": "million", "mm": "million", "MM": "million",
        "b": "billion", "B": "billion", "bn": "billion", "Bn": "billion", "tn": "trillion", "T": "trillion", "tr": "trillion",
        "thousand": "thousand", "million": "million", "billion": "billion", "trillion": "trillion", "crore": "crore", "lakh": "lakh",
    ]

    /// Characters of code around a dollar sign and its digits.
    static let codeMarks: Set<String> = ["|", "/", "=", "{", "}", "\\", "`", "$", "*", ";"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        // Symbol first: $5, US$5, € 3.50, -$5 is left alone.
        var currency: Currency?
        var amountAt = i + 1
        if let c = symbols[tok.text] { currency = c }
        if tok.isWord, let c = dollarPrefixes[tok.text], s[i + 1]?.is("$") == true, s.glued(i + 1) { currency = c; amountAt = i + 2 }
        if tok.isWord, tok.text.count == 3, let c = codes[tok.text], s[i + 1]?.isNumber == true, s[i + 1]?.spaceBefore == true { currency = c }
        if tok.isWord, let c = written[tok.text], tok.text != "Ft", s.startsWord(i), s[i + 1]?.isNumber == true { currency = c }
        if tok.is("¥"), s.t.contains(where: { chinaWords.contains($0.text.lowercased()) }) { currency = codes["CNY"] }
        // "Shares of $AAPL": a share's ticker, spelled (not "$HOME", "$PATH" of a shell).
        if tok.is("$"), let ticker = s[i + 1], ticker.isWord, ticker.isAllCaps, (1...5).contains(ticker.text.count), s.glued(i + 1),
           s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber || ["_", "/", ".", "{", "-"].contains($0.text)) }) ?? true,
           s.t.contains(where: { marketWords.contains($0.text.lowercased()) }) {
            return RuleMatch(end: i + 2, say: EnglishWords.spell(ticker.text))
        }
        // "Rs. 500", "Rs 1,200": rupees.
        if tok.text == "Rs", s.startsWord(i) {
            let at = s[i + 1]?.is(".") == true && s.glued(i + 1) ? i + 2 : i + 1
            if let n = s[at], n.isNumber, n.spaceBefore, let c = codes["INR"] { return say(s, currency: c, amountAt: at, start: i) }
        }
        // "s|$1|$2|g", "x=$2", "${1}": a shell's or a script's argument, "dollar one".
        if tok.is("$"), let amount = s[i + 1], amount.isInteger, s.glued(i + 1),
           s.t[safe: i - 1].map({ s.glued(i) && codeMarks.contains($0.text) }) == true
            || s.t[safe: i + 2].map({ s.glued(i + 2) && ["|", "}", "\\", "`", "$"].contains($0.text) }) == true
            || amount.text.count == 1 && isArgumentList(s, i) {
            return RuleMatch(end: i + 2, say: "dollar " + amount.text)
        }
        if let currency, let amount = s[amountAt], amount.isNumber, s.glued(amountAt) || amount.spaceBefore && amountAt == i + 1 {
            return say(s, currency: currency, amountAt: amountAt, start: i)
        }
        // Amount first: 5 USD, 50¢, 100 EUR, 20 €.
        if tok.isNumber, let next = s[i + 1] {
            if next.is("¢"), s.glued(i + 1) {
                let n = Int(tok.text) ?? 0
                return RuleMatch(end: i + 2, say: EnglishNumbers.number(tok.text) + (n == 1 ? " cent" : " cents"))
            }
            var unit: Currency?
            if let c = codes[next.text], next.text.count == 3 { unit = c }
            if let c = symbols[next.text] ?? written[next.text], next.text != "$", next.text != "Ft" || !s.glued(i + 1) { unit = c }
            if let unit, s[i + 2]?.isWord != true || !s.glued(i + 2) {
                // "2,80 €": a decimal comma, euros and cents; "50.000₫": a dot between thousands.
                let parts = tok.text.split(separator: ",")
                if parts.count == 2, parts[1].count == 2, !tok.text.contains("."), let whole = Int(parts[0]), let cents = Int(parts[1]), next.text != "$" {
                    return RuleMatch(end: i + 2, say: EnglishNumbers.number(String(parts[0])) + " " + (whole == 1 ? unit.one : unit.many)
                                     + (cents > 0 ? " " + EnglishNumbers.cardinal(cents) : ""))
                }
                let groups = tok.text.split(separator: ".", omittingEmptySubsequences: false)
                if groups.count >= 2, groups.dropFirst().allSatisfy({ $0.count == 3 }), (1...3).contains(groups[0].count), !["$", "£"].contains(next.text) {
                    return RuleMatch(end: i + 2, say: EnglishNumbers.number(groups.joined()) + " " + unit.many)
                }
                let n = tok.value ?? 0
                return RuleMatch(end: i + 2, say: EnglishNumbers.number(tok.text) + " " + (n == 1 ? unit.one : unit.many))
            }
        }
        return nil
    }

    /// A one-digit argument among others or in a script's braces: "awk '{ print $3 }'",
    /// "\"$1 $2 $3\"", "$0 is the script's name" (not "costs $3 or $4 more").
    static func isArgumentList(_ s: Scan, _ i: Int) -> Bool {
        if let after = s.t[safe: i + 2], ["}", "'", "\"", "`"].contains(after.text) || after.is("$") && s.t[safe: i + 3]?.isInteger == true {
            return true
        }
        if s.t[safe: i - 1]?.is("{") == true { return true }
        return s.t[safe: i - 2]?.is("$") == true && s.t[safe: i - 1]?.isInteger == true && !s.glued(i)
    }

    static func say(_ s: Scan, currency: Currency, amountAt: Int, start: Int) -> RuleMatch? {
        guard let amount = s[amountAt] else { return nil }
        var end = amountAt + 1
        var multiplier: String?
        if let m = s[end], m.isWord, let word = multipliers[m.text], s.glued(end) || m.text.count > 2 {
            multiplier = word
            end += 1
        }
        // A range: $5–10 million, €80–€120.
        var upper: String?
        let repeated = s[end + 1].map { $0.text == s.text(amountAt - 1) && s.glued(end + 1) && !$0.isNumber && !$0.isWord } ?? false
        if let dash = s[end], ["–", "-", "—"].contains(dash.text), let second = s[end + (repeated ? 2 : 1)], second.isNumber, s.glued(end),
           s.glued(end + 1), !repeated || s.glued(end + 2) {
            upper = second.text
            end += repeated ? 3 : 2
            if multiplier == nil, let m = s[end], m.isWord, let word = multipliers[m.text], s.glued(end) || m.text.count > 2 {
                multiplier = word
                end += 1
            }
        }
        let text = amount.text.replacingOccurrences(of: ",", with: "")
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var words: String
        if let multiplier {
            // "a $5 million deal", "a $750K budget": before its noun, singular.
            let describes = (s.lower(start - 1).map { ["a", "an"].contains($0) } ?? false)
                && (s[end].map { $0.isWord && $0.isLowercase && $0.spaceBefore && !EnglishUnits.notNouns.contains($0.text) } ?? false)
            words = EnglishNumbers.number(amount.text) + (upper.map { " to " + EnglishNumbers.number($0) } ?? "") + " " + multiplier + " "
                + (describes ? currency.one : currency.many)
        } else if let upper {
            words = EnglishNumbers.number(amount.text) + " to " + EnglishNumbers.number(upper) + " " + currency.many
        } else if parts.count == 2, parts[1].count == 3, currency.minorOne == nil, currency.one != "bitcoin", parts[0] != "0", !amount.text.contains(","), let value = Int(parts.joined()) {
            // "Rp 25.000", "¥ 1.500": a currency without cents writes a dot between thousands.
            words = EnglishNumbers.cardinal(value) + " " + currency.many
        } else if parts.count == 2, parts[1].count == 2, let major = Int(parts[0].isEmpty ? "0" : parts[0]), let minor = Int(parts[1]),
                  let minorOne = currency.minorOne, let minorMany = currency.minorMany {
            if major == 0 {
                words = EnglishNumbers.cardinal(minor) + " " + (minor == 1 ? minorOne : minorMany)
            } else {
                words = EnglishNumbers.cardinal(major) + " " + (major == 1 ? currency.one : currency.many)
                if minor > 0 { words += " and " + EnglishNumbers.cardinal(minor) + " " + (minor == 1 ? minorOne : minorMany) }
            }
        } else {
            // "a $10 bill": the amount describes a noun, the currency stays singular.
            let article = s.lower(start - 1).map { ["a", "an"].contains($0) } ?? false
            let one = text == "1" || article
            words = EnglishNumbers.number(amount.text) + " " + (one ? currency.one : currency.many)
        }
        // "$7.9 million dollars of", "a $75 billion dollar hit": the currency is said once, as written after.
        if let written = s[end], written.spaceBefore, [currency.one, currency.many].contains(written.text.lowercased()) {
            for said in [" " + currency.many, " " + currency.one] where words.hasSuffix(said) {
                words = String(words.dropLast(said.count))
                break
            }
            if !words.hasSuffix(currency.minorMany.map { " " + $0 } ?? "\u{0}"), !words.hasSuffix(currency.minorOne.map { " " + $0 } ?? "\u{0}") {
                words += " " + written.text
            }
            end += 1
        }
        // "$4.99/mo", "$20/user/month": per each.
        // ("$10 / person": spaced too.)
        while let slash = s[end], slash.is("/"), let per = s[end + 1], s.glued(end) == s.glued(end + 1), let name = perWhat[per.text] {
            if let after = s[end + 2], s.glued(end + 2), after.isWord || after.isNumber { break }
            words += " per " + name
            end += 2
        }
        return RuleMatch(end: end, say: words)
    }

    /// What a price is per, as written after its slash.
    static let perWhat: [String: String] = [
        "mo": "month", "month": "month", "yr": "year", "year": "year", "y": "year", "hr": "hour", "h": "hour", "hour": "hour",
        "day": "day", "d": "day", "wk": "week", "week": "week", "night": "night", "min": "minute", "user": "user", "seat": "seat",
        "person": "person", "head": "head", "kg": "kilogram", "lb": "pound", "item": "item", "unit": "unit", "share": "share",
        "gal": "gallon", "l": "liter", "L": "liter", "GB": "gigabyte", "TB": "terabyte", "kWh": "kilowatt hour",
    ]
}
