import Foundation
import SpeakImport
@testable import SpeakImportPDF
import SpeakModel
import Testing

/// Description lists and reference lists set with a hanging indent: a full first line, the
/// rest indented under it. Each item is one paragraph, cut neither after its first line nor
/// run into the next item (found in TeX Live's manuals and bibliographies).
@Suite struct HangingIndentTests {
    private func line(_ text: String, _ row: Int, left: Double = 72, right: Double = 540) -> PDFLine {
        let top = 100 + Double(row) * 12
        return PDFLine(text: text, left: left, top: top, right: right, bottom: top + 10, size: 10, bold: false)
    }

    private func blocks(_ lines: [PDFLine]) -> [String] {
        var builder = DocumentBuilder()
        _ = PDFAssembler(pages: [PDFPage(index: 0, width: 612, height: 792, lines: lines)]).append(to: &builder)
        return builder.build(metadata: DocumentMetadata(title: "t", source: "t.pdf", format: .pdf, contentHash: "")).blocks.map(\.text)
    }

    @Test func eachItemOfADescriptionListIsOneParagraph() {
        let read = blocks([
            line("Net installer: Download it from CTAN, under systems/texlive/tlnet; the url http:", 0),
            line("//mirror.ctan.org/systems/texlive/tlnet should redirect to a nearby mirror. You can", 1, left: 97),
            line("retrieve either install-tl.zip or the smaller install-unx.tar.gz for Unix only.", 2, left: 97, right: 420),
            line("Windows installer: Download it from CTAN as above, and double-click. This starts up a", 3),
            line("first-stage installer; see figure 1. It gives two choices: Install and Unpack only.", 4, left: 97, right: 535),
            line("Collection DVD: go to the DVD's texlive subdirectory. Under Windows, the installer", 5),
            line("normally starts automatically when you insert the DVD.", 6, left: 97, right: 380),
        ])
        #expect(read == [
            "Net installer: Download it from CTAN, under systems/texlive/tlnet; the url http://mirror.ctan.org/systems/texlive/tlnet "
                + "should redirect to a nearby mirror. You can retrieve either install-tl.zip or the smaller install-unx.tar.gz for Unix only.",
            "Windows installer: Download it from CTAN as above, and double-click. This starts up a first-stage installer; see figure 1. "
                + "It gives two choices: Install and Unpack only.",
            "Collection DVD: go to the DVD's texlive subdirectory. Under Windows, the installer normally starts automatically when you insert the DVD.",
        ], "\(read)")
    }

    @Test func eachReferenceIsOneParagraph() {
        let read = blocks([
            line("[1] Donald E. Knuth. The TeXbook, volume A of Computers and Typesetting. Addison-Wesley", 0),
            line("Publishing Company, Reading, Massachusetts, 1984.", 1, left: 90, right: 330),
            line("[2] Donald E. Knuth. TeX: The Program, volume B of Computers and Typesetting. Addison", 2),
            line("Wesley Publishing Company, Reading, Massachusetts, 1986.", 3, left: 90, right: 360),
        ])
        #expect(read.count == 2 && read[0].hasSuffix("Massachusetts, 1984.") && read[1].hasPrefix("[2]"), "\(read)")
    }

    /// Paragraphs set with a first-line indent keep their breaks: the indented line is the
    /// next paragraph's first, and the lines after it are back at the margin.
    @Test func aFirstLineIndentStillStartsAParagraph() {
        let read = blocks([
            line("The keepers wrote down the height of every tide, and the lamps were lit at dusk on the", 0),
            line("rocks where the ships came in.", 1, right: 260),
            line("They kept the log for forty years, through storms and calm weather, and the book", 2, left: 87),
            line("is still in the lighthouse today, open at the last page they wrote in it before the end.", 3),
            line("A short line that ends a sentence, all on its own, set full across the column here.", 4),
            line("Another paragraph starts with an indent and runs on to the next line below it, where it", 5, left: 87),
            line("goes back to the margin and ends.", 6, right: 250),
        ])
        #expect(read.count == 3, "\(read)")
        #expect(read[1].hasPrefix("They kept") && read[1].hasSuffix("column here."), "\(read)")
        #expect(read[2].hasPrefix("Another paragraph"), "\(read)")
    }
}
