import SpeakModel

/// The column headers a table row is read with: "Year: 2019, revenue: 4.2 million".
enum TableHeader {
    /// The labels of the table that block `index` is a data row of: the first row of its run of
    /// table rows, when that row names its columns (no figures and no code's brackets or
    /// operators in it, as many cells as this row, and this row has figures). Nil for the
    /// header row itself and for other blocks.
    static func labels(for index: Int, in blocks: [Block]) -> [String]? {
        guard blocks[index].kind == .tableCell, index > 0 else { return nil }
        var first = index
        // A table is a run of rows; a long one is not searched back forever.
        while first > 0, blocks[first - 1].kind == .tableCell, index - first < 500 { first -= 1 }
        guard first < index else { return nil }
        let header = cells(blocks[first].text), row = cells(blocks[index].text)
        guard header.count >= 2, header.count == row.count, header.allSatisfy({ !$0.contains(where: \.isNumber) && $0.count <= 40 && !$0.contains(where: Self.codeSigns.contains) }),
              row.contains(where: { $0.contains(where: \.isNumber) }) else { return nil }
        return header
    }

    /// Column names do not hold these; a first row with them is a row ("impl Add<&str> for String").
    /// Parentheses are not among them: "Weight (kg)" names a column.
    private static let codeSigns = Set("<>{}[];=&|")

    /// A row's cells: OCR sets them apart by two spaces, the HTML importer by a comma.
    static func cells(_ text: String) -> [String] {
        let separator = text.contains("  ") ? "  " : ", "
        return text.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
