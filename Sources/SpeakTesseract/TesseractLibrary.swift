import CLeptonica
import CTesseract
import SpeakImportOCR

/// Facts about the linked Tesseract and Leptonica libraries, used by the OCR importer.
public enum TesseractLibrary {
    /// Tesseract's runtime version ("5.3.0").
    public static var version: String {
        guard let cString = TessVersion() else { return "unknown" }
        return String(cString: cString)
    }

    /// Leptonica's runtime version ("1.82.0"), without the "leptonica-" prefix.
    public static var leptonicaVersion: String {
        guard let cString = getLeptonicaVersion() else { return "unknown" }
        defer { speak_lept_free(cString) }
        let full = String(cString: cString)
        return full.hasPrefix("leptonica-") ? String(full.dropFirst("leptonica-".count)) : full
    }
}

/// A text line found by layout analysis.
public struct LayoutLine: Sendable, Equatable {
    /// The index of its block on the page.
    public var block: Int
    public var region: OCRRegion
    /// Left, top, right, bottom in pixels.
    public var box: [Int32]
}

/// One Tesseract instance. Not thread-safe: one per thread (speak uses one per process).
public final class TesseractEngine {
    private let api: OpaquePointer

    /// Starts Tesseract with `languages` ("eng+deu", or "osd" for orientation detection),
    /// with its diagnostics sent nowhere.
    /// `pageSegmentation` is Tesseract's page segmentation mode (3: automatic, as its command).
    public init(languages: String, dataPath: String? = nil, pageSegmentation: Int = 3) throws(OCRFailure) {
        guard let api = TessBaseAPICreate() else { throw OCRFailure(kind: .engine, message: "Tesseract could not start") }
        self.api = api
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        let mode = languages == "osd" ? OEM_DEFAULT : OEM_LSTM_ONLY
        guard TessBaseAPIInit2(api, dataPath, languages, mode) == 0 else {
            TessBaseAPIDelete(api)
            throw OCRFailure(kind: .language, message: "Tesseract has no data for '\(languages)'")
        }
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(clamping: pageSegmentation)))
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Sets a Tesseract parameter; false when it has no such parameter.
    @discardableResult
    public func set(_ name: String, _ value: String) -> Bool {
        TessBaseAPISetVariable(api, name, value) != 0
    }

    /// The page's clockwise rotation (0, 90, 180, 270) and the detector's confidence; needs an
    /// engine started with "osd". Nil when the page has too little text to tell.
    public func orientation(of image: PageImage) -> (degrees: Int, confidence: Float)? {
        TessBaseAPISetImage2(api, image.pix)
        defer { TessBaseAPIClear(api) }
        var degrees: Int32 = 0, confidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>?
        // `script` points into a static table: never freed.
        guard TessBaseAPIDetectOrientationScript(api, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        return (Int(degrees), confidence)
    }

    /// Lays out the page without recognizing it (a tenth to a third of a second on a letter
    /// page): its text lines with their blocks, for judging the size of its text and choosing
    /// what to read first. The layout is kept: `recognizeAnalysed()` reads the page with it,
    /// `clear()` drops it.
    public func analyse(_ image: PageImage, resolution: Int) -> [LayoutLine] {
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        guard let iterator = TessBaseAPIAnalyseLayout(api) else { return [] }
        defer { TessPageIteratorDelete(iterator) }
        var lines: [LayoutLine] = []
        var block = -1
        var region = OCRRegion.text
        repeat {
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_BLOCK) != 0 || block < 0 {
                block += 1
                region = Self.region(TessPageIteratorBlockType(iterator))
            }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(iterator, RIL_TEXTLINE, &left, &top, &right, &bottom) != 0 else { continue }
            lines.append(LayoutLine(block: block, region: region, box: [left, top, right, bottom]))
        } while TessPageIteratorNext(iterator, RIL_TEXTLINE) != 0
        return lines
    }

    /// Recognizes the part of a page inside `box` (left, top, right, bottom), laid out on its
    /// own; word boxes are in page coordinates.
    public func recognize(_ image: PageImage, resolution: Int, inside box: [Int32]) throws(OCRFailure) -> [OCRWord] {
        let width = Int32(image.width), height = Int32(image.height)
        let left = max(0, box[0]), top = max(0, box[1]), bottom = min(height, box[3])
        var right = min(width, box[2])
        // Tesseract 5.3 reads a rectangle as wide as the image but not as high from the wrong
        // rows (garbage, at the right places); one pixel less wide reads right.
        if left == 0, right == width, top > 0 || bottom < height { right -= 1 }
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        TessBaseAPISetRectangle(api, left, top, max(1, right - left), max(1, bottom - top))
        return try recognizeAnalysed()
    }

    /// Forgets the page given to `analyse`.
    public func clear() {
        TessBaseAPIClear(api)
    }

    /// Recognizes a page; words in reading order.
    public func recognize(_ image: PageImage, resolution: Int) throws(OCRFailure) -> [OCRWord] {
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        return try recognizeAnalysed()
    }

    /// Recognizes the page given to `analyse`, with the layout found there (Tesseract lays a
    /// page out only once).
    public func recognizeAnalysed() throws(OCRFailure) -> [OCRWord] {
        defer { TessBaseAPIClear(api) }
        guard TessBaseAPIRecognize(api, nil) == 0 else { throw OCRFailure(kind: .engine, message: "Tesseract could not recognize the page") }
        guard let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let pageIterator = TessResultIteratorGetPageIterator(iterator)
        var words: [OCRWord] = []
        var region = OCRRegion.text
        repeat {
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_BLOCK) != 0 { region = Self.region(TessPageIteratorBlockType(pageIterator)) }
            guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            defer { TessDeleteText(cText) }
            var starts: LayoutStart = []
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_BLOCK) != 0 { starts.insert(.block) }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_PARA) != 0 { starts.insert(.paragraph) }
            if TessPageIteratorIsAtBeginningOf(pageIterator, RIL_TEXTLINE) != 0 { starts.insert(.line) }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            _ = TessPageIteratorBoundingBox(pageIterator, RIL_WORD, &left, &top, &right, &bottom)
            words.append(OCRWord(text: String(cString: cText), confidence: TessResultIteratorConfidence(iterator, RIL_WORD),
                                 box: [left, top, right, bottom], starts: starts, region: region))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return words
    }

    private static func region(_ type: TessPolyBlockType) -> OCRRegion {
        switch type {
        case PT_HEADING_TEXT: .heading
        case PT_CAPTION_TEXT: .caption
        case PT_TABLE: .table
        case PT_EQUATION, PT_INLINE_EQUATION: .equation
        case PT_VERTICAL_TEXT: .vertical
        case PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE: .image
        case PT_HORZ_LINE, PT_VERT_LINE: .rule
        case PT_NOISE: .noise
        default: .text
        }
    }
}
