#if DEBUG || SPEAK_FUZZ
import Foundation
@testable import SpeakImportOCR
@testable import SpeakImportPDF
@testable import SpeakPoppler
@testable import SpeakTesseract

/// The paths through C libraries, as the helpers run them: bytes → poppler → pages of lines,
/// and bytes → Leptonica → Tesseract → words and blocks.
enum NativeHarnesses {
    static let all = [
        FuzzHarness("pdf", "the PDF helper's input path: poppler opens the bytes, then info, outline and the first pages' lines",
                    maximumLength: 256 << 10) { data in
            let path = FuzzScratch.file("fuzz.pdf", data)
            guard let document = try? PDFDocumentFile(path: path, password: nil) else { return }
            let info = document.info()
            _ = document.outline()
            for index in 0..<min(info.pageCount, 3) {
                if let page = try? document.page(index) { _ = PDFTextLayer.needsOCR(page.lines) }
            }
        },
        FuzzHarness("image", "the OCR helper's input path: Leptonica decodes the bytes; a small page goes through Tesseract",
                    maximumLength: 256 << 10, setUp: { reader == nil ? "Tesseract did not start (is tesseract-ocr-eng installed?)" : nil }) { data in
            let path = FuzzScratch.file("fuzz.img", data)
            guard let file = try? ImageFile(path: path) else { return }
            // Tesseract on a large page takes seconds; the decoding of any size is what is fuzzed there.
            guard file.width * file.height <= 160_000, let reader = Self.reader else {
                _ = try? file.page(0).grayscale()
                return
            }
            _ = try? reader.read(file, page: 0)
        },
    ]

    /// One Tesseract per process, as each OCR helper has (loading the model takes 0.1 s).
    nonisolated(unsafe) private static let reader: PageReader? = try? PageReader(settings: OCRSettings(language: "eng"))
}
#endif
