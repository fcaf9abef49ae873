import Foundation
import SpeakKit

/// The text part of the player's screen: the paragraph being read and its neighbours, wrapped
/// to the width, the sentence being read marked and the spoken word in reverse video, placed
/// a third of the way down so that what comes next is in view.
final class ReadingView {
    /// A word and what follows it up to the next word (punctuation), as laid out.
    private struct Token {
        var word: Int
        var text: String
    }

    private let colour: Bool
    private let includeSkipped: Bool
    /// Wrapped lines of each block, for one width (a resize clears it).
    private var layouts: [Int: [[Token]]] = [:]
    private var layoutWidth = 0
    private var sentences: (block: Int, ranges: [Range<Int>])?

    init(colour: Bool, includeSkipped: Bool) {
        self.colour = colour
        self.includeSkipped = includeSkipped
    }

    /// `height` lines of `width` columns around `word`, styled with escape sequences.
    func lines(_ document: Document, word: Int, width: Int, height: Int) -> [String] {
        guard height > 0 else { return [] }
        if width != layoutWidth {
            layouts.removeAll()
            layoutWidth = width
        }
        guard let current = shownBlock(document, word: word) else { return Array(repeating: "", count: height) }
        let sentence = sentenceRange(document, block: current, word: word)
        var rows = styled(document, block: current, word: word, sentence: sentence)
        let wordRow = layout(document, block: current).firstIndex { line in line.contains { $0.word >= word } } ?? 0
        // Paragraphs before, until the spoken word's line sits a third of the way down.
        var above = wordRow
        var previous = current - 1
        let wanted = height / 3
        while above < wanted, previous >= 0 {
            if isShown(document.blocks[previous]) {
                rows = styled(document, block: previous, word: word, sentence: sentence) + [""] + rows
                above += layout(document, block: previous).count + 1
            }
            previous -= 1
        }
        var start = max(0, above - wanted)
        if rows.count - start < height {
            var next = current + 1
            while rows.count - start < height, next < document.blocks.count {
                if isShown(document.blocks[next]) { rows += [""] + styled(document, block: next, word: word, sentence: sentence) }
                next += 1
            }
        }
        // At the end of the document the last lines stay at the bottom rather than scroll away.
        start = max(0, min(start, rows.count - height))
        let window = Array(rows.dropFirst(start).prefix(height))
        return window + Array(repeating: "", count: height - window.count)
    }

    private func isShown(_ block: Block) -> Bool { block.wordCount > 0 && (includeSkipped || block.isSpoken) }

    /// The block holding `word`, or the nearest one shown before it.
    private func shownBlock(_ document: Document, word: Int) -> Int? {
        guard var b = document.blockIndex(containingWord: min(word, document.wordCount - 1)) else { return nil }
        while b > 0, !isShown(document.blocks[b]) { b -= 1 }
        return b
    }

    private func sentenceRange(_ document: Document, block: Int, word: Int) -> Range<Int> {
        if sentences?.block != block { sentences = (block, document.blocks[block].sentences) }
        return sentences?.ranges.first { $0.contains(word) } ?? word..<(word + 1)
    }

    private func styled(_ document: Document, block b: Int, word: Int, sentence: Range<Int>) -> [String] {
        let heading: Bool
        if case .heading = document.blocks[b].kind { heading = true } else { heading = false }
        let skipped = !document.blocks[b].isSpoken
        return layout(document, block: b).map { line in
            var out = heading ? "\u{1B}[1m" : (skipped ? "\u{1B}[2m" : "")
            for (i, token) in line.enumerated() {
                if i > 0 { out += " " }
                if token.word == word {
                    out += "\u{1B}[7m" + token.text + "\u{1B}[27m"
                } else if sentence.contains(token.word) {
                    out += (colour ? "\u{1B}[33m" : "\u{1B}[4m") + token.text + (colour ? "\u{1B}[39m" : "\u{1B}[24m")
                } else {
                    out += token.text
                }
            }
            return out + "\u{1B}[0m"
        }
    }

    /// The block's words wrapped to the width; a word longer than the width is cut.
    private func layout(_ document: Document, block b: Int) -> [[Token]] {
        if let cached = layouts[b] { return cached }
        let block = document.blocks[b]
        let scalars = Array(block.text.unicodeScalars)
        let spans = block.wordSpans
        var lines: [[Token]] = [[]]
        var length = 0
        // The text between two words: up to the first space it belongs to the word before
        // (a comma, a closing quote), after the last space to the word after (an opening
        // quote); a dash standing alone between spaces goes with the word before.
        var leading = ""
        for (i, span) in spans.enumerated() {
            let gapEnd = i + 1 < spans.count ? Int(spans[i + 1].start) : scalars.count
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[Int(span.start)..<min(Int(span.end), scalars.count)])
            var gap = String.UnicodeScalarView()
            gap.append(contentsOf: scalars[min(Int(span.end), gapEnd)..<gapEnd])
            let gapText = String(gap)
            var pieces = gapText.split(whereSeparator: \.isWhitespace).map(String.init)
            var nextLeading = ""
            if i + 1 < spans.count, let last = gapText.last, !last.isWhitespace, !pieces.isEmpty,
               pieces.count > 1 || gapText.first?.isWhitespace == true {
                nextLeading = pieces.removeLast()
            }
            var text = leading + String(word)
            if let first = pieces.first, gapText.first?.isWhitespace == false {
                text += first
                pieces.removeFirst()
            }
            if !pieces.isEmpty { text += " " + pieces.joined(separator: " ") }
            leading = nextLeading
            if text.count > layoutWidth { text = String(text.prefix(max(1, layoutWidth - 1))) + "…" }
            if length > 0, length + 1 + text.count > layoutWidth {
                lines.append([])
                length = 0
            }
            length += (length > 0 ? 1 : 0) + text.count
            lines[lines.count - 1].append(Token(word: block.firstWord + i, text: text))
        }
        layouts[b] = lines
        return lines
    }
}
