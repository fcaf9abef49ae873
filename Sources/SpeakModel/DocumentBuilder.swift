/// Assembles a `Document` block by block, numbering words as they arrive.
///
/// Importers use it so that word segmentation and numbering happen in exactly one place.
public struct DocumentBuilder: Sendable {
    public private(set) var blocks: [Block] = []
    public private(set) var chapters: [Chapter] = []
    public private(set) var warnings: [String] = []
    private var nextWord = 0

    public init() {}

    /// Number of words appended so far (the index the next word will get).
    public var wordCount: Int { nextWord }

    /// Appends a block; its words are segmented and numbered. Blocks whose text has no
    /// words are dropped, so every stored block can be spoken or shown.
    public mutating func append(_ kind: BlockKind, text: String, page: Int? = nil, skip: SkipReason? = nil) {
        let spans = WordSegmenter.words(in: text)
        guard !spans.isEmpty else { return }
        blocks.append(Block(kind: kind, text: text, page: page, skip: skip, firstWord: nextWord, wordSpans: spans))
        nextWord += spans.count
    }

    /// Appends a block whose words were already segmented (`WordSegmenter.words(in: text)`),
    /// for importers that segment on several threads.
    public mutating func append(_ kind: BlockKind, text: String, wordSpans spans: [WordSpan], page: Int? = nil, skip: SkipReason? = nil) {
        guard !spans.isEmpty else { return }
        blocks.append(Block(kind: kind, text: text, page: page, skip: skip, firstWord: nextWord, wordSpans: spans))
        nextWord += spans.count
    }

    /// Starts a chapter at the next word that will be appended.
    public mutating func beginChapter(_ title: String) {
        chapters.append(Chapter(title: title, firstWord: nextWord))
    }

    /// Records a non-fatal import problem.
    public mutating func warn(_ message: String) {
        warnings.append(message)
    }

    /// Makes chapters from headings when the importer found no explicit ones: every heading
    /// of the two highest levels present starts a chapter (the second level as sections).
    public mutating func chaptersFromHeadings() {
        guard chapters.isEmpty else { return }
        let levels = Set(blocks.compactMap { $0.isSpoken ? $0.kind.headingLevel : nil })
        guard let top = levels.min() else { return }
        chapters = blocks.compactMap { block in
            guard block.isSpoken, let level = block.kind.headingLevel, level <= top + 1 else { return nil }
            return Chapter(title: block.text, firstWord: block.firstWord, level: level - top + 1)
        }
    }

    /// Finishes the document.
    public func build(metadata: DocumentMetadata) -> Document {
        Document(metadata: metadata, blocks: blocks, chapters: chapters, warnings: warnings)
    }
}
