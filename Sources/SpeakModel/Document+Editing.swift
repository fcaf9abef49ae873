/// How the words of a document were renumbered by an edit: every old global word index has
/// exactly one new index, so reading positions and sessions can follow their words.
public struct WordRenumbering: Sendable, Equatable {
    /// Old word ranges and the new index of each range's first word, in old order.
    public private(set) var moves: [(old: Range<Int>, newStart: Int)]

    public static func == (a: Self, b: Self) -> Bool {
        a.moves.elementsEqual(b.moves) { $0.old == $1.old && $0.newStart == $1.newStart }
    }

    /// The new index of old word `index`; indices outside every range are returned as they are.
    public func callAsFunction(_ index: Int) -> Int {
        for move in moves where move.old.contains(index) {
            return move.newStart + (index - move.old.lowerBound)
        }
        return index
    }
}

extension Document {
    /// This document followed by `part`, which becomes one chapter titled `chapterTitle`.
    /// The part's own chapters (an EPUB's, a manual's sections) become sections of that
    /// chapter, one level down; when this document has content but no chapters yet, that
    /// content becomes the first chapter, titled with the document's title.
    public func appending(_ part: Document, chapterTitle: String) -> Document {
        var chapters = self.chapters
        if chapters.isEmpty, wordCount > 0 {
            chapters.append(Chapter(title: metadata.title, firstWord: 0))
        }
        let offset = wordCount
        chapters.append(Chapter(title: chapterTitle, firstWord: offset))
        // The part's own first chapter is often its title, the one its chapter already has.
        let sections = part.chapters.filter { $0.firstWord < part.wordCount && !($0.firstWord == 0 && $0.title == chapterTitle) }
        let top = sections.map(\.level).min() ?? 1
        chapters += sections.map { Chapter(title: $0.title, firstWord: offset + $0.firstWord, level: $0.level - top + 2) }
        let shifted = part.blocks.map { block -> Block in
            var moved = block
            moved.firstWord += offset
            return moved
        }
        return Document(metadata: metadata, blocks: blocks + shifted, chapters: chapters,
                        warnings: warnings + part.warnings)
    }

    /// The document from block `first` on, its words renumbered from 0 (word `i` of the
    /// suffix is word `blocks[first].firstWord + i` of this document), with the chapters that
    /// start in it. What a listener hears of a translation being made from the middle.
    public func suffix(fromBlock first: Int) -> Document {
        guard first > 0 else { return self }
        guard first < blocks.count else { return Document(metadata: metadata, blocks: [], warnings: warnings) }
        let offset = blocks[first].firstWord
        let moved = blocks[first...].map { block -> Block in
            var shifted = block
            shifted.firstWord -= offset
            return shifted
        }
        let kept = chapters.filter { $0.firstWord >= offset }.map { Chapter(title: $0.title, firstWord: $0.firstWord - offset, level: $0.level) }
        return Document(metadata: metadata, blocks: moved, chapters: kept, warnings: warnings)
    }

    /// The document's first `count` blocks, with the chapters that start in them: a beginning
    /// of it, its words numbered as here.
    public func prefix(blocks count: Int) -> Document {
        guard count < blocks.count else { return self }
        let end = blocks[max(0, count)].firstWord
        return Document(metadata: metadata, blocks: Array(blocks.prefix(max(0, count))), chapters: chapters.filter { $0.firstWord < end },
                        warnings: warnings)
    }

    /// The first pages of a document still being read, up to before its last block read
    /// aloud (a paragraph that may run on to the next page) and the furniture after it, which
    /// come back with that page: a beginning that later pages do not change.
    public var settledBeginning: Document {
        prefix(blocks: blocks.lastIndex(where: \.isSpoken) ?? 0)
    }

    /// Whether this document goes on from `beginning`: it has at least its words, and its
    /// words at the end of `beginning` are the same (a word added or dropped anywhere before
    /// them shows there), so word numbers mean the same words in both.
    public func begins(with beginning: Document) -> Bool {
        guard beginning.wordCount <= wordCount else { return false }
        return (max(0, beginning.wordCount - 32)..<beginning.wordCount).allSatisfy { word(at: $0)?.text == beginning.word(at: $0)?.text }
    }

    /// A book: `parts` one after another, one chapter per part, in this order.
    public static func book(metadata: DocumentMetadata, parts: [(title: String, document: Document)]) -> Document {
        var book = Document(metadata: metadata, blocks: [])
        for part in parts {
            book = book.appending(part.document, chapterTitle: part.title)
        }
        return book
    }

    /// The document with chapter `from` moved to position `to` (both 0-based), and how its
    /// words were renumbered. A chapter moves with its sections (the entries of higher levels
    /// after it). Text before the first chapter stays first. Nil when an index is out of range
    /// or a chapter does not start at the beginning of a block (its text cannot be cut there).
    public func movingChapter(_ from: Int, to: Int) -> (document: Document, renumbering: WordRenumbering)? {
        guard chapters.indices.contains(from), chapters.indices.contains(to) else { return nil }
        let blockStarts = Set(blocks.map(\.firstWord))
        guard chapters.allSatisfy({ blockStarts.contains($0.firstWord) || $0.firstWord == wordCount }) else { return nil }
        // Word ranges of the front matter and of every chapter, in the current order.
        let ends = chapters.dropFirst().map(\.firstWord) + [wordCount]
        let ranges = zip(chapters.map(\.firstWord), ends).map { $0..<$1 }
        let sections = chapters[(from + 1)...].prefix { $0.level > chapters[from].level }.count
        let moving = from..<(from + 1 + sections)
        var order = chapters.indices.filter { !moving.contains($0) }
        order.insert(contentsOf: moving, at: min(to, order.count))

        var newBlocks = blocks.filter { $0.firstWord < (chapters.first?.firstWord ?? 0) }
        var newChapters: [Chapter] = []
        var moves: [(old: Range<Int>, newStart: Int)] = []
        var next = chapters.first?.firstWord ?? 0
        if next > 0 { moves.append((0..<next, 0)) }
        for index in order {
            let range = ranges[index]
            newChapters.append(Chapter(title: chapters[index].title, firstWord: next, level: chapters[index].level))
            moves.append((range, next))
            for block in blocks where range.contains(block.firstWord) {
                var moved = block
                moved.firstWord = next + (block.firstWord - range.lowerBound)
                newBlocks.append(moved)
            }
            next += range.count
        }
        let document = Document(metadata: metadata, blocks: newBlocks, chapters: newChapters, warnings: warnings)
        return (document, WordRenumbering(moves: moves.sorted { $0.old.lowerBound < $1.old.lowerBound }))
    }
}
