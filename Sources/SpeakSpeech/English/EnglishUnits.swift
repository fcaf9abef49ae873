/// Units after a number, in full: "250 ml" → "250 milliliters", "a 2 kg bag" → "a 2 kilogram
/// bag", "98.6°F" → "98.6 degrees Fahrenheit", "10 km/h" → "10 kilometers per hour".
enum EnglishUnits {
    /// Symbol → singular name (the plural adds "s" unless listed in `plurals`).
    static let units: [String: String] = [
        "mm": "millimeter", "cm": "centimeter", "m": "meter", "km": "kilometer", "µm": "micrometer", "μm": "micrometer", "nm": "nanometer",
        "mi": "mile", "ft": "foot", "yd": "yard", "mg": "milligram", "g": "gram", "kg": "kilogram", "µg": "microgram", "μg": "microgram",
        "lb": "pound", "lbs": "pound", "oz": "ounce", "ml": "milliliter", "mL": "milliliter", "l": "liter", "L": "liter", "cl": "centiliter",
        "dl": "deciliter", "gal": "gallon", "mph": "mile per hour", "kph": "kilometer per hour", "MPH": "mile per hour", "KPH": "kilometer per hour", "KMH": "kilometer per hour", "mpg": "mile per gallon",
        "rpm": "revolution per minute", "bpm": "beat per minute", "psi": "pound per square inch", "Hz": "hertz", "kHz": "kilohertz",
        "MHz": "megahertz", "GHz": "gigahertz", "KB": "kilobyte", "kB": "kilobyte", "MB": "megabyte", "GB": "gigabyte", "TB": "terabyte",
        "PB": "petabyte", "Kb": "kilobit", "Mb": "megabit", "Gb": "gigabit", "Mbps": "megabit per second", "Gbps": "gigabit per second",
        "kbps": "kilobit per second", "ms": "millisecond", "µs": "microsecond", "μs": "microsecond", "ns": "nanosecond", "s": "second",
        "sec": "second", "secs": "second", "min": "minute", "mins": "minute", "h": "hour", "hr": "hour", "hrs": "hour", "W": "watt",
        "kW": "kilowatt", "MW": "megawatt", "GW": "gigawatt", "kWh": "kilowatt hour", "MWh": "megawatt hour", "V": "volt", "mV": "millivolt",
        "kV": "kilovolt", "mA": "milliampere", "mAh": "milliampere hour", "kcal": "kilocalorie", "cal": "calorie", "Pa": "pascal",
        "kPa": "kilopascal", "hPa": "hectopascal", "MPa": "megapascal", "dB": "decibel", "ha": "hectare", "mol": "mole", "mmol": "millimole",
        "°F": "degree Fahrenheit", "°C": "degree Celsius", "°K": "kelvin", "°": "degree", "sq ft": "square foot", "sq mi": "square mile",
        "km²": "square kilometer", "m²": "square meter", "cm²": "square centimeter", "mm²": "square millimeter", "ft²": "square foot",
        "m³": "cubic meter", "cm³": "cubic centimeter", "km/h": "kilometer per hour", "m/s": "meter per second", "km/s": "kilometer per second",
        "ft/s": "foot per second", "m/s²": "meter per second squared", "mg/dl": "milligram per deciliter", "mg/dL": "milligram per deciliter",
        "mg/kg": "milligram per kilogram", "g/mol": "gram per mole", "kg/m³": "kilogram per cubic meter", "mmHg": "millimeter of mercury",
        "GiB": "gibibyte", "MiB": "mebibyte", "KiB": "kibibyte", "TiB": "tebibyte", "PiB": "pebibyte", "EiB": "exbibyte", "Wh": "watt hour", "mWh": "milliwatt hour",
        "dBA": "decibel", "dBa": "decibel", "MP": "megapixel", "µHz": "microhertz", "μHz": "microhertz", "mHz": "millihertz",
        "hp": "horsepower", "bhp": "brake horsepower", "tsp": "teaspoon", "tbsp": "tablespoon", "Tbsp": "tablespoon",
        "fl oz": "fluid ounce", "M☉": "solar mass", "M⊙": "solar mass", "R☉": "solar radius", "L☉": "solar luminosity", "kpc": "kiloparsec", "Mpc": "megaparsec", "µm²": "square micrometer",
        "ppm": "part per million", "ppb": "part per billion", "Å": "angstrom", "qt": "quart", "N·m": "newton meter", "N⋅m": "newton meter",
        "Nm": "newton meter", "L/100 km": "liter per hundred kilometers", "L/100km": "liter per hundred kilometers",
        "yr": "year", "yrs": "year", "wk": "week", "wks": "week", "mos": "month", "pts": "point", "doz": "dozen", "yds": "yard",
        "kJ": "kilojoule", "MJ": "megajoule", "ly": "light year", "Ω": "ohm", "kΩ": "kilohm", "MΩ": "megohm", "mcg": "microgram",
        "m2": "square meter", "m3": "cubic meter", "km2": "square kilometer", "cm2": "square centimeter", "ft2": "square foot",
    ]
    static let plurals: [String: String] = [
        "foot": "feet", "dozen": "dozen", "basis point": "basis points", "percentage point": "percentage points", "light year": "light years", "fluid ounce": "fluid ounces", "horsepower": "horsepower", "brake horsepower": "brake horsepower", "hertz": "hertz", "kilohertz": "kilohertz", "megahertz": "megahertz", "gigahertz": "gigahertz", "kelvin": "kelvins",
        "newton meter": "newton meters", "part per million": "parts per million", "part per billion": "parts per billion",
        "liter per hundred kilometers": "liters per hundred kilometers",
        "degree Fahrenheit": "degrees Fahrenheit", "degree Celsius": "degrees Celsius", "square foot": "square feet",
        "millimeter of mercury": "millimeters of mercury", "meter per second squared": "meters per second squared",
        "kilowatt hour": "kilowatt hours", "watt hour": "watt hours", "solar mass": "solar masses", "solar radius": "solar radii", "big point": "big points", "scaled point": "scaled points", "solar luminosity": "solar luminosities", "milliwatt hour": "milliwatt hours", "megawatt hour": "megawatt hours", "milliampere hour": "milliampere hours",
    ]

    /// Words after a unit that show it measures a noun ("a 2 kg bag", "5 µm particles") are
    /// nouns; these are not.
    static let notNouns: Set<String> = ["of", "on", "in", "at", "to", "and", "or", "per", "for", "from", "by", "long", "wide", "tall",
                                        "high", "deep", "thick", "away", "each", "a", "an", "the", "is", "was", "are", "were", "be",
                                        "with", "than", "into", "over", "under", "across", "off", "up", "down", "behind",
                                        "ahead", "apart", "old", "later", "ago", "before", "after", "more", "less", "too", "that",
                                        "which", "but", "so", "as", "when", "while", "if", "then", "it", "this", "every", "daily",
                                        "weekly", "total", "overall", "north", "south", "east", "west", "above", "below", "left",
                                        "has", "had", "have", "will", "would", "can", "could", "should", "may", "might", "must",
                                        "today", "tonight", "tomorrow", "yesterday", "now", "again", "instead", "there", "here",
                                        "back", "faster", "slower", "earlier", "sooner", "yet", "still", "already", "only", "just",
                                        "where", "we", "you", "they", "he", "she", "i", "not", "through", "past", "around", "within",
                                        "without", "during", "until", "since", "via", "about", "against", "between", "among", "outside", "inside",
                                        "outdoors", "indoors", "overnight", "offshore", "abroad", "nearby", "upstream", "downstream"]
    static let temperatureWords: Set<String> = ["cooled", "cool", "cools", "cooling", "heated", "heat", "heating", "warmed", "temperature",
                                                "temperatures", "kelvin", "kelvins", "frozen", "cryogenic", "cold", "hot", "superconducting",
                                                "superconducts", "superconductor", "melts", "boils", "freezes", "absolute", "°c"]
    /// Units of what a recipe measures out.
    static let quantities: Set<String> = ["teaspoon", "tablespoon", "ounce", "fluid ounce", "pound", "gram", "kilogram", "milligram",
                                          "microgram", "milliliter", "liter", "centiliter", "deciliter", "gallon"]
    /// Words of rates, where "bps" are basis points.
    static let rateWords: Set<String> = ["rate", "rates", "yield", "yields", "basis", "cut", "cuts", "hike", "hikes", "raised", "lowered",
                                         "spread", "spreads", "bond", "bonds", "fed", "ecb", "treasury", "treasuries", "mortgage", "margin",
                                         "bank", "coupon", "libor", "sofr", "inflation"]
    /// Units written as abbreviations with a period.
    static let abbreviated: Set<String> = ["doz", "mos", "yrs", "wks", "pts", "yds", "yr", "wk", "tsp", "tbsp", "Tbsp", "oz", "lb", "lbs", "ft", "yd", "hr", "hrs", "min", "mins", "sec",
                                           "secs", "gal", "mi", "qt", "pt"]
    static let lengths: Set<String> = ["ft", "feet", "foot", "yd", "m", "'"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let per = perUnit(s, i) { return per }
        guard let number = s[i], number.isNumber else { return nil }
        // "a 34\" monitor", "6'2\"": inches (a straight quote that closes none opened before it).
        // (Not "+022\"", a number in quotes that lost its opening quote to another sentence.)
        let measured = !(i >= 1 && s.t[max(0, i - 4)..<i].contains { $0.is("°") || $0.is("∘") })
            && !(number.text.hasPrefix("0") && !number.text.hasPrefix("0.")) && !(s.glued(i) && s.t[safe: i - 1].map { ["+", "-", "="].contains($0.text) } == true)
        if let mark = s[i + 1], s.glued(i + 1), measured, mark.is("″") || mark.is("\"") && !s.closingQuotes.contains(i + 1) {
            if let feet = s[i - 1], feet.is("'") || feet.is("′"), s.glued(i), let n = s[i - 2], n.isInteger, s.glued(i - 1) {
                return RuleMatch(end: i + 2, say: number.text + (number.text == "1" ? " inch" : " inches"))
            }
            // "24″ × 36″": the unit is said once, after the last side.
            if let by = s[i + 2], by.is("×") || by.is("x"), s[i + 3]?.isNumber == true { return RuleMatch(end: i + 2, say: number.text) }
            if let by = s[i - 1], by.is("×") || by.is("x"), s.t[safe: i - 2].map({ $0.is("″") || $0.is("\"") }) == true {
                return RuleMatch(end: i + 2, say: number.text + " inches")
            }
            return RuleMatch(end: i + 2, say: number.text + " inch")
        }
        // "Route 9W", "I-35E": a road's direction.
        if let unit = s[i + 1], s.glued(i + 1), ["W", "E", "N", "S"].contains(unit.text),
           s.lower(i - 1).map({ ["route", "highway", "hwy", "interstate", "us", "sr", "county", "road"].contains($0) }) == true { return nil }
        // TeX's lengths, written against their number ("12pt", "20bp", "65536sp"); "1 pt cream" is a pint.
        if let unit = s[i + 1], s.glued(i + 1), let name = ["pt": "point", "bp": "big point", "sp": "scaled point"][unit.text],
           s[i + 2].map({ !(s.glued(i + 2) && ($0.isWord || $0.isNumber)) }) ?? true {
            // "a 12pt font": before its noun, singular.
            let beforeNoun = s[i + 2].map { $0.isWord && $0.isLowercase && !notNouns.contains($0.text) } ?? false
            return RuleMatch(end: i + 2, say: number.text + " " + (number.text == "1" || beforeNoun ? name : plural(name)))
        }
        // "6'2\"": feet before inches.
        if measured, let mark = s[i + 1], mark.is("'") || mark.is("′"), s.glued(i + 1), s[i + 2]?.isInteger == true, s.glued(i + 2),
           let inch = s[i + 3], inch.is("\"") || inch.is("″"), s.glued(i + 3) {
            return RuleMatch(end: i + 2, say: number.text + (number.text == "1" ? " foot" : " feet"))
        }
        // "2h 15m", "1h30m": hours and minutes of a duration.
        if let h = s[i + 1], h.is("h"), s.glued(i + 1), let minutes = s[i + 2], minutes.isInteger, let m = s[i + 3],
           m.is("m") || m.is("min"), s.glued(i + 3), s[i + 4].map({ !s.glued(i + 4) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: i + 4, say: number.text + (number.text == "1" ? " hour " : " hours ") + minutes.text
                + (minutes.text == "1" ? " minute" : " minutes"))
        }
        // "2' × 4'": feet said once, after the last side.
        if measured, let mark = s[i + 1], mark.is("'") || mark.is("′"), s.glued(i + 1) {
            if let by = s[i + 2], by.is("×") || by.is("x"), s[i + 3]?.isNumber == true, s[i + 4]?.text == mark.text, s.glued(i + 4) {
                return RuleMatch(end: i + 2, say: number.text)
            }
            if let by = s[i - 1], by.is("×") || by.is("x"), s.t[safe: i - 2]?.text == mark.text, s.t[safe: i - 3]?.isNumber == true {
                return RuleMatch(end: i + 2, say: number.text + (number.text == "1" ? " foot" : " feet"))
            }
        }
        // "The door is 7' high", "a 10′ drop": feet, before how they measure.
        if measured, let mark = s[i + 1], mark.is("'") || mark.is("′"), s.glued(i + 1), let after = s[i + 2], after.spaceBefore,
           ["high", "tall", "long", "wide", "deep", "away", "thick", "across", "drop", "wall", "fence", "ceiling", "ceilings"].contains(after.text.lowercased()) {
            return RuleMatch(end: i + 2, say: number.text + (number.text == "1" || !["high", "tall", "long", "wide", "deep", "away", "thick", "across"].contains(after.text.lowercased()) ? " foot" : " feet"))
        }
        // "6 ft 2 in": inches only after feet.
        if let unit = s[i + 1], unit.is("in"), let before = s[i - 1], lengths.contains(before.text), s[i - 2]?.isNumber == true {
            let end = s[i + 2]?.is(".") == true && s.glued(i + 2) && s[i + 3] == nil ? i + 2 : i + 2
            return RuleMatch(end: end, say: number.text + (number.text == "1" ? " inch" : " inches"))
        }
        // "12 in. wide", "3 in. of rain": inches, when the sentence goes on in lowercase.
        if let unit = s[i + 1], unit.is("in"), unit.spaceBefore, s[i + 2]?.is(".") == true, s.glued(i + 2), let after = s[i + 3],
           after.isWord, after.isLowercase {
            return RuleMatch(end: i + 3, say: number.text + (number.text == "1" ? " inch" : " inches"))
        }
        // A range of a unit: "0–100 km/h", "5-10 kg".
        if let dash = s[i + 1], ["–", "-", "—"].contains(dash.text), s.glued(i + 1), let upper = s[i + 2], upper.isNumber, s.glued(i + 2),
           let unit = match(s, i + 2) {
            return RuleMatch(end: unit.end, say: number.text + " to " + unit.say.replacingOccurrences(of: " inch", with: " inches"))
        }
        // "cooled to 4 K": kelvins where a temperature is meant ("64 K of memory" is not one).
        if let k = s[i + 1], k.is("K"), k.spaceBefore, s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber) }) ?? true,
           (1...4).contains(where: { s.lower(i - $0).map(temperatureWords.contains) == true }) {
            return RuleMatch(end: i + 2, say: number.text + (number.text == "1" ? " kelvin" : " kelvins"))
        }
        // "sun4m", "Karlson2k", "788db145c7 dl": a name's digits, not a measure.
        if let name = s.t[safe: i - 1], s.glued(i), name.isWord { return nil }
        // "cut by 25 bps": basis points in a rate, bits per second elsewhere; "fell 2pp": percentage points.
        if let u = s[i + 1], u.is("bps") || u.is("pp") && s.glued(i + 1),
           s[i + 2].map({ !s.glued(i + 2) || !($0.isWord || $0.isNumber || $0.is(".") && u.is("pp")) }) ?? true {
            let finance = u.is("pp") || s.t.contains { rateWords.contains($0.text.lowercased()) }
            let name = u.is("pp") ? "percentage point" : finance ? "basis point" : "bit per second"
            return RuleMatch(end: i + 2, say: number.text + " " + (number.text == "1" ? name : plural(name)))
        }
        var j = i + 1
        var hyphen = false
        if s[j]?.is("-") == true, s.glued(j), s.glued(j + 1) { hyphen = true; j += 1 }
        guard let first = s[j], first.kind != .number else { return nil }
        // The longest unit written from here: "km" "/" "h", "m" "²", "°" "F", "sq" "ft".
        var best: (end: Int, name: String)?
        var symbol = ""
        var k = j
        while let tok = s[k], k - j < 4, k == j || s.glued(k) || ((symbol == "sq" || symbol == "fl") && k == j + 1) || symbol == "L/100" {
            symbol += (k > j && !s.glued(k) ? " " : "") + tok.text
            if let name = units[symbol] { best = (k + 1, name) }
            k += 1
        }
        guard var unit = best else { return nil }
        // Any unit per any unit: "2 L/min", "5 mg/kg/day" read as "per".
        while let slash = s[unit.end], slash.is("/"), s.glued(unit.end), let per = s[unit.end + 1], s.glued(unit.end + 1),
              let name = units[per.text] ?? ["day": "day", "d": "day", "wk": "week", "week": "week", "yr": "year", "year": "year",
                                            "mo": "month", "month": "month", "person": "person", "capita": "capita", "dose": "dose"][per.text] {
            if let after = s[unit.end + 2], s.glued(unit.end + 2), after.isWord || after.isNumber { break }
            unit = (unit.end + 2, unit.name + " per " + name)
        }
        // A unit is a whole word: "5 min" but not "5 minutes" or "5 mine", "1 m long" but not "1 mile".
        if let after = s[unit.end], s.glued(unit.end), after.isWord || after.isNumber { return nil }
        let value = number.text.replacingOccurrences(of: ",", with: "")
        let article = s.lower(i - 1).map { ["a", "an", "one", "per", "each", "every"].contains($0) } ?? false
        var beforeNoun = s[unit.end].map { $0.isWord && $0.isLowercase && $0.spaceBefore && !notNouns.contains($0.text) && !$0.text.hasSuffix("ly") } ?? false
        // "8 oz cooked chicken", "2 tbsp olive oil": an amount of it ("a 5 lb bag" describes the bag).
        if quantities.contains(unit.name), !article { beforeNoun = false }
        // "1 tsp. olive oil", "2 oz. of": the abbreviation's period ends no sentence.
        if abbreviated.contains(s.text(unit.end - 1) ?? ""), s[unit.end]?.is(".") == true, s.glued(unit.end),
           let after = s[unit.end + 1], after.isWord && after.isLowercase || after.isNumber {
            unit.end += 1
        }
        let singular = value == "1" || hyphen || article || beforeNoun
        let name = singular ? unit.name : plural(unit.name)
        return RuleMatch(end: unit.end, say: number.text + " " + name)
    }

    /// "per kg", "30 cents per kWh": a unit after "per" without its number, singular.
    static func perUnit(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard s.lower(i - 1) == "per", let unit = s[i], unit.spaceBefore, unit.text.count >= 2 || unit.text == "L",
              let name = units[unit.text], !perWords.contains(unit.text) else { return nil }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber || after.is("/") { return nil }
        return RuleMatch(end: i + 1, say: name)
    }
    /// Symbols that are also words after "per" ("per min" is a minute all the same).
    private static let perWords: Set<String> = ["ha", "cal", "mi", "MP", "Pa", "mol"]

    static func plural(_ name: String) -> String {
        if let p = plurals[name] { return p }
        // "mile per hour" → "miles per hour": the first word takes the plural.
        if let per = name.range(of: " per ") {
            return plural(String(name[..<per.lowerBound])) + name[per.lowerBound...]
        }
        if let space = name.firstIndex(of: " ") {
            let head = String(name[..<space])
            if ["square", "cubic"].contains(head) {
                let rest = String(name[name.index(after: space)...])
                return head + " " + plural(rest)
            }
            return plural(head) + name[space...]
        }
        if name.hasSuffix("s") || name.hasSuffix("z") { return name }
        return name + "s"
    }
}
