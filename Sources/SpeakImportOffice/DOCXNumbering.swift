import Foundation
import SpeakArchive

/// The numbers Word shows before list items ("1.", "a)", "iv."), worked out from
/// `word/numbering.xml` as Word counts them: per list (`numId`) and level, deeper levels
/// starting again under each item above them. Bullets and unnumbered levels show nothing.
struct DOCXNumbering {
    private struct Level {
        var start = 1
        var format = "decimal"
        var text = "%1."
    }

    /// numId → its levels (from its abstract definition, with start overrides).
    private var lists: [String: [Int: Level]] = [:]
    private var counters: [String: [Int: Int]] = [:]

    init(_ numbering: BookXML?) {
        guard let numbering else { return }
        var abstracts: [String: [Int: Level]] = [:]
        for abstract in numbering.all("abstractNum") {
            guard let id = abstract["abstractNumId"] else { continue }
            abstracts[id] = Self.levels(abstract.children("lvl"))
        }
        for num in numbering.all("num") {
            guard let id = num["numId"], let abstract = num.children("abstractNumId").first?["val"] else { continue }
            var levels = abstracts[abstract] ?? [:]
            for override in num.children("lvlOverride") {
                guard let level = override["ilvl"].flatMap({ Int($0) }) else { continue }
                if let start = override.children("startOverride").first?["val"].flatMap({ Int($0) }) { levels[level, default: Level()].start = start }
                if let redefined = Self.levels(override.children("lvl"))[level] { levels[level] = redefined }
            }
            lists[id] = levels
        }
    }

    private static func levels(_ elements: [BookXML]) -> [Int: Level] {
        var out: [Int: Level] = [:]
        for element in elements {
            guard let index = element["ilvl"].flatMap({ Int($0) }) else { continue }
            var level = Level()
            if let start = element.children("start").first?["val"].flatMap({ Int($0) }) { level.start = start }
            if let format = element.children("numFmt").first?["val"] { level.format = format }
            if let text = element.children("lvlText").first?["val"] { level.text = text }
            out[index] = level
        }
        return out
    }

    /// The label of the next item of list `numId` at `level` ("2.", "1.3", "b)"); nil for a
    /// bullet, an unnumbered level or a list `numbering.xml` does not define (numId 0 ends a list).
    mutating func label(numId: String, level: Int) -> String? {
        guard numId != "0", let levels = lists[numId], let definition = levels[level] else { return nil }
        var counts = counters[numId] ?? [:]
        counts[level] = (counts[level] ?? definition.start - 1) + 1
        for deeper in counts.keys where deeper > level { counts[deeper] = nil }
        counters[numId] = counts
        guard definition.format != "bullet", definition.format != "none" else { return nil }
        var text = definition.text
        for (index, other) in levels where text.contains("%\(index + 1)") {
            let value = counts[index] ?? other.start
            text = text.replacingOccurrences(of: "%\(index + 1)", with: Self.format(value, other.format))
        }
        let label = text.trimmingCharacters(in: .whitespaces)
        return label.contains(where: { $0.isLetter || $0.isNumber }) ? label : nil
    }

    static func format(_ value: Int, _ format: String) -> String {
        switch format {
        case "lowerLetter": letters(value).lowercased()
        case "upperLetter": letters(value)
        case "lowerRoman": roman(value).lowercased()
        case "upperRoman": roman(value)
        default: String(value)
        }
    }

    /// 1 → A, 26 → Z, 27 → AA (Word repeats the letter).
    private static func letters(_ value: Int) -> String {
        guard value > 0 else { return String(value) }
        let letter = Character(UnicodeScalar(UInt8(65 + (value - 1) % 26)))
        return String(repeating: letter, count: (value - 1) / 26 + 1)
    }

    private static func roman(_ value: Int) -> String {
        guard value > 0, value < 4000 else { return String(value) }
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                                      (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = value, out = ""
        for (amount, symbol) in table {
            while rest >= amount {
                out += symbol
                rest -= amount
            }
        }
        return out
    }
}
