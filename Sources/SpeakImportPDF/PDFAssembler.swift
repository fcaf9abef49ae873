import SpeakImport
import SpeakModel

/// Turns the lines of a PDF into document blocks: page furniture kept as skipped blocks,
/// lines joined into paragraphs by spacing, indentation and font, paragraphs that run on across
/// a column or page break joined, line-end hyphens repaired, headings found by size and weight.
struct PDFAssembler {
    private struct Paragraph {
        var lines: [PDFLine]
        var page: Int
        var skip: SkipReason?
        var last: PDFLine { lines[lines.count - 1] }
    }

    let pages: [PDFPage]
    private let furniture: PageFurniture
    /// The font size most of the text (furniture aside) is set in.
    let bodySize: Double
    /// The first page's title, authors, banner and affiliations.
    let frontMatter: FrontMatter
    /// Where figure and table captions are read.
    let captions: Captions.Placement

    init(pages: [PDFPage], captions: Captions.Placement = .afterTheirSentence) {
        self.pages = pages
        self.captions = captions
        var votes: [Double: Int] = [:]
        for line in pages.lazy.flatMap(\.lines) { votes[line.size, default: 0] += line.text.utf8.count }
        let overall = votes.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 0
        var furniture = PageFurniture(pages: pages, bodySize: overall)
        votes = [:]
        for (p, page) in pages.enumerated() {
            for (l, line) in page.lines.enumerated() where furniture.reasons[p][l] == nil { votes[line.size, default: 0] += line.text.utf8.count }
        }
        bodySize = votes.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? overall
        frontMatter = FrontMatter(pages: pages, reasons: furniture.reasons, bodySize: bodySize)
        furniture.mark(frontMatter.skipped, page: frontMatter.page)
        let reasons = furniture.reasons
        let equations = ParallelChunks(count: pages.count).map { range in
            range.map { DisplayEquation.lines(of: pages[$0], skipped: reasons[$0]) }
        }.flatMap { $0 }
        for (p, lines) in equations.enumerated() where !lines.isEmpty {
            furniture.mark(Dictionary(uniqueKeysWithValues: lines.map { ($0, SkipReason.equation) }), page: p)
        }
        self.furniture = furniture
    }

    /// Where a block starts, for placing outline chapters.
    struct Anchor {
        var page: Int
        var top: Double
        var left: Double
        var text: String
        var word: Int
    }

    /// Adds every block to `builder`; returns where each block starts. The text work (the
    /// vocabulary for hyphen repair, joining lines, segmenting words) runs on every core.
    func append(to builder: inout DocumentBuilder) -> [Anchor] {
        let paragraphs = self.paragraphs(furniture)
        // Both cores even for a short paper: its helpers are done, and this is its last step.
        let chunks = ParallelChunks(count: paragraphs.count, minimumPerChunk: 40, perCore: 4)
        let vocabularies = chunks.map { range in
            let text = paragraphs[range].flatMap { $0.lines.map(\.text) }.joined(separator: "\n")
            return DocumentVocabulary.isNeeded(for: text) ? DocumentVocabulary(text: text) : nil
        }
        var vocabulary: DocumentVocabulary?
        for part in vocabularies.compactMap({ $0 }) {
            if vocabulary == nil { vocabulary = part } else { vocabulary?.formUnion(part) }
        }
        let joiner = LineJoiner(vocabulary: vocabulary)
        let prepared = chunks.map { range in
            paragraphs[range].map { paragraph -> (String, [WordSpan]) in
                let lines = paragraph.skip == .navigation ? paragraph.lines.map { PageFurniture.withoutLeaders($0.text) } : paragraph.lines.map(\.text)
                let joined = CharacterCleanup.clean(joiner.join(lines.map { Substring($0) }))
                return (joined, WordSegmenter.words(in: joined))
            }
        }.flatMap { $0 }
        let headings = paragraphs.map(isHeading)
        let sections = PaperSections.skipped(texts: prepared.map(\.0), headings: headings, sizes: paragraphs.map { $0.lines[0].size },
                                             spoken: paragraphs.map { $0.skip == nil })
        let headingSizes = Set(paragraphs.indices.filter { headings[$0] }.map { paragraphs[$0].lines[0].size }).sorted(by: >)
        var anchors: [Anchor] = []
        for (i, paragraph) in paragraphs.enumerated() {
            let (joined, spans) = prepared[i]
            let kind: BlockKind
            let skip = paragraph.skip ?? sections[i]
            if headings[i] {
                kind = .heading(level: min(3, (headingSizes.firstIndex(of: paragraph.lines[0].size) ?? 0) + 1))
            } else if let skip = paragraph.skip {
                kind = switch skip {
                case .header: .header
                case .footer: .footer
                case .pageNumber: .pageNumber
                case .footnote: .footnote
                case .navigation: .listItem
                default: .paragraph
                }
            } else if Self.bullet(paragraph.lines[0].text) != nil {
                kind = .listItem
            } else {
                kind = .paragraph
            }
            if skip == nil || headings[i] {
                anchors.append(Anchor(page: paragraph.page, top: paragraph.lines[0].top, left: paragraph.lines[0].left,
                                      text: joined, word: builder.wordCount))
            }
            builder.append(kind, text: joined, wordSpans: spans, page: paragraph.page + 1, skip: skip)
        }
        return anchors
    }

    /// Lines grouped into paragraphs, in poppler's reading order.
    private func paragraphs(_ furniture: PageFurniture) -> [Paragraph] {
        var result: [Paragraph] = []
        var open: Paragraph?
        for (p, page) in pages.enumerated() {
            for (l, line) in page.lines.enumerated() {
                let skip = furniture.reasons[p][l]
                // Appended in place: a copy of the open paragraph made every append copy its lines.
                if open.map({ $0.skip == skip && continues($0, with: line, page: p) }) == true {
                    open?.lines.append(line)
                    continue
                }
                if let current = open { result.append(current) }
                open = Paragraph(lines: [line], page: p, skip: skip)
            }
        }
        if let open { result.append(open) }
        let joined = joinedAcrossBreaks(joinedHangingIndents(result))
        guard captions == .afterTheirMention else { return joined }
        return Captions.placedAfterMentions(joined, label: caption, text: { $0.lines.map(\.text).joined(separator: " ") },
                                            isBody: { $0.skip == nil })
    }

    /// The label of a caption paragraph ("Fig. 3."), nil for any other.
    private func caption(_ paragraph: Paragraph) -> Captions.Label? {
        paragraph.skip == nil ? Captions.label(ofCaption: paragraph.lines[0].text) : nil
    }

    /// Whether `line` carries on the open paragraph on the same page and column.
    private func continues(_ paragraph: Paragraph, with line: PDFLine, page: Int) -> Bool {
        guard paragraph.page == page else { return false }
        // Every contents entry and every bulleted item is a block of its own.
        if paragraph.skip == .navigation || Self.bullet(line.text) != nil { return false }
        let previous = paragraph.last
        // Each footnote starts with its number or mark.
        if paragraph.skip == .footnote, let first = line.text.trimmingSpaces().first,
           first.isNumber || "*†‡§¶".contains(first) { return false }
        let size = max(previous.size, line.size, 1)
        if abs(previous.size - line.size) > 0.6 { return false }
        if previous.bold != line.bold, paragraph.lines.count == 1 || isShort(line) { return false }
        // A break back up the page is a new column; a wide gap is a new paragraph.
        if line.top < previous.top - size * 0.5 { return false }
        if line.top - previous.bottom > size * 0.75 { return false }
        // Lines centred on one another (a title, a centred heading) carry on.
        let centres = abs((line.left + line.right) - (previous.left + previous.right)) / 2
        if centres < size, line.left > previous.left, !endsSentence(previous) { return true }
        // Back at the margin after a hanging indent: the next item of a description list, the next reference.
        if line.left < previous.left - size * 0.6, abs(line.left - paragraph.lines[0].left) <= size * 0.5,
           Self.isHanging(paragraph.lines) { return false }
        // Back out of an indent after a sentence that stopped short of where the new line ends.
        if line.left < previous.left - size * 0.6, endsSentence(previous), previous.right < line.right - size * 2.5 { return false }
        // First-line indent after a full line, or a short line that ended a sentence.
        let indent = line.left - previous.left
        if indent > size * 0.6, indent < size * 4, paragraph.lines.count >= 1, !startsLowercase(line) { return false }
        if endsSentence(previous), previous.right < columnRight(paragraph) - size * 2.5 { return false }
        return true
    }

    /// A first line and the lines after it indented under it, none wider than it: a
    /// description list's item, a reference. (A paragraph with a first-line indent has its
    /// later lines back at the margin.) `full`: some indented line also reaches the first
    /// line's right margin, which tells a long item from a line and a quotation under it.
    static func isHanging(_ lines: [PDFLine], full: Bool = false) -> Bool {
        guard lines.count >= 2 else { return false }
        let head = lines[0], body = lines[1...]
        let size = max(head.size, 1)
        let indent = body[body.startIndex].left - head.left
        guard indent > size * 0.6, indent < size * 4,
              body.allSatisfy({ abs($0.left - body[body.startIndex].left) <= size * 0.5 }) else { return false }
        let right = body.map(\.right).max() ?? 0
        return right <= head.right + size * 0.5 && (!full || right >= head.right - size * 0.5)
    }

    /// A hanging indent's first line, cut off by the first-line-indent rule in `continues`,
    /// goes back with the lines indented under it: when they reach its right margin (a long
    /// item), or when it stopped mid-sentence.
    private func joinedHangingIndents(_ paragraphs: [Paragraph]) -> [Paragraph] {
        var result: [Paragraph] = []
        result.reserveCapacity(paragraphs.count)
        for paragraph in paragraphs {
            if let head = result.last, head.lines.count == 1, head.skip == nil, paragraph.skip == nil, head.page == paragraph.page,
               Self.bullet(paragraph.lines[0].text) == nil, !isHeading(head) {
                let first = head.lines[0], next = paragraph.lines[0], lines = head.lines + paragraph.lines
                let size = max(first.size, next.size, 1)
                if abs(first.size - next.size) <= 0.6, first.bold == next.bold, next.top >= first.top,
                   next.top - first.bottom <= size * 0.75, !endsSentence(first) || paragraph.lines.count >= 2 && Self.isHanging(lines, full: true),
                   Self.isHanging(lines) {
                    result[result.count - 1].lines += paragraph.lines
                    continue
                }
            }
            result.append(paragraph)
        }
        return result
    }

    /// The bullet a list item starts with ("• ", "◦ ", "▪ ", "– "), if any.
    static func bullet(_ text: String) -> Character? {
        // Every bullet is outside ASCII: most lines are done with at their first byte.
        guard let first = text.utf8.first(where: { $0 != 0x20 }), first >= 0x80 else { return nil }
        let trimmed = text.trimmingSpaces()
        guard let first = trimmed.first, "•◦▪‣●○■□►▸".contains(first) else { return nil }
        let rest = trimmed.dropFirst()
        guard let space = rest.first, space == " ", rest.dropFirst().first?.isWhitespace == false else { return nil }
        return first
    }

    private func columnRight(_ paragraph: Paragraph) -> Double {
        paragraph.lines.map(\.right).max() ?? 0
    }

    private func isShort(_ line: PDFLine) -> Bool {
        line.text.utf8.count < 40 || line.text.utf8.lazy.filter { $0 == 0x20 }.count <= 11
    }

    // Both asked of every line of a book: its last or first byte says it for all but a few.
    private func endsSentence(_ line: PDFLine) -> Bool {
        switch line.text.utf8.last(where: { $0 != 0x20 && $0 != 0x09 }) {
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "\""): return true
        case 0x9D: return line.text.trimmingSpaces().last == "\u{201D}"
        default: return false
        }
    }

    private func startsLowercase(_ line: PDFLine) -> Bool {
        guard let first = line.text.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        if first < 0x80 { return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) }
        return line.text.trimmingSpaces().first?.isLowercase == true
    }

    /// A paragraph cut by a column or page break continues when it stopped mid-sentence and
    /// the next text paragraph starts in lower case; furniture between them stays in place,
    /// and so does a figure's caption set in the break unless captions are read where they
    /// stand: the sentence is read whole, then the caption.
    private func joinedAcrossBreaks(_ paragraphs: [Paragraph]) -> [Paragraph] {
        var result: [Paragraph] = []
        var lastText: Int?
        for paragraph in paragraphs {
            if captions != .whereTheyStand, caption(paragraph) != nil {
                result.append(paragraph)
                continue
            }
            if paragraph.skip == nil, let index = lastText, !endsSentence(result[index].last), startsLowercase(paragraph.lines[0]),
               !isHeading(result[index]), abs(result[index].last.size - paragraph.lines[0].size) <= 0.6 {
                result[index].lines += paragraph.lines
                continue
            }
            result.append(paragraph)
            if paragraph.skip == nil { lastText = result.count - 1 }
        }
        return result
    }

    /// Short paragraphs set larger than the body, or short bold lines standing alone.
    private func isHeading(_ paragraph: Paragraph) -> Bool {
        guard paragraph.skip == nil, paragraph.lines.count <= 3, bodySize > 0 else { return false }
        let words = paragraph.lines.reduce(0) { $0 + $1.text.split(separator: " ").count }
        guard words <= 16, paragraph.lines[0].text.contains(where: \.isLetter) else { return false }
        if paragraph.lines[0].size >= bodySize * 1.15 { return true }
        return paragraph.lines.allSatisfy(\.bold) && words <= 12 && !endsSentence(paragraph.last)
    }
}
