import CLeptonica
import Foundation
import SpeakImportOCR

/// An image file opened for OCR: its format, size and page count are read from the header
/// first, so a huge image is refused before any pixels are decoded.
public struct ImageFile {
    public let path: String
    public let pageCount: Int
    public let width: Int
    public let height: Int
    private let isTIFF: Bool

    public init(path: String) throws(OCRFailure) {
        Self.silence()
        self.path = path
        var format: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, colormap: Int32 = 0
        guard pixReadHeader(path, &format, &w, &h, &bps, &spp, &colormap) == 0, w > 0, h > 0 else {
            throw OCRFailure(kind: .image, message: "it is not an image speak can read, or it is damaged")
        }
        width = Int(w)
        height = Int(h)
        guard width * height <= OCRLimits.maximumPixels else {
            throw OCRFailure(kind: .tooLarge, message: "image too large", width: width, height: height)
        }
        // L_FORMAT_IS_TIFF, a macro Swift cannot import; PNM and GIF sit between its values.
        isTIFF = [IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4, IFF_TIFF_LZW, IFF_TIFF_ZIP, IFF_TIFF_JPEG]
            .map { Int32($0) }.contains(format)
        var pages: Int32 = 1
        if isTIFF, let stream = fopen(path, "rb") {
            defer { fclose(stream) }
            if tiffGetCount(stream, &pages) != 0 { pages = 1 }
        }
        pageCount = Int(max(1, pages))
    }

    /// Decodes page `index` (0-based).
    public func page(_ index: Int) throws(OCRFailure) -> PageImage {
        let pix = isTIFF ? pixReadTiff(path, Int32(index)) : pixRead(path)
        guard let pix else { throw OCRFailure(kind: .image, message: "page \(index + 1) cannot be decoded; the file may be truncated") }
        let image = PageImage(pix)
        guard image.width * image.height <= OCRLimits.maximumPixels else {
            throw OCRFailure(kind: .tooLarge, message: "image too large", width: image.width, height: image.height)
        }
        return image
    }

    /// Leptonica reports problems on stderr; speak reports them itself.
    static func silence() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}

/// One decoded page, owned: the PIX is destroyed with the value.
public final class PageImage {
    let pix: UnsafeMutablePointer<PIX>

    init(_ pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// Horizontal resolution from the file, 0 when it has none.
    public var resolution: Int { Int(pixGetXRes(pix)) }

    public func setResolution(_ dpi: Int) {
        pixSetResolution(pix, Int32(dpi), Int32(dpi))
    }

    /// A copy with the colormap removed and color turned to gray (Tesseract thresholds gray
    /// itself; 1-bit pages stay as they are).
    public func grayscale() -> PageImage {
        if depth == 1, pixGetColormap(pix) == nil { return self }
        guard let gray = pixConvertTo8(pix, 0) else { return self }
        return PageImage(gray)
    }

    /// With an uneven background (shadows, a photo's light, text on tinted boxes) evened out
    /// to white, so Tesseract's one threshold for the page fits all of it. A page whose
    /// background is even stays as it is (evening it out darkens thin rules into the text
    /// of a table), and so do 1-bit pages.
    public func backgroundNormalized() -> PageImage {
        guard depth == 8, pixGetColormap(pix) == nil else { return self }
        var map: UnsafeMutablePointer<PIX>?
        // Leptonica's defaults for pixBackgroundNormSimple: 10×15 tiles, foreground under 60, 40 pixels a tile.
        guard pixGetBackgroundGrayMap(pix, nil, 10, 15, 60, 40, &map) == 0, let map else { return self }
        defer { var pointer: UnsafeMutablePointer<PIX>? = map; pixDestroy(&pointer) }
        guard let histogram = pixGetGrayHistogram(map, 1) else { return self }
        defer { var pointer: UnsafeMutablePointer<NUMA>? = histogram; numaDestroy(&pointer) }
        var dark: Float = 0, light: Float = 0
        numaHistogramGetValFromRank(histogram, 0.05, &dark)
        numaHistogramGetValFromRank(histogram, 0.95, &light)
        // Evened out with the map just measured, as pixBackgroundNormSimple would (target 200,
        // smoothing 2×1), without measuring it again.
        guard light - dark > Self.unevenBackground, !hasLightTextOnDarkBands(background: map, light: light),
              let inverse = pixGetInvBackgroundMap(map, 200, 2, 1) else { return self }
        defer { var pointer: UnsafeMutablePointer<PIX>? = inverse; pixDestroy(&pointer) }
        guard let normalized = pixApplyInvBackgroundGrayMap(pix, inverse, 10, 15) else { return self }
        pixCopyResolution(normalized, pix)
        return PageImage(normalized)
    }

    /// Light text on darker bands (a selected row, a coloured bar of a window): tiles of the
    /// background map well under the page's light level that hold pixels far lighter than it,
    /// on one tile in fifty or more. Evening such a page out made the band's text its
    /// background; a photo's shadow holds nothing lighter than its paper.
    private func hasLightTextOnDarkBands(background map: UnsafeMutablePointer<PIX>, light: Float) -> Bool {
        // Tiles of the map's size (10×15), each its brightest pixel.
        guard let brightest = pixScaleGrayMinMax(pix, 10, 15, Int32(L_CHOOSE_MAX)) else { return false }
        defer { var pointer: UnsafeMutablePointer<PIX>? = brightest; pixDestroy(&pointer) }
        let columns = min(pixGetWidth(map), pixGetWidth(brightest)), rows = min(pixGetHeight(map), pixGetHeight(brightest))
        guard columns > 0, rows > 0 else { return false }
        var banded = 0
        for y in 0..<rows {
            for x in 0..<columns {
                var tile: UInt32 = 0, top: UInt32 = 0
                pixGetPixel(map, x, y, &tile)
                pixGetPixel(brightest, x, y, &top)
                if Float(tile) < light - 40, Int(top) - Int(tile) > 70 { banded += 1 }
            }
        }
        return banded * 50 >= Int(columns) * Int(rows)
    }

    /// Gray levels between the darker and the lighter parts of a page's background (5th and
    /// 95th percentile) from which it is evened out.
    static let unevenBackground: Float = 30

    /// A copy of its own (Leptonica's reference counts are not atomic: two engines on two
    /// threads each get a copy).
    public func copy() -> PageImage {
        pixCopy(nil, pix).map(PageImage.init) ?? self
    }

    /// How many pixels of each row are dark (under half brightness), in each of `strips`
    /// side-by-side vertical strips of the page (the lines of two columns need not line up).
    public func darkPixelsPerRow(strips: Int) -> [[Int]] {
        guard strips > 0, let binary = pixConvertTo1(pix, 128) else { return [] }
        defer { var pointer: UnsafeMutablePointer<PIX>? = binary; pixDestroy(&pointer) }
        let width = pixGetWidth(binary), height = pixGetHeight(binary), step = max(1, width / Int32(strips))
        return stride(from: Int32(0), to: width, by: Int(step)).compactMap { left -> [Int]? in
            guard let box = boxCreate(left, 0, min(step, width - left), height) else { return nil }
            defer { var pointer: UnsafeMutablePointer<BOX>? = box; boxDestroy(&pointer) }
            guard let strip = pixClipRectangle(binary, box, nil) else { return nil }
            defer { var pointer: UnsafeMutablePointer<PIX>? = strip; pixDestroy(&pointer) }
            guard let counts = pixCountPixelsByRow(strip, nil) else { return nil }
            defer { var pointer: UnsafeMutablePointer<NUMA>? = counts; numaDestroy(&pointer) }
            return (0..<numaGetCount(counts)).map { row in
                var value: Int32 = 0
                numaGetIValue(counts, row, &value)
                return Int(value)
            }
        }
    }

    /// How many runs of dark pixels each row crosses: about two per letter on a line of text,
    /// one on a rule, few on large type. A measure of how much there is to read in the row
    /// that the weight of its ink is not (a heading, a rule or a logo is much ink and little text).
    public func strokesPerRow() -> [Int] {
        strokesPerRow(strips: 1).first ?? []
    }

    /// `strokesPerRow()` in each of `strips` vertical strips, cut as `darkPixelsPerRow(strips:)`
    /// cuts them; a run counts in the strip where it starts.
    public func strokesPerRow(strips: Int) -> [[Int]] {
        guard strips > 0, let binary = pixConvertTo1(pix, 128), let data = pixGetData(binary) else { return [] }
        defer { var pointer: UnsafeMutablePointer<PIX>? = binary; pixDestroy(&pointer) }
        let width = Int(pixGetWidth(binary)), height = Int(pixGetHeight(binary)), words = Int(pixGetWpl(binary))
        let step = max(1, width / strips), count = (width + step - 1) / step
        // Leptonica keeps 1-bit rows in 32-bit words, leftmost pixel in the highest bit; the
        // bits past the right edge are masked off.
        let spare = words * 32 - width
        let lastMask: UInt32 = spare == 0 ? .max : ~((1 << UInt32(spare)) - 1)
        var counts = [Int](repeating: 0, count: count * height)
        for y in 0..<height {
            let row = data + y * words
            var previous: UInt32 = 0
            for index in 0..<words {
                let word = index == words - 1 ? row[index] & lastMask : row[index]
                // A stroke starts at a dark pixel whose left neighbour is light.
                var starts = word & ~((word >> 1) | (previous << 31))
                previous = word & 1
                if count == 1 {
                    counts[y] += starts.nonzeroBitCount
                    continue
                }
                while starts != 0 {
                    let bit = starts.leadingZeroBitCount
                    counts[min(count - 1, (index * 32 + bit) / step) * height + y] += 1
                    starts &= ~(UInt32(1) << UInt32(31 - bit))
                }
            }
        }
        return (0..<count).map { Array(counts[($0 * height)..<(($0 + 1) * height)]) }
    }

    /// How many pixels of each column are dark, counting rows `rows` only.
    public func darkPixelsPerColumn(rows: Range<Int>) -> [Int] {
        guard !rows.isEmpty, let box = boxCreate(0, Int32(rows.lowerBound), pixGetWidth(pix), Int32(rows.count)) else { return [] }
        defer { var pointer: UnsafeMutablePointer<BOX>? = box; boxDestroy(&pointer) }
        guard let band = pixClipRectangle(pix, box, nil) else { return [] }
        defer { var pointer: UnsafeMutablePointer<PIX>? = band; pixDestroy(&pointer) }
        guard let binary = pixConvertTo1(band, 128) else { return [] }
        defer { var pointer: UnsafeMutablePointer<PIX>? = binary; pixDestroy(&pointer) }
        guard let counts = pixCountPixelsByColumn(binary) else { return [] }
        defer { var pointer: UnsafeMutablePointer<NUMA>? = counts; numaDestroy(&pointer) }
        return (0..<numaGetCount(counts)).map { column in
            var value: Int32 = 0
            numaGetIValue(counts, column, &value)
            return Int(value)
        }
    }

    /// Scaled by `factor` with smoothing (gray) or area mapping.
    public func scaled(by factor: Double) -> PageImage {
        guard factor != 1, let scaled = pixScale(pix, Float(factor), Float(factor)) else { return self }
        return PageImage(scaled)
    }

    /// Turned by `quarters` quarter turns clockwise.
    public func rotated(quarters: Int) -> PageImage {
        guard quarters % 4 != 0, let rotated = pixRotateOrth(pix, Int32(quarters % 4)) else { return self }
        return PageImage(rotated)
    }

    /// Straightened when Leptonica is confident about the skew; the angle in degrees.
    public func deskewed() -> (PageImage, Double) {
        var angle: Float = 0, confidence: Float = 0
        guard let straight = pixFindSkewAndDeskew(pix, 0, &angle, &confidence) else { return (self, 0) }
        let image = PageImage(straight)
        return confidence >= 3 && abs(angle) >= 0.1 ? (image, Double(angle)) : (image, 0)
    }
}
