import Foundation
import SpeakImportOCR

/// Reads one page the way a careful person would run Tesseract: gray, with its text at a size
/// Tesseract reads well, turned upright, straightened, then recognized with automatic page
/// segmentation.
public final class PageReader {
    /// Tesseract's layout analysis is tuned for pages scanned at about this resolution.
    static let workingResolution = 300
    /// Recorded resolutions from here up to 1,200 dpi are believed when the page they imply
    /// is a plausible size; below `lowResolution` the page is scaled up to `workingResolution`.
    static let lowestBelievable = 150
    static let lowResolution = 200
    /// The largest page believed (inches, short and long side): A3 and tabloid fit.
    static let largestPage = (12.5, 18.0)
    /// Text lines (ascender to descender) shorter than this many pixels are too small for
    /// Tesseract and are scaled up to `comfortableLine`; lines taller than `largeLine` are scaled
    /// down to it, which reads as well and faster.
    static let smallLine: Int32 = 20
    static let comfortableLine = 32.0
    static let largeLine: Int32 = 120
    /// Orientation guesses below this confidence are ignored (tesseract-ocr/tesseract#4062).
    static let orientationConfidence: Float = 2

    private let engine: TesseractEngine
    private let settings: OCRSettings
    /// Started on the first page that reads poorly: most pages never need it, and starting it
    /// delays the first words of `speak play page.png`. Nil when the "osd" data is not installed.
    private lazy var orientation: TesseractEngine? = try? TesseractEngine(languages: "osd")

    /// Reads the lower half of a page while `engine` reads the upper one; nil when pages are
    /// read whole (the other cores are busy with other pages).
    private let partner: PartnerEngine?

    /// `halves`: read each page in two halves at once, on two cores (for a file of one page).
    public init(settings: OCRSettings, halves: Bool = false) throws(OCRFailure) {
        self.settings = settings
        // The second engine starts on its own thread while the first starts here.
        partner = halves ? PartnerEngine(languages: settings.language, pageSegmentation: settings.pageSegmentation ?? 3) : nil
        engine = try TesseractEngine(languages: settings.language, pageSegmentation: settings.pageSegmentation ?? 3)
    }

    /// The page made ready for recognition.
    private struct Prepared {
        /// Gray, scaled, not yet straightened (for turning it when it reads poorly).
        var image: PageImage
        var straight: PageImage
        var skew: Double
        var resolution: Int
        /// The layout of `straight` when the engine holds it (the sizing pass made it).
        var layout: [LayoutLine]?
        /// No believable resolution and text smaller than print: a screen capture.
        var screen = false
        /// Dark pixels per row of `straight` in four vertical strips, when `prepare` counted them.
        var strips: [[Int]]?

        /// Dark pixels per row of `straight`, counted once.
        mutating func inkRows() -> [Int] {
            PageHalves.rows(of: counted())
        }

        /// Runs of ink per row of `straight` in the same strips, when counted.
        var strokes: [[Int]]?
        /// The median height of the text lines of `straight` when `prepare` judged it from the
        /// rows where letters are (boxes and diagram lines joined the rows of ink).
        var textLineHeight: Int?

        /// The median height of the text lines of `straight`, from its rows of ink.
        mutating func lineHeight() -> Int? {
            textLineHeight ?? PageHalves.lineHeights(strips: counted())?.median
        }

        /// The strips' rows of ink with the rows that hold no letters made blank (`PageHalves.textRows`).
        mutating func textRows() -> [[Int]] {
            let ink = counted(), strokes = strokes ?? straight.strokesPerRow(strips: ink.count)
            self.strokes = strokes
            return PageHalves.textRows(ink, strokes: strokes)
        }

        /// Dark pixels per row of `straight` in four vertical strips, counted once.
        mutating func counted() -> [[Int]] {
            let counted = strips ?? straight.darkPixelsPerRow(strips: 4)
            strips = counted
            return counted
        }
    }

    public func read(_ file: ImageFile, page index: Int) throws(OCRFailure) -> OCRPage {
        try read(decoded: Self.decode(file, page: index), index: index)
    }

    /// Page `index` of `file`, gray and its background evened out: what `read(decoded:…)` reads.
    /// Needs no engine, so a helper may do it while its engine starts.
    public static func decode(_ file: ImageFile, page index: Int) throws(OCRFailure) -> PageImage {
        try file.page(index).grayscale().backgroundNormalized()
    }

    /// Reads a page decoded by `decode`.
    public func read(decoded image: PageImage, index: Int) throws(OCRFailure) -> OCRPage {
        var page = try prepare(image, layingOut: partner == nil)
        // A page laid out already is read with that layout: reading it again in halves costs more.
        let words = try page.layout == nil ? recognizeWhole(&page) : engine.recognizeAnalysed()
        var read = try uprightIfNeeded(page, words: words, index: index)
        read.isScreen = page.screen
        return read
    }

    /// Reads a page in two steps, so listening can start before the whole page is read: lays
    /// it out, reads its first lines in reading order (up to `openingLines`, block by block)
    /// and hands them to `opening`, then reads the page and returns all of it, the opening's
    /// words first as they were read. A page that does not read well from its opening (turned
    /// sideways, or no text) is read as by `read`, without an opening.
    public func read(_ file: ImageFile, page index: Int, opening: (OCRPage) -> Void) throws(OCRFailure) -> OCRPage {
        try read(decoded: Self.decode(file, page: index), index: index, opening: opening)
    }

    /// `read(_:page:opening:)` of a page decoded by `decode`.
    public func read(decoded image: PageImage, index: Int, opening: (OCRPage) -> Void) throws(OCRFailure) -> OCRPage {
        var page = try prepare(image, layingOut: false)
        var boxes: [[Int32]] = [], first: [OCRWord] = []
        if page.layout == nil, let band = Self.openingBand(of: page.straight, inkRows: page.inkRows(), lineHeight: page.lineHeight()) {
            boxes = [band]
            first = try readOpening(boxes, of: page)
        }
        // A band that does not read well (a table, a form) gives way to the page's layout.
        if boxes.isEmpty || !Self.opensWell(first) {
            boxes = Self.openingBoxes(page.layout ?? engine.analyse(page.straight, resolution: page.resolution))
            engine.clear()
            first = try readOpening(boxes, of: page)
        }
        guard !boxes.isEmpty, Self.opensWell(first), !Self.runsVertically(first) else {
            let words = try recognizeWhole(&page)
            var read = try uprightIfNeeded(page, words: words, index: index)
            read.isScreen = page.screen
            return read
        }
        var early = OCRPage(index: index, width: page.straight.width, height: page.straight.height, skew: page.skew, words: first)
        early.isScreen = page.screen
        opening(early)
        var rest: [OCRWord] = []
        var pending: LayoutStart = []
        for var word in try recognizeWhole(&page) {
            if boxes.contains(where: { Self.centre(of: word, isIn: $0) }) {
                pending.formUnion(word.starts)
                continue
            }
            word.starts.formUnion(pending)
            pending = []
            rest.append(word)
        }
        var whole = OCRPage(index: index, width: page.straight.width, height: page.straight.height, skew: page.skew, words: first + rest)
        whole.openingWords = first.count
        whole.isScreen = page.screen
        return whole
    }

    /// The page recognized: whole, or its two halves at once when there is a partner engine
    /// and a blank band to cut at (the lower half's words after the upper's, a block of their own).
    private func recognizeWhole(_ page: inout Prepared) throws(OCRFailure) -> [OCRWord] {
        let image = page.straight, resolution = page.resolution
        guard let partner, image.width * image.height <= PageHalves.largestPage,
              let cut = PageHalves.cut(darkPixelsPerRow: page.inkRows(), strokes: image.strokesPerRow(), width: image.width),
              !Self.cutsColumns(&page, at: cut),
              let other = partner.engine else {
            return try engine.recognize(image, resolution: resolution)
        }
        let width = Int32(image.width), height = Int32(image.height)
        let lower = partner.run(other, image.copy()) { engine, copy throws(OCRFailure) in
            try engine.recognize(copy, resolution: resolution, inside: [0, Int32(cut), width, height])
        }
        let upper = Result { () throws(OCRFailure) in try engine.recognize(image, resolution: resolution, inside: [0, 0, width, Int32(cut)]) }
        var below = try lower.wait().get()
        let above = try upper.get()
        if let first = below.indices.first { below[first].starts.formUnion([.block, .paragraph, .line]) }
        return above + below
    }

    /// Whether a cut at row `cut` would part columns of text: the rows around it hold columns
    /// side by side and the lines of some of them run on across it. Each half of a page of
    /// columns is too short for Tesseract to find them, and their parts would be read row by
    /// row; the boxes of a diagram side by side may be parted where there is room around them.
    private static func cutsColumns(_ page: inout Prepared, at cut: Int) -> Bool {
        let image = page.straight, middle = around(cut, in: image.height)
        guard PageHalves.hasColumns(darkPixelsPerColumn: image.darkPixelsPerColumn(rows: middle), rows: middle.count) else { return false }
        guard let line = page.lineHeight() else { return true }
        return PageHalves.linesRunAcross(cut, textRows: page.textRows(), reach: line * 3 / 2, shortest: max(4, line / 2))
    }

    /// The rows within a tenth of the page's height of `row`.
    private static func around(_ row: Int, in height: Int) -> Range<Int> {
        max(0, row - height / 10)..<min(height, row + height / 10)
    }

    /// Lines read ahead for the first words of `speak play`: a few seconds of speech.
    static let openingLines = 8
    /// How much text the opening holds at most, in line heights of width (a line of a letter
    /// page is about fifty, of a column about thirty).
    static let openingLength = 200.0
    /// Lines of the band read first on a one-column page: four lines are several seconds of
    /// speech, and such a page is read whole well before they are spoken (eight took twice
    /// as long to read, and a table's eight rows 0.9 s).
    static let bandLines = 4

    /// The words inside `boxes`, box by box; each box starts a block.
    private func readOpening(_ boxes: [[Int32]], of page: Prepared) throws(OCRFailure) -> [OCRWord] {
        var first: [OCRWord] = []
        for (n, box) in boxes.enumerated() {
            // Boxes of neighbouring blocks may overlap: a word is read in the first that has it.
            var words = try engine.recognize(page.straight, resolution: page.resolution, inside: box)
                .filter { word in !boxes[..<n].contains { Self.centre(of: word, isIn: $0) } }
            if let start = words.indices.first { words[start].starts.formUnion([.block, .paragraph, .line]) }
            first += words
        }
        return first
    }

    /// The box of the first lines of a page whose top is one column of text, found from its
    /// rows of ink (no layout pass); nil for other pages, which are laid out first.
    private static func openingBand(of image: PageImage, inkRows: [Int], lineHeight: Int?) -> [Int32]? {
        guard let lineHeight,
              let band = OpeningBand.rows(darkPixelsPerRow: inkRows, width: image.width, lines: bandLines, lineHeight: lineHeight),
              !PageHalves.hasColumns(darkPixelsPerColumn: image.darkPixelsPerColumn(rows: band.top..<band.bottom),
                                     rows: band.bottom - band.top) else { return nil }
        return [0, Int32(band.top), Int32(image.width), Int32(band.bottom)]
    }

    /// The boxes of the first text lines in reading order: the first lines of the first text
    /// blocks, block by block, up to `openingLines` or `openingLength` (a table's wide rows
    /// hold many words each: eight of them were 100 words, 0.5 s more to read before a sound).
    static func openingBoxes(_ layout: [LayoutLine]) -> [[Int32]] {
        let pictures: Set<OCRRegion> = [.image, .rule, .noise]
        let blocks = Dictionary(grouping: layout.filter { !pictures.contains($0.region) }, by: \.block)
            .values.map { $0.sorted { $0.box[1] < $1.box[1] } }
        let order = ReadingOrder.order(boxes: blocks.map { lines in
            [lines.map { $0.box[0] }.min() ?? 0, lines.map { $0.box[1] }.min() ?? 0,
             lines.map { $0.box[2] }.max() ?? 0, lines.map { $0.box[3] }.max() ?? 0]
        })
        var boxes: [[Int32]] = []
        var count = 0, length = 0.0
        for index in order where count < openingLines && length < openingLength {
            var lines: [LayoutLine] = []
            for line in blocks[index] where count < openingLines && length < openingLength {
                lines.append(line)
                count += 1
                length += Double(line.box[2] - line.box[0]) / Double(max(1, line.box[3] - line.box[1]))
            }
            // A few pixels around the lines, so no letter is cut; not into the next line.
            let margin: Int32 = 4
            boxes.append([max(0, (lines.map { $0.box[0] }.min() ?? 0) - margin), max(0, (lines.map { $0.box[1] }.min() ?? 0) - margin),
                          (lines.map { $0.box[2] }.max() ?? 0) + margin, (lines.map { $0.box[3] }.max() ?? 0) + margin])
        }
        return boxes
    }

    private static func centre(of word: OCRWord, isIn box: [Int32]) -> Bool {
        guard word.box.count == 4 else { return false }
        let x = (word.box[0] + word.box[2]) / 2, y = (word.box[1] + word.box[3]) / 2
        return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]
    }

    /// Scaled to a size Tesseract reads well and straightened; laid out already when the
    /// size had to be judged from the text and `layingOut` (recognition will reuse the layout)
    /// or the rows of ink could not tell it.
    private func prepare(_ gray: PageImage, layingOut: Bool) throws(OCRFailure) -> Prepared {
        if let recorded = believedResolution(gray) {
            var image = gray, resolution = recorded
            if recorded < Self.lowResolution {
                image = gray.scaled(by: min(4, Double(Self.workingResolution) / Double(recorded)))
                resolution = Self.workingResolution
            }
            image.setResolution(resolution)
            let (straight, skew) = image.deskewed()
            straight.setResolution(resolution)
            return Prepared(image: image, straight: straight, skew: skew, resolution: resolution)
        }
        // The resolution is unknown: the size of the text decides, from a layout pass that
        // recognition reuses when the page needs no scaling.
        let resolution = Self.workingResolution
        gray.setResolution(resolution)
        let (upright, angle) = gray.deskewed()
        upright.setResolution(resolution)
        // Read in halves or from its first lines, the layout pass is not reused: when the rows
        // of ink show text of a comfortable size, it is not made.
        var page = Prepared(image: gray, straight: upright, skew: angle, resolution: resolution)
        if !layingOut {
            if let lines = PageHalves.lineHeights(strips: page.counted()), Self.isComfortable(lines) { return page }
            // Boxes, rules down the page and a diagram's lines join the rows they cross into
            // runs of ink taller than any line: the rows where letters are tell the size then.
            if let lines = PageHalves.lineHeights(strips: page.textRows()), Self.isComfortable(lines) {
                page.textLineHeight = lines.median
                return page
            }
        }
        let layout = engine.analyse(upright, resolution: resolution)
        let scale = Self.scale(forLineHeights: layout.map { $0.box[3] - $0.box[1] })
        if scale == 1 {
            page.layout = layout
            return page
        }
        engine.clear()
        let straight = upright.scaled(by: scale)
        straight.setResolution(resolution)
        return Prepared(image: gray.scaled(by: scale), straight: straight, skew: angle, resolution: resolution, screen: scale > 1)
    }

    /// Text lines of these heights (lower quartile and median, from rows of ink) are read as
    /// they are. Lines set close run together in the rows, so the shorter runs must be
    /// comfortable too.
    private static func isComfortable(_ lines: (lower: Int, median: Int)) -> Bool {
        lines.lower >= Int(smallLine) && Double(lines.median) >= Double(smallLine) * 1.1 && Double(lines.median) <= Double(largeLine) / 1.5
    }

    /// Most pages are upright, and a page read well needs no orientation check (0.2 s of OSD
    /// per page); a page read poorly may be turned, so ask the "osd" engine and read it again.
    private func uprightIfNeeded(_ page: Prepared, words: [OCRWord], index: Int) throws(OCRFailure) -> OCRPage {
        let read = OCRPage(index: index, width: page.straight.width, height: page.straight.height, skew: page.skew, words: words)
        if Self.readsWell(words), !Self.runsVertically(words) { return read }
        page.image.setResolution(page.resolution)
        guard let orientation, let found = orientation.orientation(of: page.image), found.confidence >= Self.orientationConfidence,
              found.degrees % 360 != 0 else { return read }
        let upright = page.image.rotated(quarters: (4 - found.degrees / 90) % 4)
        upright.setResolution(page.resolution)
        let (turned, turnedSkew) = upright.deskewed()
        turned.setResolution(page.resolution)
        let turnedWords = try engine.recognize(turned, resolution: page.resolution)
        return OCRPage(index: index, width: turned.width, height: turned.height, rotation: found.degrees, skew: turnedSkew,
                       words: turnedWords)
    }

    /// The resolution to believe: the user's, or the image's when the page it implies is a
    /// plausible size. Images often record one that is not theirs (96 dpi on a 2,000-pixel
    /// page, which would be 21 inches wide); a wrong one misleads Tesseract's layout analysis
    /// (rules, columns and noise are measured in inches) and made speak scale pages up threefold.
    func believedResolution(_ image: PageImage) -> Int? {
        if let forced = settings.resolution { return forced }
        return Self.isBelievable(image.resolution, width: image.width, height: image.height) ? image.resolution : nil
    }

    /// How much to scale a page whose text lines are `heights` pixels tall: up when the text
    /// is too small for Tesseract, down when it is much larger than it needs.
    static func scale(forLineHeights heights: [Int32]) -> Double {
        let sorted = heights.filter { $0 > 2 }.sorted()
        guard !sorted.isEmpty else { return 1 }
        let line = sorted[sorted.count / 2]
        if line < smallLine { return min(4, comfortableLine / Double(line)) }
        if line > largeLine { return comfortableLine * 1.5 / Double(line) }
        return 1
    }

    /// A recorded resolution that makes the image a page no larger than A3.
    static func isBelievable(_ resolution: Int, width: Int, height: Int) -> Bool {
        guard (lowestBelievable...1200).contains(resolution) else { return false }
        let sides = [Double(width), Double(height)].map { $0 / Double(resolution) }.sorted()
        return sides[0] <= largestPage.0 && sides[1] <= largestPage.1
    }

    /// An opening worth playing: a few words with letters or digits (a title, a table's first
    /// rows), read with a mean confidence of 70 or more. A page turned sideways reads as
    /// low-confidence dirt and is read whole instead (and turned upright).
    static func opensWell(_ words: [OCRWord]) -> Bool {
        let read = words.filter { $0.text.contains(where: { $0.isLetter || $0.isNumber }) }
        guard read.count >= 4 else { return false }
        return read.reduce(0) { $0 + $1.confidence } / Float(read.count) >= 70
    }

    /// Most longer words stand taller than wide: the page lies on its side. Tesseract reads such
    /// lines well, but their boxes are the sideways page's, which puts the reading order out;
    /// the page is turned upright and read again.
    static func runsVertically(_ words: [OCRWord]) -> Bool {
        let long = words.filter { $0.text.count >= 4 && $0.box.count == 4 }
        guard long.count >= 8 else { return false }
        return long.filter { $0.box[3] - $0.box[1] > $0.box[2] - $0.box[0] }.count * 2 > long.count
    }

    /// Enough words with letters, read with a mean confidence of 75 or more.
    static func readsWell(_ words: [OCRWord]) -> Bool {
        let lettered = words.filter { $0.text.contains(where: \.isLetter) }
        guard lettered.count >= 8 else { return false }
        return lettered.reduce(0) { $0 + $1.confidence } / Float(lettered.count) >= 75
    }
}
