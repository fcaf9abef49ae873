import CPopplerText
import Foundation
import SpeakImportPDF

/// A document's text as poppler's core sees it: words in the order the PDF draws them (for
/// papers and books, the order they are read in), joined into lines here.
final class PopplerText {
    private let document: OpaquePointer

    static func keepHeap() {
        speak_pdf_keep_heap()
    }

    /// The poppler release the shim was built with.
    static var version: String { String(cString: speak_pdf_poppler_version()) }

    /// Once per process: poppler's messages would reach the terminal of whoever runs the helper.
    private static let silenced: Void = speak_pdf_silence_errors()

    init(path: String, password: String?) throws(PDFFailure) {
        Self.silenced
        var status: Int32 = 0
        guard let document = speak_pdf_text_open(path, password, &status) else {
            if status == 1 {
                throw PDFFailure(kind: password == nil ? .needsPassword : .wrongPassword, message: "the document is encrypted")
            }
            throw PDFFailure(kind: .damaged, message: "poppler cannot open it")
        }
        self.document = document
    }

    var pageCount: Int { Int(speak_pdf_text_page_count(document)) }

    /// A document information entry ("Title", "Author"), nil when missing or blank.
    func info(_ key: String) -> String? {
        guard let value = speak_pdf_text_info(document, key) else { return nil }
        defer { free(value) }
        let text = String(cString: value).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The outline entries that go to a page, nested ones after their parent; destinations
    /// measured from the page top (PDF measures from the bottom).
    func outline() -> [PDFOutlineEntry] {
        let outline = speak_pdf_text_outline(document)
        defer { speak_pdf_outline_free(outline) }
        guard let entries = outline.entries else { return [] }
        return (0..<Int(outline.count)).map { i in
            let entry = entries[i]
            let page = Int(entry.page)
            let top = entry.has_top != 0 ? max(0, size(page: page).height - entry.top) : nil
            return PDFOutlineEntry(title: entry.title.map { String(cString: $0) } ?? "", page: page, top: top,
                                   left: entry.has_left != 0 ? entry.left : nil, level: Int(entry.level))
        }
    }

    /// Renders page `index` on white into a PNG; false when it cannot (over 100 megapixels too).
    func render(page index: Int, dpi: Double, forOCR: Bool, to path: String) -> Bool {
        speak_pdf_text_render(document, Int32(index), dpi, 100_000_000, forOCR ? 1 : 0, path) == 0
    }

    deinit {
        speak_pdf_text_close(document)
    }

    /// The page's lines in content-stream order, or in poppler's reading order when the
    /// content stream draws text in no sensible order (lines jumping back up a column). A page
    /// whose text is mostly turned (a landscape table, a page scanned sideways and re-typeset) is
    /// read in the turned text's own frame; `quarterTurns` says how it was turned.
    func lines(page index: Int, width: Double, height: Double) -> (lines: [PDFLine], quarterTurns: Int) {
        var (words, text) = words(page: index, raw: true)
        let turns = Self.dominantRotation(words)
        if turns != 0 { words = words.map { Self.upright($0, turns: turns, width: width, height: height) } }
        let raw = Self.lines(words, text: text)
        guard Self.isScrambled(raw) else { return (raw, turns) }
        var (ordered, orderedText) = self.words(page: index, raw: false)
        if turns != 0 { ordered = ordered.map { Self.upright($0, turns: turns, width: width, height: height) } }
        return (Self.lines(ordered, text: orderedText), turns)
    }

    /// The rotation most of the page's characters have.
    static func dominantRotation(_ words: [Word]) -> Int {
        var counts = [0, 0, 0, 0]
        for word in words { counts[word.rotation & 3] += word.end - word.start }
        return counts.indices.max { counts[$0] < counts[$1] } ?? 0
    }

    /// A word of rotation `turns` in the frame where that text is upright.
    static func upright(_ word: Word, turns: Int, width: Double, height: Double) -> Word {
        guard word.rotation == turns else { return word }
        var w = word
        switch turns {
        case 1:
            (w.left, w.right, w.top, w.bottom, w.baseline) = (word.top, word.bottom, width - word.right, width - word.left, width - word.baseline)
        case 2:
            (w.left, w.right, w.top, w.bottom, w.baseline) = (width - word.right, width - word.left, height - word.bottom, height - word.top, height - word.baseline)
        default:
            (w.left, w.right, w.top, w.bottom, w.baseline) = (height - word.bottom, height - word.top, word.left, word.right, word.baseline)
        }
        w.rotation = 0
        return w
    }

    /// The page's words and the bytes of their text (words refer to ranges of it).
    private func words(page index: Int, raw: Bool) -> ([Word], [UInt8]) {
        let list = speak_pdf_text_words(document, Int32(index), raw ? 1 : 0)
        defer { speak_pdf_words_free(list) }
        guard let words = list.words, let text = list.text else { return ([], []) }
        let count = Int(list.count)
        let length = count > 0 ? Int(words[count - 1].offset + words[count - 1].length) : 0
        let bytes = Array(UnsafeRawBufferPointer(start: text, count: length))
        let result = (0..<count).map { i in
            let w = words[i]
            return Word(start: Int(w.offset), end: Int(w.offset + w.length), left: w.x0, top: w.y0, right: w.x1, bottom: w.y1,
                        size: w.size, baseline: w.baseline, rotation: Int(w.rotation), bold: w.bold != 0, spaceAfter: w.space_after != 0)
        }
        return (result, bytes)
    }

    /// The page's size in points, as its text is laid out.
    func size(page index: Int) -> (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        speak_pdf_text_page_size(document, Int32(index), &width, &height)
        return (width, height)
    }

    /// The page's printed label, when the document has labels.
    func label(page index: Int) -> String? {
        guard let label = speak_pdf_text_page_label(document, Int32(index)) else { return nil }
        defer { free(label) }
        return String(cString: label)
    }

    struct Word {
        /// The word's bytes in the page's text.
        var start, end: Int
        var left, top, right, bottom, size, baseline: Double
        var rotation: Int
        var bold, spaceAfter: Bool
    }

    /// Words on one baseline, left to right, make a line; a jump back to the left or to another
    /// baseline starts the next. Small raised or lowered glyphs after a word join it as
    /// super- or subscripts.
    static func lines(_ words: [Word], text: [UInt8]) -> [PDFLine] {
        var lines: [PDFLine] = []
        lines.reserveCapacity(words.count / 6 + 1)
        var line = LineBuilder()
        var last: Word?
        // The line's last full-size word: marks are measured against it, not against each other.
        var base: Word?
        for word in words where word.end > word.start {
            var script: String?
            if let position = ScriptGlyphs.position(of: word, base: base) {
                script = ScriptGlyphs.text(String(decoding: text[word.start..<word.end], as: UTF8.self), position)
            }
            if let previous = last {
                let size = max(word.size, previous.size)
                // Turned text (rotation 1 to 3) has its baseline on the x axis or upside down.
                let sameLine = script != nil || word.rotation == previous.rotation && abs(word.baseline - previous.baseline) <= size * 0.5
                    && (word.rotation != 0 || word.left >= previous.right - size)
                if !sameLine {
                    lines.append(line.line())
                    line = LineBuilder()
                    base = nil
                } else if let script, line.insert(Array(script.utf8), at: word.left) {
                    // A mark drawn after the rest of its line goes where it stands.
                    last = word
                    continue
                } else {
                    let gap = word.rotation == 0 ? word.left - previous.right : 0
                    let attached = script != nil && gap <= max(word.size, 1) * 0.3
                    // A term set in bold against its definition ("GNOME" then "The GNOME desktop")
                    // may stand closer than a space: a change of weight between letters is a word break.
                    let weightBreak = previous.bold != word.bold && gap > -size * 0.05
                        && isWordByte(text[previous.end - 1]) && isWordByte(text[word.start])
                    if !attached, previous.spaceAfter || gap > word.size * 0.1 || word.rotation != 0 || weightBreak {
                        line.bytes.append(0x20)
                    }
                }
            }
            if let script { line.add(word, text: Array(script.utf8)[...]) } else { line.add(word, text: text[word.start..<word.end]) }
            last = word
            if script == nil { base = word }
        }
        if last != nil { lines.append(line.line()) }
        return lines
    }

    /// A letter or digit (any byte of a multi-byte character counts as a letter).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// One line as its words arrive: the text, the box, and votes for its size and weight.
    private struct LineBuilder {
        var bytes: [UInt8] = []
        var left = Double.infinity, top = Double.infinity, right = -Double.infinity, bottom = -Double.infinity
        /// (size rounded to half a point, letters): lines have one or two sizes, so a list beats a dictionary.
        var sizes: [(Double, Int)] = []
        var boldLetters = 0, letters = 0
        var turnedLetters = 0

        /// Where each word ends on the page and in `bytes`, for marks drawn out of order.
        var ends: [(right: Double, offset: Int)] = []

        mutating func add(_ word: Word, text: ArraySlice<UInt8>) {
            bytes.append(contentsOf: text)
            ends.append((word.right, bytes.count))
            left = min(left, word.left)
            top = min(top, word.top)
            right = max(right, word.right)
            bottom = max(bottom, word.bottom)
            let count = word.end - word.start
            let size = (word.size * 2).rounded() / 2
            if let i = sizes.firstIndex(where: { $0.0 == size }) { sizes[i].1 += count } else { sizes.append((size, count)) }
            letters += count
            if word.bold { boldLetters += count }
            if word.rotation != 0 { turnedLetters += count }
        }

        /// Puts a mark's bytes right after the word that ends where it starts, when that is
        /// not the last word; false when the mark belongs at the end.
        mutating func insert(_ mark: [UInt8], at left: Double) -> Bool {
            guard let lastEnd = ends.last, left < lastEnd.right - 1,
                  let k = ends.lastIndex(where: { $0.right <= left + 1 }) else { return false }
            let offset = ends[k].offset
            bytes.insert(contentsOf: mark, at: offset)
            for i in ends.indices where ends[i].offset >= offset && i != k { ends[i].offset += mark.count }
            return true
        }

        func line() -> PDFLine {
            let size = sizes.max { ($0.1, $0.0) < ($1.1, $1.0) }?.0 ?? 0
            return PDFLine(text: String(decoding: bytes, as: UTF8.self), left: left, top: top, right: right, bottom: bottom, size: size, bold: boldLetters * 2 > letters,
                           turned: turnedLetters * 2 > letters)
        }
    }

    /// More than a fifth of the lines (and at least four) start above the line before them in
    /// the same column: the drawing order is not a reading order.
    static func isScrambled(_ lines: [PDFLine]) -> Bool {
        var upward = 0
        for (previous, line) in zip(lines, lines.dropFirst()) {
            let overlaps = line.left < previous.right && previous.left < line.right
            if overlaps, line.top < previous.top - max(line.size, 1) * 2 { upward += 1 }
        }
        return upward >= 4 && upward * 5 > lines.count
    }
}
