import Foundation

/// What OCR saw, word by word with boxes and confidences, in a form other tools read: JSON, or
/// hOCR (the HTML microformat Tesseract, OCRmyPDF and the OCR benchmarks use).
public enum OCRBoxes {
    /// The output forms of `speak text IMG --boxes`.
    public enum Format: String, Sendable, CaseIterable {
        case json, hocr
    }

    public static func render(_ pages: [OCRPage], source: String, format: Format) -> String {
        switch format {
        case .json: json(pages, source: source)
        case .hocr: hocr(pages, source: source)
        }
    }

    /// One object per page: its size, rotation, skew and words; each word with its box (left,
    /// top, right, bottom in pixels of the image that was read), confidence (0–100), the kind of
    /// region it was found in, and the layout units it starts.
    static func json(_ pages: [OCRPage], source: String) -> String {
        var out = "{\"source\":\(quoted(source)),\"pages\":["
        for (p, page) in pages.enumerated() {
            if p > 0 { out += "," }
            out += "\n{\"page\":\(page.index + 1),\"width\":\(page.width),\"height\":\(page.height),"
                + "\"rotation\":\(page.rotation),\"skew\":\(String(format: "%.2f", page.skew)),"
            if let problem = page.problem { out += "\"problem\":\(quoted(problem)),"}
            out += "\"words\":["
            for (w, word) in page.words.enumerated() {
                if w > 0 { out += "," }
                let starts = [(LayoutStart.block, "block"), (.paragraph, "paragraph"), (.line, "line")]
                    .filter { word.starts.contains($0.0) }.map { quoted($0.1) }.joined(separator: ",")
                out += "\n {\"text\":\(quoted(word.text)),\"confidence\":\(String(format: "%.1f", word.confidence)),"
                    + "\"box\":[\(word.box.map(String.init).joined(separator: ","))],\"region\":\"\(word.region.rawValue)\","
                    + "\"starts\":[\(starts)]}"
            }
            out += "]}"
        }
        return out + "\n]}\n"
    }

    /// hOCR 1.2: pages, blocks (ocr_carea), paragraphs, lines and words with `bbox` and `x_wconf`.
    static func hocr(_ pages: [OCRPage], source: String) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
            <head>
            <title>\(escaped(source))</title>
            <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
            <meta name="ocr-system" content="speak"/>
            <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_par ocr_line ocrx_word"/>
            </head>
            <body>

            """
        for page in pages {
            let n = page.index + 1
            out += "<div class=\"ocr_page\" id=\"page_\(n)\" title=\"image \(escaped(quoted(source))); bbox 0 0 \(page.width) \(page.height); ppageno \(page.index)\">\n"
            var ids = (block: 0, paragraph: 0, line: 0, word: 0)
            for block in grouped(page.words) {
                ids.block += 1
                let region = block.first?.first?.first?.region.rawValue ?? "text"
                out += "<div class=\"ocr_carea\" id=\"block_\(n)_\(ids.block)\" title=\"\(bbox(Array(block.joined().joined())))\" data-region=\"\(region)\">\n"
                for paragraph in block {
                    ids.paragraph += 1
                    out += "<p class=\"ocr_par\" id=\"par_\(n)_\(ids.paragraph)\" title=\"\(bbox(Array(paragraph.joined())))\">\n"
                    for line in paragraph {
                        ids.line += 1
                        out += "<span class=\"ocr_line\" id=\"line_\(n)_\(ids.line)\" title=\"\(bbox(line))\">"
                        for word in line {
                            ids.word += 1
                            out += "<span class=\"ocrx_word\" id=\"word_\(n)_\(ids.word)\" title=\"\(bbox([word])); "
                                + "x_wconf \(Int(word.confidence.rounded()))\">\(escaped(word.text))</span> "
                        }
                        out += "</span>\n"
                    }
                    out += "</p>\n"
                }
                out += "</div>\n"
            }
            out += "</div>\n"
        }
        return out + "</body>\n</html>\n"
    }

    /// Words nested as blocks of paragraphs of lines, by the layout units they start.
    private static func grouped(_ words: [OCRWord]) -> [[[[OCRWord]]]] {
        var blocks: [[[[OCRWord]]]] = []
        for word in words {
            if blocks.isEmpty || word.starts.contains(.block) { blocks.append([]) }
            var block = blocks.removeLast()
            if block.isEmpty || word.starts.contains(.paragraph) { block.append([]) }
            var paragraph = block.removeLast()
            if paragraph.isEmpty || word.starts.contains(.line) { paragraph.append([]) }
            paragraph[paragraph.count - 1].append(word)
            block.append(paragraph)
            blocks.append(block)
        }
        return blocks
    }

    /// "bbox l t r b" around the words.
    private static func bbox(_ words: [OCRWord]) -> String {
        let boxes = words.map(\.box).filter { $0.count == 4 }
        guard !boxes.isEmpty else { return "bbox 0 0 0 0" }
        let left = boxes.map { $0[0] }.min() ?? 0, top = boxes.map { $0[1] }.min() ?? 0
        let right = boxes.map { $0[2] }.max() ?? 0, bottom = boxes.map { $0[3] }.max() ?? 0
        return "bbox \(left) \(top) \(right) \(bottom)"
    }

    private static let encoder = JSONEncoder()

    private static func quoted(_ text: String) -> String {
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
