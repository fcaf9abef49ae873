import Foundation

/// A readable, stable text rendering of a document, used by golden tests and
/// `speak show --dump`-style debugging: metadata, chapters, then every block with its
/// kind, page, skip reason, word range, text, and its sentences with words split by "|".
public enum DocumentDump {
    public static func render(_ document: Document) -> String {
        var out = ""
        let m = document.metadata
        out += "title: \(m.title)\n"
        if let author = m.author { out += "author: \(author)\n" }
        if let language = m.language { out += "language: \(language)\n" }
        if let site = m.siteName { out += "site: \(site)\n" }
        if let created = m.created { out += "published: \(ISO8601DateFormatter().string(from: created))\n" }
        if let canonical = m.canonicalURL { out += "canonical: \(canonical)\n" }
        out += "format: \(m.format.rawValue)\n"
        if let pages = m.pageCount { out += "pages: \(pages)\n" }
        if let labels = m.pageLabels { out += "page labels: \(labels.joined(separator: " "))\n" }
        out += "words: \(document.wordCount) (spoken \(document.spokenWordCount))\n"
        for warning in document.warnings { out += "warning: \(warning)\n" }
        if !document.chapters.isEmpty {
            out += "chapters:\n"
            for chapter in document.chapters {
                out += String(repeating: "  ", count: chapter.level) + "@\(chapter.firstWord) \(chapter.title)\n"
            }
        }
        for (i, block) in document.blocks.enumerated() {
            var head = "[\(i)] \(block.kind.name)"
            if let level = block.kind.level { head += " \(level)" }
            if let page = block.page { head += " p\(page)" }
            if let skip = block.skip { head += " skip=\(skip.rawValue)" }
            head += " words \(block.firstWord)..<\(block.firstWord + block.wordCount)"
            out += head + "\n"
            for line in block.text.split(separator: "\n", omittingEmptySubsequences: false) { out += "    \(line)\n" }
            let words = block.wordTexts
            for sentence in block.sentences {
                let local = (sentence.lowerBound - block.firstWord)..<(sentence.upperBound - block.firstWord)
                out += "  » " + words[local].joined(separator: "|") + "\n"
            }
        }
        return out
    }
}
