import Foundation
import SpeakImport
import SpeakImportText
import SpeakModel
import Testing

/// Plain-text FAQs and reStructuredText underline titles with tildes or backticks; read as a
/// Markdown code fence, the underline swallowed the rest of the file into one block.
@Suite struct TitleUnderlineTests {
    private func blocks(_ text: String, name: String) throws -> [Block] {
        try PlainTextImporter().importDocument(ImportSource(name: name, data: Data(text.utf8)), options: ImportOptions()) { _ in }.blocks
    }

    @Test func tildesUnderATitleAreAnUnderline() throws {
        let faq = "Valgrind FAQ\nRelease 3.19.0\n~~~~~~~~~~~~\n\nQuestion one\n~~~~~~~~~~~~\n\nPara one\ncontinues.\n\nPara two.\n"
        let read = try blocks(faq, name: "FAQ.txt")
        #expect(read.map(\.text) == ["Valgrind FAQ Release 3.19.0", "Question one", "Para one continues.", "Para two."])
        #expect(read[1].kind.headingLevel != nil)
        #expect(read.allSatisfy { $0.skip == nil })
    }

    @Test func markdownKeepsItsFencesUnlessTheyUnderlineATitle() throws {
        let readme = "Title\n`````\n\nSome text:\n~~~\nmake install\n~~~\n\nAfter.\n"
        let read = try blocks(readme, name: "README.md")
        #expect(read.map(\.text) == ["Title", "Some text:", "make install", "After."])
        #expect(read[0].kind.headingLevel != nil)
        #expect(read[2].kind == .code)
    }
}
