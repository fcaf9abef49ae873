import Foundation
import SpeakImportOCR

/// Reads one page the way a careful person would run Tesseract: gray, at a resolution it
/// likes, turned upright, straightened, then recognized with automatic page segmentation.
public final class PageReader {
    /// Pages scanned below this resolution are scaled up to `workingResolution`.
    static let lowResolution = 200
    static let workingResolution = 300
    /// Orientation guesses below this confidence are ignored (tesseract-ocr/tesseract#4062).
    static let orientationConfidence: Float = 2

    private let engine: TesseractEngine
    private let orientation: TesseractEngine?

    /// `languages` in Tesseract's form ("eng+deu"). Orientation detection is skipped when the
    /// "osd" data is not installed.
    public init(languages: String) throws(OCRFailure) {
        engine = try TesseractEngine(languages: languages)
        orientation = try? TesseractEngine(languages: "osd")
    }

    public func read(_ file: ImageFile, page index: Int) throws(OCRFailure) -> OCRPage {
        var image = try file.page(index).grayscale()
        var resolution = image.resolution
        if resolution > 0, resolution < Self.lowResolution {
            image = image.scaled(by: min(4, Double(Self.workingResolution) / Double(resolution)))
            resolution = Self.workingResolution
        } else if resolution <= 0 {
            // No resolution recorded: screenshots and photos of a few hundred pixels hold small
            // text, which Tesseract reads better at twice the size.
            if max(image.width, image.height) < 1200 { image = image.scaled(by: 2) }
            resolution = Self.workingResolution
        }
        image.setResolution(resolution)
        let (straight, skew) = image.deskewed()
        straight.setResolution(resolution)
        let words = try engine.recognize(straight, resolution: resolution)
        // Most pages are upright, and a page read well needs no orientation check (0.2 s of OSD
        // per page); a page read poorly may be turned, so ask the "osd" engine and read it again.
        if Self.readsWell(words) { return OCRPage(index: index, width: straight.width, height: straight.height, skew: skew, words: words) }
        guard let orientation, let found = orientation.orientation(of: image), found.confidence >= Self.orientationConfidence,
              found.degrees % 360 != 0 else {
            return OCRPage(index: index, width: straight.width, height: straight.height, skew: skew, words: words)
        }
        let upright = image.rotated(quarters: (4 - found.degrees / 90) % 4)
        upright.setResolution(resolution)
        let (turned, turnedSkew) = upright.deskewed()
        turned.setResolution(resolution)
        let turnedWords = try engine.recognize(turned, resolution: resolution)
        return OCRPage(index: index, width: turned.width, height: turned.height, rotation: found.degrees, skew: turnedSkew,
                       words: turnedWords)
    }

    /// Enough words with letters, read with a mean confidence of 75 or more.
    static func readsWell(_ words: [OCRWord]) -> Bool {
        let lettered = words.filter { $0.text.contains(where: \.isLetter) }
        guard lettered.count >= 8 else { return false }
        return lettered.reduce(0) { $0 + $1.confidence } / Float(lettered.count) >= 75
    }
}
