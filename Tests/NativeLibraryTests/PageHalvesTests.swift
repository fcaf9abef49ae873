import Foundation
@testable import SpeakTesseract
import SpeakImportOCR
import Testing

/// Rows of a page `lines` text lines of `height` rows, `gap` blank rows apart, 1,000 wide.
private func rows(lines: Int, height: Int = 30, gap: Int = 12, top: Int = 100) -> [Int] {
    var rows = [Int](repeating: 0, count: top)
    for _ in 0..<lines { rows += [Int](repeating: 300, count: height) + [Int](repeating: 0, count: gap) }
    return rows + [Int](repeating: 0, count: 100)
}

/// A one-page file is read in two halves at once, on two cores: cut at a blank band between
/// lines near the middle of the ink, never through a line, and read as the whole page reads.
@Suite struct PageHalvesTests {
    @Test func theCutIsABlankBandNearTheMiddleOfTheInk() throws {
        let page = rows(lines: 40)
        let cut = try #require(PageHalves.cut(darkPixelsPerRow: page, width: 1000))
        #expect(page[(cut - PageHalves.band)...(cut + PageHalves.band)].allSatisfy { $0 == 0 })
        let inkAbove = page[..<cut].reduce(0, +), total = page.reduce(0, +)
        #expect(abs(Double(inkAbove) / Double(total) - 0.5) < 0.05)
        // Ink only in the upper part: the cut follows the ink, not the paper.
        var topHeavy = rows(lines: 30)
        topHeavy += [Int](repeating: 0, count: 900)
        let upper = try #require(PageHalves.cut(darkPixelsPerRow: topHeavy, width: 1000))
        #expect(upper < topHeavy.count / 2)
    }

    @Test func theHalvesShareTheLettersNotTheInk() throws {
        // Heavy rules and a logo over the text: much ink, few strokes.
        let heavy = [Int](repeating: 900, count: 300) + [Int](repeating: 0, count: 20)
        let page = heavy + rows(lines: 40)
        let strokes = heavy.map { $0 > 0 ? 2 : 0 } + rows(lines: 40).map { $0 > 0 ? 80 : 0 }
        let byInk = try #require(PageHalves.cut(darkPixelsPerRow: page, width: 1000))
        let byStrokes = try #require(PageHalves.cut(darkPixelsPerRow: page, strokes: strokes, width: 1000))
        let above = strokes[..<byStrokes].reduce(0, +), total = strokes.reduce(0, +)
        #expect(abs(Double(above) / Double(total) - 0.5) < PageHalves.fairShare)
        #expect(byInk < byStrokes, "the ink alone puts the cut too high")
    }

    @Test func aGapBetweenBlocksIsPreferredToOneBetweenLines() throws {
        // Two blocks of lines; the gap between them a little above the middle.
        let page = rows(lines: 18) + [Int](repeating: 0, count: 40) + rows(lines: 22, top: 0)
        let cut = try #require(PageHalves.cut(darkPixelsPerRow: page, width: 1000))
        #expect(page[(cut - 20)..<(cut + 20)].allSatisfy { $0 == 0 }, "cut at \(cut), in the wide gap")
        // Too far from an even split, a wide gap is not taken.
        let lopsided = rows(lines: 8) + [Int](repeating: 0, count: 40) + rows(lines: 32, top: 0)
        let fair = try #require(PageHalves.cut(darkPixelsPerRow: lopsided, width: 1000))
        #expect(fair > 100 + 8 * 42 + 140)
    }

    @Test func noCutOnShortPagesPhotosOrBlankPages() {
        #expect(PageHalves.cut(darkPixelsPerRow: rows(lines: 10), width: 1000) == nil, "a short page")
        #expect(PageHalves.cut(darkPixelsPerRow: [Int](repeating: 200, count: 2000), width: 1000) == nil, "no blank band")
        #expect(PageHalves.cut(darkPixelsPerRow: [Int](repeating: 0, count: 2000), width: 1000) == nil, "nothing on it")
        // A rule down the margin does not stop a band from being blank.
        #expect(PageHalves.cut(darkPixelsPerRow: rows(lines: 40).map { $0 + 5 }, width: 1000) != nil)
    }

    @Test func lineHeightsComeFromRunsOfInkedRows() throws {
        let heights = try #require(PageHalves.lineHeights(strips: [rows(lines: 20, height: 28), rows(lines: 20, height: 28)]))
        #expect(heights.lower == 28 && heights.median == 28)
        // Specks are not lines; too few lines tell nothing.
        var specked = rows(lines: 5)
        for i in stride(from: 10, to: 90, by: 6) { specked[i] = 3 }
        #expect(PageHalves.lineHeights(strips: [specked]) == nil)
    }

    @Test func linesInsideBoxesAreMeasuredByTheRowsWhereLettersAre() throws {
        // Boxes of two lines each, one above the other: the boxes' sides run down through the
        // gaps between their lines (two strokes, a few pixels), so the rows of ink are one run
        // per box, taller than any line.
        var ink: [Int] = [], strokes: [Int] = []
        for _ in 0..<8 {
            ink += [Int](repeating: 0, count: 40) + [Int](repeating: 400, count: 3)
            strokes += [Int](repeating: 0, count: 40) + [Int](repeating: 1, count: 3)
            for line in 0..<2 {
                ink += [Int](repeating: 6, count: 10) + [Int](repeating: 300, count: 28)
                strokes += [Int](repeating: 2, count: 10) + [Int](repeating: 40, count: 28)
                if line == 1 { ink += [Int](repeating: 6, count: 10); strokes += [Int](repeating: 2, count: 10) }
            }
            ink += [Int](repeating: 400, count: 3)
            strokes += [Int](repeating: 1, count: 3)
        }
        let byInk = try #require(PageHalves.lineHeights(strips: [ink, ink]))
        #expect(byInk.median > 90, "the boxes hide the lines: \(byInk)")
        let text = PageHalves.textRows([ink, ink], strokes: [strokes, strokes])
        let byLetters = try #require(PageHalves.lineHeights(strips: text))
        #expect(byLetters.lower == 28 && byLetters.median == 28)
        // Mismatched counts leave the rows as they are.
        #expect(PageHalves.textRows([ink], strokes: [strokes, strokes]) == [ink])
    }

    @Test func aCutBetweenBoxesPartsNoLinesACutBetweenLinesDoes() {
        let page = rows(lines: 20, height: 30, gap: 12)
        let strips = [page, page]
        // Between two lines of a paragraph (or of a column): lines above and below within reach.
        let betweenLines = 100 + 10 * 42 - 6
        #expect(PageHalves.linesRunAcross(betweenLines, textRows: strips, reach: 45, shortest: 15))
        // Between blocks set well apart: no line within reach on one side.
        let apart = rows(lines: 6, gap: 12) + [Int](repeating: 0, count: 120) + rows(lines: 6, gap: 12, top: 0)
        let gap = 100 + 6 * 42 + 60
        #expect(!PageHalves.linesRunAcross(gap, textRows: [apart], reach: 45, shortest: 15))
        // A rule drawn askew (a few rows of several strokes) is not a line.
        var ruled = apart
        for y in Array((gap - 30)..<(gap - 26)) + Array((gap + 20)..<(gap + 24)) { ruled[y] = 50 }
        #expect(!PageHalves.linesRunAcross(gap, textRows: [ruled], reach: 45, shortest: 15))
        #expect(PageHalves.linesRunAcross(gap, textRows: [ruled], reach: 45, shortest: 4), "as tall as a line, they would be lines")
        // One strip with lines on both sides is enough.
        #expect(PageHalves.linesRunAcross(betweenLines, textRows: [apart, page], reach: 45, shortest: 15))
    }

    @Test func strokesCountInTheStripWhereTheyStart() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/scan.png").standardized
        let page = try PageReader.decode(try ImageFile(path: sample.path), page: 0)
        let strips = page.strokesPerRow(strips: 4), whole = page.strokesPerRow()
        #expect(strips.count == page.darkPixelsPerRow(strips: 4).count)
        #expect(strips.allSatisfy { $0.count == page.height })
        #expect((0..<page.height).allSatisfy { y in strips.reduce(0) { $0 + $1[y] } == whole[y] })
        #expect(strips.filter { $0.contains { $0 > 0 } }.count >= 3, "the page's lines cross several strips")
    }

    @Test func aPageReadInHalvesReadsAsTheWholePage() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/scan.png").standardized
        let file = try ImageFile(path: sample.path)
        let settings = OCRSettings(language: "eng")
        let whole = try PageReader(settings: settings).read(file, page: 0)
        let halves = try PageReader(settings: settings, halves: true).read(file, page: 0)
        let page = try PageReader.decode(file, page: 0)
        let strokes = page.strokesPerRow()
        #expect(strokes.count == page.height && strokes.max() ?? 0 > 0 && strokes.min() == 0, "lines cross strokes, gaps none")
        let cut = try #require(PageHalves.cut(darkPixelsPerRow: PageHalves.rows(of: page.darkPixelsPerRow(strips: 4)), strokes: strokes,
                                               width: whole.width), "the sample page has a place to cut")
        #expect(cut > 0)
        let text = { (page: OCRPage) in page.words.map(\.text).filter { $0.contains(where: \.isLetter) } }
        #expect(text(whole).count >= 100)
        let common = Set(text(whole)).intersection(text(halves))
        #expect(Double(common.count) >= Double(Set(text(whole)).count) * 0.97)
        // The lower half's words follow the upper half's: the order of the page is kept.
        let tops = halves.words.compactMap { $0.box.count == 4 ? $0.box[1] : nil }
        let firstLower = try #require(tops.firstIndex { $0 > Int32(cut) })
        #expect(tops[firstLower...].allSatisfy { $0 > Int32(cut) - 4 })
    }
}

@Suite struct PageColumnTests {
    @Test func aGutterWithInkOnBothSidesIsColumns() {
        let text = [Int](repeating: 40, count: 900), gutter = [Int](repeating: 0, count: 80)
        #expect(PageHalves.hasColumns(darkPixelsPerColumn: [0, 0] + text + gutter + text + [0, 0], rows: 400))
        // One column with a margin of line numbers: most of the ink is on one side.
        let numbers = [Int](repeating: 40, count: 60)
        #expect(!PageHalves.hasColumns(darkPixelsPerColumn: numbers + gutter + text + text, rows: 400))
        // Spaces between words never line up into a gutter.
        #expect(!PageHalves.hasColumns(darkPixelsPerColumn: (0..<1800).map { $0 % 37 == 0 ? 0 : 30 }, rows: 400))
    }
}

/// The first lines of a one-column page are found from its rows of ink, with no layout pass,
/// for the first words of `speak play page.png`.
@Suite struct OpeningBandTests {
    @Test func theBandHoldsTheFirstLines() throws {
        let band = try #require(OpeningBand.rows(darkPixelsPerRow: rows(lines: 40), width: 1000, lines: 8, lineHeight: 30))
        #expect(band.top == 96)
        #expect(band.bottom == 100 + 7 * 42 + 30 + 4)
        // Specks above the text are not lines.
        var specked = rows(lines: 40)
        specked[50] = 400
        #expect(OpeningBand.rows(darkPixelsPerRow: specked, width: 1000, lines: 8, lineHeight: 30)?.top == 96)
    }

    @Test func aPictureOrTooFewLinesAtTheTopIsLaidOutInstead() {
        let picture = [Int](repeating: 0, count: 50) + [Int](repeating: 500, count: 400) + rows(lines: 30)
        #expect(OpeningBand.rows(darkPixelsPerRow: picture, width: 1000, lines: 8, lineHeight: 30) == nil)
        #expect(OpeningBand.rows(darkPixelsPerRow: rows(lines: 3), width: 1000, lines: 8, lineHeight: 30) == nil)
    }

    @Test func theLaidOutOpeningHoldsAFewSecondsOfText() {
        // Narrow column lines: eight of them. Wide table rows (a hundred line heights each):
        // two, which already hold many words.
        func lines(left: Int32, right: Int32) -> [LayoutLine] {
            (0..<Int32(12)).map { n -> LayoutLine in
                let top: Int32 = 100 + n * 40
                return LayoutLine(block: 0, region: .text, box: [left, top, right, top + 30])
            }
        }
        let boxes = PageReader.openingBoxes(lines(left: 100, right: 800))
        let eighth: Int32 = 100 + 7 * 40 + 30 + 4, second: Int32 = 100 + 40 + 30 + 4
        #expect(boxes.count == 1 && boxes.first?[3] == eighth, "\(boxes)")
        #expect(PageReader.openingBoxes(lines(left: 0, right: 3000)).first?[3] == second)
    }

    @Test func aGridIsNotTakenForLines() {
        // A ruled table: its rules join the rows of its cells into runs several lines tall,
        // which the narrower strips see as lines 30 rows tall.
        var grid = [Int](repeating: 0, count: 100)
        for _ in 0..<20 { grid += [Int](repeating: 300, count: 130) + [Int](repeating: 0, count: 6) }
        #expect(OpeningBand.rows(darkPixelsPerRow: grid, width: 1000, lines: 8, lineHeight: 30) == nil)
        #expect(OpeningBand.rows(darkPixelsPerRow: grid, width: 1000, lines: 8, lineHeight: 60) != nil, "type that tall is lines")
    }

    @Test func thePageOpensWithItsFirstWords() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/scan.png").standardized
        let file = try ImageFile(path: sample.path)
        let reader = try PageReader(settings: OCRSettings(language: "eng"), halves: true)
        var opening: OCRPage?
        let page = try reader.read(file, page: 0, opening: { opening = $0 })
        let first = try #require(opening).words.map(\.text)
        #expect(first.count >= 20)
        #expect(Array(page.words.prefix(first.count)).map(\.text) == first, "the whole page starts with the opening's words")
        let whole = try PageReader(settings: OCRSettings(language: "eng")).read(file, page: 0)
        let letters = { (words: [String]) in words.filter { $0.contains(where: \.isLetter) } }
        #expect(letters(Array(whole.words.map(\.text).prefix(first.count))).prefix(10) == letters(first).prefix(10),
                "the opening is the top of the page")
    }
}
