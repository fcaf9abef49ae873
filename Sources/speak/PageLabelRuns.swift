/// Printed page labels told briefly: "i–xii, 1–310, A-1–A-4" — runs of labels that count up
/// by one (in digits or roman numerals, with the same prefix) become their ends.
enum PageLabelRuns {
    static func describe(_ labels: [String]) -> String {
        var runs: [(first: String, last: String, count: Int)] = []
        var previous: (prefix: Substring, value: Int, roman: Bool)?
        for label in labels {
            let parsed = parse(label)
            if let parsed, let before = previous, before.prefix == parsed.prefix, before.roman == parsed.roman,
               before.value + 1 == parsed.value, let last = runs.indices.last {
                runs[last].last = label
                runs[last].count += 1
            } else {
                runs.append((label, label, 1))
            }
            previous = parsed
        }
        return runs.map { run in
            switch run.count {
            case 1: run.first
            case 2: run.first + ", " + run.last
            default: run.first + "–" + run.last
            }
        }.joined(separator: ", ")
    }

    /// A label's prefix and number: "A-12" is ("A-", 12), "xiv" is ("", 14, roman).
    private static func parse(_ label: String) -> (prefix: Substring, value: Int, roman: Bool)? {
        let digits = label.reversed().prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let value = Int(String(digits.reversed())) {
            return (label.dropLast(digits.count), value, false)
        }
        return roman(label).map { ("", $0, true) }
    }

    private static func roman(_ text: String) -> Int? {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        let letters = text.lowercased().map { values[$0] }
        guard !letters.isEmpty, letters.count <= 12, letters.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = letters.compactMap { $0 }
        var total = 0
        for (i, value) in numbers.enumerated() {
            total += i + 1 < numbers.count && value < numbers[i + 1] ? -value : value
        }
        return total > 0 ? total : nil
    }
}
