/// Paragraphs whose lines are records, not wrapped prose: "Key: value" fields (Debian
/// copyright files, mail and FAQ headers) and copyright holders one per line. Joined as
/// prose, their names, years and addresses ran into one sentence ("Linus Torvalds nineteen
/// ninety one to two thousand four Miquel van Smoorenburg").
enum LineRecords {
    /// The paragraph's records, each the lines it spans (a field's indented continuation
    /// lines are its own, unless they start with a year: a next copyright holder); nil when
    /// the lines are prose.
    static func records(_ raw: [Substring]) -> [[Substring]]? {
        guard raw.count >= 2 else { return nil }
        let trimmed = raw.map { $0.trimmingSpaces() }
        if trimmed.allSatisfy(startsWithYear) { return trimmed.map { [$0] } }
        guard isField(raw[0]) else { return nil }
        var records: [[Substring]] = []
        for (line, text) in zip(raw, trimmed) {
            if line.first != " ", line.first != "\t" {
                guard isField(line) else { return nil }
                records.append([text])
            } else if startsWithYear(text) || records.isEmpty {
                records.append([text])
            } else {
                records[records.count - 1].append(text)
            }
        }
        return records.count >= 2 ? records : nil
    }

    /// "Copyright: …", "Archive-Name: …", "N: Jane Doe": a name of a field, a colon, a space.
    static func isField(_ line: Substring) -> Bool {
        guard let colon = line.firstIndex(of: ":"), let first = line.first, first.isLetter, first.isASCII else { return false }
        let name = line[..<colon]
        guard name.count <= 30, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return false }
        let after = line[colon...].dropFirst()
        return after.isEmpty || after.first == " " || after.first == "\t"
    }

    /// "1991, 1992 Linus Torvalds", "© 2003 Philip Blundell", "Copyright (C) 1987 the FSF".
    static func startsWithYear(_ text: Substring) -> Bool {
        var rest = text
        for prefix in ["Copyright", "copyright", "(C)", "(c)", "©"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count).drop { $0 == " " || $0 == ":" }
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 4, let year = Int(digits), (1900...2099).contains(year) else { return false }
        return rest.dropFirst(4).first.map { !$0.isLetter } ?? true
    }
}
