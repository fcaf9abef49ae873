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

    /// The character references Markdown text uses most ("&amp;", "&nbsp;", "&#39;").
    static func entities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
                                    ("&copy;", "©"), ("&mdash;", "—"), ("&ndash;", "–"), ("&hellip;", "…"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out
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
