/// Where to cut a page in two so that two engines read it at once, each half on a core of its
/// own: at a blank band between lines (no letter is cut), near the row that halves the ink;
/// and the height of its text lines, from the same rows of ink.
enum PageHalves {
    /// Pages shorter than this are read whole: a second engine would not pay for itself.
    static let shortestPage = 800
    /// Pages of more pixels than this (an A4 page over 400 dpi) are read whole: two engines'
    /// copies of them would pass the 300 MB a helper may take.
    static let largestPage = 16_000_000
    /// Rows above and below the cut that must be blank too.
    static let band = 3

    /// The row to cut at, from the dark pixels of each row of a page `width` pixels wide; nil
    /// when the page is short, empty, or has no blank band in its middle half (a photo).
    /// With `strokes` (runs of dark pixels per row) the halves share the strokes rather than
    /// the ink: the time Tesseract takes follows the letters, and a heading, a rule or a logo is
    /// much ink and few letters (a receipt's upper half was read in half the time of its lower).
    /// Among the blank bands that share the work fairly, a wide one is taken: a gap between
    /// blocks, not between the lines of one (the lines of a block cut apart may be laid out
    /// differently, and a three-line entry of a receipt was read out of order).
    static func cut(darkPixelsPerRow rows: [Int], strokes: [Int]? = nil, width: Int) -> Int? {
        let height = rows.count
        let weights = strokes.map { $0.count == height ? $0 : rows } ?? rows
        let total = weights.reduce(0, +)
        guard height >= shortestPage, total > 0 else { return nil }
        // A rule down the margin or a speck leaves a row "blank" enough.
        let quiet = max(1, width / 100)
        var share = [Double](repeating: 0, count: height), sum = 0
        for (y, weight) in weights.enumerated() {
            sum += weight
            share[y] = Double(sum) / Double(total)
        }
        let lowest = height / 4, highest = height * 3 / 4
        var best: (row: Int, score: Double)?
        var start: Int?
        for y in 0...height {
            if y < height, rows[y] <= quiet {
                if start == nil { start = y }
                continue
            }
            guard let first = start else { continue }
            start = nil
            let centre = (first + y - 1) / 2, imbalance = abs(share[centre] - 0.5)
            guard y - first >= 2 * band + 1, (lowest...highest).contains(centre), imbalance <= fairShare else { continue }
            let score = Double(y - first) * (1 - 2 * imbalance)
            if score > best?.score ?? 0 { best = (centre, score) }
        }
        if let best { return best.row }
        // No fair band: the blank band nearest to the middle of the work.
        let middle = share.firstIndex { $0 >= 0.5 } ?? height / 2
        func isBlank(_ y: Int) -> Bool {
            y - band >= 0 && y + band < height && rows[(y - band)...(y + band)].allSatisfy { $0 <= quiet }
        }
        for distance in 0..<(height / 2) {
            for y in [middle - distance, middle + distance] where (lowest...highest).contains(y) && isBlank(y) {
                return y
            }
        }
        return nil
    }

    /// How far from an even split of the work a cut may be when it is at a wider band.
    static let fairShare = 0.08

    /// The height of the page's text lines (ascender to descender) from the dark pixels of each
    /// row of its vertical strips: the lower quartile and the median of the heights of the runs
    /// of inked rows (lines set close together run into one). Nil when there are too few lines.
    static func lineHeights(strips: [[Int]]) -> (lower: Int, median: Int)? {
        var heights: [Int] = []
        for rows in strips {
            var run = 0
            for count in rows + [0] {
                if count > 0 {
                    run += 1
                } else {
                    // Specks, dots and rules are not lines.
                    if run >= 8 { heights.append(run) }
                    run = 0
                }
            }
        }
        guard heights.count >= 12 else { return nil }
        heights.sort()
        return (heights[heights.count / 4], heights[heights.count / 2])
    }

    /// A row of a strip crossed by fewer runs of ink than this holds no letters: it crosses the
    /// edges of boxes, rules down the page or the lines of a diagram.
    static let textStrokes = 3

    /// `strips` (dark pixels per row of each strip) with the rows that hold no letters, by their
    /// `strokes` (runs of ink per row of each strip), made blank. A box or a diagram's lines run
    /// down through the rows between its lines of text and join them into one run of ink
    /// taller than any line; without them, the lines stand apart again.
    static func textRows(_ strips: [[Int]], strokes: [[Int]]) -> [[Int]] {
        guard strips.count == strokes.count else { return strips }
        return zip(strips, strokes).map { rows, strokes in
            rows.count == strokes.count ? zip(rows, strokes).map { $1 >= textStrokes ? $0 : 0 } : rows
        }
    }

    /// Whether lines of text run on across row `cut`: some strip of `textRows` (see `textRows`)
    /// has a line within `reach` rows both above and below it, as the lines of a paragraph or
    /// of a column have. A cut between a diagram's boxes has room on every side of it. Runs of
    /// text rows shorter than `shortest` are the edges of boxes and rules drawn askew.
    static func linesRunAcross(_ cut: Int, textRows strips: [[Int]], reach: Int, shortest: Int) -> Bool {
        strips.contains { rows in
            var lines: [Range<Int>] = [], start: Int?
            // A line that ends (or starts) within reach is seen whole.
            let window = max(0, cut - reach - shortest)..<min(rows.count, cut + reach + shortest + 1)
            for y in window.lowerBound...window.upperBound {
                if y < window.upperBound, rows[y] > 0 {
                    if start == nil { start = y }
                } else if let first = start {
                    if y - first >= shortest { lines.append(first..<y) }
                    start = nil
                }
            }
            return lines.contains { $0.upperBound <= cut + 1 && $0.upperBound >= cut - reach }
                && lines.contains { $0.lowerBound > cut && $0.lowerBound <= cut + reach }
        }
    }

    /// The dark pixels of each row across the whole page.
    static func rows(of strips: [[Int]]) -> [Int] {
        guard let first = strips.first else { return [] }
        return strips.dropFirst().reduce(first) { sum, strip in zip(sum, strip).map(+) }
    }

    /// Whether the rows around a cut hold columns side by side: a blank gutter at least a
    /// fiftieth of the page wide with a good part of the ink on each side of it. Each half of a
    /// page of columns is too short for Tesseract to find them, and their parts would be read
    /// row by row; such pages are read whole.
    static func hasColumns(darkPixelsPerColumn columns: [Int], rows: Int) -> Bool {
        let total = columns.reduce(0, +)
        guard total > 0 else { return false }
        let quiet = max(1, rows / 200), widest = max(8, columns.count / 50)
        var ink = 0, run = 0
        for count in columns {
            if count <= quiet {
                run += 1
                continue
            }
            if run >= widest, ink * 100 >= total * 15, (total - ink) * 100 >= total * 15 { return true }
            run = 0
            ink += count
        }
        return false
    }
}
