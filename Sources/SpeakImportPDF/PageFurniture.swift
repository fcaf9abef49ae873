import SpeakImport
import SpeakModel

/// Finds the lines of a document that are page furniture rather than text: running headers and
/// footers (lines near the top or bottom whose text, digits aside, repeats across pages), page
/// numbers, line numbers in the margins, text turned in the margins (stamps, watermarks), and
/// footnotes (small text at the foot of a page).
struct PageFurniture {
    /// The share of the page height, at the top and at the bottom, where furniture lives.
    static let margin = 0.09

    /// `reasons[page][line]`: why that line is not spoken, nil for text.
    private(set) var reasons: [[SkipReason?]]

    /// Marks lines of a page found by other means (a paper's banner and affiliations).
    mutating func mark(_ lines: [Int: SkipReason], page: Int) {
        for (line, reason) in lines where reasons[page][line] == nil { reasons[page][line] = reason }
    }

    init(pages: [PDFPage], bodySize: Double) {
        let repeated = Self.repeatedMarginLines(pages)
        // Pages are judged each on its own (a book's thousands on every core); only a table
        // of contents runs from page to page.
        reasons = ParallelChunks(count: pages.count).map { range in
            range.map { Self.reasons(of: pages[$0], repeated: repeated, bodySize: bodySize) }
        }.flatMap { $0 }
        markContents(pages)
    }

    private static func reasons(of page: PDFPage, repeated: (margin: Set<String>, low: Set<String>), bodySize: Double) -> [SkipReason?] {
        var reasons = [SkipReason?](repeating: nil, count: page.lines.count)
        let numbered = lineNumbers(page)
        for (l, line) in page.lines.enumerated() {
            let zone = Self.zone(line, page)
            if line.turned {
                reasons[l] = .margin
            } else if numbered.contains(l) {
                reasons[l] = .lineNumber
            } else if zone != nil, line.text.utf8.count <= 20, isPageNumber(String(line.text.trimmingSpaces()), label: page.label) {
                reasons[l] = .pageNumber
            } else if isFolio(line, in: page) {
                reasons[l] = .pageNumber
            } else if let zone, repeated.margin.contains(key(line.text)) {
                reasons[l] = zone == .top ? .header : .footer
            } else if headZone(line, page) != nil, repeated.low.contains(key(line.text)) {
                reasons[l] = .header
            } else if isChapterHead(line, in: page, bodySize: bodySize) {
                reasons[l] = .header
            } else if isContentsEntry(line.text) {
                reasons[l] = .navigation
            }
        }
        markFootnotes(page, &reasons, bodySize: bodySize)
        return reasons
    }

    private static let contentsHeadings: Set<String> = [
        "contents", "table of contents", "inhaltsverzeichnis", "inhalt", "table des matières", "sommaire", "índice", "indice",
        "sumario", "contenido", "inhoud", "inhoudsopgave", "spis treści", "содержание", "оглавление",
    ]

    /// "Contents", "Inhaltsverzeichnis:" (without Foundation's trimming: every short line of a
    /// book is asked).
    private static func isContentsHeading(_ text: Substring) -> Bool {
        contentsHeadings.contains(String(text.lowercased().trimming { $0 == ":" }))
    }

    /// A table of contents under its heading ("Contents", "Inhaltsverzeichnis"), leaders or not:
    /// the heading and every line after it that ends in a page number, over as many pages as it
    /// runs (a title too long for one line may wrap once).
    private mutating func markContents(_ pages: [PDFPage]) {
        var open = false
        // The entries' page numbers stand flush right: a chapter's heading after the contents
        // ("Chapter 1") ends in a number too, but not there.
        var right: Double?
        for (p, page) in pages.enumerated() {
            var unnumbered = 0
            for (l, line) in page.lines.enumerated() where reasons[p][l] == nil || reasons[p][l] == .navigation {
                let text = line.text.trimmingSpaces()
                if !open {
                    guard text.utf8.count <= 24, Self.isContentsHeading(text) else { continue }
                    open = true
                    reasons[p][l] = .navigation
                    continue
                }
                if Self.endsInPageNumber(String(text)), right.map({ abs($0 - line.right) < max(line.size, 1) * 1.5 }) ?? true {
                    right = right ?? line.right
                    for wrapped in max(0, l - unnumbered)..<l where reasons[p][wrapped] == nil { reasons[p][wrapped] = .navigation }
                    reasons[p][l] = .navigation
                    unnumbered = 0
                } else if unnumbered == 0, text.split(separator: " ").count <= 12 {
                    unnumbered = 1
                } else {
                    return
                }
            }
            if open, unnumbered > 0 { return }
        }
    }

    /// "2.1 Arbeit am idealen Gas 4", "Preface xi": a title, then a page number or label.
    private static func endsInPageNumber(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard words.count >= 2, let last = words.last, last.count <= 5 else { return false }
        return last.allSatisfy(\.isNumber) || last.allSatisfy({ "ivxlcdm".contains($0) })
    }

    private enum Zone { case top, bottom }

    /// The page's own number standing alone below everything else, however high the margin
    /// (LaTeX sets it at about 88 % of the page).
    static func isFolio(_ line: PDFLine, in page: PDFPage) -> Bool {
        guard line.text.utf8.count <= 12, line.top >= page.height * 0.75 else { return false }
        let text = line.text.trimmingSpaces()
        guard text.utf8.count <= 6, text == String(page.index + 1) || page.label.map { text == $0 } == true, line.top >= page.height * 0.75 else { return false }
        return !page.lines.contains { $0.top > line.bottom }
    }

    /// A page number by its look ("12", "xiv", "Page 3 of 20"), or the page's own printed label
    /// ("A-3" in an appendix).
    static func isPageNumber(_ text: String, label: String?) -> Bool {
        PageNumberPattern.matches(text) || (label.map { !$0.isEmpty && $0 == text } ?? false)
    }

    /// LaTeX sets its running heads lower than other tools (11 % of an A4 page): lower than a
    /// page number is looked for, but a line that repeats there is a running head too.
    static let headMargin = 0.13

    /// A line in that band that stands over the page's text: nothing above it, and a gap
    /// under it (a table's head row continued at the top of a page has its rows close under it).
    private static func headZone(_ line: PDFLine, _ page: PDFPage) -> Zone? {
        guard line.bottom <= page.height * headMargin else { return nil }
        var gap = Double.infinity
        for other in page.lines {
            if other.bottom <= line.top { return nil }
            if other.top >= line.bottom { gap = min(gap, other.top - line.bottom) }
        }
        return gap >= max(line.size, 1) ? .top : nil
    }

    private static let chapterWords: Set<String> = [
        "CHAPTER", "KAPITEL", "CHAPITRE", "CAPÍTULO", "CAPITOLO", "HOOFDSTUK", "APPENDIX", "ANHANG", "ANNEXE", "PART", "TEIL",
    ]

    /// A chapter's running head in capitals over the page's text ("KAPITEL 1. GRUNDBEGRIFFE",
    /// "CHAPTER 3. RESULTS 27"), known on a page of its own: a chapter whose head shows on one
    /// page only (its first page has none) repeats nothing.
    static func isChapterHead(_ line: PDFLine, in page: PDFPage, bodySize: Double) -> Bool {
        guard line.bottom <= page.height * headMargin, line.size <= bodySize * 1.05,
              let first = line.text.utf8.first(where: { $0 != 0x20 }), (0x41...0x5A).contains(first) || first >= 0xC0 else { return false }
        let words = line.text.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, chapterWords.contains(String(words[0])), let mark = words[1].first,
              mark.isNumber || mark.isUppercase && words[1].count <= 2 else { return false }
        return !page.lines.contains { $0.bottom <= line.top }
    }

    private static func zone(_ line: PDFLine, _ page: PDFPage) -> Zone? {
        if line.bottom <= page.height * margin { return .top }
        if line.top >= page.height * (1 - margin) { return .bottom }
        return nil
    }

    /// Lower-cased text with every run of digits as "#": "Page 3 of 20" and "Page 4 of 20" match.
    static func key(_ text: String) -> String { PageNumberPattern.repetitionKey(text) }

    /// A line of a table of contents: a title, dot leaders ("....." or ". . . .") and a page
    /// number or label at the end.
    static func isContentsEntry(_ text: String) -> Bool {
        // Leaders first, on bytes: almost every line has none ("…" and "·" are multi-byte).
        var dots = 0
        for byte in text.utf8 where byte == UInt8(ascii: ".") || byte >= 0xC2 { dots += 1 }
        guard dots >= 4 else { return false }
        let trimmed = text.trimmingSpaces()
        guard let last = trimmed.split(separator: " ").last, last.count <= 6, last.allSatisfy({ $0.isLetter || $0.isNumber }),
              last.contains(where: \.isNumber) || last.allSatisfy({ "ivxlcdm".contains($0) }) else { return false }
        dots = 0
        for character in trimmed.dropLast(last.count).reversed() {
            if isLeader(character) { dots += character == "\u{2026}" ? 3 : 1 }
            else if character != " " { break }
        }
        return dots >= 4 && trimmed.count > last.count + dots + 1
    }

    /// A character of a dot leader: full stop, ellipsis or middle dot.
    private static func isLeader(_ character: Character) -> Bool {
        character == "." || character == "\u{2026}" || character == "\u{00B7}"
    }

    /// A contents entry without its leaders: "Introduction ........ 3" → "Introduction 3".
    static func withoutLeaders(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        guard let number = words.popLast() else { return text }
        while let last = words.last, last.allSatisfy(isLeader) { words.removeLast() }
        if var last = words.popLast() {
            while last.count > 1, let end = last.last, isLeader(end) { last.removeLast() }
            words.append(last)
        }
        return (words + [number]).joined(separator: " ")
    }

    /// Keys of margin lines found on at least 2 pages: a chapter's running head may repeat on
    /// two pages only. In longer documents the text must say more than a word or two. Lines
    /// lower down, where LaTeX sets its heads, must repeat on 3 pages: a table's head row
    /// continued on a second page stands there too.
    private static func repeatedMarginLines(_ pages: [PDFPage]) -> (margin: Set<String>, low: Set<String>) {
        guard pages.count >= 2 else { return ([], []) }
        var counts: [String: Int] = [:], lowCounts: [String: Int] = [:]
        for page in pages {
            let keys = Set(page.lines.filter { zone($0, page) != nil }.map { key($0.text) }.filter { $0.count >= 2 })
            for key in keys { counts[key, default: 0] += 1 }
            // Low down, a word alone ("end" of a listing at the top of its pages) is no running head.
            let low = Set(page.lines.filter { zone($0, page) == nil && headZone($0, page) != nil && $0.text.trimmingSpaces().contains(" ") }
                .map { key($0.text) }.filter { $0.count >= 2 })
            for key in low { lowCounts[key, default: 0] += 1 }
        }
        return (Set(counts.filter { $0.value >= 3 || $0.value == 2 && (pages.count <= 4 || $0.key.count >= 8) }.map(\.key)),
                Set(lowCounts.filter { $0.value + (counts[$0.key] ?? 0) >= 3 }.map(\.key)))
    }

    /// Short numeric lines stacked in the left or right margin, five or more on a page.
    private static func lineNumbers(_ page: PDFPage) -> Set<Int> {
        let candidates = page.lines.indices.filter { i in
            let line = page.lines[i]
            guard line.text.utf8.count <= 8 else { return false }
            let text = line.text.trimmingSpaces()
            guard !text.isEmpty, text.count <= 4, text.allSatisfy(\.isNumber) else { return false }
            return line.right <= page.width * 0.12 || line.left >= page.width * 0.88
        }
        return candidates.count >= 5 ? Set(candidates) : []
    }

    /// Small text at the foot of a page, below the last line of body-size text: footnotes. Body
    /// size is the page's own (a page may be set smaller, or scaled to fit turned).
    private static func markFootnotes(_ page: PDFPage, _ reasons: inout [SkipReason?], bodySize documentSize: Double) {
        var votes: [Double: Int] = [:]
        for (l, line) in page.lines.enumerated() where reasons[l] == nil { votes[line.size, default: 0] += line.text.utf8.count }
        let bodySize = votes.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? documentSize
        guard bodySize > 0 else { return }
        let isSmall: (PDFLine) -> Bool = { $0.size > 0 && $0.size <= bodySize * 0.91 }
        let body = page.lines.indices.filter { reasons[$0] == nil && !isSmall(page.lines[$0]) }
        guard !body.isEmpty else { return }
        // Below every line of body text of its column (two-column pages end their columns at
        // different heights).
        let foot = page.lines.indices.filter { i in
            let line = page.lines[i]
            guard reasons[i] == nil, isSmall(line), line.top >= page.height * 0.5 else { return false }
            return !body.contains { b in
                let other = page.lines[b]
                return other.bottom > line.top && other.left < line.right && line.left < other.right
            }
        }
        // A footnote starts with its marker: a number, a symbol or a superscript.
        guard let first = foot.min(by: { page.lines[$0].top < page.lines[$1].top }),
              let mark = page.lines[first].text.trimmingSpaces().first,
              mark.isNumber || "*†‡§¶?⋆".contains(mark) || mark.unicodeScalars.first.map({ (0x2070...0x209F).contains($0.value) || [0xB9, 0xB2, 0xB3].contains($0.value) }) == true
        else { return }
        for i in foot { reasons[i] = .footnote }
    }
}
