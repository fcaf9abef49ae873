import Foundation
import SpeakImportPDF

/// Facts about the linked poppler library, used by the PDF importer.
public enum PopplerLibrary {
    /// poppler's version ("22.12.0").
    public static var version: String { PopplerText.version }
}

/// An open PDF document. Not thread-safe: one per thread (speak uses one per process).
public final class PDFDocumentFile {
    private let text: PopplerText

    /// Opens `path`; a password opens an encrypted document (the user or the owner password).
    public init(path: String, password: String?) throws(PDFFailure) {
        text = try PopplerText(path: path, password: password)
    }

    /// Tunes the process heap for reading page after page (see `speak_pdf_keep_heap`).
    public static func keepHeap() {
        PopplerText.keepHeap()
    }

    /// Page count and metadata (the outline comes separately, see `outline()`).
    public func info() -> PDFInfo {
        PDFInfo(pageCount: text.pageCount, title: text.info("Title"), author: text.info("Author"))
    }

    /// The outline entries in order, nested ones after their parent.
    public func outline() -> [PDFOutlineEntry] {
        text.outline()
    }

    /// Page `index`'s text lines.
    public func page(_ index: Int) throws(PDFFailure) -> PDFPage {
        let (width, height) = text.size(page: index)
        guard width > 0, height > 0 else { throw PDFFailure(kind: .damaged, message: "page \(index + 1) cannot be read") }
        let (lines, turns) = text.lines(page: index, width: width, height: height)
        // Lines of a turned page are in the turned frame, so the page is measured in it too.
        let (frameWidth, frameHeight) = turns % 2 == 1 ? (height, width) : (width, height)
        return PDFPage(index: index, width: frameWidth, height: frameHeight, label: text.label(page: index), lines: lines)
    }

    /// Renders page `index` on white: for OCR at 300 dpi into a gray TIFF, else (a cover)
    /// into a PNG at `dpi`; false when it cannot.
    public func render(_ index: Int, to path: String, dpi: Double = 300, forOCR: Bool = true) -> Bool {
        text.render(page: index, dpi: dpi, forOCR: forOCR, to: path)
    }
}
