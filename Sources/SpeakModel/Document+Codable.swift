import Foundation

/// A document as JSON, for carrying it whole between machines (a sync server's uploads): the
/// blocks with their packed word spans, so the words are numbered exactly as they were.
/// Decoding checks what importers guarantee — blocks numbered one after the other, spans that
/// decode and fit their text — and refuses anything else.
extension Document: Codable {
    private enum Keys: String, CodingKey { case metadata, blocks, chapters, warnings }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let blocks = try container.decode([Block].self, forKey: .blocks)
        var next = 0
        for block in blocks {
            guard block.firstWord == next else {
                throw DecodingError.dataCorruptedError(forKey: .blocks, in: container, debugDescription: "blocks are not numbered in order")
            }
            next += block.wordCount
        }
        self.init(metadata: try container.decode(DocumentMetadata.self, forKey: .metadata), blocks: blocks,
                  chapters: try container.decodeIfPresent([Chapter].self, forKey: .chapters) ?? [],
                  warnings: try container.decodeIfPresent([String].self, forKey: .warnings) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(blocks, forKey: .blocks)
        try container.encode(chapters, forKey: .chapters)
        try container.encode(warnings, forKey: .warnings)
    }
}

extension Block: Codable {
    private enum Keys: String, CodingKey { case kind, text, page, skip, firstWord, words, spans }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let words = try container.decode(Int.self, forKey: .words)
        let spans = try container.decode(Data.self, forKey: .spans)
        let firstWord = try container.decode(Int.self, forKey: .firstWord)
        guard words >= 0, firstWord >= 0,
              let block = Block(kind: try container.decode(BlockKind.self, forKey: .kind), text: try container.decode(String.self, forKey: .text),
                                page: try container.decodeIfPresent(Int.self, forKey: .page),
                                skip: try container.decodeIfPresent(SkipReason.self, forKey: .skip),
                                firstWord: firstWord, wordCount: words, packedWordSpans: Array(spans)) else {
            throw DecodingError.dataCorruptedError(forKey: .spans, in: container, debugDescription: "the word spans do not fit the text")
        }
        self = block
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(page, forKey: .page)
        try container.encodeIfPresent(skip, forKey: .skip)
        try container.encode(firstWord, forKey: .firstWord)
        try container.encode(wordCount, forKey: .words)
        // Spans found again on demand (as the library stores them) are packed for the journey.
        try container.encode(Data(packedWordSpans.isEmpty && wordCount > 0 ? WordSpanCodec.encode(wordSpans) : packedWordSpans), forKey: .spans)
    }
}
