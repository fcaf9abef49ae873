import SpeakModel

/// Where a page read in two steps was cut: the opening ends after a few lines, often inside a
/// paragraph, and the rest starts with the paragraph's continuation. In the stored document
/// the two halves of the sentence become one paragraph again; the words keep their indices,
/// so playback that started on the opening goes on seamlessly.
enum OpeningSeam {
    static func mended(_ document: Document, at openingEnd: Int) -> Document {
        let blocks = document.blocks
        guard let next = blocks.firstIndex(where: { $0.firstWord == openingEnd && $0.wordCount > 0 }), next > 0 else { return document }
        let before = blocks[next - 1], after = blocks[next]
        guard before.kind == .paragraph, after.kind == .paragraph, before.skip == nil, after.skip == nil,
              before.page == after.page, before.firstWord + before.wordCount == openingEnd,
              continues(before.text, into: after.text) else { return document }
        let shift = UInt32(before.text.unicodeScalars.count + 1)
        let spans = before.wordSpans + after.wordSpans.map { WordSpan(start: $0.start + shift, end: $0.end + shift) }
        let joined = Block(kind: .paragraph, text: before.text + " " + after.text, page: before.page, firstWord: before.firstWord,
                           wordSpans: spans)
        var mended = blocks
        mended.replaceSubrange((next - 1)...next, with: [joined])
        return Document(metadata: document.metadata, blocks: mended, chapters: document.chapters, warnings: document.warnings)
    }

    /// A sentence left open (no closing punctuation) and carried on in lower case.
    static func continues(_ text: String, into next: String) -> Bool {
        guard let last = text.last, !".!?:;\"”)]".contains(last) else { return false }
        guard let first = next.first else { return false }
        return first.isLowercase || first.isNumber || ",;)".contains(first)
    }
}
