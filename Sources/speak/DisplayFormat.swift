import Foundation
import SpeakTerminal

/// How numbers, durations and dates are shown to people.
enum DisplayFormat {
    /// "1,234,567".
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// "0 B", "12.3 MB", "1.9 GB" (decimal units).
    static func bytes(_ n: Int) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(n), unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(n) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// "45 s", "12 min", "3 h 05 min".
    static func duration(_ seconds: Double) -> String {
        ProgressBar.duration(seconds)
    }

    /// "2026-11-22 14:03" in local time.
    static func date(_ date: Date?) -> String {
        guard let date else { return "—" }
        return dateFormatter.string(from: date)
    }

    // Creating a DateFormatter is expensive; `speak ls` formats thousands of dates.
    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()

    /// "42%".
    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded(.down)))%"
    }

    /// `text` cut to `width` characters with an ellipsis.
    static func truncate(_ text: String, to width: Int) -> String {
        guard text.count > width, width > 1 else { return text }
        return String(text.prefix(width - 1)) + "…"
    }
}

/// Left- or right-aligned columns that fit the terminal: the widest flexible column is cut.
struct TextTable {
    var headers: [String]
    var rightAligned: Set<Int> = []
    /// The column that is truncated when the table is too wide.
    var flexibleColumn: Int
    var rows: [[String]] = []

    func render(maxWidth: Int?) -> String {
        let cells = [headers] + rows
        let lengths = cells.map { $0.map(Self.displayLength) }
        var widths = lengths[0]
        for row in lengths { for (i, length) in row.enumerated() { widths[i] = max(widths[i], length) } }
        if let maxWidth {
            let total = widths.reduce(0, +) + 2 * (widths.count - 1)
            if total > maxWidth { widths[flexibleColumn] = max(8, widths[flexibleColumn] - (total - maxWidth)) }
        }
        var out = ""
        for (r, row) in cells.enumerated() {
            if r > 0 { out += "\n" }
            for (i, cell) in row.enumerated() {
                var text = cell
                var length = lengths[r][i]
                if length > widths[i] {
                    text = DisplayFormat.truncate(cell, to: widths[i])
                    length = widths[i]
                }
                let pad = String(repeating: " ", count: max(0, widths[i] - length))
                if i > 0 { out += "  " }
                if rightAligned.contains(i) {
                    out += pad + text
                } else {
                    out += text
                    if i < row.count - 1 { out += pad }
                }
            }
        }
        return out
    }

    /// Characters on screen; ASCII is counted by bytes, which is much faster than graphemes.
    private static func displayLength(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
}
