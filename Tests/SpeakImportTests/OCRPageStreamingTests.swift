import Foundation
import SpeakImport
import SpeakImportOCR
import SpeakModel
import Testing

/// A multi-page scan read while it plays: the importer hands on the first pages each time more
/// of them are read, and every such beginning is a beginning of the whole document.
@Suite struct OCRPageStreamingTests {
    /// A line of words at `top`, each word 100 px wide.
    private func line(_ text: String, top: Int32, starts: LayoutStart = .line) -> [OCRWord] {
        text.split(separator: " ").enumerated().map { i, word in
            let x = 100 + Int32(i) * 110
            return OCRWord(text: String(word), confidence: 95, box: [x, top, x + 100, top + 30], starts: i == 0 ? starts : [])
        }
    }

    /// Page `index`: a running header, two paragraphs (the second running on to the next
    /// page, cut at a line-end hyphen), and the page's number at its foot.
    private func page(_ index: Int) -> OCRPage {
        let n = index + 1
        return OCRPage(index: index, width: 1000, height: 1400,
                       words: line("Harbour Gazette, volume 7", top: 30, starts: [.block, .paragraph, .line])
                           + line("Page \(n) opens with a paragraph", top: 300, starts: [.block, .paragraph, .line])
                           + line("that ends on this page.", top: 340)
                           + line("The second paragraph of page \(n) runs on into the inter-", top: 420, starts: [.paragraph, .line])
                           + line("\(n)", top: 1350, starts: [.block, .paragraph, .line]))
    }

    /// Hands the first pages on one more at a time, as the helpers finish them in order.
    private struct PageByPage: PageRecognizer {
        var pages: [OCRPage]
        func recognize(file: String, name: String, settings: OCRSettings, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
            pages
        }

        func recognize(file: String, name: String, settings: OCRSettings, opening: (@Sendable (OCRPage) -> Void)?,
                       pages report: (@Sendable ([OCRPage]) -> Void)?, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
            for count in 1..<pages.count { report?(Array(pages.prefix(count))) }
            return pages
        }
    }

    private final class Openings: @unchecked Sendable {
        private let lock = NSLock()
        private var documents: [Document] = []
        func add(_ document: Document) { lock.withLock { documents.append(document) } }
        var all: [Document] { lock.withLock { documents } }
    }

    @Test func eachLongerBeginningIsABeginningOfTheWholeScan() throws {
        let openings = Openings()
        let whole = try OCRImporter(recognizer: PageByPage(pages: (0..<4).map(page)))
            .importDocument(ImportSource(name: "scan.tif", data: Data([1])), options: ImportOptions(), progress: { _ in }) { openings.add($0) }
        let beginnings = openings.all
        #expect(beginnings.count == 3, "pages 1, 1–2 and 1–3")
        #expect(beginnings.map(\.wordCount) == beginnings.map(\.wordCount).sorted() && Set(beginnings.map(\.wordCount)).count == 3)
        for beginning in beginnings {
            #expect(whole.begins(with: beginning))
            let words = (0..<beginning.wordCount).compactMap { beginning.word(at: $0)?.text }
            #expect(words == (0..<beginning.wordCount).compactMap { whole.word(at: $0)?.text }, "the same words, numbered the same")
            // It ends before the paragraph that may go on on the next page.
            #expect(beginning.blocks.filter(\.isSpoken).last?.text.hasSuffix("ends on this page.") == true,
                    "\(beginning.blocks.map(\.text))")
        }
        #expect(whole.blocks.filter { $0.skip == .header }.count == 4, "the running header is known from the second page on")
    }

    @Test func aBeginningThatDoesNotGoOnFromTheLastIsNotABeginning() throws {
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: "One two three four.")
        builder.append(.paragraph, text: "Five six seven.")
        let two = builder.build(metadata: DocumentMetadata(title: "T", source: "-", format: .image, contentHash: ""))
        #expect(two.begins(with: two.prefix(blocks: 1)))
        #expect(two.prefix(blocks: 1).wordCount == 4)
        var other = DocumentBuilder()
        other.append(.paragraph, text: "Zero one two three four.")
        other.append(.paragraph, text: "Five six seven.")
        let shifted = other.build(metadata: DocumentMetadata(title: "T", source: "-", format: .image, contentHash: ""))
        #expect(!shifted.begins(with: two.prefix(blocks: 1)), "a word more before: the numbers mean other words")
        #expect(!two.prefix(blocks: 1).begins(with: two), "shorter than what it should go on from")
    }
}
