import Foundation
import SpeakImportOCR
import SpeakTesseract
import Testing

/// Part of a page read on its own (the first lines of `speak play page.png`) reads as the same
/// part of the whole page does, whatever its rectangle: Tesseract 5.3 read a rectangle as wide
/// as the image (a block whose lines reach both edges) from the wrong rows.
@Suite struct TesseractRectangleTests {
    private func words(_ read: [OCRWord]) -> Set<String> {
        Set(read.map { $0.text.lowercased().filter(\.isLetter) }.filter { $0.count >= 4 })
    }

    @Test func aRectangleAsWideAsThePageReadsItsOwnLines() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/scan.png").standardized
        let image = try PageReader.decode(ImageFile(path: sample.path), page: 0)
        let engine = try TesseractEngine(languages: "eng")
        let width = Int32(image.width), half = Int32(image.height / 2)
        let whole = try engine.recognize(image, resolution: 300)
        let expected = words(whole.filter { $0.box.count == 4 && $0.box[3] < half - 10 })
        #expect(expected.count >= 20)
        for box: [Int32] in [[0, 0, width, half], [0, 40, width, half], [0, 0, width + 8, half]] {
            let read = words(try engine.recognize(image, resolution: 300, inside: box))
            #expect(Double(read.intersection(expected).count) >= Double(expected.count) * 0.9, "\(box): \(read.sorted().prefix(12))")
        }
    }
}
