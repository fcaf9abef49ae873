import Foundation

/// A table typed as text: rows of cells lined up in columns by spaces, or set apart by `|`,
/// usually with a rule of dashes under the column names — as manuals, READMEs and RFCs
/// print them inside preformatted blocks.
///
/// ```
///   Property        Type    Description
///   ------------------------------------------------
///   family          String  Font family names
///   slant           Int     Italic, oblique or roman
/// ```
///
/// A listener follows such a table row by row ("family, String, Font family names"), not as
/// one run of words down the page, and it is not code to leave out.
public enum TextTable {
    /// The table's rows, each a list of cells (a cell wrapped over several lines is joined), or
    /// nil when the lines are not a table: code, a usage line, prose or a list.
    ///
    /// A table needs a rule under its first row, or at least four rows of three or more
    /// columns; it must not look like code (braces, semicolons, assignments, markup, prompts).
    public static func rows<Line: StringProtocol>(_ lines: [Line]) -> [[String]]? {
        guard mayBeTable(lines) else { return nil }
        var content: [[Character]] = []
        // Column names may take up to three lines over the rule ("Decompress" over "usage").
        var headerLines = 0
        var rules: [[Character]] = []
        for line in lines {
            let characters = expandingTabs(line)
            if characters.allSatisfy(\.isWhitespace) { continue }
            if isRule(characters) {
                if headerLines == 0, (1...3).contains(content.count) { headerLines = content.count }
                rules.append(characters)
                continue
            }
            content.append(characters)
        }
        // A description may say "point->pixel"; code says it on many lines.
        guard content.count >= 2, content.filter(looksLikeCode).count * 5 < content.count else { return nil }
        let piped = content.allSatisfy { $0.contains("|") }
        let table = piped ? pipeRows(content) : spacedRows(content, rules: rules, headerLines: headerLines)
        guard let table, table.count >= 2 else { return nil }
        let columns = table.map(\.count).max() ?? 0
        guard columns >= 2 else { return nil }
        // Most rows must fill at least two columns, or it is a list with a stray gap.
        let filled = table.filter { $0.filter { !$0.isEmpty }.count >= 2 }.count
        guard filled * 5 >= table.count * 4 else { return nil }
        if headerLines == 0 {
            guard table.count >= 4, columns >= 3, filled == table.count else { return nil }
        }
        return table.map { $0.filter { !$0.isEmpty } }
    }

    /// Whether at least half the lines have cells set apart (two spaces, a tab or `|` after
    /// the first word) or are rules: a quick look at the bytes, so that the paragraphs of a
    /// long text are not taken apart character by character.
    private static func mayBeTable<Line: StringProtocol>(_ lines: [Line]) -> Bool {
        var set = 0, written = 0
        for line in lines {
            let bytes = line.utf8
            guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { continue }
            written += 1
            let lead = bytes[first]
            if lead == UInt8(ascii: "-") || lead == UInt8(ascii: "=") || lead == UInt8(ascii: "+") || lead == UInt8(ascii: "|") || lead >= 0xE2 {
                set += 1
                continue
            }
            var space = false
            for byte in bytes[first...] {
                if byte == UInt8(ascii: "|") || byte == 9 || (byte == 32 && space) {
                    set += 1
                    break
                }
                space = byte == 32
            }
        }
        return written >= 2 && set * 2 >= written
    }

    /// Rows of a table whose columns are set apart by `|` ("| a | b |").
    private static func pipeRows(_ content: [[Character]]) -> [[String]]? {
        let rows = content.map { line -> [String] in
            var cells = String(line).split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first?.isEmpty == true { cells.removeFirst() }
            if cells.last?.isEmpty == true { cells.removeLast() }
            return cells
        }
        let counts = Set(rows.map(\.count))
        return counts.count == 1 ? rows : nil
    }

    /// Rows of a table whose columns line up: the boundaries are the character positions that
    /// are blank on every line, two or more wide (one is enough where the rule shows a gap or
    /// most rows are two apart there).
    private static func spacedRows(_ content: [[Character]], rules: [[Character]], headerLines: Int) -> [[String]]? {
        let width = content.map(\.count).max() ?? 0
        let left = content.map { $0.firstIndex { !$0.isWhitespace } ?? 0 }.min() ?? 0
        var blank = [Bool](repeating: true, count: width)
        for line in content {
            for (i, c) in line.enumerated() where !c.isWhitespace { blank[i] = false }
        }
        var gaps: [Range<Int>] = []
        var i = left
        while i < width {
            guard blank[i] else { i += 1; continue }
            let start = i
            while i < width, blank[i] { i += 1 }
            guard i < width else { break }
            let ruleGap = rules.contains { rule in (start..<i).contains { $0 < rule.count && rule[$0] == " " } }
            if i - start >= 2 || ruleGap || isWideOnMostRows(start, content) { gaps.append(start..<i) }
        }
        guard !gaps.isEmpty else { return nil }
        var bounds = [left]
        for gap in gaps { bounds.append(gap.upperBound) }
        var rows: [[String]] = []
        for (index, line) in content.enumerated() {
            var cells: [String] = []
            for (k, start) in bounds.enumerated() {
                let end = k + 1 < bounds.count ? bounds[k + 1] : Int.max
                let from = min(start, line.count), to = min(end, line.count)
                cells.append(String(line[from..<to]).trimmingCharacters(in: .whitespaces))
            }
            // A line with nothing in the first column continues the row above (a wrapped cell).
            // So does every line of the column names after the first.
            if cells.first?.isEmpty == true || (1..<max(1, headerLines)).contains(index), var last = rows.popLast() {
                for (k, cell) in cells.enumerated() where !cell.isEmpty {
                    last[k] = last[k].isEmpty ? cell : last[k] + " " + cell
                }
                rows.append(last)
            } else {
                rows.append(cells)
            }
        }
        return rows
    }

    /// A column one blank wide is a boundary when most rows leave two or more spaces there and
    /// a value running up to the next column ("FT_Face Use …") narrows it on the others.
    private static func isWideOnMostRows(_ column: Int, _ content: [[Character]]) -> Bool {
        var spanning = 0, wide = 0
        for line in content where column + 1 < line.count && line[..<column].contains(where: { !$0.isWhitespace }) {
            spanning += 1
            if line[column - 1].isWhitespace || line[column + 1].isWhitespace { wide += 1 }
        }
        return spanning >= 2 && wide * 3 >= spanning * 2
    }

    private static func expandingTabs<Line: StringProtocol>(_ line: Line) -> [Character] {
        var out: [Character] = []
        for c in line {
            if c == "\t" {
                repeat { out.append(" ") } while out.count % 8 != 0
            } else if c != "\r" {
                out.append(c)
            }
        }
        return out
    }

    /// A rule line: dashes, equals signs or box-drawing lines, with the `+` and `|` of a grid.
    private static func isRule(_ line: [Character]) -> Bool {
        let marks = line.filter { !$0.isWhitespace }
        return marks.count >= 3 && marks.contains { "-=─━═".contains($0) } && marks.allSatisfy { "-=+|─━═┼┬┴│:".contains($0) }
    }

    private static func looksLikeCode(_ line: [Character]) -> Bool {
        let text = String(line).drop { $0.isWhitespace }.trimmingCharacters(in: .whitespaces)
        return text.contains { "{};".contains($0) } || text.contains(" = ") || text.contains("==") || text.contains(":=")
            || ["<", "#", "$", "//"].contains { text.hasPrefix($0) } || text.hasSuffix(">")
    }
}
