import Foundation
import SpeakImportOCR

/// Reads one page the way a careful person would run Tesseract: gray, with its text at a size
/// Tesseract reads well, turned upright, straightened, then recognized with automatic page
/// segmentation.
public final class PageReader {
    /// Tesseract's layout analysis is tuned for pages scanned at about this resolution.
    static let workingResolution = 300
    /// Recorded resolutions from here up to 1,200 dpi are believed when the page they imply
    /// is a plausible size; below `lowResolution` the page is scaled up to `workingResolution`.
    static let lowestBelievable = 150
    static let lowResolution = 200
    /// The largest page believed (inches, short and long side): A3 and tabloid fit.
    static let largestPage = (12.5, 18.0)
    /// Text lines (ascender to descender) shorter than this many pixels are too small for
    /// Tesseract and are scaled up to `comfortableLine`; lines taller than `largeLine` are scaled
    /// down to it, which reads as well and faster.
    static let smallLine: Int32 = 20
    static let comfortableLine = 32.0
    static let largeLine: Int32 = 120
    /// Orientation guesses below this confidence are ignored (tesseract-ocr/tesseract#4062).
    static let orientationConfidence: Float = 2

    private let engine: TesseractEngine
    private let settings: OCRSettings
    /// Started on the first page that reads poorly: most pages never need it, and starting it
    /// delays the first words of `speak play page.png`. Nil when the "osd" data is not installed.
    private lazy var orientation: TesseractEngine? = try? TesseractEngine(languages: "osd")

    public init(settings: OCRSettings) throws(OCRFailure) {
        self.settings = settings
        engine = try TesseractEngine(languages: settings.language, pageSegmentation: settings.pageSegmentation ?? 3)
    }

    public func read(_ file: ImageFile, page index: Int) throws(OCRFailure) -> OCRPage {
        let gray = try file.page(index).grayscale()
        var (image, resolution) = (gray, Self.workingResolution)
        let straight: PageImage, skew: Double, words: [OCRWord]
        if let recorded = believedResolution(gray) {
            if recorded < Self.lowResolution {
                image = gray.scaled(by: min(4, Double(Self.workingResolution) / Double(recorded)))
            } else {
                resolution = recorded
            }
            image.setResolution(resolution)
            (straight, skew) = image.deskewed()
            straight.setResolution(resolution)
            words = try engine.recognize(straight, resolution: resolution)
        } else {
            // The resolution is unknown: the size of the text decides, from a layout pass that
            // recognition reuses when the page needs no scaling.
            gray.setResolution(resolution)
            let (upright, angle) = gray.deskewed()
            upright.setResolution(resolution)
            let scale = Self.scale(forLineHeights: engine.analyse(upright, resolution: resolution))
            if scale == 1 {
                (straight, skew) = (upright, angle)
                words = try engine.recognizeAnalysed()
            } else {
                engine.clear()
                image = gray.scaled(by: scale)
                (straight, skew) = (upright.scaled(by: scale), angle)
                straight.setResolution(resolution)
                words = try engine.recognize(straight, resolution: resolution)
            }
        }
        // Most pages are upright, and a page read well needs no orientation check (0.2 s of OSD
        // per page); a page read poorly may be turned, so ask the "osd" engine and read it again.
        if Self.readsWell(words) { return OCRPage(index: index, width: straight.width, height: straight.height, skew: skew, words: words) }
        image.setResolution(resolution)
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

    /// The resolution to believe: the user's, or the image's when the page it implies is a
    /// plausible size. Images often record one that is not theirs (96 dpi on a 2,000-pixel
    /// page, which would be 21 inches wide); a wrong one misleads Tesseract's layout analysis
    /// (rules, columns and noise are measured in inches) and made speak scale pages up threefold.
    func believedResolution(_ image: PageImage) -> Int? {
        if let forced = settings.resolution { return forced }
        return Self.isBelievable(image.resolution, width: image.width, height: image.height) ? image.resolution : nil
    }

    /// How much to scale a page whose text lines are `heights` pixels tall: up when the text
    /// is too small for Tesseract, down when it is much larger than it needs.
    static func scale(forLineHeights heights: [Int32]) -> Double {
        let sorted = heights.filter { $0 > 2 }.sorted()
        guard !sorted.isEmpty else { return 1 }
        let line = sorted[sorted.count / 2]
        if line < smallLine { return min(4, comfortableLine / Double(line)) }
        if line > largeLine { return comfortableLine * 1.5 / Double(line) }
        return 1
    }

    /// A recorded resolution that makes the image a page no larger than A3.
    static func isBelievable(_ resolution: Int, width: Int, height: Int) -> Bool {
        guard (lowestBelievable...1200).contains(resolution) else { return false }
        let sides = [Double(width), Double(height)].map { $0 / Double(resolution) }.sorted()
        return sides[0] <= largestPage.0 && sides[1] <= largestPage.1
    }

    /// Enough words with letters, read with a mean confidence of 75 or more.
    static func readsWell(_ words: [OCRWord]) -> Bool {
        let lettered = words.filter { $0.text.contains(where: \.isLetter) }
        guard lettered.count >= 8 else { return false }
        return lettered.reduce(0) { $0 + $1.confidence } / Float(lettered.count) >= 75
    }
}
