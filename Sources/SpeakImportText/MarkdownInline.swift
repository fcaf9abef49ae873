/// Removes Markdown inline markup that would otherwise be read aloud or shown:
/// links and images keep their text, emphasis markers and inline-code backticks go.
enum MarkdownInline {
    nonisolated(unsafe) private static let link = try? Regex("!?\\[([^\\]\\n]*)\\]\\([^)\\s]*(\\s+\"[^\"]*\")?\\)")
    nonisolated(unsafe) private static let emphasis = try? Regex("(\\*\\*|\\*|`)(\\S(?:[^\\n]*?\\S)?)\\1")

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

    /// Emphasis (`*`, `**`) and code markers, for Markdown sources only (a lone `*` in plain
    /// text is kept). Underscores are left alone: they occur inside names and URLs, and the
    /// word segmenter already trims them from word edges.
    static func stripEmphasis(_ text: String) -> String {
        guard text.contains(where: { $0 == "*" || $0 == "_" || $0 == "`" }), let emphasis else { return text }
        return text.replacing(emphasis) { match in
            match.output[2].substring.map(String.init) ?? ""
        }
    }
}
