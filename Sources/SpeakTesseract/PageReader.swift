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
        var rotation = 0
        if let orientation, let found = orientation.orientation(of: image), found.confidence >= Self.orientationConfidence,
           found.degrees % 360 != 0 {
            rotation = found.degrees
            image = image.rotated(quarters: (4 - found.degrees / 90) % 4)
            image.setResolution(resolution)
        }
        let (straight, skew) = image.deskewed()
        straight.setResolution(resolution)
        let words = try engine.recognize(straight, resolution: resolution)
        return OCRPage(index: index, width: straight.width, height: straight.height, rotation: rotation, skew: skew, words: words)
    }
}
