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
        FuzzHarness("image", "the OCR helper's input path: Leptonica decodes the bytes and prepares the page; a small one goes through Tesseract",
                    maximumLength: 256 << 10, setUp: { reader == nil ? "Tesseract did not start (is tesseract-ocr-eng installed?)" : nil },
                    seeds: {
                        guard let folder = ProcessInfo.processInfo.environment["SPEAK_FUZZ_SEEDS"] else { return [] }
                        return PageImage.seeds(fromImagesIn: folder,
                                               pixelBounds: [NativeHarnesses.ocrPixels, NativeHarnesses.preparedPixels])
                    }) { data in
            let path = FuzzScratch.file("fuzz.img", data)
            guard let file = try? ImageFile(path: path) else { return }
            let pixels = file.width * file.height
            // Tesseract reads even a line of words in about 10 ms: a page of a few words keeps the
            // fuzzer at about a hundred inputs a second and still goes through every step of a
            // page's reading (layout, sizing, orientation, a second reading turned).
            if pixels <= Self.ocrPixels, let reader = Self.reader {
                _ = try? reader.read(file, page: 0)
            } else if pixels <= Self.preparedPixels, let page = try? PageReader.decode(file, page: 0) {
                _ = page.deskewed()
            } else {
                _ = try? file.page(0).grayscale()
            }
        },
    ]

    /// The largest page the image harness hands to Tesseract: a line or two of words.
    static let ocrPixels = 4_096
    /// The largest page it evens out and straightens (Leptonica only); larger ones are decoded.
    static let preparedPixels = 160_000

    /// One Tesseract per process, as each OCR helper has (loading the model takes 0.1 s).
    nonisolated(unsafe) private static let reader: PageReader? = try? PageReader(settings: OCRSettings(language: "eng"))
}
#endif
