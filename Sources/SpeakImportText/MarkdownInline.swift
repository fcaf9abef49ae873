/// Removes Markdown inline markup that would otherwise be read aloud or shown:
/// links and images keep their text, emphasis markers and inline-code backticks go.
enum MarkdownInline {
    nonisolated(unsafe) private static let link = try? Regex("!?\\[([^\\]\\n]{0,500})\\]\\([^)\\s]*(\\s+\"[^\"]*\")?\\)")
    nonisolated(unsafe) private static let emphasis = try? Regex("(\\*\\*|\\*|`)(\\S(?:[^\\n]{0,300}?\\S)?)\\1")
    /// `__strong__` and `_emphasis_` between word edges (not the underscores inside `snake_case`).
    nonisolated(unsafe) private static let underscores = try? Regex("(^|[\\s(\\[{\"'])(__|_)([^\\s_](?:[^\\n]{0,300}?[^\\s_])?)\\2(?=$|[\\s.,;:!?)\\]}\"'])")
    /// Images, inline (`![alt](src)`) or by reference (`![alt][ref]`): their alternative text.
    nonisolated(unsafe) static let images = try? Regex("!\\[([^\\]\\n]{0,500})\\](?:\\([^)\\s]*(?:\\s+\"[^\"]*\")?\\)|\\[[^\\]\\n]{0,500}\\])")
    /// Links by reference (`[text][ref]`, `[text][]`): their text.
    nonisolated(unsafe) private static let referenceLink = try? Regex("\\[([^\\]\\n]{0,500})\\]\\[[^\\]\\n]{0,500}\\]")

    /// Links `[text](url)` → text. Applied to every text file: the pattern is unambiguous.
    static func stripLinks(_ text: String) -> String {
        guard text.contains("]("), let link else { return text }
        return text.replacing(link) { match in
            match.output[1].substring.map(String.init) ?? ""
        }
    }

    nonisolated(unsafe) private static let autolink = try? Regex("<((?:https?|ftp|mailto):[^>\\s]+|[^@<>\\s]+@[^@<>\\s]+\\.[a-z]+)>")
    nonisolated(unsafe) private static let footnoteReference = try? Regex("\\[\\^[^\\]\\s]+\\](?!:)")

    /// Autolinks `<https://…>` keep the address without the brackets; footnote references
    /// `[^1]` are markers (the note itself is a skipped block), not words to read.
    static func stripMarkers(_ text: String) -> String {
        var text = text
        if text.contains("<"), let autolink {
            text = text.replacing(autolink) { match in match.output[1].substring.map(String.init) ?? "" }
        }
        if text.contains("[^"), let footnoteReference {
            text = text.replacing(footnoteReference, with: "")
        }
        return text
    }

    nonisolated(unsafe) private static let numericEntity = try? Regex("&#(?:([0-9]{1,7})|[xX]([0-9A-Fa-f]{1,6}));")

    /// The character references Markdown text uses most ("&amp;", "&nbsp;", "&#39;", "&#8212;").
    static func entities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        if out.contains("&#"), let numericEntity {
            out = out.replacing(numericEntity) { match in
                let value = match.output[1].substring.flatMap { UInt32($0) } ?? match.output[2].substring.flatMap { UInt32($0, radix: 16) }
                guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return String(match.output[0].substring ?? "") }
                return value == 0x26 ? "&amp;" : String(Character(scalar))
            }
        }
        for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"),
                                    ("&copy;", "©"), ("&mdash;", "—"), ("&ndash;", "–"), ("&hellip;", "…"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out
    }

    /// HTML's own tags written into a sentence ("press <kbd>Ctrl</kbd>", "H<sub>2</sub>O",
    /// "<br>", a comment) go, an image's leaves its alternative text; "<T>" and what is inside
    /// a code span (`` `<div>` ``) stay. A tag is looked for at most 500 characters ahead.
    static func stripTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        let chars = Array(text)
        var out = "", i = 0, inCode = false
        while i < chars.count {
            let c = chars[i]
            if c == "`" { inCode.toggle() }
            guard c == "<", !inCode else { out.append(c); i += 1; continue }
            let ahead = chars[(i + 1)..<min(chars.count, i + 501)]
            if ahead.starts(with: "!--"), let end = closing(of: "-->", in: chars, from: i + 4) {
                i = end
                if out.last == " ", i < chars.count, chars[i] == " " { i += 1 }
                continue
            }
            guard let close = ahead.firstIndex(of: ">") else { out.append(c); i += 1; continue }
            let tag = String(chars[(i + 1)..<close])
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            let follows = tag.drop { $0 == "/" }.dropFirst(name.count).first
            guard MarkdownBlocks.elements.contains(name), follows == nil || follows?.isWhitespace == true || follows == "/" else {
                out.append(c); i += 1; continue
            }
            // A tag is markup when it has attributes, is one that stands alone, or is paired in
            // the sentence: "the <code> element", "pass <input> and <output>" name tags.
            let closing = tag.hasPrefix("/")
            let paired = closing ? text.contains("<" + name) : text.range(of: "</" + name + ">", options: .caseInsensitive) != nil
            guard tag.contains("=") || ["br", "hr", "wbr"].contains(name) || paired else { out.append(c); i += 1; continue }
            if name == "br" || name == "hr" || name == "p" || name == "td" || name == "th" || name == "li" { out.append(" ") }
            if name == "img", let alt = MarkdownBlocks.attribute("alt", in: tag) { out += alt }
            i = close + 1
        }
        return out
    }

    private static func closing(of needle: String, in chars: [Character], from start: Int) -> Int? {
        let pattern = Array(needle)
        var k = start
        while k + pattern.count <= min(chars.count, start + 500) {
            if chars[k..<(k + pattern.count)].elementsEqual(pattern) { return k + pattern.count }
            k += 1
        }
        return nil
    }

    /// Markdown's images (their alternative text) and links by reference (their text), before
    /// its inline links: "[![Build](b.svg)](ci)" is "Build".
    static func references(_ text: String) -> String {
        guard text.contains("]"), let images, let referenceLink else { return text }
        let shown = text.contains("![") ? text.replacing(images) { $0.output[1].substring.map(String.init) ?? "" } : text
        return shown.contains("][") ? shown.replacing(referenceLink) { $0.output[1].substring.map(String.init) ?? "" } : shown
    }

    /// Emphasis (`*`, `**`, `_`, `__`) and code markers (a span of at most 300 characters, so a
    /// long line of lone marks is not searched to its end from each), for Markdown only (a lone `*`
    /// in plain text is kept). Underscores inside a word (`snake_case`, URLs) stay.
    static func stripEmphasis(_ text: String) -> String {
        guard text.contains(where: { $0 == "*" || $0 == "_" || $0 == "`" }), let emphasis, let underscores else { return text }
        // Underscores first, while a code span's backticks still keep "`__init__`" whole.
        let underlined = text.contains("_") ? text.replacing(underscores) { match in
            (match.output[1].substring.map(String.init) ?? "") + (match.output[3].substring.map(String.init) ?? "")
        } : text
        return underlined.replacing(emphasis) { match in
            match.output[2].substring.map(String.init) ?? ""
        }
    }
}
