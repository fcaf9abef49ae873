import SpeakModel

/// The order of a page's paragraphs: the recognizer's blocks (and the tables found on the page)
/// in `ReadingOrder`, paragraphs broken mid-sentence joined again, and captions and credits put
/// where they do not interrupt a sentence.
extension OCRAssembler {
    /// `next` starts just below `last`, in the same column, and `last` is running text (not a
    /// credit or caption set apart).
    static func continues(_ last: Paragraph?, into next: Paragraph?, bodyHeight: Int32) -> Bool {
        guard let last, let next, bodyHeight > 0, !isAside(last.words, bodyHeight: bodyHeight) else { return false }
        let lastWords = last.words.filter { $0.box.count == 4 }, nextWords = next.words.filter { $0.box.count == 4 }
        guard let lastLeft = lastWords.map({ $0.box[0] }).min(), let lastRight = lastWords.map({ $0.box[2] }).max(),
              let nextLeft = nextWords.map({ $0.box[0] }).min(), let nextRight = nextWords.map({ $0.box[2] }).max() else { return false }
        let gap = next.top - last.bottom
        return gap > -bodyHeight && gap < bodyHeight * 2 && min(lastRight, nextRight) > max(lastLeft, nextLeft)
    }

    /// The page's paragraphs, blocks in `ReadingOrder`. Words above or below `frame` (the box
    /// ruled round a transcript's text) are never a row of a table inside it.
    static func paragraphs(_ page: OCRPage, frame: [Int32]? = nil) -> [Paragraph] {
        var blocks: [[Paragraph]] = []
        // A dropped speck hands the layout units it opened to the next word.
        var pending: LayoutStart = []
        // Tables are found from where the words stand and read row by row; their words leave
        // the recognizer's blocks, which hold a table column by column.
        let tables = OCRTable.detect(page.words, screen: page.isScreen == true) { word in
            if let frame, word.box.count == 4, word.box[1] > frame[3] || word.box[3] < frame[1] { return false }
            return !word.text.allSatisfy(\.isWhitespace) && !isSpeck(word) && !isNoise(word)
        }
        let inTables = tables.reduce(into: Set<Int>()) { $0.formUnion($1.words) }
        for (index, var word) in page.words.enumerated() {
            if word.text.allSatisfy(\.isWhitespace) || isSpeck(word) || inTables.contains(index) {
                pending.formUnion(word.starts)
                continue
            }
            word.starts.formUnion(pending)
            pending = []
            if blocks.isEmpty || word.starts.contains(.block) { blocks.append([]) }
            if blocks[blocks.count - 1].isEmpty || word.starts.contains(.paragraph) {
                blocks[blocks.count - 1].append(Paragraph(page: page.index))
            }
            guard var paragraph = blocks[blocks.count - 1].popLast() else { continue }
            if paragraph.lines.isEmpty || word.starts.contains(.line) { paragraph.lines.append([]) }
            paragraph.lines[paragraph.lines.count - 1].append(word)
            if word.box.count == 4 {
                paragraph.top = min(paragraph.top, word.box[1])
                paragraph.bottom = max(paragraph.bottom, word.box[3])
            }
            blocks[blocks.count - 1].append(paragraph)
        }
        blocks.removeAll { $0.isEmpty }
        if !tables.isEmpty {
            // A block that lost a table's words may hold text above and below it: its
            // paragraphs find their places one by one.
            blocks = blocks.flatMap { $0.map { [$0] } }
        }
        blocks += tables.map { [Paragraph(page: page.index, top: $0.box.top, bottom: $0.box.bottom, table: $0)] }
        let bodyHeight = median(page.words.map(\.height))
        let boxes = blocks.map { block -> ReadingOrder.Box in
            if let table = block.first?.table { return table.box }
            let words = block.flatMap(\.words).filter { $0.box.count == 4 }
            return ReadingOrder.Box(left: words.map { $0.box[0] }.min() ?? 0, top: words.map { $0.box[1] }.min() ?? 0,
                                    right: words.map { $0.box[2] }.max() ?? 0, bottom: words.map { $0.box[3] }.max() ?? 0)
        }
        let asides = blocks.map { $0.first?.table == nil && isAside($0.flatMap(\.words), bodyHeight: bodyHeight) }
        let flow = joiningBrokenParagraphs(ReadingOrder.order(boxes: boxes, aside: asides).filter { !asides[$0] }.flatMap { blocks[$0] },
                                           bodyHeight: bodyHeight)
        return placingAsides(blocks.indices.filter { asides[$0] }, of: blocks, boxes: boxes, into: flow)
    }

    /// Puts each aside (a caption, a credit) after the paragraph it follows on the page, or,
    /// when that paragraph's sentence goes on in the next one (no stop, and the next starts in
    /// lower case), after the first paragraph that ends a sentence: a caption never interrupts
    /// a sentence.
    static func placingAsides(_ asides: [Int], of blocks: [[Paragraph]], boxes: [ReadingOrder.Box],
                                      into flow: [Paragraph]) -> [Paragraph] {
        guard !asides.isEmpty else { return flow }
        let geometric = ReadingOrder.order(boxes: boxes, aside: boxes.map { _ in false })
        let isAside = Set(asides)
        // The aside's place: after the last word of the flow block before it on the page.
        var after: [Int: [Paragraph]] = [:], leading: [Paragraph] = []
        var previous: Int?
        let flowTop = boxes.indices.filter { !isAside.contains($0) }.map { boxes[$0].top }.min() ?? .max
        for index in geometric {
            if isAside.contains(index) {
                if let anchor = previous.flatMap({ blocks[$0].last?.words.last?.box }) {
                    let position = flow.lastIndex { $0.words.last?.box == anchor } ?? flow.count - 1
                    after[position, default: []] += blocks[index]
                } else if boxes[index].bottom <= flowTop {
                    // Above all the running text: a page's header lines.
                    leading += blocks[index]
                } else {
                    after[0, default: []] += blocks[index]
                }
            } else {
                previous = index
            }
        }
        // Before the page's first paragraph there is no sentence to interrupt.
        var placed = leading
        var waiting: [Paragraph] = []
        for (position, paragraph) in flow.enumerated() {
            placed.append(paragraph)
            waiting += after[position] ?? []
            // A sentence goes on only into a paragraph that starts in lower case: the lines of a
            // receipt, a form or a list end without a stop, and their asides (a total in capitals,
            // a small footer) were all put off to the end of the page.
            let goesOn = position + 1 < flow.count && flow[position + 1].lines.first?.first?.text.first?.isLowercase == true
            let ending = paragraph.table != nil || !goesOn
                || paragraph.lines.last?.last?.text.last.map { ".!?:\"”)".contains($0) } == true
            if ending, !waiting.isEmpty {
                placed += waiting
                waiting = []
            }
        }
        return placed + waiting
    }

    /// The recognizer sometimes ends a paragraph, or a block, in the middle of a sentence; the
    /// next paragraph that carries it on (in lower case, just below in the same column) is
    /// joined back to it.
    static func joiningBrokenParagraphs(_ paragraphs: [Paragraph], bodyHeight: Int32) -> [Paragraph] {
        var joined: [Paragraph] = []
        for paragraph in paragraphs {
            if var last = joined.last, last.table == nil, paragraph.table == nil, continues(last, into: paragraph, bodyHeight: bodyHeight),
               let end = last.lines.last?.last?.text.last, !".!?:;\"”)".contains(end),
               let start = paragraph.lines.first?.first?.text.first, start.isLowercase {
                last.lines += paragraph.lines
                last.bottom = max(last.bottom, paragraph.bottom)
                joined[joined.count - 1] = last
            } else {
                joined.append(paragraph)
            }
        }
        return joined
    }

    /// A short block in smaller or capital letters: a caption, credit or running footer.
    static func isAside(_ words: [OCRWord], bodyHeight: Int32) -> Bool {
        guard bodyHeight > 0, words.count <= 20 else { return false }
        let letters = words.flatMap { $0.text.filter(\.isLetter) }
        let capitals = letters.filter(\.isUppercase).count
        let height = median(words.map(\.height))
        return height * 100 < bodyHeight * 85 || (letters.count >= 8 && capitals * 10 >= letters.count * 8)
    }
}
