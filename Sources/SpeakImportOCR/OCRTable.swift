/// A table found on a scanned page from where its words stand, so it can be read row by row
/// ("Miami  127  1,891  1,358") instead of column by column, as Tesseract's blocks give it.
/// A row's cells are set apart by two spaces, which the synthesizer reads as a pause: a
/// comma would blur figures that have commas of their own ("1,891, 1,358").
///
/// Rows are the page's visual lines; a line is tabular when wide gaps split it into three or
/// more short cells (three words or fewer in most of them: prose set in columns has long
/// ones). Three or more tabular lines one below the other make a table, with the lines that
/// wrap a cell between them. Header lines above the first row with figures are joined column
/// by column ("Other Than Mexican" over "Apprehensions" is one header).
struct OCRTable {
    /// Indices into the page's words of the words the table holds.
    var words: Set<Int>
    /// The rows, top to bottom, each its cells left to right.
    var rows: [[String]]
    var box: ReadingOrder.Box

    /// A gap this many times the line's word height separates cells (a word space is about
    /// a third of it).
    static let cellGap = 1.1
    /// Header lines joined at most.
    static let headerLines = 3
    /// Between the cells of a row.
    static let cellSeparator = "  "

    /// Lines of a block of running text hold this many words or more without a wide gap (half
    /// of them do), so its words are not cells, even beside a table whose rows they line up with.
    static let proseLineWords = 8

    /// The tables among `words` (those `eligible` says may belong to one). On a screen capture
    /// (`screen`) column names set closer than a cell gap, and a list of one row under them,
    /// count too: on a printed page such lines are as often the lines of three columns.
    static func detect(_ words: [OCRWord], screen: Bool = false, eligible: (OCRWord) -> Bool) -> [OCRTable] {
        let prose = proseBlocks(words)
        let candidates = words.indices.filter { words[$0].box.count == 4 && eligible(words[$0]) && !prose.contains($0) }
        guard candidates.count >= 9 else { return [] }
        let lines = visualLines(candidates, words)
        var split = lines.map { cells(of: $0, words) }
        // A screen of code (an editor, a coverage report, a disassembly) is a listing: its
        // lines line up in columns without being a table's rows.
        let screen = screen && !CodeLines.isCode(lines.map { $0.map { words[$0].text }.joined(separator: " ") })
        let tabular = screen ? screenRows(lines, &split, words, edge: candidates.map { words[$0].box[2] }.max() ?? 0)
                             : split.map(isTabular)
        var tables: [OCRTable] = []
        var index = 0
        while index < lines.count {
            guard tabular[index] else { index += 1; continue }
            var end = index + 1, rows = 1
            var left = lines[index].map { words[$0].box[0] }.min() ?? 0
            var right = lines[index].map { words[$0].box[2] }.max() ?? 0
            while end < lines.count {
                if tabular[end] {
                    rows += 1
                    left = min(left, lines[end].map { words[$0].box[0] }.min() ?? left)
                    right = max(right, lines[end].map { words[$0].box[2] }.max() ?? right)
                } else if !((end + 1)...(end + 2)).contains(where: { $0 < lines.count && tabular[$0] })
                            || !centred(lines[end], within: left...right, words) {
                    // Lines of fewer cells belong to the table only between its rows (a cell's
                    // second line, a value centred across two rows).
                    break
                }
                end += 1
            }
            // Rows of two cells only at an even pitch: the labels of a diagram's boxes line up
            // at the edge too, a line or two at a time.
            let even = !(index..<end).contains { tabular[$0] && !isTabular(split[$0]) } || evenlySpaced(lines[index..<end], words)
            if (rows >= 3 && even) || (screen && end - index == 2 && rows == 2 && aligned(split[index], split[index + 1], words)) {
                tables.append(table(split[index..<end].map { $0 }, words))
            }
            index = end
        }
        return tables
    }

    /// Which lines of a screen capture are rows. Column names set closer than a cell gap, over
    /// a row whose cells start under them, are cut there (`split` changes). A window's list
    /// often has two columns, the second at the window's right edge (`edge`: a link, a size, a
    /// date): such a line is a row when a line next to it ends there too.
    private static func screenRows(_ lines: [[Int]], _ split: inout [[[Int]]], _ words: [OCRWord], edge: Int32) -> [Bool] {
        for index in split.indices.dropLast() where isTabular(split[index + 1]) {
            if let names = cut(lines[index], under: split[index + 1], words), names.count > split[index].count, isTabular(names) {
                split[index] = names
            }
        }
        let cells = split
        let atEdge = { (line: Int) in cells[line].count == 2 && (cells[line].last?.last).map { edge - words[$0].box[2] <= edge / 20 } == true }
        return split.indices.map { line in
            isTabular(split[line]) || (atEdge(line) && [line - 1, line + 1].contains { split.indices.contains($0) && atEdge($0) })
        }
    }

    /// The words of the recognizer's blocks whose lines are mostly long (running text).
    private static func proseBlocks(_ words: [OCRWord]) -> Set<Int> {
        var blocks: [[[Int]]] = []
        for (i, word) in words.enumerated() where !word.text.allSatisfy(\.isWhitespace) {
            if blocks.isEmpty || word.starts.contains(.block) { blocks.append([]) }
            if blocks[blocks.count - 1].isEmpty || word.starts.contains(.line) { blocks[blocks.count - 1].append([]) }
            blocks[blocks.count - 1][blocks[blocks.count - 1].count - 1].append(i)
        }
        let isProse = { (line: [Int]) in
            line.count >= proseLineWords && cells(of: line.sorted { words[$0].box[0] < words[$1].box[0] }, words).count <= 2
        }
        var prose = Set<Int>()
        for block in blocks where block.filter(isProse).count * 2 >= block.count {
            prose.formUnion(block.joined())
        }
        return prose
    }

    /// Words grouped into lines by their vertical centres, each line left to right.
    private static func visualLines(_ indices: [Int], _ words: [OCRWord]) -> [[Int]] {
        let centre = { (i: Int) in Double(words[i].box[1] + words[i].box[3]) / 2 }
        var lines: [[Int]] = []
        var lineCentre = 0.0, lineHeight = 0.0
        for i in indices.sorted(by: { centre($0) < centre($1) }) {
            let height = Double(max(1, words[i].box[3] - words[i].box[1]))
            if let last = lines.indices.last, abs(centre(i) - lineCentre) <= max(lineHeight, height) * 0.5 {
                lines[last].append(i)
                let count = Double(lines[last].count)
                lineCentre += (centre(i) - lineCentre) / count
                lineHeight += (height - lineHeight) / count
            } else {
                lines.append([i])
                (lineCentre, lineHeight) = (centre(i), height)
            }
        }
        return lines.map { $0.sorted { words[$0].box[0] < words[$1].box[0] } }
    }

    /// A line's cells: runs of words separated by gaps wider than `cellGap` word heights.
    private static func cells(of line: [Int], _ words: [OCRWord]) -> [[Int]] {
        let heights = line.map { Double(words[$0].box[3] - words[$0].box[1]) }.sorted()
        let gap = heights[heights.count / 2] * cellGap
        var cells: [[Int]] = []
        for i in line {
            if let last = cells.last?.last, Double(words[i].box[0] - words[last].box[2]) <= gap {
                cells[cells.count - 1].append(i)
            } else {
                cells.append([i])
            }
        }
        return cells
    }

    /// Two rows are a table (a window's list with one entry under its column names) when
    /// three of their cells or more start where the other row's do, within a word's height.
    private static func aligned(_ first: [[Int]], _ second: [[Int]], _ words: [OCRWord]) -> Bool {
        guard let height = (first + second).joined().map({ words[$0].box[3] - words[$0].box[1] }).max() else { return false }
        let starts = cellStarts(second, words)
        return first.filter { cell in cell.first.map { startsUnder(words[$0], starts, within: height) } ?? false }.count >= 3
    }

    /// Where a row's cells start.
    private static func cellStarts(_ row: [[Int]], _ words: [OCRWord]) -> [Int32] {
        row.compactMap { $0.first.map { words[$0].box[0] } }
    }

    /// `word` starts where one of `starts` does, within `tolerance` (a word's height).
    private static func startsUnder(_ word: OCRWord, _ starts: [Int32], within tolerance: Int32) -> Bool {
        starts.contains { abs($0 - word.box[0]) <= tolerance }
    }

    /// Lines whose centres follow one another at the same pitch, within a quarter of it.
    private static func evenlySpaced(_ lines: ArraySlice<[Int]>, _ words: [OCRWord]) -> Bool {
        let centres = lines.map { line in Double(line.map { words[$0].box[1] + words[$0].box[3] }.reduce(0, +)) / Double(2 * line.count) }
        let pitches = zip(centres.dropFirst(), centres).map { $0 - $1 }.sorted()
        guard !pitches.isEmpty else { return true }
        let median = pitches[pitches.count / 2]
        return pitches.allSatisfy { abs($0 - median) <= median / 4 }
    }

    /// `line`'s cells, also cut before each word that starts where a cell of `row` does; nil
    /// unless three words or more start so.
    private static func cut(_ line: [Int], under row: [[Int]], _ words: [OCRWord]) -> [[Int]]? {
        // Column names are words, not code or figures.
        guard line.allSatisfy({ words[$0].text.allSatisfy { $0.isLetter || $0 == "-" || $0 == "." } }),
              let height = (line + row.joined()).map({ words[$0].box[3] - words[$0].box[1] }).max() else { return nil }
        let starts = cellStarts(row, words)
        var out: [[Int]] = [], matched = 0
        for cell in cells(of: line, words) {
            for (n, i) in cell.enumerated() {
                let under = startsUnder(words[i], starts, within: height)
                if under { matched += 1 }
                if n == 0 || under { out.append([i]) } else { out[out.count - 1].append(i) }
            }
        }
        return matched >= 3 ? out : nil
    }

    /// Three cells or more, and at least half of them of three words or fewer.
    private static func isTabular(_ cells: [[Int]]) -> Bool {
        guard cells.count >= 3 else { return false }
        return cells.filter { $0.count <= 3 }.count * 2 >= cells.count
    }

    private static func centred(_ line: [Int], within span: ClosedRange<Int32>, _ words: [OCRWord]) -> Bool {
        let left = line.map { words[$0].box[0] }.min() ?? 0, right = line.map { words[$0].box[2] }.max() ?? 0
        return span.contains((left + right) / 2)
    }

    /// The table of these lines: columns from the rows with figures, header lines above them
    /// joined column by column, cells of a row that fall in one column joined.
    private static func table(_ lines: [[[Int]]], _ words: [OCRWord]) -> OCRTable {
        let text = { (cell: [Int]) in cell.map { words[$0].text }.joined(separator: " ") }
        let span = { (cell: [Int]) -> ClosedRange<Int32> in
            (cell.map { words[$0].box[0] }.min() ?? 0)...(cell.map { words[$0].box[2] }.max() ?? 0)
        }
        let hasFigures = { (line: [[Int]]) in line.contains { cell in cell.contains { words[$0].text.contains(where: \.isNumber) } } }
        let firstData = lines.firstIndex(where: hasFigures) ?? 0
        let headerCount = firstData <= headerLines ? firstData : 0
        let columns = Self.columns(lines[headerCount...].map { $0.map(span) })
        func column(_ cell: [Int]) -> Int {
            let range = span(cell)
            return columns.indices.max { overlap(columns[$0], range) < overlap(columns[$1], range) } ?? 0
        }
        func byColumn(_ lines: ArraySlice<[[Int]]>) -> [String] {
            var joined = [String](repeating: "", count: columns.count)
            for line in lines {
                for cell in line {
                    let c = column(cell)
                    joined[c] += (joined[c].isEmpty ? "" : " ") + text(cell)
                }
            }
            return joined.filter { !$0.isEmpty }
        }
        var rows: [[String]] = headerCount > 0 ? [byColumn(lines[..<headerCount])] : []
        rows += lines[headerCount...].map { byColumn([$0][...]) }
        let all = lines.flatMap { $0.flatMap { $0 } }
        let box = ReadingOrder.Box(left: all.map { words[$0].box[0] }.min() ?? 0, top: all.map { words[$0].box[1] }.min() ?? 0,
                                   right: all.map { words[$0].box[2] }.max() ?? 0, bottom: all.map { words[$0].box[3] }.max() ?? 0)
        return OCRTable(words: Set(all), rows: rows, box: box)
    }

    /// Column extents, from the rows with the most common number of cells (a long cell in
    /// another row, or a cell split in two, does not blur them); else the spans of all cells,
    /// overlapping ones merged.
    private static func columns(_ rows: [[ClosedRange<Int32>]]) -> [ClosedRange<Int32>] {
        let counts = Dictionary(grouping: rows.map(\.count), by: { $0 }).mapValues(\.count)
        if let (width, frequency) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), width >= 3, frequency >= 2 {
            let typical = rows.filter { $0.count == width }
            var columns = (0..<width).map { k in
                (typical.map { $0[k].lowerBound }.min() ?? 0)...(typical.map { $0[k].upperBound }.max() ?? 0)
            }
            // Cells of other rows that stand clear of these columns make columns of their own
            // (a column most rows leave empty).
            for span in rows.flatMap({ $0 }) where !columns.contains(where: { overlap($0, span) > 0 }) {
                columns.append(span)
            }
            columns = merged(columns)
            if zip(columns, columns.dropFirst()).allSatisfy({ $0.upperBound < $1.lowerBound }) { return columns }
        }
        return merged(rows.flatMap { $0 })
    }

    /// Spans, overlapping ones merged, left to right.
    private static func merged(_ spans: [ClosedRange<Int32>]) -> [ClosedRange<Int32>] {
        var merged: [ClosedRange<Int32>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    private static func overlap(_ a: ClosedRange<Int32>, _ b: ClosedRange<Int32>) -> Int32 {
        min(a.upperBound, b.upperBound) - max(a.lowerBound, b.lowerBound)
    }
}
