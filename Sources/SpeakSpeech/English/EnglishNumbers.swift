/// English number words, US conventions (no "and": two hundred fifty).
enum EnglishNumbers {
    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    static let scales = [(1_000_000_000_000, "trillion"), (1_000_000_000, "billion"), (1_000_000, "million"), (1000, "thousand")]

    static func cardinal(_ n: Int) -> String {
        if n < 0 { return "minus " + cardinal(-n) }
        if n < 20 { return ones[n] }
        if n < 100 { return tens[n / 10] + (n % 10 == 0 ? "" : " " + ones[n % 10]) }
        if n < 1000 { return ones[n / 100] + " hundred" + (n % 100 == 0 ? "" : " " + cardinal(n % 100)) }
        for (scale, name) in scales where n >= scale {
            return cardinal(n / scale) + " " + name + (n % scale == 0 ? "" : " " + cardinal(n % scale))
        }
        return String(n)
    }

    static func ordinal(_ n: Int) -> String {
        let words = cardinal(n)
        let irregular = ["one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth",
                         "nine": "ninth", "twelve": "twelfth"]
        var parts = words.split(separator: " ").map(String.init)
        guard let last = parts.popLast() else { return words }
        let ord: String
        if let irr = irregular[last] { ord = irr }
        else if last.hasSuffix("y") { ord = String(last.dropLast()) + "ieth" }
        else { ord = last + "th" }
        return (parts + [ord]).joined(separator: " ")
    }

    /// Plural of a number word: "nineties", "hundreds", "sixes".
    static func plural(_ words: String) -> String {
        if words.hasSuffix("y") { return String(words.dropLast()) + "ies" }
        if words.hasSuffix("x") { return words + "es" }
        return words + "s"
    }

    /// A year as people say it: nineteen eighty four, nineteen oh five, two thousand eight,
    /// twenty twenty six, nineteen hundred.
    static func year(_ y: Int) -> String {
        guard y >= 1000, y < 10000 else { return cardinal(y) }
        let high = y / 100, low = y % 100
        if y % 1000 < 10, y / 1000 == 2 || y % 1000 == 0 { return cardinal(y) }  // 2000-2009, 1000, 3000
        if low == 0 { return cardinal(high) + " hundred" }
        if low < 10 { return cardinal(high) + " oh " + ones[low] }
        return cardinal(high) + " " + cardinal(low)
    }

    /// A number that names a thing as people say it: a model ("seven forty seven", "three
    /// eighty", "seven oh seven"), a screen width ("nineteen twenty"); as a year from 1000 on.
    static func name(_ n: Int) -> String {
        guard n >= 100 else { return cardinal(n) }
        guard n >= 1000 else {
            let low = n % 100
            return ones[n / 100] + (low == 0 ? " hundred" : low < 10 ? " oh " + ones[low] : " " + cardinal(low))
        }
        return year(n)
    }

    /// A decimal number as written: "one point two", "zero point zero five", "1,250" as
    /// "one thousand two hundred fifty".
    static func number(_ text: String) -> String {
        let plain = text.replacingOccurrences(of: ",", with: "")
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first, let n = Int(whole.isEmpty ? "0" : whole) else { return text }
        var words = whole.isEmpty ? "" : cardinal(n)
        if parts.count == 2 { words += (words.isEmpty ? "" : " ") + "point " + digits(String(parts[1])) }
        return words
    }

    /// Digit by digit: "zero nine five eight".
    static func digits(_ text: String) -> String {
        text.compactMap { $0.wholeNumberValue.map { ones[$0] } }.joined(separator: " ")
    }

    /// Fractions said as such when the denominator is small or round: two thirds, one half, three
    /// quarters, one hundredth ("32/64" is two numbers).
    static func fraction(_ numerator: Int, _ denominator: Int) -> String? {
        guard (2...16).contains(denominator) || [100, 1000].contains(denominator), numerator > 0, numerator < 100 else { return nil }
        let name: String
        switch denominator {
        case 2: name = "half"
        case 4: name = "quarter"
        // "two hundredths", not "two one hundredths".
        case 100: name = "hundredth"
        case 1000: name = "thousandth"
        default: name = ordinal(denominator)
        }
        if numerator == 1 { return "one " + name }
        return cardinal(numerator) + " " + (name == "half" ? "halves" : name + "s")
    }
}
