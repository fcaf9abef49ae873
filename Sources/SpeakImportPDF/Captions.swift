/// Figure and table captions, found by their label ("Fig. 3.", "Table B.1:", "TABLE I:",
/// "Abbildung 1.1:"), and the places a listener can hear them: where the page sets them, after
/// the sentence they interrupt, or after the paragraph that first mentions them.
enum Captions {
    /// What a caption labels, and its number as printed ("3", "B.1", "I").
    struct Label: Hashable {
        enum Kind { case figure, table }
        var kind: Kind
        var number: String
    }

    /// Where captions are read. The importer reads them after the sentence they interrupt
    /// (`scripts/measure-captions` compares the three on papers; see its numbers in README).
    enum Placement: String {
        /// In the page's reading order, which may cut a sentence that goes on after the figure.
        case whereTheyStand = "stand"
        /// Where they stand unless that cuts a sentence; then after the paragraph it cuts.
        case afterTheirSentence = "sentence"
        /// After the first paragraph that mentions them ("as Fig. 3 shows"); where they stand,
        /// sentence kept whole, when none does.
        case afterTheirMention = "mention"

        /// `SPEAK_PDF_CAPTIONS` (stand, sentence, mention) for the measurement; otherwise the
        /// importer's choice.
        static func chosen(environment: [String: String]) -> Placement {
            environment["SPEAK_PDF_CAPTIONS"].flatMap(Placement.init(rawValue:)) ?? .afterTheirSentence
        }
    }

    private static let figureWords: Set<String> = [
        "fig.", "fig", "figs.", "figure", "figures", "abb.", "abbildung", "abbildungen", "figura", "figuras", "scheme", "chart", "plate",
    ]
    private static let tableWords: Set<String> = ["table", "tables", "tab.", "tabelle", "tabellen", "tableau", "tabla", "tabella"]
    /// Marks that end a caption's label: "Fig. 3." "Table 1:" "Figure 2 —".
    private static let labelEnds: Set<Character> = [".", ":", "|", "\u{2014}", "\u{2013}"]

    /// The label a caption starts with: a label word, a number, and a full stop, a colon or a
    /// dash right after it ("Figure 1 presents the light curves" is a sentence, not a caption),
    /// or the label alone on its line (a table's "TABLE II" over its caption).
    static func label(ofCaption text: String) -> Label? {
        // Most lines start with none of the label words' letters: done at the first byte.
        guard let first = text.utf8.first(where: { $0 != 0x20 }), "FfTtAaSsCcPp".utf8.contains(first) else { return nil }
        let words = text.split(separator: " ", maxSplits: 3)
        guard words.count >= 2, let kind = kind(of: words[0]) else { return nil }
        var number = words[1]
        var ended = false
        if let last = number.last, labelEnds.contains(last) {
            number = number.dropLast()
            ended = true
        }
        if !ended, words.count >= 3, let mark = words[2].first, labelEnds.contains(mark), words[2].count == 1 { ended = true }
        if !ended, words.count == 2 { ended = true }
        guard ended, isNumber(number) else { return nil }
        return Label(kind: kind, number: normalized(number))
    }

    /// The figures and tables a paragraph names ("Fig. 3", "Figs. 2 and 4" names 2, "Tabelle 2.1").
    static func mentions(in text: String) -> Set<Label> {
        var out: Set<Label> = []
        let words = text.split(separator: " ")
        for (i, word) in words.enumerated() where i + 1 < words.count {
            let cleaned = word.drop { $0 == "(" || $0 == "[" }
            guard let kind = kind(of: cleaned) else { continue }
            var number = words[i + 1]
            while let last = number.last, ",.;:)]".contains(last) { number = number.dropLast() }
            // A panel letter ("3a", "3b") names its figure.
            if number.count >= 2, let last = number.last, last.isLowercase, number.dropLast().last?.isNumber == true { number = number.dropLast() }
            if isNumber(number) { out.insert(Label(kind: kind, number: normalized(number))) }
        }
        return out
    }

    private static func kind(of word: Substring) -> Label.Kind? {
        guard word.utf8.count <= 12 else { return nil }
        let lower = word.lowercased()
        if figureWords.contains(lower) { return .figure }
        if tableWords.contains(lower) { return .table }
        return nil
    }

    /// "3", "12", "B.1", "2.1", "A.2", "S4", or a Roman numeral in capitals ("IV").
    private static func isNumber(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 8 else { return false }
        if text.allSatisfy({ "IVXLC".contains($0) }) { return true }
        guard text.last?.isNumber == true else { return false }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && (part.allSatisfy(\.isNumber) || part.count <= 2 && part.first?.isUppercase == true && part.dropFirst().allSatisfy(\.isNumber))
        }
    }

    private static func normalized(_ number: Substring) -> String { number.uppercased() }
}

extension Captions {
    /// `items` with each caption moved after the first body paragraph that mentions what it
    /// labels (before or after it); captions nothing mentions stay. Captions moved after one
    /// paragraph keep their order.
    static func placedAfterMentions<Item>(_ items: [Item], label: (Item) -> Label?, text: (Item) -> String,
                                          isBody: (Item) -> Bool) -> [Item] {
        let labels = items.map(label)
        let wanted = Set(labels.compactMap { $0 })
        guard !wanted.isEmpty else { return items }
        var firstMention: [Label: Int] = [:]
        for (i, item) in items.enumerated() where labels[i] == nil && isBody(item) {
            for mention in mentions(in: text(item)) where wanted.contains(mention) && firstMention[mention] == nil {
                firstMention[mention] = i
            }
        }
        var after: [Int: [Item]] = [:]
        var moved: Set<Int> = []
        for (i, found) in labels.enumerated() {
            guard let found, let host = firstMention[found] else { continue }
            after[host, default: []].append(items[i])
            moved.insert(i)
        }
        var out: [Item] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            if !moved.contains(i) { out.append(item) }
            out += after[i] ?? []
        }
        return out
    }
}
