import Foundation

/// Encoding and decoding of `speak-pdf` messages (one JSON object per line).
public enum PDFWire {
    public static func encode(_ message: PDFHelperMessage) -> Data {
        var data = (try? JSONEncoder().encode(message)) ?? Data(#"{"failure":{"_0":{"kind":"engine","message":"unencodable page"}}}"#.utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    public static func decode(_ line: Data) -> PDFHelperMessage? {
        try? JSONDecoder().decode(PDFHelperMessage.self, from: line)
    }
}

/// Whether a page's text layer is worth reading.
public enum PDFTextLayer {
    /// Fewer than 10 letters (a scanned page, perhaps with a page number), or mostly characters
    /// that stand for nothing readable (U+FFFD, private-use glyph codes, control characters):
    /// the page is read by OCR instead.
    public static func needsOCR(_ lines: [PDFLine]) -> Bool {
        var letters = 0, junk = 0, total = 0
        for line in lines {
            for scalar in line.text.unicodeScalars where !scalar.properties.isWhitespace {
                total += 1
                if scalar.properties.isAlphabetic { letters += 1 }
                if scalar.value == 0xFFFD || (0xE000...0xF8FF).contains(scalar.value) || scalar.value < 0x20 { junk += 1 }
            }
        }
        return letters < 10 || junk * 10 > total * 3
    }
}
