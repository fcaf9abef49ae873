import Foundation
import SpeakImport
import SpeakImportOCR
import SpeakModel
import Testing

/// The OCR importer's page assembly, on hand-made recognition results (no Tesseract).
@Suite struct OCRAssemblerTests {
    /// A line of words at `top`, starting at `left`, each word 100 px wide and `height` tall.
    private func line(_ text: String, left: Int32 = 100, top: Int32, height: Int32 = 30, confidence: Float = 95,
                      starts: LayoutStart = .line) -> [OCRWord] {
        text.split(separator: " ").enumerated().map { i, word in
            let x = left + Int32(i) * 110
            return OCRWord(text: String(word), confidence: confidence, box: [x, top, x + 100, top + height],
                           starts: i == 0 ? starts : [])
        }
    }

    private func read(_ pages: [OCRPage], language: String? = nil) throws -> Document {
        try OCRImporter(recognizer: Fixed(pages: pages))
            .importDocument(ImportSource(name: "scan.png", data: Data([1])), options: ImportOptions(language: language), progress: { _ in })
    }

    private struct Fixed: PageRecognizer {
        var pages: [OCRPage]
        func recognize(file: String, name: String, settings: OCRSettings, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
            #expect(FileManager.default.fileExists(atPath: file), "the helper gets a file to read")
            return pages
        }
    }

    @Test func linesOfAParagraphAreJoinedAndLineEndHyphensRepaired() throws {
        let words = line("The inter-", top: 100, starts: [.block, .paragraph, .line]) + line("national meeting", top: 140)
            + line("Second paragraph here.", top: 220, starts: [.paragraph, .line])
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: words)])
        #expect(document.blocks.map(\.text) == ["The international meeting", "Second paragraph here."])
        #expect(document.blocks.allSatisfy { $0.page == 1 })
        #expect(document.metadata.format == .image)
        #expect(document.metadata.pageCount == 1)
        #expect(document.metadata.language == "en")
    }

    @Test func curlyQuotesBecomePlainOnesAndSpecksAreDropped() throws {
        var words = line("“It’s nothing,” she said.", top: 100, starts: [.block, .paragraph, .line])
        words.insert(OCRWord(text: "~", confidence: 20, box: [50, 100, 53, 103]), at: 1)
        // A dotted rule beside a cell, read as a bracket with confidence.
        words.insert(OCRWord(text: ")", confidence: 90, box: [650, 100, 655, 130]), at: 3)
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: words)])
        #expect(document.blocks.map(\.text) == ["\"It's nothing,\" she said."])
    }

    /// Fragments of rules, charts and dirt read as "words" are not read; they stay in the
    /// document as a skipped block after their paragraph, and a region Tesseract took for a
    /// picture is skipped whole.
    @Test func noiseWordsAreSkippedAsUnreadableNotSpoken() throws {
        var words = line("The harbour opened in 1887 and", top: 100, starts: [.block, .paragraph, .line])
            + line("ships came every week", top: 140)
        words.insert(OCRWord(text: "J", confidence: 10, box: [40, 100, 45, 110]), at: 2)
        words.insert(OCRWord(text: "~s,", confidence: 20, box: [900, 140, 930, 160]), at: 7)
        words.insert(OCRWord(text: "An", confidence: 92, box: [940, 140, 960, 160]), at: 8)
        var chart = line("Q1 Q2 Q3 Q4", top: 400, starts: [.block, .paragraph, .line])
        for i in chart.indices { chart[i].region = .image }
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: words + chart)])
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == ["The harbour opened in 1887 and An ships came every week"],
                "a short word read with confidence stays")
        let skipped = document.blocks.filter { $0.skip == .unreadable }
        #expect(skipped.map(\.text) == ["J ~s,", "Q1 Q2 Q3 Q4"])
        #expect(skipped.allSatisfy { $0.page == 1 })
    }

    /// A page read in two steps (`speak play page.png`): the opening, played first, stays the
    /// document's beginning word for word, and a sentence cut where the opening ended is one
    /// paragraph again in the stored document.
    @Test func aPageReadInTwoStepsBeginsWithItsOpening() throws {
        let opening = line("PHOTO CREDIT LINE", left: 600, top: 60, starts: [.block, .paragraph, .line])
            + line("The harbour opened in", top: 100, starts: [.block, .paragraph, .line])
        let rest = line("the spring of 1887.", top: 140, starts: [.block, .paragraph, .line])
            + line("A second paragraph here.", top: 220, starts: [.paragraph, .line])
        var page = OCRPage(index: 0, width: 1000, height: 1400, words: opening + rest)
        page.openingWords = opening.count
        let early = try read([OCRPage(index: 0, width: 1000, height: 1400, words: opening)])
        let whole = try read([page])
        #expect(early.blocks.map(\.text) == ["The harbour opened in", "PHOTO CREDIT LINE"])
        let earlyWords = (0..<early.wordCount).compactMap { early.word(at: $0)?.text }
        #expect((0..<early.wordCount).compactMap { whole.word(at: $0)?.text } == earlyWords, "the opening's words come first")
        #expect(whole.blocks.map(\.text) == ["The harbour opened in", "PHOTO CREDIT LINE", "the spring of 1887.", "A second paragraph here."],
                "the credit sits between the halves: nothing to mend")
        var plain = OCRPage(index: 0, width: 1000, height: 1400, words: Array(opening.dropFirst(3)) + rest)
        plain.openingWords = opening.count - 3
        #expect(try read([plain]).blocks.map(\.text) == ["The harbour opened in the spring of 1887.", "A second paragraph here."])
    }

    /// Words at `x` positions on one line at `top`, one cell per entry ("Mary Ellen" is two words).
    private func row(_ cells: [(String, Int32)], top: Int32, starts: LayoutStart = .line) -> [OCRWord] {
        var words: [OCRWord] = []
        for (n, (text, x)) in cells.enumerated() {
            for (i, word) in text.split(separator: " ").enumerated() {
                let left = x + Int32(i) * 90
                words.append(OCRWord(text: String(word), confidence: 95, box: [left, top, left + 80, top + 30],
                                     starts: n == 0 && i == 0 ? starts : []))
            }
        }
        return words
    }

    /// A table is read row by row, its cells set apart by two spaces, its two header lines
    /// joined column by column, even when the recognizer gave it column by column; running
    /// text beside it is not taken into its rows.
    @Test func tablesAreReadRowByRowWithTheirHeaders() throws {
        let columns: [Int32] = [100, 500, 900, 1300]
        let header = row([("Ship", 100), ("Day of", 500), ("Cargo", 900), ("Dues", 1300)], top: 100, starts: [.block, .paragraph, .line])
            + row([("arrival", 500), ("paid", 1300)], top: 140)
        let data = [["Mary Ellen", "3 March", "coal", "412"], ["Gull", "2 June", "salt fish", "96"], ["Albatross", "9 October", "grain", "2,340"]]
        // Column by column, as Tesseract's blocks often hold a table.
        var body: [OCRWord] = []
        for c in 0..<4 {
            for (r, cells) in data.enumerated() {
                body += row([(cells[c], columns[c])], top: 200 + Int32(r) * 50, starts: r == 0 ? [.block, .paragraph, .line] : .line)
            }
        }
        let prose = line("Running text in a column of its own beside the table, with long lines", left: 1700, top: 200,
                         starts: [.block, .paragraph, .line])
            + line("that carry on below, as an article's column does, word after word", left: 1700, top: 250)
            + line("and line after line, never a cell of the table beside it at all.", left: 1700, top: 300)
        let document = try read([OCRPage(index: 0, width: 9000, height: 1400, words: header + body + prose)])
        let rows = document.blocks.filter { $0.kind == .tableCell }.map(\.text)
        #expect(rows == ["Ship  Day of arrival  Cargo  Dues paid", "Mary Ellen  3 March  coal  412", "Gull  2 June  salt fish  96",
                         "Albatross  9 October  grain  2,340"])
        #expect(document.blocks.contains { $0.kind == .paragraph && $0.text.hasPrefix("Running text in a column") })
    }

    /// Code on a screenshot or a listing is kept as a skipped "code" block with its lines;
    /// prose that mentions a call or ends a line with a semicolon is still read.
    @Test func codeIsSkippedAsCodeAndProseIsNot() throws {
        let code = line("fn add_one(x: i32) -> i32 {", top: 100, starts: [.block, .paragraph, .line])
            + line("let answer = my_crate::add_one(arg);", top: 140) + line("}", top: 180)
        let listing = line("439 110 match captured {", top: 300, starts: [.block, .paragraph, .line])
            + line("440 110 Some(unquoted) => {", top: 340) + line("441 110 if is_in_object", top: 380) + line("442 110 return", top: 420)
        let prose = line("The function add_one() returns its argument plus one;", top: 600, starts: [.block, .paragraph, .line])
            + line("we call it from the example below, as the book does.", top: 640)
        let document = try read([OCRPage(index: 0, width: 4000, height: 1400, words: code + listing + prose)])
        let skipped = document.blocks.filter { $0.skip == .code }
        #expect(skipped.map(\.kind) == [.code, .code])
        #expect(skipped.first?.text == "fn add_one(x: i32) -> i32 {\nlet answer = my_crate::add_one(arg);\n}")
        #expect(document.blocks.filter(\.isSpoken).map(\.text)
                == ["The function add_one() returns its argument plus one; we call it from the example below, as the book does."])
    }

    /// On a screen capture, title bars, status bars, rows of buttons and icons read as signs
    /// are left out (kept as navigation); on a scanned page the same lines are read, but a
    /// lone sign is a speck or a logo there too (kept as unreadable).
    @Test func windowChromeOfAScreenCaptureIsNotRead() throws {
        let words = line("Save changes", left: 400, top: 10, starts: [.block, .paragraph, .line])
            + line("Do you want to keep the changes you made to the file?", top: 300, starts: [.block, .paragraph, .line])
            + line("¥", left: 1100, top: 400, starts: [.block, .paragraph, .line])
            + line("Total: 12 files, 40 % done", top: 500, starts: [.block, .paragraph, .line])
            + line("Cancel Discard Save", left: 500, top: 900, starts: [.block, .paragraph, .line])
        var screen = OCRPage(index: 0, width: 1200, height: 1000, words: words)
        screen.isScreen = true
        let captured = try read([screen])
        #expect(captured.blocks.filter(\.isSpoken).map(\.text)
                == ["Do you want to keep the changes you made to the file?", "Total: 12 files, 40 % done"])
        #expect(captured.blocks.filter { $0.skip == .navigation }.map(\.text) == ["Save changes", "¥", "Cancel Discard Save"])
        let scanned = try read([OCRPage(index: 0, width: 1200, height: 1000, words: words)])
        #expect(scanned.blocks.filter(\.isSpoken).count == 4)
        #expect(scanned.blocks.filter { $0.skip == .unreadable }.map(\.text) == ["¥"])
    }

    /// A transcript rules a frame round its text: the court reporter's lines under it are a
    /// footer (a title over it is read), as are the production stamps in the margin and the
    /// page number just inside the frame's top; without the frame's bottom rule the reporter's
    /// lines are read.
    @Test func whatStandsOutsideATranscriptsFrameIsFurniture() throws {
        func rule(_ box: [Int32]) -> OCRWord {
            OCRWord(text: " ", confidence: 95, box: box, starts: [.block, .paragraph, .line], region: .rule)
        }
        let frame = [rule([363, 127, 1787, 132]), rule([361, 128, 369, 2308]), rule([1781, 128, 1789, 2308])]
        let bottom = rule([363, 2303, 1787, 2309])
        let body = (0..<12).flatMap { row in
            line("Q. And was that Dumpster below some kind of door?", left: 420, top: 250 + Int32(row) * 160,
                 starts: row == 0 ? [.block, .paragraph, .line] : [.paragraph, .line])
        }
        let furniture = line("177", left: 1650, top: 183, height: 24, starts: [.block, .paragraph, .line])
            + line("Vivian Dafoulas & Associates", left: 755, top: 2337, starts: [.block, .paragraph, .line])
            + line("(401) 885-0992", left: 926, top: 2378)
            + line("99e5b696-09ac-4d72-826c-c2c83d416066", left: 1482, top: 2504, height: 19, starts: [.block, .paragraph, .line])
            + line("CDALEDEP003572", left: 1697, top: 2535, starts: [.block, .paragraph, .line])
        let title = line("Deposition of Jane Roe", left: 800, top: 60, starts: [.block, .paragraph, .line])
        let framed = try read([OCRPage(index: 0, width: 2000, height: 2589, words: title + frame + [bottom] + body + furniture)])
        #expect(Set(framed.blocks.filter(\.isSpoken).map(\.text)) == ["Deposition of Jane Roe", "Q. And was that Dumpster below some kind of door?"],
                "a title over the frame is read")
        #expect(framed.blocks.filter { $0.skip == .footer }.map(\.text)
                == ["Vivian Dafoulas & Associates (401) 885-0992", "99e5b696-09ac-4d72-826c-c2c83d416066", "CDALEDEP003572"])
        #expect(framed.blocks.filter { $0.skip == .pageNumber }.map(\.text) == ["177"])
        let open = try read([OCRPage(index: 0, width: 2000, height: 2589, words: frame + body + furniture)])
        #expect(open.blocks.filter(\.isSpoken).map(\.text).last == "Vivian Dafoulas & Associates (401) 885-0992")
        #expect(open.blocks.filter { $0.skip == .footer }.count == 2)
    }

    /// In a page's top or bottom margin, a court's "… Page 1 of 10" line and lines of Bates
    /// numbers are furniture on a page of their own; other margin lines, with numbers or not,
    /// are read.
    @Test func placeLinesAndBatesNumbersInTheMarginsAreFurniture() throws {
        let words = line("Case 1:13-cv-01317-TWT-ECS Document 1 Filed 04/22/13 Page 1 of 10", top: 55, starts: [.block, .paragraph, .line])
            + line("The plaintiff was suspended and denied all future assignments.", top: 400, starts: [.block, .paragraph, .line])
            + line("Call 8005551234 before the end of the month.", top: 2380, starts: [.block, .paragraph, .line])
            + line("MAL-MI 000004867 MNK-T1_0000263876", top: 2463, starts: [.block, .paragraph, .line])
            + line("MNKOI 0004565050", top: 2540, starts: [.block, .paragraph, .line])
            + line("Pages 1 of the brief are sealed.", top: 2590, starts: [.block, .paragraph, .line])
        let document = try read([OCRPage(index: 0, width: 2000, height: 2630, words: words)])
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == [
            "The plaintiff was suspended and denied all future assignments.",
            "Call 8005551234 before the end of the month.", "Pages 1 of the brief are sealed.",
        ])
        #expect(document.blocks.filter { $0.skip == .header }.map(\.text) == ["Case 1:13-cv-01317-TWT-ECS Document 1 Filed 04/22/13 Page 1 of 10"])
        #expect(document.blocks.filter { $0.skip == .footer }.map(\.text) == ["MAL-MI 000004867 MNK-T1_0000263876", "MNKOI 0004565050"])
    }

    /// On a screen capture, a list of one entry under column names set close together is a
    /// table of two rows; on a scanned page the same two lines are a paragraph (the lines of
    /// three columns line up as well).
    @Test func aWindowsListOfOneRowIsATableOnAScreen() throws {
        func words(_ items: [(String, Int32, Int32)], top: Int32) -> [OCRWord] {
            items.enumerated().map { n, item in
                OCRWord(text: item.0, confidence: 95, box: [item.1, top, item.2, top + 30], starts: n == 0 ? [.block, .paragraph, .line] : [])
            }
        }
        let names = words([("Direction", 100, 230), ("Type", 250, 310), ("Address", 330, 450), ("Text", 700, 760)], top: 100)
        var entry = words([("Down", 100, 170), ("p", 250, 265), ("hello_rust::main", 330, 560), ("call", 700, 760),
                           ("__stack_chk_fail", 770, 1000)], top: 150)
        entry[0].starts = .line
        var screen = OCRPage(index: 0, width: 1100, height: 400, words: names + entry)
        screen.isScreen = true
        let captured = try read([screen])
        #expect(captured.blocks.map(\.kind) == [.tableCell, .tableCell])
        #expect(captured.blocks.map(\.text) == ["Direction  Type  Address  Text", "Down  p  hello_rust::main  call __stack_chk_fail"])
        let scanned = try read([OCRPage(index: 0, width: 1100, height: 400, words: names + entry)])
        #expect(scanned.blocks.map(\.kind) == [.paragraph])
    }

    /// On a screen capture, a list of two columns, the second at the window's right edge, is
    /// read row by row; on a scanned page, and where the lines are not evenly spaced (a
    /// diagram's labels), Tesseract's blocks stand.
    @Test func aTwoColumnListAtAWindowsEdgeIsReadByRowsOnAScreen() throws {
        func row(_ name: String, _ link: String, top: Int32) -> [OCRWord] {
            [OCRWord(text: name, confidence: 95, box: [100, top, 400, top + 30], starts: [.block, .paragraph, .line]),
             OCRWord(text: link, confidence: 95, box: [1100, top, 1190, top + 30], starts: [.block, .paragraph, .line])]
        }
        let names = ["Add", "AddAssign", "AsMut", "AsRef", "Borrow"], links = ["source", "1.12.0", "1.43.0", "source", "source"]
        // Tesseract's blocks: the names' column first, then the links'.
        func page(pitch: [Int32]) -> OCRPage {
            let rows = zip(zip(names, links), pitch).map { row($0.0, $0.1, top: $1) }
            var page = OCRPage(index: 0, width: 1200, height: 800, words: rows.map { $0[0] } + rows.map { $0[1] })
            page.isScreen = true
            return page
        }
        let even = try read([page(pitch: [100, 180, 260, 340, 420])])
        #expect(even.blocks.map(\.text) == ["Add  source", "AddAssign  1.12.0", "AsMut  1.43.0", "AsRef  source", "Borrow  source"])
        var scanned = page(pitch: [100, 180, 260, 340, 420])
        scanned.isScreen = nil
        #expect(try read([scanned]).blocks.contains { $0.kind == .tableCell } == false)
        let uneven = try read([page(pitch: [100, 130, 260, 290, 420])])
        #expect(uneven.blocks.contains { $0.kind == .tableCell } == false)
    }

    /// A region every word of which is a guess (handwriting, a stamp) is kept but not read.
    @Test func aRegionReadAsGuessesIsUnreadable() throws {
        let clear = line("Printed text reads clearly.", top: 100, starts: [.block, .paragraph, .line])
        let scribble = line("Tlue wnrsh afdl ronm", top: 300, confidence: 31, starts: [.block, .paragraph, .line])
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: clear + scribble)])
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == ["Printed text reads clearly."])
        #expect(document.blocks.last.map { ($0.text, $0.skip) } ?? ("", nil) == ("Tlue wnrsh afdl ronm", .unreadable))
    }

    /// A caption in small letters under a figure comes after the paragraph above it, or, when
    /// that paragraph's sentence goes on below the figure, after the sentence ends.
    /// A line without a stop whose next paragraph starts in capitals ends there.
    @Test func captionsFollowTheirFiguresParagraph() throws {
        func page(_ above: String, _ below: String) throws -> [String] {
            let first = line(above, top: 100, starts: [.block, .paragraph, .line])
            let caption = line("Figure 2: the north pier lamp", top: 700, height: 18, starts: [.block, .paragraph, .line])
            let second = line(below, top: 800, starts: [.block, .paragraph, .line])
                + line("and the rest of the page follows here.", top: 840)
            return try read([OCRPage(index: 0, width: 1000, height: 1400, words: first + caption + second)]).blocks.map(\.text)
        }
        #expect(try page("The lamp burned all night.", "The keeper wrote it down")
                == ["The lamp burned all night.", "Figure 2: the north pier lamp", "The keeper wrote it down and the rest of the page follows here."])
        #expect(try page("The lamp burned all", "night, the keeper wrote")
                == ["The lamp burned all", "night, the keeper wrote and the rest of the page follows here.", "Figure 2: the north pier lamp"])
        // Lines with no stop (a receipt, a form) followed by one that does not carry a sentence on.
        #expect(try page("ORDER 88428", "AUTH 040791")
                == ["ORDER 88428", "Figure 2: the north pier lamp", "AUTH 040791 and the rest of the page follows here."])
    }

    @Test func columnsAreReadLeftThenRightAndAHeaderLineAboveThemFirst() throws {
        // Tesseract's order here: right column, a capitals line above both, then the left column.
        let right = line("right column text", left: 600, top: 100, starts: [.block, .paragraph, .line])
            + line("continues here", left: 600, top: 140)
        let credit = line("PHOTO BY SOMEONE", left: 100, top: 60, starts: [.block, .paragraph, .line])
        let left = line("left column text", left: 100, top: 100, starts: [.block, .paragraph, .line])
            + line("goes on", left: 100, top: 140)
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: right + credit + left)])
        #expect(document.blocks.map(\.text) == ["PHOTO BY SOMEONE", "left column text goes on", "right column text continues here"])
    }

    @Test func pageNumbersInTheMarginAreKeptButNotSpoken() throws {
        let body = line("Body text of the page.", top: 300, starts: [.block, .paragraph, .line])
        let number = line("12", left: 480, top: 1360, starts: [.block, .paragraph, .line])
        let inBody = line("1887", top: 700, starts: [.block, .paragraph, .line])
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: body + inBody + number)])
        #expect(document.blocks.map(\.kind) == [.paragraph, .paragraph, .pageNumber])
        #expect(document.blocks.last?.skip == .pageNumber)
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == ["Body text of the page.", "1887"])
    }

    /// A line at the top or foot of every page, page number aside, is a running header or
    /// footer: kept, not read.
    @Test func runningHeadersAndFootersAcrossPagesAreNotRead() throws {
        func page(_ index: Int) -> OCRPage {
            OCRPage(index: index, width: 1000, height: 1400,
                    words: line("Harbour Gazette, volume \(index + 3)", top: 30, starts: [.block, .paragraph, .line])
                        + line("Body text of page \(index + 1) goes here.", top: 300, starts: [.block, .paragraph, .line])
                        + line("Printed by the harbour office", top: 1350, starts: [.block, .paragraph, .line]))
        }
        let document = try read([page(0), page(1)])
        #expect(document.blocks.filter(\.isSpoken).map(\.text) == ["Body text of page 1 goes here.", "Body text of page 2 goes here."])
        #expect(document.blocks.filter { $0.skip == .header }.count == 2)
        #expect(document.blocks.filter { $0.skip == .footer }.map(\.kind) == [.footer, .footer])
        let single = try read([page(0)])
        #expect(single.blocks.filter(\.isSpoken).count == 3, "one page alone has nothing to repeat")
    }

    @Test func largeShortLinesAreHeadingsAndBecomeChaptersAcrossPages() throws {
        func page(_ index: Int, _ title: String) -> OCRPage {
            OCRPage(index: index, width: 1000, height: 1400, words: line(title, top: 100, height: 60, starts: [.block, .paragraph, .line])
                + line("Some ordinary body text on this page", top: 200, starts: [.block, .paragraph, .line])
                + line("and more of it below", top: 240))
        }
        let document = try read([page(0, "Chapter One"), page(1, "Chapter Two")])
        #expect(document.blocks.map(\.kind) == [.heading(level: 2), .paragraph, .heading(level: 2), .paragraph])
        #expect(document.chapters.map(\.title) == ["Chapter One", "Chapter Two"])
        #expect(document.blocks.map(\.page) == [1, 1, 2, 2])
    }

    @Test func poorPagesWarnAndEmptyPagesSaySo() throws {
        let doubtful = line("smudged words hard to read", top: 100, confidence: 40, starts: [.block, .paragraph, .line])
        let clear = line("a clean page of text", top: 100, starts: [.block, .paragraph, .line])
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400, words: clear),
                                 OCRPage(index: 1, width: 1000, height: 1400, words: []),
                                 OCRPage(index: 2, width: 1000, height: 1400, words: doubtful)])
        #expect(document.warnings == ["page 2: no text found", "page 3: hard to read: 100% of the words read with under 60% confidence"])
    }

    @Test func anImageWithoutTextIsAnErrorNamingIt() {
        #expect(throws: OCRError.noTextFound("scan.png")) {
            try read([OCRPage(index: 0, width: 1000, height: 1400, words: [])])
        }
        #expect(OCRError.noTextFound("scan.png").exitStatus == .dataError)
    }

    @Test func languagesAreTesseractCodesOrMappedFromBCP47() throws {
        #expect(OCRLanguage.tesseractCodes(nil) == ["eng"])
        #expect(OCRLanguage.tesseractCodes("de") == ["deu"])
        #expect(OCRLanguage.tesseractCodes("eng+fra") == ["eng", "fra"])
        #expect(OCRLanguage.tesseractCodes("pt-BR") == ["por"])
        #expect(OCRLanguage.documentLanguage(["deu", "eng"]) == "de")
        let document = try read([OCRPage(index: 0, width: 1000, height: 1400,
                                          words: line("plain words", top: 100, starts: [.block, .paragraph, .line]))])
        #expect(document.metadata.language == "en")
    }

    @Test func aLanguageThatIsNotInstalledIsRefusedWithTheInstalledOnes() {
        do {
            _ = try read([], language: "xqz")
            Issue.record("expected an error")
        } catch let error as OCRError {
            #expect(error.exitStatus == .unavailable)
            #expect(error.message.contains("'xqz' is not installed"))
            #expect(error.message.contains("tesseract-ocr-xqz"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func pageNumberPatterns() {
        for text in ["12", "- 12 -", "xiv", "Page 3", "Page 3 of 20", "p. 7"] { #expect(PageNumberPattern.matches(text), "\(text)") }
        for text in ["1887 was a year", "Chapter 3", "12345", "civic"] { #expect(!PageNumberPattern.matches(text), "\(text)") }
    }

    /// Running heads match across pages whatever their numbers; ASCII lines take a path of
    /// their own, which must key them as the general one keys the rest.
    @Test func repetitionKeysFoldCaseSpacesAndNumbers() {
        #expect(PageNumberPattern.repetitionKey("Page 3 of 20") == "page#of#")
        #expect(PageNumberPattern.repetitionKey("  CHAPTER 12\tIntro 2.1 ") == "chapter#intro#.#")
        #expect(PageNumberPattern.repetitionKey("Seite 3 – Über 20") == "seite#–über#")
        #expect(PageNumberPattern.repetitionKey("Journal of X, vol. 12(3), 2019") == PageNumberPattern.repetitionKey("Journal of X, vol. 7(1), 2021"))
        #expect(PageNumberPattern.repetitionKey("ÉTUDE 4") == "étude#")
    }
}
