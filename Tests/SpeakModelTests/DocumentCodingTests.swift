import Foundation
import SpeakModel
import Testing

/// A document carried whole as JSON (the sync server's uploads): the same words, numbered the
/// same, and nothing inconsistent taken in.
@Suite struct DocumentCodingTests {
    func sample() -> Document {
        var builder = DocumentBuilder()
        builder.append(.heading(level: 1), text: "Über die Lampe")
        builder.append(.paragraph, text: "Der Wärter stieg die Treppe hinauf — and lit the lamp, again.", page: 2)
        builder.append(.listItem, text: "A list item 🪔 with an emoji.")
        builder.append(.paragraph, text: "12", skip: .pageNumber)
        builder.chaptersFromHeadings()
        var document = builder.build(metadata: DocumentMetadata(title: "Über die Lampe", author: "A. Keeper", language: "de", source: "/tmp/l.txt",
                                                                format: .text, contentHash: "sha256:00", imported: Date(timeIntervalSince1970: 0)))
        document.warnings = ["page 2: low confidence"]
        return document
    }

    @Test func aDocumentComesBackAsItWent() throws {
        let document = sample()
        let back = try JSONDecoder().decode(Document.self, from: try JSONEncoder().encode(document))
        #expect(back == document)
        #expect(back.blocks.map(\.wordTexts) == document.blocks.map(\.wordTexts))
        #expect(back.chapters == document.chapters && back.warnings == document.warnings && back.blocks[3].skip == .pageNumber)
    }

    @Test func blocksOutOfOrderOrSpansOutsideTheTextAreRefused() throws {
        let json = try JSONEncoder().encode(sample())
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var blocks = try #require(object["blocks"] as? [[String: Any]])
        blocks[2]["firstWord"] = 3
        object["blocks"] = blocks
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Document.self, from: try JSONSerialization.data(withJSONObject: object)) }
        blocks = try #require((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["blocks"] as? [[String: Any]])
        blocks[1]["text"] = "Short."
        object["blocks"] = blocks
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Document.self, from: try JSONSerialization.data(withJSONObject: object)) }
    }
}
