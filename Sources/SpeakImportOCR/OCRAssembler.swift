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
        var words: [OCRWord] { lines.flatMap { $0 } }
    }

    /// Adds the pages' text to `builder`, returning how many words were found.
    @discardableResult
    static func append(_ pages: [OCRPage], to builder: inout DocumentBuilder, vocabulary: DocumentVocabulary? = nil) -> Int {
        let paragraphsByPage = pages.map(paragraphs)
        let allLines = paragraphsByPage.joined().flatMap { paragraph in paragraph.lines.map(lineText) }.joined(separator: "\n")
        let joiner = LineJoiner(vocabulary: vocabulary ?? (DocumentVocabulary.isNeeded(for: allLines) ? DocumentVocabulary(text: allLines) : nil))
        var found = 0
        for (page, paragraphs) in zip(pages, paragraphsByPage) {
            let words = page.words.filter { !$0.text.allSatisfy(\.isWhitespace) }
            found += words.count
            let pageNumber = page.index + 1
            if words.isEmpty {
                builder.warn("page \(pageNumber): no text found")
                continue
            }
            let uncertain = words.filter { $0.confidence < confidenceFloor }.count
            if Double(uncertain) > Double(words.count) * uncertainShare {
                let percent = Int((Double(uncertain) * 100 / Double(words.count)).rounded())
                builder.warn("page \(pageNumber): low confidence, \(percent)% of words under \(Int(confidenceFloor))")
            }
            let bodyHeight = median(words.map(\.height))
            for paragraph in paragraphs {
                let text = CharacterCleanup.clean(joiner.join(paragraph.lines.map { Substring(lineText($0)) }))
                if isPageNumber(paragraph, text: text, pageHeight: Int32(page.height)) {
                    builder.append(.pageNumber, text: text, page: pageNumber, skip: .pageNumber)
                } else if isHeading(paragraph, bodyHeight: bodyHeight) {
                    builder.append(.heading(level: 2), text: text, page: pageNumber)
                } else {
                    builder.append(.paragraph, text: text, page: pageNumber)
                }
            }
        }
        return found
    }

    private static func paragraphs(_ page: OCRPage) -> [Paragraph] {
        var result: [Paragraph] = []
        for word in page.words where !word.text.allSatisfy(\.isWhitespace) {
            if result.isEmpty || word.starts.contains(.paragraph) || word.starts.contains(.block) {
                result.append(Paragraph(page: page.index))
            }
            guard var paragraph = result.popLast() else { continue }
            if paragraph.lines.isEmpty || word.starts.contains(.line) { paragraph.lines.append([]) }
            paragraph.lines[paragraph.lines.count - 1].append(word)
            if word.box.count == 4 {
                paragraph.top = min(paragraph.top, word.box[1])
                paragraph.bottom = max(paragraph.bottom, word.box[3])
            }
            result.append(paragraph)
        }
        return result
    }

    private static func lineText(_ words: [OCRWord]) -> String {
        words.map(\.text).joined(separator: " ")
    }

    private static func median(_ values: [Int32]) -> Int32 {
        let sorted = values.filter { $0 > 0 }.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// A short paragraph, alone in the top or bottom 8 % of the page, that is a number
    /// ("12", "- 12 -", "xiv", "Page 3 of 20").
    static func isPageNumber(_ paragraph: Paragraph, text: String, pageHeight: Int32) -> Bool {
        guard pageHeight > 0, paragraph.lines.count == 1, paragraph.top != .max else { return false }
        let margin = pageHeight * 8 / 100
        guard paragraph.bottom < margin || paragraph.top > pageHeight - margin else { return false }
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

/// Page-number text: digits, roman numerals, "Page 3", "Page 3 of 20", "- 3 -".
enum PageNumberPattern {
    static func matches(_ text: String) -> Bool {
        var words = text.lowercased().split { $0 == " " || $0 == "-" || $0 == "–" || $0 == "—" || $0 == "|" }
        if words.first == "page" || words.first == "p." { words.removeFirst() }
        if words.count == 3, words[1] == "of" { words.remove(at: 1); words.removeLast() }
        guard words.count == 1, let number = words.first else { return false }
        if number.allSatisfy(\.isNumber) { return number.count <= 4 }
        return number.count <= 6 && number.allSatisfy { "ivxlc".contains($0) }
    }
}
