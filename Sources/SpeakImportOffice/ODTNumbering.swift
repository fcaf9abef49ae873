import SpeakArchive

/// The numbers an OpenDocument text shows before list items ("1.", "b)", "iv."), from its
/// list styles (`text:list-level-style-number`: format, prefix, suffix, start value).
/// Bullet levels, and lists whose style is not found, show nothing.
struct ODTNumbering {
    private struct Level {
        var format: String
        var prefix: String
        var suffix: String
        var start: Int
    }

    private var styles: [String: [Int: Level]] = [:]

    /// The list styles of `roots` (content.xml's automatic styles, styles.xml's styles).
    init(_ roots: [BookXML]) {
        for root in roots {
            for style in root.all("list-style") {
                guard let name = style["name"] else { continue }
                var levels: [Int: Level] = [:]
                for level in style.children("list-level-style-number") {
                    guard let index = level["level"].flatMap({ Int($0) }) else { continue }
                    levels[index] = Level(format: level["num-format"] ?? "1", prefix: level["num-prefix"] ?? "",
                                          suffix: level["num-suffix"] ?? "", start: level["start-value"].flatMap { Int($0) } ?? 1)
                }
                styles[name] = levels
            }
        }
    }

    /// Where numbering starts at `level` of list style `style`; nil when the level shows no number.
    func start(style: String?, level: Int) -> Int? {
        guard let style, let definition = styles[style]?[level], !definition.format.isEmpty else { return nil }
        return definition.start
    }

    /// The label of item `number` at `level` of list style `style` ("3.", "c)").
    func label(style: String?, level: Int, number: Int) -> String? {
        guard let style, let definition = styles[style]?[level], !definition.format.isEmpty else { return nil }
        let formatted: String = switch definition.format {
        case "a": DOCXNumbering.format(number, "lowerLetter")
        case "A": DOCXNumbering.format(number, "upperLetter")
        case "i": DOCXNumbering.format(number, "lowerRoman")
        case "I": DOCXNumbering.format(number, "upperRoman")
        default: String(number)
        }
        return definition.prefix + formatted + definition.suffix
    }
}
