import Foundation
import SpeakModel

/// Translates a document block for block: block `i` of the translation is block `i` of the
/// original in the other language, with its kind, page and skip reason, so chapters, skipped
/// furniture and positions (at block granularity) carry over. Code is kept as it is. The
/// blocks go in chunks to `workers` Apertium pipelines at once (chunk i to pipeline i mod
/// workers, each pipeline kept full); the first chunk is small, so that the beginning of a
/// long book is ready (and can be played) at once.
public struct DocumentTranslator: Sendable {
    public let pair: ApertiumPair
    /// "Apertium 3.8.3": what made it, for the link and the content hash.
    public let engine: String
    public let workers: Int

    public init(pair: ApertiumPair, engine: String, workers: Int = 1) {
        self.pair = pair
        self.engine = engine
        self.workers = max(1, workers)
    }

    /// The content hash of `original`'s translation by this pair and engine (the same
    /// translation is recognized, and made again by another Apertium).
    public func contentHash(of original: Document) -> String {
        "sha256:" + SHA256.hex(of: Array("translation|\(original.metadata.contentHash)|\(pair.name)|\(engine)".utf8))
    }

    /// The whole translation. `progress(done, total)` counts words; `opening` gets the
    /// translated beginning as soon as it is ready, then larger beginnings as they grow.
    /// With `startBlock` > 0 (a listener who was in the middle of the book), the blocks from
    /// `startBlock` on are translated first, and the openings are that part alone, its words
    /// numbered from 0 (`Document.suffix(fromBlock:)` of the whole translation).
    public func translate(_ original: Document, startingAt startBlock: Int = 0, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                          opening: (@Sendable (Document) -> Void)? = nil) throws(TranslateError) -> Document {
        let start = min(max(0, startBlock), original.blocks.count)
        var tail: [(slot: Int, text: String)] = [], head: [(slot: Int, text: String)] = []
        for (i, block) in original.blocks.enumerated() where Self.translatable(block) {
            if i >= start { tail.append((i, block.text)) } else { head.append((i, block.text)) }
        }
        // The title and chapter titles that are not a heading's text go along as items of
        // their own, after the blocks from the start (which are heard first), before the rest.
        var items = tail
        let titleSlot = original.blocks.count
        items.append((titleSlot, original.metadata.title))
        let headingTexts = Dictionary(original.blocks.enumerated().map { ($0.element.firstWord, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var chapterSlots: [Int: Int] = [:]
        for (c, chapter) in original.chapters.enumerated() {
            if let b = headingTexts[chapter.firstWord], original.blocks[b].text == chapter.title, Self.translatable(original.blocks[b]) { continue }
            chapterSlots[c] = titleSlot + 1 + c
            items.append((titleSlot + 1 + c, chapter.title))
        }
        items += head
        guard original.wordCount > 0 else { throw .nothingToTranslate(title: original.metadata.title) }

        let chunks = Self.chunks(items.map { $0.text })
        let board = ChunkBoard(chunks: chunks, totalWords: items.reduce(0) { $0 + Self.words($1.text) })
        let pipelines = min(workers, chunks.count)
        let texts = items.map(\.text)
        let group = DispatchGroup()
        for worker in 0..<pipelines {
            group.enter()
            Thread {
                defer { group.leave() }
                board.work(worker: worker, of: pipelines, pair: pair, texts: texts, progress: progress)
            }.start()
        }
        if let opening {
            // The beginning, as soon as it is there: blocks from the start up to the first
            // untranslated one (all of them from the start once those are done).
            var shown = 0, sentWhole = false
            while !sentWhole, let ready = board.waitForPrefix(beyond: shown) {
                let through = ready >= tail.count ? original.blocks.count : (items.prefix(ready).last?.slot ?? (start - 1)) + 1
                if through > start, through < original.blocks.count || start > 0 {
                    opening(assemble(original, items: items, results: board.results(upTo: ready), chapterSlots: chapterSlots,
                                     titleSlot: titleSlot, blocks: start..<through))
                    sentWhole = through == original.blocks.count
                }
                shown = ready
            }
        }
        group.wait()
        if let failure = board.failure { throw failure }
        return assemble(original, items: items, results: board.results(upTo: items.count), chapterSlots: chapterSlots,
                        titleSlot: titleSlot, blocks: 0..<original.blocks.count)
    }

    /// The translated document of the original's `blocks` (all of them for the whole one),
    /// its words numbered from 0.
    private func assemble(_ original: Document, items: [(slot: Int, text: String)], results: [String?], chapterSlots: [Int: Int],
                          titleSlot: Int, blocks range: Range<Int>) -> Document {
        var translated: [Int: String] = [:]
        for (item, result) in zip(items, results) { if let result { translated[item.slot] = result } }
        var blocks: [Block] = []
        var word = 0
        var firstWords: [Int: Int] = [:]
        for i in range {
            let block = original.blocks[i]
            var text = translated[i].map(Self.tidy) ?? block.text
            var spans = WordSegmenter.words(in: text)
            // A translation without words (never seen, but a block must keep its words) stays as written.
            if spans.isEmpty, block.wordCount > 0 {
                text = block.text
                spans = WordSegmenter.words(in: text)
            }
            firstWords[block.firstWord] = word
            blocks.append(Block(kind: block.kind, text: text, page: block.page, skip: block.skip, firstWord: word, wordSpans: spans))
            word += spans.count
        }
        let chapters = original.chapters.enumerated().compactMap { c, chapter -> Chapter? in
            guard let first = firstWords[chapter.firstWord] else { return nil }
            let heading = original.blocks.firstIndex { $0.firstWord == chapter.firstWord }
            let title = chapterSlots[c].flatMap { translated[$0] }.map(Self.tidy)
                ?? heading.flatMap { translated[$0] }.map(Self.tidy) ?? chapter.title
            return Chapter(title: title, firstWord: first, level: chapter.level)
        }
        var metadata = original.metadata
        metadata.id = nil
        metadata.title = translated[titleSlot].map(Self.tidy) ?? original.metadata.title
        metadata.language = LanguageCodes.iso1(pair.target) ?? pair.target
        metadata.contentHash = contentHash(of: original)
        metadata.imported = nil
        return Document(metadata: metadata, blocks: blocks, chapters: chapters, warnings: [])
    }

    /// Code, and text without a letter (numbers, symbols), stay as they are.
    static func translatable(_ block: Block) -> Bool {
        block.kind != .code && block.wordCount > 0 && block.text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// Apertium's output without the spaces its blanks can leave at the ends.
    static func tidy(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    /// Item ranges: a first chunk of a few paragraphs (the opening, at once), then chunks of
    /// about 600 words.
    static func chunks(_ texts: [String]) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = 0, words = 0
        for (i, text) in texts.enumerated() {
            words += Self.words(text)
            let limit = chunks.isEmpty ? 60 : 600
            if words >= limit || i - start >= 40 {
                chunks.append(start..<(i + 1))
                start = i + 1
                words = 0
            }
        }
        if start < texts.count { chunks.append(start..<texts.count) }
        return chunks
    }
}
