import Foundation
import SpeakImport
@testable import SpeakImportPDF
import SpeakModel
import Testing

/// The PDF importer's layout analysis on hand-made pages (no poppler).
@Suite struct PDFLayoutTests {
    private func line(_ text: String, top: Double, left: Double = 72, size: Double = 11, bold: Bool = false) -> PDFLine {
        PDFLine(text: text, left: left, top: top, right: left + Double(text.count) * size * 0.5, bottom: top + size, size: size, bold: bold)
    }

    private func read(_ pages: [PDFPage], outline: [PDFOutlineEntry] = []) throws -> Document {
        try PDFImporter(source: HandMadePages(info: PDFInfo(pageCount: pages.count, outline: outline), pages: pages))
            .importDocument(ImportSource(name: "paper.pdf", data: Data([1])), options: ImportOptions(), progress: { _ in })
    }

    /// A page with a running header, body lines and a page-number footer.
    private func page(_ index: Int, body: [String], footer: String? = nil) -> PDFPage {
        var lines = [line("Journal of Tests, Vol. 3, p. \(index + 10)", top: 30, size: 8)]
        for (i, text) in body.enumerated() { lines.append(line(text, top: 100 + Double(i) * 14)) }
        lines.append(line(footer ?? "Page \(index + 1) of 4", top: 760, left: 280, size: 9))
        return PDFPage(index: index, width: 612, height: 792, lines: lines)
    }

    @Test func runningHeadersAndPageNumbersAreKeptButNotSpoken() throws {
        let pages = (0..<4).map { page($0, body: ["Body text of page \($0 + 1) ends here."]) }
        let document = try read(pages)
        let skipped = document.blocks.filter { !$0.isSpoken }
        #expect(skipped.filter { $0.skip == .header }.count == 4)
        #expect(skipped.filter { $0.skip == .pageNumber }.count == 4)
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == (1...4).map { "Body text of page \($0) ends here." })
        #expect(document.blocks.filter(\.isSpoken).map(\.page) == [1, 2, 3, 4])
    }

    @Test func romanPageNumbersLineNumbersAndFootnotes() throws {
        var lines = (0..<6).map { line("Numbered body line \($0 + 1) of the text", top: 100 + Double($0) * 14, left: 90) }
        lines += (0..<6).map { line("\($0 + 1)", top: 100 + Double($0) * 14, left: 20, size: 8) }
        lines.append(line("1 A note at the foot of the page.", top: 700, size: 8))
        lines.append(line("xiv", top: 760, left: 300, size: 9))
        let document = try read([PDFPage(index: 0, width: 612, height: 792, lines: lines)])
        #expect(document.blocks.filter { $0.skip == .lineNumber }.reduce(0) { $0 + $1.wordCount } == 6)
        #expect(document.blocks.contains { $0.skip == .footnote && $0.text == "1 A note at the foot of the page." })
        #expect(document.blocks.contains { $0.skip == .pageNumber && $0.text == "xiv" })
        #expect(document.blocks.filter(\.isSpoken).map(\.text)
            == ["Numbered body line 1 of the text Numbered body line 2 of the text Numbered body line 3 of the text "
                + "Numbered body line 4 of the text Numbered body line 5 of the text Numbered body line 6 of the text"])
    }

    @Test func paragraphsHyphensHeadingsAndBreaksAcrossPages() throws {
        let first = page(0, body: ["The measure-", "ments were taken at dawn and", "continued until"])
        var second = page(1, body: ["the tide had turned."])
        second.lines.insert(line("Results", top: 140, size: 16, bold: true), at: 2)
        second.lines.insert(line("A new section starts here.", top: 170), at: 3)
        let document = try read([first, second, page(2, body: ["More."]), page(3, body: ["End."])])
        let spoken = document.blocks.filter(\.isSpoken)
        #expect(spoken.first?.text == "The measurements were taken at dawn and continued until the tide had turned.")
        #expect(spoken.contains { $0.kind == .heading(level: 1) && $0.text == "Results" })
        #expect(spoken.contains { $0.text == "A new section starts here." && $0.page == 2 })
    }

    /// A contents page is navigation: one skipped entry per line, without its dot leaders.
    @Test func contentsEntriesAreSkippedOneByOneWithoutLeaders() throws {
        var first = page(0, body: ["Contents"])
        first.lines.insert(line("1 Introduction .................... 3", top: 130), at: 2)
        first.lines.insert(line("2 Methods . . . . . . . . . . . . . 7", top: 144), at: 3)
        first.lines.insert(line("Appendix A ........................ xi", top: 158), at: 4)
        let document = try read([first, page(1, body: ["The text begins."]), page(2, body: ["More."]), page(3, body: ["End."])])
        let entries = document.blocks.filter { $0.skip == .navigation }
        #expect(entries.map(\.text) == ["Contents", "1 Introduction 3", "2 Methods 7", "Appendix A xi"])
        #expect(document.blocks.filter(\.isSpoken).map(\.text).first == "The text begins.")
    }

    /// Contents without leaders under their heading (LaTeX's chapter entries), over a wrapped
    /// title; the chapter after them ends in a number too, but not flush right.
    @Test func contentsUnderTheirHeadingAreSkippedWithoutLeaders() throws {
        let entries = [("1 Grundbegriffe", "2"), ("1.1 Systeme und Zustände", "2"), ("2 Der erste Hauptsatz und was", nil), ("aus ihm folgt", "4")]
        var lines = [line("Inhaltsverzeichnis", top: 100, size: 20)]
        for (i, entry) in entries.enumerated() {
            let text = entry.1.map { "\(entry.0) \($0)" } ?? entry.0
            lines.append(PDFLine(text: text, left: 72, top: 140 + Double(i) * 14, right: entry.1 == nil ? 300 : 520, bottom: 151 + Double(i) * 14,
                                 size: 11, bold: false))
        }
        let next = [line("Kapitel 1", top: 150, size: 20), line("Grundbegriffe", top: 190, size: 20),
                    line("Die Thermodynamik beschreibt Systeme aus sehr vielen Teilchen.", top: 230)]
        let document = try read([PDFPage(index: 0, width: 612, height: 792, lines: lines), PDFPage(index: 1, width: 612, height: 792, lines: next)])
        #expect(document.blocks.filter { $0.skip == .navigation }.count == 5)
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == ["Kapitel 1", "Grundbegriffe", "Die Thermodynamik beschreibt Systeme aus sehr vielen Teilchen."])
    }

    /// LaTeX sets its running heads lower than the margin where page numbers are looked for
    /// (11 % of an A4 page): repeated there over the text, they are headers; a table's head
    /// row continued at the top of its pages, with its rows close under it, is not.
    @Test func aRunningHeadSetLowIsAHeaderAndATableHeadIsNot() throws {
        let pages = (0..<4).map { i in
            PDFPage(index: i, width: 595, height: 842, lines: [
                line("MakeIndex \(i + 2)", top: 92),
                line("Key Type Explanation", top: 130),
                line("name string the name of the thing", top: 143),
                line("The text of page \(i + 1) goes on here in full sentences.", top: 170),
            ])
        }
        let document = try read(pages)
        #expect(document.blocks.filter { $0.skip == .header }.map(\.text) == (2...5).map { "MakeIndex \($0)" })
        #expect(document.blocks.filter(\.isSpoken).filter { $0.text.hasPrefix("Key Type Explanation") }.count == 4)
    }

    /// A chapter's running head in capitals at the top of one page only is a header; the
    /// chapter's own heading in mixed case is read.
    @Test func aChapterHeadInCapitalsOnOnePageIsAHeader() throws {
        let pages = [PDFPage(index: 0, width: 595, height: 842, lines: [line("Kapitel 1", top: 150, size: 20), line("Einleitung", top: 190, size: 20),
                                                                        line("Der erste Satz des Kapitels steht hier.", top: 230)]),
                     PDFPage(index: 1, width: 595, height: 842, lines: [line("KAPITEL 1. EINLEITUNG Thermodynamik WS 2025/26", top: 92),
                                                                        line("Der zweite Satz des Kapitels steht hier.", top: 130)])]
        let document = try read(pages)
        #expect(document.blocks.filter { $0.skip == .header }.map(\.text) == ["KAPITEL 1. EINLEITUNG Thermodynamik WS 2025/26"])
        #expect(document.blocks.filter(\.isSpoken).count == 4)
    }

    /// Bulleted lines are list items of their own, not one paragraph.
    @Test func bulletedLinesAreItemsOfTheirOwn() throws {
        let first = page(0, body: ["What to pack:", "• a map of the coast", "• two days of water and", "food for the crossing", "▪ a tide table"])
        let document = try read([first])
        let items = document.blocks.filter { $0.kind == .listItem }.map(\.text)
        #expect(items == ["• a map of the coast", "• two days of water and food for the crossing", "▪ a tide table"])
    }

    /// A chapter's running head that repeats on two pages of a longer document is a header.
    @Test func aRunningHeadOnTwoPagesOfALongDocumentIsAHeader() throws {
        var pages = (0..<8).map { page($0, body: ["Body text of page \($0 + 1) ends here."]) }
        for p in [2, 3] { pages[p].lines[0] = line("Chapter Two: The Harbour Master", top: 30, size: 8) }
        let document = try read(pages)
        #expect(document.blocks.filter { $0.skip == .header && $0.text.hasPrefix("Chapter Two") }.count == 2)
        #expect(!document.blocks.filter(\.isSpoken).contains { $0.text.contains("Harbour Master") })
    }

    @Test func outlineEntriesStartAtTheirHeadings() throws {
        var first = page(0, body: ["Opening words of the paper."])
        first.lines.insert(line("Background", top: 200, size: 14, bold: true), at: 2)
        first.lines.insert(line("Some background follows here.", top: 220), at: 3)
        let outline = [PDFOutlineEntry(title: "Background", page: 0, top: 195), PDFOutlineEntry(title: "Missing", page: 7)]
        let document = try read([first, page(1, body: ["x y z"]), page(2, body: ["More."])], outline: outline)
        let background = try #require(document.blocks.first { $0.text == "Background" })
        #expect(document.chapters == [Chapter(title: "Background", firstWord: background.firstWord)])
    }

    @Test func aMarginLineThatIsThePagesLabelIsItsPageNumber() throws {
        let pages = (0..<2).map { index in
            PDFPage(index: index, width: 612, height: 792, label: "A-\(index + 1)",
                    lines: [line("Appendix text on this page.", top: 100), line("A-\(index + 1)", top: 760, left: 290, size: 9)])
        }
        let document = try read(pages)
        #expect(document.blocks.filter { $0.skip == .pageNumber }.map(\.text) == ["A-1", "A-2"])
        #expect(document.metadata.pageLabels == ["A-1", "A-2"])
        #expect(document.metadata.pageLabel(2) == "A-2" && document.metadata.pageLabel(3) == "3")
    }

    /// Labels are kept only when they say something the page numbers do not (poppler gives
    /// the number for a page without a label).
    @Test func pageLabelsAreKeptWhenTheyDifferFromPageNumbers() throws {
        func pages(_ labels: [String?]) -> [PDFPage] {
            labels.enumerated().map { index, label in
                PDFPage(index: index, width: 612, height: 792, label: label, lines: [line("Text of page \(index + 1).", top: 100)])
            }
        }
        #expect(try read(pages(["1", "2", nil])).metadata.pageLabels == nil)
        #expect(try read(pages(["i", "ii", "1"])).metadata.pageLabels == ["i", "ii", "1"])
        #expect(try read(pages([nil, "ii", nil])).metadata.pageLabels == ["1", "ii", "3"])
    }

    @Test func pagesWithoutTextNeedOCR() {
        #expect(PDFTextLayer.needsOCR([]))
        #expect(PDFTextLayer.needsOCR([line("12", top: 700)]))
        #expect(PDFTextLayer.needsOCR([line(String(repeating: "\u{FFFD}", count: 40) + " abcdefghijkl", top: 100)]))
        #expect(!PDFTextLayer.needsOCR([line("A page with plenty of ordinary words on it.", top: 100)]))
    }
}

/// Outline titles are matched with the page's headings by their letters and digits.
@Suite struct HeadingKeyTests {
    @Test func lettersAndDigitsLowerCasedWhateverTheSpelling() {
        #expect(PDFImporter.headingKey("3.1  Results & Discussion") == "31resultsdiscussion")
        // A precomposed accent and a combining one are the same heading.
        #expect(PDFImporter.headingKey("Équations") == PDFImporter.headingKey("E\u{301}quations"))
        #expect(PDFImporter.headingKey("Über die Lösung") == "überdielösung")
        #expect(PDFImporter.headingKey("— ¶ —").isEmpty)
    }
}
