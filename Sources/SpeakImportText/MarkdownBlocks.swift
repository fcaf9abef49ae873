import Foundation

/// The parts of a Markdown file that are not prose: link reference definitions (targets, not
/// text), HTML written into the file (a centred logo, a heading with an attribute, a comment),
/// and lines of nothing but images (a README's badges). Each is kept as a skipped block with
/// its reason, or read for the text it shows.
enum MarkdownBlocks {
    /// A label, one target (`<…>` or no spaces), perhaps a title, and nothing else on the line.
    nonisolated(unsafe) private static let definition =
        try? Regex("^ {0,3}\\[[^\\]^][^\\]]{0,500}\\]:[ \\t]*(<[^>\\n]{0,2000}>|[^\\s<]\\S{0,2000})([ \\t]+(\"[^\"\\n]{0,500}\"|'[^'\\n]{0,500}'|\\([^)\\n]{0,500}\\)))?[ \\t]*$")
    nonisolated(unsafe) private static let tagStart = try? Regex("^ {0,3}(<!--|</?([A-Za-z][A-Za-z0-9]*)(\\s|>|/>|$))")
    /// HTML's own element names: "<T> is the type" starts no HTML block.
    static let elements: Set<String> = [
        "p", "div", "img", "a", "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "table", "thead", "tbody", "tr", "td", "th", "ul", "ol",
        "li", "details", "summary", "picture", "source", "center", "span", "b", "i", "em", "strong", "sub", "sup", "kbd", "code", "pre",
        "blockquote", "dl", "dt", "dd", "figure", "figcaption", "video", "audio", "iframe", "section", "header", "footer", "nav",
        "main", "article", "aside", "small", "font", "u", "s", "del", "ins", "input", "button", "form", "svg", "meta", "link", "style",
        "script", "noscript", "object", "embed", "caption", "col", "colgroup", "tfoot", "abbr", "address", "big", "cite", "mark",
    ]
    nonisolated(unsafe) private static let heading = try? Regex("(?i)^\\s*<h([1-6])\\b")

    nonisolated(unsafe) private static let shortcut = try? Regex("\\[([^\\]\\[\\n]{1,500})\\](?![\\[(:])")

    /// The labels the file defines links for, lower-cased: "[lzbench]" alone is then a link
    /// ("[1]" stays: a number in brackets is a note).
    static func definedLabels(_ text: String) -> Set<String> {
        guard text.contains("]:") else { return [] }
        var found: Set<String> = []
        for line in text.split(separator: "\n") where line.contains("]:") && isReferenceDefinition(line) {
            guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"), open < close else { continue }
            let label = line[line.index(after: open)..<close]
            if !label.allSatisfy(\.isNumber) { found.insert(label.lowercased()) }
        }
        return found
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
        guard line.contains("<"), let tagStart, let found = try? tagStart.prefixMatch(in: line) else { return false }
        guard let name = found.output[2].substring else { return true }  // a comment
        return elements.contains(name.lowercased())
    }

    /// An HTML block as its reader sees it: the text between its tags (entities decoded), the
    /// images' alternative texts, and the heading level when it is a heading. One pass over
    /// the bytes: a tag is looked for at most a kilobyte ahead, so a long line of "<" costs
    /// little.
    static func shown(_ html: String) -> (text: String, alts: [String], heading: Int?) {
        let bytes = Array(html.utf8)
        var text: [UInt8] = [], alts: [String] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { text.append(bytes[i]); i += 1; continue }
            if bytes[i...].starts(with: "<!--".utf8) {
                i = find(Array("-->".utf8), in: bytes, from: i + 4, within: bytes.count).map { $0 + 3 } ?? bytes.count
                text.append(0x20)
                continue
            }
            guard let close = find([UInt8(ascii: ">")], in: bytes, from: i + 1, within: 1024) else { text.append(bytes[i]); i += 1; continue }
            let tag = String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
            if tag.lowercased().hasPrefix("img"), let alt = attribute("alt", in: tag), !alt.isEmpty { alts.append(alt) }
            text.append(0x20)
            i = close + 1
        }
        let shownText = MarkdownInline.entities(String(decoding: text, as: UTF8.self))
        let level = heading.flatMap { html.prefixMatch(of: $0)?.output[1].substring.flatMap { Int($0) } }
        return (shownText.split(whereSeparator: \.isWhitespace).joined(separator: " "), alts, level)
    }

    /// Where `needle` starts in `bytes` from `start`, looking at most `within` bytes ahead.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, within: Int) -> Int? {
        let last = min(bytes.count - needle.count, start + within)
        guard start <= last else { return nil }
        for k in start...last where bytes[k] == needle[0] && bytes[k..<(k + needle.count)].elementsEqual(needle) { return k }
        return nil
    }

    /// The value of `name="…"` in a tag's text.
    static func attribute(_ name: String, in tag: String) -> String? {
        guard let found = tag.range(of: name + "=\"", options: .caseInsensitive) ?? tag.range(of: name + " = \"", options: .caseInsensitive),
              let end = tag[found.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[found.upperBound..<end])
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
