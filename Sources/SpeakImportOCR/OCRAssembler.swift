import Foundation
import SpeakImport
import SpeakModel

/// Turns recognized pages into document blocks: paragraphs from the recognizer's layout, lines
/// joined and line-end hyphens repaired like the other importers, headings from text height,
/// page numbers kept but not spoken, and a warning for every page that reads poorly.
struct OCRAssembler {
    /// Words under this confidence count as uncertain.
    static let confidenceFloor: Float = 60
    /// A page warns when more than this share of its words is uncertain.
    static let uncertainShare = 0.2

    struct Paragraph {
        var lines: [[OCRWord]] = []
        var page: Int
        var top: Int32 = .max
        var bottom: Int32 = 0
        /// A table's rows instead of lines (`OCRTable`).
        var table: OCRTable?
        var words: [OCRWord] { lines.flatMap { $0 } }
    }

    /// Adds the pages' text to `builder`, returning how many words were found and, for a first
    /// page read in two steps (`openingWords`), the number of document words of its opening.
    ///
    /// Such a page is assembled as two parts, its opening first and on its own, exactly as it
    /// was when it was played ahead of the rest: the document's first words are the opening's.
    /// `openingEnd` is set only when the rest starts with the continuation of the opening's
    /// last paragraph, just below it in the same column (the cut fell inside a paragraph).
    @discardableResult
    static func append(_ pages: [OCRPage], to builder: inout DocumentBuilder,
                       vocabulary: DocumentVocabulary? = nil) -> (found: Int, openingEnd: Int?) {
        guard var first = pages.first, let parts = first.openingParts else {
            let furniture = pages.map(StandaloneFurniture.init(page:))
            return (append(parts: pages, paragraphs: framedParagraphs(pages, furniture), wholes: pages, furniture: furniture,
                           to: &builder, vocabulary: vocabulary), nil)
        }
        let (opening, remainder) = parts
        first.openingWords = nil
        let openingParagraphs = paragraphs(opening)
        // Rules of the whole page: the top of a frame may be in the part that was read ahead.
        let firstFurniture = StandaloneFurniture(page: first)
        let remainderParagraphs = paragraphs(remainder, frame: firstFurniture.frame)
        let found = append(parts: [opening], paragraphs: [openingParagraphs], wholes: [nil], furniture: [StandaloneFurniture(page: opening)],
                           to: &builder, vocabulary: vocabulary)
        let openingEnd = builder.wordCount
        let cutInside = continues(openingParagraphs.last, into: remainderParagraphs.first, bodyHeight: median(first.words.map(\.height)))
        let rest = Array(pages.dropFirst())
        let restFurniture = rest.map(StandaloneFurniture.init(page:))
        return (found + append(parts: [remainder] + rest, paragraphs: [remainderParagraphs] + framedParagraphs(rest, restFurniture),
                               wholes: [first] + rest, furniture: [firstFurniture] + restFurniture, to: &builder, vocabulary: vocabulary),
                cutInside ? openingEnd : nil)
    }

    private static func framedParagraphs(_ pages: [OCRPage], _ furniture: [StandaloneFurniture]) -> [[Paragraph]] {
        zip(pages, furniture).map { paragraphs($0, frame: $1.frame) }
    }

    /// `paragraphsByPage[i]` are the paragraphs of `parts[i]`; `wholes[i]` is the page `parts[i]`
    /// is part of, for its warnings (nil: warned elsewhere); `furniture[i]` that page's (or the
    /// part's, when nil) single-page furniture.
    private static func append(parts pages: [OCRPage], paragraphs paragraphsByPage: [[Paragraph]], wholes: [OCRPage?],
                               furniture furnitureByPage: [StandaloneFurniture],
                               to builder: inout DocumentBuilder, vocabulary: DocumentVocabulary?) -> Int {
        let running = runningLines(zip(pages, paragraphsByPage).map { ($0, $1) })
        let allLines = paragraphsByPage.joined().flatMap { paragraph in paragraph.lines.map(lineText) }.joined(separator: "\n")
        let joiner = LineJoiner(vocabulary: vocabulary ?? (DocumentVocabulary.isNeeded(for: allLines) ? DocumentVocabulary(text: allLines) : nil))
        var found = 0
        for (((page, paragraphs), whole), furniture) in zip(zip(zip(pages, paragraphsByPage), wholes), furnitureByPage) {
            let words = page.words.filter { !$0.text.allSatisfy(\.isWhitespace) && !isSpeck($0) }
            found += words.count
            let pageNumber = page.index + 1
            if let whole {
                let all = whole.words.filter { !$0.text.allSatisfy(\.isWhitespace) && !isSpeck($0) }
                if all.isEmpty { builder.warn("page \(pageNumber): \(page.problem ?? "no text found")") }
                if let warning = confidenceWarning(all) { builder.warn("page \(pageNumber): \(warning)") }
            }
            if words.isEmpty { continue }
            let bodyHeight = median(words.map(\.height))
            for whole in paragraphs {
                if let table = whole.table {
                    let rows = table.rows.map { $0.joined(separator: " ") }
                    if CodeLines.isCode(rows) {
                        builder.append(.code, text: rows.joined(separator: "\n"), page: pageNumber, skip: .code)
                        continue
                    }
                    for row in table.rows {
                        let cells = row.map { CharacterCleanup.clean(canonicalQuotes($0)) }
                        builder.append(.tableCell, text: cells.joined(separator: OCRTable.cellSeparator), page: pageNumber)
                    }
                    continue
                }
                let (paragraph, noise) = separatingNoise(whole)
                defer {
                    if !noise.isEmpty { builder.append(.paragraph, text: noise.map(\.text).joined(separator: " "), page: pageNumber, skip: .unreadable) }
                }
                guard !paragraph.lines.isEmpty else { continue }
                let lines = paragraph.lines.map(lineText)
                if isUnreadable(paragraph.words) {
                    builder.append(.paragraph, text: CharacterCleanup.clean(lines.joined(separator: " ")), page: pageNumber, skip: .unreadable)
                    continue
                }
                if CodeLines.isCode(lines) {
                    builder.append(.code, text: lines.map(CharacterCleanup.clean).joined(separator: "\n"), page: pageNumber, skip: .code)
                    continue
                }
                let text = CharacterCleanup.clean(joiner.join(lines.map { Substring($0) }))
                if isPageNumber(paragraph, text: text, pageHeight: Int32(page.height)) {
                    builder.append(.pageNumber, text: text, page: pageNumber, skip: .pageNumber)
                } else if page.isScreen == true, isWindowChrome(paragraph, pageHeight: Int32(page.height)) || isIcon(paragraph) {
                    builder.append(.paragraph, text: text, page: pageNumber, skip: .navigation)
                } else if isIcon(paragraph) {
                    builder.append(.paragraph, text: text, page: pageNumber, skip: .unreadable)
                } else if let zone = marginZone(paragraph, pageHeight: Int32(page.height)),
                          running.contains(PageNumberPattern.repetitionKey(text)) {
                    builder.append(zone, text: text, page: pageNumber, skip: zone == .header ? .header : .footer)
                } else if let zone = furniture.zone(of: paragraph, lines: lines) {
                    builder.append(zone, text: text, page: pageNumber, skip: zone == .header ? .header : .footer)
                } else if isHeading(paragraph, bodyHeight: bodyHeight) {
                    builder.append(.heading(level: 2), text: text, page: pageNumber)
                } else {
                    builder.append(.paragraph, text: text, page: pageNumber)
                }
            }
        }
        return found
    }

    /// The paragraph without its noise words, and those words.
    static func separatingNoise(_ paragraph: Paragraph) -> (Paragraph, [OCRWord]) {
        var kept = paragraph
        var noise: [OCRWord] = []
        kept.lines = paragraph.lines.compactMap { line in
            let words = line.filter { word in
                guard isNoise(word) else { return true }
                noise.append(word)
                return false
            }
            return words.isEmpty ? nil : words
        }
        return (kept, noise)
    }

    /// What a listener must not hear as a word: anything found in a region Tesseract took for
    /// a picture or dirt, a fragment of one or two characters read with almost no confidence
    /// (the edge of a rule, a chart's tick, a speck), and a doubtful "word" with characters no
    /// text has (˜, », ™ in the middle of letters: a graphic read as text).
    static func isNoise(_ word: OCRWord) -> Bool {
        if word.region == .image || word.region == .noise { return true }
        let core = word.text.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        if word.confidence < 30, core.count <= 2 { return true }
        return word.confidence < 45 && word.text.unicodeScalars.contains { !allowedInText.contains($0) }
    }

    /// A region read as guesses: handwriting, a photograph, a stamp. Every word of it doubtful
    /// (a mean confidence under 40), so none is spoken.
    static func isUnreadable(_ words: [OCRWord]) -> Bool {
        guard !words.isEmpty else { return false }
        return words.reduce(0) { $0 + $1.confidence } / Float(words.count) < 40
    }

    /// Letters, digits, and the punctuation and signs of running text.
    private static let allowedInText = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".,;:!?'\"()[]$%&/@#+-–—‘’“”€£¥°*_"))

    /// "hard to read: 41% of the words read with under 60% confidence" when too many words are doubtful.
    static func confidenceWarning(_ words: [OCRWord]) -> String? {
        let uncertain = words.filter { $0.confidence < confidenceFloor }.count
        guard !words.isEmpty, Double(uncertain) > Double(words.count) * uncertainShare else { return nil }
        let percent = Int((Double(uncertain) * 100 / Double(words.count)).rounded())
        return "hard to read: \(percent)% of the words read with under \(Int(confidenceFloor))% confidence"
    }

    /// The page's lines in reading order, specks dropped and quotes in one form.
    static func lines(_ page: OCRPage) -> [OCRTextLine] {
        paragraphs(page).flatMap { paragraph in
            if let table = paragraph.table {
                let height = (table.box.bottom - table.box.top) / Int32(max(1, table.rows.count))
                return table.rows.enumerated().map { n, row in
                    let top = table.box.top + Int32(n) * height
                    return OCRTextLine(text: row.joined(separator: OCRTable.cellSeparator), left: table.box.left, top: top, right: table.box.right,
                                       bottom: top + height, height: height)
                }
            }
            return paragraph.lines.map { words in
                OCRTextLine(text: lineText(words), left: words.map { $0.box[0] }.min() ?? 0, top: words.map { $0.box[1] }.min() ?? 0,
                            right: words.map { $0.box[2] }.max() ?? 0, bottom: words.map { $0.box[3] }.max() ?? 0,
                            height: median(words.map(\.height)))
            }
        }
    }

    /// Dirt read as punctuation: a word with no letter or digit that Tesseract doubts, or a lone
    /// mark that stands for nothing spoken (a stray dot, colon, underscore, bar, bracket or slash:
    /// a dotted rule beside a table cell reads as ")").
    static func isSpeck(_ word: OCRWord) -> Bool {
        guard !word.text.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        return word.confidence < 50 || word.text.allSatisfy { "_|~^`:;.,'‘’\"*()[]<>/\\".contains($0) }
    }

    static func lineText(_ words: [OCRWord]) -> String {
        words.map { canonicalQuotes($0.text) }.joined(separator: " ")
    }

    /// Tesseract cannot tell straight quotes from curly ones in print (it reads both ways), so
    /// OCR text gets one form: the plain ASCII quote and apostrophe. „ « » stay.
    static func canonicalQuotes(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: { (0x2018...0x201F).contains($0.value) }) else { return word }
        var scalars = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0x2018, 0x2019, 0x201B: scalars.append("'")
            case 0x201C, 0x201D, 0x201F: scalars.append("\"")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    static func median(_ values: [Int32]) -> Int32 {
        let sorted = values.filter { $0 > 0 }.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Running headers and footers: short paragraphs in the top or bottom margin whose text,
    /// digits aside, comes back on another page ("Case 1:13-cv-01317 Document 1 Page 3 of 10").
    private static func runningLines(_ pages: [(OCRPage, [Paragraph])]) -> Set<String> {
        guard pages.count >= 2 else { return [] }
        var pagesWith: [String: Int] = [:]
        for (page, paragraphs) in pages {
            let keys = Set(paragraphs.filter { $0.table == nil && marginZone($0, pageHeight: Int32(page.height)) != nil }
                .map { PageNumberPattern.repetitionKey($0.lines.map(lineText).joined(separator: " ")) }.filter { $0.count >= 4 })
            for key in keys { pagesWith[key, default: 0] += 1 }
        }
        return Set(pagesWith.filter { $0.value >= 2 }.keys)
    }

    /// `.header` or `.footer` for a paragraph of one or two lines in the top or bottom 8 % of
    /// its page.
    private static func marginZone(_ paragraph: Paragraph, pageHeight: Int32) -> BlockKind? {
        guard pageHeight > 0, paragraph.lines.count <= 2, paragraph.top != .max else { return nil }
        let margin = pageHeight * 8 / 100
        if paragraph.bottom < margin { return .header }
        if paragraph.top > pageHeight - margin { return .footer }
        return nil
    }

    /// On a screen capture, a line of four words or fewer near the top (a tenth) or the bottom
    /// (a fifth, where dialogs keep their buttons): a title bar, a menu, a status bar or a row
    /// of buttons ("Line 1 of 15", "Help Search Cancel OK").
    static func isWindowChrome(_ paragraph: Paragraph, pageHeight: Int32) -> Bool {
        guard pageHeight > 0, paragraph.lines.count == 1, paragraph.words.count <= 4, paragraph.top != .max else { return false }
        return paragraph.bottom < pageHeight / 10 || paragraph.top > pageHeight * 4 / 5
    }

    /// A paragraph of one or two signs with no letter or digit: on a screen an icon (a gear, a
    /// question mark in a circle read as "@" or "¥"), on a scan a speck or a logo; spoken, it
    /// would be "yen sign". High-resolution screenshots are not told from print, so both.
    static func isIcon(_ paragraph: Paragraph) -> Bool {
        paragraph.lines.count == 1 && paragraph.words.count <= 2
            && paragraph.words.allSatisfy { $0.text.count <= 2 && !$0.text.contains { $0.isLetter || $0.isNumber } }
    }

    /// A short paragraph, centred in the top or bottom 8 % of the page, that is a number
    /// ("12", "- 12 -", "xiv", "Page 3 of 20"). By its centre: a transcript's number stands
    /// just inside its frame, its foot on the margin's edge.
    static func isPageNumber(_ paragraph: Paragraph, text: String, pageHeight: Int32) -> Bool {
        guard pageHeight > 0, paragraph.lines.count == 1, paragraph.top != .max else { return false }
        let margin = pageHeight * 8 / 100, center = (paragraph.top + paragraph.bottom) / 2
        guard center < margin || center > pageHeight - margin else { return false }
        return PageNumberPattern.matches(text)
    }

    /// Short paragraphs set clearly larger than the page's body text.
    private static func isHeading(_ paragraph: Paragraph, bodyHeight: Int32) -> Bool {
        let words = paragraph.words
        guard bodyHeight > 0, paragraph.lines.count <= 2, words.count <= 12,
              words.contains(where: { $0.text.contains(where: \.isLetter) }) else { return false }
        let height = median(words.map(\.height))
        return height * 10 >= bodyHeight * 16
    }
}

/// One recognized line, for importers that lay out pages themselves (PDF pages read by OCR).
public struct OCRTextLine: Sendable, Equatable {
    public var text: String
    /// Box in page pixels, top-left origin.
    public var left: Int32, top: Int32, right: Int32, bottom: Int32
    /// Median word height in pixels.
    public var height: Int32
}

/// The OCR importer's reading of a page, for other importers.
public enum OCRText {
    /// The page's lines in reading order, specks dropped and quotes in one form.
    public static func lines(_ page: OCRPage) -> [OCRTextLine] { OCRAssembler.lines(page) }

    /// Warnings about the page: no text found, or low confidence.
    public static func warnings(_ page: OCRPage) -> [String] {
        let words = page.words.filter { !$0.text.allSatisfy(\.isWhitespace) && !OCRAssembler.isSpeck($0) }
        if words.isEmpty { return [page.problem ?? "no text found"] }
        return OCRAssembler.confidenceWarning(words).map { [$0] } ?? []
    }
}
