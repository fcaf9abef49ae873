/// The first lines of a one-column page found from its rows of ink, without a layout pass:
/// `speak play page.png` reads them and starts speaking while the rest of the page is read.
/// Tesseract's layout pass takes a third of a second on a letter page; the rows of ink, a
/// few milliseconds.
enum OpeningBand {
    /// Rows of ink shorter than this are specks, dots and rules, not lines.
    static let shortestLine = 8

    /// The rows (top, bottom) holding the page's first `lines` text lines, a few rows of margin
    /// around them; nil when the top of the page is not plain lines of text: fewer than four
    /// lines, a block far taller than the lines below it (a picture, a logo), or runs of rows
    /// taller than the page's text lines (`lineHeight`, measured in narrower strips): rows held
    /// together by the rules of a grid, whose "eight lines" were most of a table.
    static func rows(darkPixelsPerRow rows: [Int], width: Int, lines: Int, lineHeight: Int) -> (top: Int, bottom: Int)? {
        let quiet = max(1, width / 100)
        var runs: [Range<Int>] = []
        var start: Int?
        for (y, count) in (rows + [0]).enumerated() {
            if count > quiet {
                if start == nil { start = y }
            } else if let first = start {
                if y - first >= shortestLine { runs.append(first..<y) }
                start = nil
                if runs.count == lines { break }
            }
        }
        guard runs.count >= min(4, lines), let first = runs.first, let last = runs.last else { return nil }
        let heights = runs.map(\.count).sorted()
        let typical = heights[heights.count / 2]
        guard heights[heights.count - 1] <= typical * 3, Double(typical) <= Double(lineHeight) * 2.5 else { return nil }
        let margin = 4
        return (max(0, first.lowerBound - margin), min(rows.count, last.upperBound + margin))
    }
}
