/// Whether a page's text layer is worth reading.
public enum PDFTextLayer {
    /// Fewer than 10 letters (a scanned page, perhaps with a page number), or mostly characters
    /// that stand for nothing readable (U+FFFD, private-use glyph codes, control characters):
    /// the page is read by OCR instead.
    public static func needsOCR(_ lines: [PDFLine]) -> Bool {
        var letters = 0, junk = 0, total = 0
        for line in lines {
            for byte in line.text.utf8 where byte < 0x80 {
                // ASCII, counted from bytes; Unicode properties are looked up only for the rest.
                if byte > 0x20 { total += 1 }
                if (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A { letters += 1 }
                if byte < 0x20 { junk += 1 }
            }
            guard line.text.utf8.contains(where: { $0 >= 0x80 }) else { continue }
            for scalar in line.text.unicodeScalars where scalar.value >= 0x80 && !scalar.properties.isWhitespace {
                total += 1
                if scalar.properties.isAlphabetic { letters += 1 }
                if scalar.value == 0xFFFD || (0xE000...0xF8FF).contains(scalar.value) { junk += 1 }
            }
        }
        return letters < 10 || junk * 10 > total * 3
    }
}
