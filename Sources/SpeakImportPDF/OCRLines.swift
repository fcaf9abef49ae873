import SpeakImportOCR

/// A PDF page read by OCR, as the lines the PDF layout works with.
enum OCRLines {
    /// The 300 dpi rendering's pixels back to points. Line heights become one body size for the
    /// page (words with and without descenders differ); lines clearly taller (headings) or
    /// smaller (footnotes) keep their own.
    ///
    /// A page read in two steps (its opening played ahead) gives the opening's lines first,
    /// laid out on their own exactly as they were played, then the rest of the page's.
    static func lines(of page: OCRPage, pageWidth: Double) -> [PDFLine] {
        let lines = page.openingParts.map { OCRText.lines($0.opening) + OCRText.lines($0.rest) } ?? OCRText.lines(page)
        let scale = page.width > 0 ? pageWidth / Double(page.width) : 72.0 / 300
        let heights = lines.map(\.height).filter { $0 > 0 }.sorted()
        let body = heights.isEmpty ? 0 : Double(heights[heights.count / 2]) * scale
        return lines.map { line in
            let height = Double(line.height) * scale
            let size = height > body * 1.3 || height < body * 0.75 ? (height * 2).rounded() / 2 : (body * 2).rounded() / 2
            return PDFLine(text: line.text, left: Double(line.left) * scale, top: Double(line.top) * scale,
                           right: Double(line.right) * scale, bottom: Double(line.bottom) * scale, size: size)
        }
    }

    static func warnings(_ page: OCRPage) -> [String] {
        OCRText.warnings(page)
    }
}
