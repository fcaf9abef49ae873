/// Poems in a page or a book: which elements hold verse, and which of them are stanzas (their
/// lines are said with short pauses, stanzas apart like paragraphs).
enum Verse {
    /// `epub:type` words (EPUB structural semantics, Z39.98) for verse.
    private static let types: Set<String> = ["poem", "verse", "song", "hymn", "lyrics"]
    /// Class and id words pages and e-book makers use for verse.
    private static let hints: Set<String> = ["poem", "poetry", "verse", "stanza", "lyrics"]

    /// An element whose content is verse.
    static func isPoem(_ element: HTMLElement) -> Bool {
        if let types = element["epub:type"],
           types.split(separator: " ").contains(where: { Self.types.contains(String($0.split(separator: ":").last ?? $0)) }) {
            return true
        }
        guard element["class"] != nil || element["id"] != nil else { return false }
        let words = element.hints
        // Most elements: one quick look, no allocation.
        guard words.contains("poe") || words.contains("verse") || words.contains("stanza") || words.contains("lyric") else { return false }
        return words.split(whereSeparator: { !$0.isLetter }).contains { hints.contains(String($0)) }
    }

    /// An element that holds lines: broken by `<br>`, or made of two or more line elements
    /// (blocks with no blocks inside).
    static func isStanza(_ element: HTMLElement) -> Bool {
        guard !BlockEmitter.isInline(element.tag) else { return false }
        var lines = 0
        for child in element.elements {
            if child.tag == .br || BlockEmitter.isInline(child.tag) && child.elements.contains(where: { $0.tag == .br }) { return true }
            if !BlockEmitter.isInline(child.tag), !child.elements.contains(where: { !BlockEmitter.isInline($0.tag) }) { lines += 1 }
        }
        return lines >= 2
    }
}
