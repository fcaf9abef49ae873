/// German, as the voice `de` says it: the citation and emoji rules shared with English,
/// German abbreviations, units, currency, dates and web addresses.
struct GermanRules: LanguageRules {
    static let abbreviations: [String: String] = [
        "bzw": "beziehungsweise", "ca": "circa", "Nr": "Nummer", "S": "Seite", "Dr": "Doktor", "Prof": "Professor",
        "St": "Sankt", "Str": "Straße", "str": "straße", "usw": "und so weiter", "vgl": "vergleiche", "Vgl": "vergleiche",
        "Abb": "Abbildung", "Tab": "Tabelle", "Kap": "Kapitel", "Bd": "Band", "Hrsg": "Herausgeber", "evtl": "eventuell",
        "ggf": "gegebenenfalls", "inkl": "inklusive", "zzgl": "zuzüglich", "Jh": "Jahrhundert", "Jhd": "Jahrhundert",
        "geb": "geboren", "gest": "gestorben", "Fa": "Firma", "Hr": "Herr", "Fr": "Frau", "Mio": "Millionen", "Mrd": "Milliarden",
        "Tsd": "Tausend", "max": "maximal", "min": "minimal", "bspw": "beispielsweise", "sog": "sogenannt", "etc": "et cetera",
        "Std": "Stunde", "Min": "Minute", "Sek": "Sekunde", "Mo": "Montag", "Di": "Dienstag", "Mi": "Mittwoch", "Do": "Donnerstag",
        "Fr.": "Freitag", "Sa": "Samstag", "So": "Sonntag", "Jan": "Januar", "Feb": "Februar", "Aug": "August", "Sept": "September",
        "Okt": "Oktober", "Nov": "November", "Dez": "Dezember",
    ]
    /// Two-letter abbreviations written with two periods.
    static let dotted: [String: String] = ["z.B": "zum Beispiel", "d.h": "das heißt", "u.a": "unter anderem", "z.T": "zum Teil",
                                           "o.Ä": "oder Ähnliches", "u.U": "unter Umständen", "i.d.R": "in der Regel", "s.o": "siehe oben",
                                           "s.u": "siehe unten", "v.a": "vor allem", "u.v.m": "und vieles mehr", "m.E": "meines Erachtens"]
    static let units: [String: String] = [
        "km": "Kilometer", "m": "Meter", "cm": "Zentimeter", "mm": "Millimeter", "kg": "Kilogramm", "g": "Gramm", "mg": "Milligramm",
        "l": "Liter", "ml": "Milliliter", "km/h": "Kilometer pro Stunde", "m/s": "Meter pro Sekunde", "°C": "Grad Celsius",
        "°": "Grad", "%": "Prozent", "h": "Stunden", "min": "Minuten", "s": "Sekunden", "kWh": "Kilowattstunden", "kW": "Kilowatt",
        "W": "Watt", "GB": "Gigabyte", "MB": "Megabyte", "m²": "Quadratmeter", "km²": "Quadratkilometer", "m³": "Kubikmeter", "t": "Tonnen",
    ]
    static let currencies: [String: String] = ["€": "Euro", "EUR": "Euro", "$": "Dollar", "USD": "US-Dollar", "£": "Pfund", "CHF": "Franken", "¥": "Yen"]
    static let months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]

    func edits(tokens: [Token], text: [Unicode.Scalar], context: RuleContext) -> [Edit] {
        Scan(tokens, text: text, context: context).edits { s, i in
            EnglishCitations.match(s, i) ?? web(s, i) ?? date(s, i) ?? money(s, i) ?? unit(s, i) ?? abbreviation(s, i)
        }
    }

    func abbreviation(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord else { return nil }
        // z.B., d.h., u.a.: letters and periods up to the last period.
        var j = i
        var key = ""
        while let t = s[j], j - i < 8, j == i || s.glued(j) || (t.isWord && t.text.count == 1) { key += t.text; j += 1 }
        while key.hasSuffix(".") || key.hasSuffix(" ") { key.removeLast(); j -= 1 }
        if let say = Self.dotted[key], s[j]?.is(".") == true { return RuleMatch(end: j + 1, say: say) }
        guard s[i + 1]?.is(".") == true, s.glued(i + 1), let say = Self.abbreviations[tok.text] else { return nil }
        return RuleMatch(end: i + 2, say: say)
    }

    func money(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if let name = Self.currencies[tok.text], let n = s[i + 1], n.isNumber { return RuleMatch(end: i + 2, say: amount(n.text, name)) }
        if tok.isNumber, let c = s[i + 1], let name = Self.currencies[c.text] { return RuleMatch(end: i + 2, say: amount(tok.text, name)) }
        return nil
    }

    /// "3,50 €" → "3 Euro 50"; "1.000 €" → "1000 Euro".
    func amount(_ text: String, _ name: String) -> String {
        let plain = text.replacingOccurrences(of: ".", with: "")
        let parts = plain.split(separator: ",")
        if parts.count == 2, parts[1].count == 2 { return "\(parts[0]) \(name) \(parts[1] == "00" ? "" : String(parts[1]))" }
        return plain + " " + name
    }

    func unit(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let n = s[i], n.isNumber, let u = s[i + 1] else { return nil }
        // The longest unit written from here: "km" "/" "h".
        var best: (end: Int, name: String)?
        var symbol = ""
        var k = i + 1
        while let t = s[k], k - i <= 4, k == i + 1 || s.glued(k) {
            symbol += t.text
            if let name = Self.units[symbol] { best = (k + 1, name) }
            k += 1
        }
        guard let (end, name) = best else { return nil }
        if let after = s[end], s.glued(end), after.isWord { return nil }
        let said = n.text == "1" && name.hasSuffix("n") ? String(name.dropLast()) : name
        return RuleMatch(end: end, say: n.text + " " + said)
    }

    /// "24.11.2026" → "24. November 2026" (eSpeak says the day as an ordinal).
    func date(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isNumber else { return nil }
        let parts = tok.text.split(separator: ".").compactMap { Int($0) }
        if parts.count == 3, (1...31).contains(parts[0]), (1...12).contains(parts[1]), parts[2] > 31 {
            return RuleMatch(end: i + 1, say: "\(parts[0]). \(Self.months[parts[1] - 1]) \(parts[2])")
        }
        return nil
    }

    func web(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let m = EnglishWeb.match(s, i) else { return nil }
        return RuleMatch(end: m.end, say: m.say.replacingOccurrences(of: " dot ", with: " Punkt ")
            .replacingOccurrences(of: " at ", with: " ät ").replacingOccurrences(of: "underscore", with: "Unterstrich")
            .replacingOccurrences(of: "hashtag", with: "Hashtag").replacingOccurrences(of: "number ", with: "Nummer "), skip: m.skip)
    }
}
