import Foundation

/// The parts of a Markdown file that are not prose: link reference definitions (targets, not
/// text), HTML written into the file (a centred logo, a heading with an attribute, a comment),
/// and lines of nothing but images (a README's badges). Each is kept as a skipped block with
/// its reason, or read for the text it shows.
enum MarkdownBlocks {
    nonisolated(unsafe) private static let definition = try? Regex("^ {0,3}\\[[^\\]^][^\\]]*\\]:\\s*\\S")
    nonisolated(unsafe) private static let tagStart = try? Regex("^ {0,3}(<!--|</?[A-Za-z][A-Za-z0-9-]*(\\s|>|/>|$))")
    nonisolated(unsafe) private static let tag = try? Regex("<[^>]*>")
    nonisolated(unsafe) private static let comment = try? Regex("<!--[\\s\\S]*?(-->|$)")
    nonisolated(unsafe) private static let alt = try? Regex("(?i)<img\\b[^>]*\\balt\\s*=\\s*\"([^\"]*)\"")
    nonisolated(unsafe) private static let heading = try? Regex("(?i)^\\s*<h([1-6])\\b")

    nonisolated(unsafe) private static let labels = try? Regex("(?m)^ {0,3}\\[([^\\]^\\n][^\\]\\n]*)\\]:[ \\t]*\\S")
    nonisolated(unsafe) private static let shortcut = try? Regex("\\[([^\\]\\[\\n]+)\\](?![\\[(:])")

    /// The labels the file defines links for, lower-cased: "[lzbench]" alone is then a link.
    static func definedLabels(_ text: String) -> Set<String> {
        guard text.contains("]:"), let labels else { return [] }
        return Set(text.matches(of: labels).compactMap { $0.output[1].substring.map { $0.lowercased() } })
    }

    /// "[lzbench]" → lzbench, when the file defines where "lzbench" points.
    static func shortcutLinks(_ text: String, labels: Set<String>) -> String {
        guard !labels.isEmpty, text.contains("["), let shortcut else { return text }
        return text.replacing(shortcut) { match in
            let label = match.output[1].substring.map(String.init) ?? ""
            return labels.contains(label.lowercased()) ? label : String(match.output[0].substring ?? "")
        }
    }

    /// "[travis]: https://… "Build"": where a reference-style link points.
    static func isReferenceDefinition(_ line: Substring) -> Bool {
        guard line.first == "[" || line.first == " ", let definition else { return false }
        return (try? definition.prefixMatch(in: line)) != nil
    }

    /// A line that starts an HTML block: a tag or a comment at its start.
    static func startsHTML(_ line: Substring) -> Bool {
        guard line.contains("<"), let tagStart else { return false }
        return (try? tagStart.prefixMatch(in: line)) != nil
    }

    /// An HTML block as its reader sees it: the text between its tags (entities decoded), the
    /// images' alternative texts, and the heading level when it is a heading.
    static func shown(_ html: String) -> (text: String, alts: [String], heading: Int?) {
        guard let tag, let comment, let alt, let heading else { return (html, [], nil) }
        let alts = html.matches(of: alt).compactMap { $0.output[1].substring.map(String.init) }.filter { !$0.isEmpty }
        let level = html.firstMatch(of: heading).flatMap { $0.output[1].substring.flatMap { Int($0) } }
        let text = MarkdownInline.entities(html.replacing(comment, with: " ").replacing(tag, with: " "))
        return (text.split(whereSeparator: \.isWhitespace).joined(separator: " "), alts, level)
    }

    /// The alternative texts of a paragraph that is nothing but images, linked or not
    /// ("[![Build Status][badge]][link] [![Coverage](c.svg)](…)"); nil when it has other text.
    static func onlyImages(_ text: String) -> [String]? {
        guard text.contains("!["), let images = MarkdownInline.images else { return nil }
        var alts: [String] = []
        let rest = text.replacing(images) { match in
            if let alt = match.output[1].substring, !alt.isEmpty { alts.append(String(alt)) }
            return "\u{1}"
        }
        // What is left: the links around the images, and spaces.
        let left = MarkdownInline.references(MarkdownInline.stripLinks(rest)).filter { !$0.isWhitespace && $0 != "\u{1}" }
        return left.isEmpty ? alts : nil
    }
}
