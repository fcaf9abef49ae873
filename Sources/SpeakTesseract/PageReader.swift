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
    private let orientation: TesseractEngine?
    private let settings: OCRSettings

    /// Orientation detection is skipped when the "osd" data is not installed.
    public init(settings: OCRSettings) throws(OCRFailure) {
        self.settings = settings
        engine = try TesseractEngine(languages: settings.language, pageSegmentation: settings.pageSegmentation ?? 3)
        orientation = try? TesseractEngine(languages: "osd")
    }

    public func read(_ file: ImageFile, page index: Int) throws(OCRFailure) -> OCRPage {
        var image = try file.page(index).grayscale()
        let (scale, resolution) = sizing(image)
        image = image.scaled(by: scale)
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

    /// How much to scale the page, and the resolution to tell Tesseract afterwards.
    ///
    /// Images often record a resolution that is not theirs (96 dpi on a 2,000-pixel page, which
    /// would be 21 inches wide), and a wrong one misleads Tesseract's layout analysis (rules,
    /// columns and noise are measured in inches) and made speak scale pages up threefold.
    /// A resolution is believed only when the page it implies is a plausible size; otherwise
    /// the size of the text decides, from a quick layout pass.
    func sizing(_ image: PageImage) -> (scale: Double, resolution: Int) {
        let recorded = settings.resolution ?? image.resolution
        if settings.resolution != nil || Self.isBelievable(recorded, width: image.width, height: image.height) {
            guard recorded < Self.lowResolution else { return (1, recorded) }
            return (min(4, Double(Self.workingResolution) / Double(recorded)), Self.workingResolution)
        }
        let heights = engine.lineHeights(of: image, resolution: Self.workingResolution).filter { $0 > 2 }.sorted()
        guard !heights.isEmpty else { return (1, Self.workingResolution) }
        let line = heights[heights.count / 2]
        if line < Self.smallLine { return (min(4, Self.comfortableLine / Double(line)), Self.workingResolution) }
        if line > Self.largeLine { return (Self.comfortableLine * 1.5 / Double(line), Self.workingResolution) }
        return (1, Self.workingResolution)
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
