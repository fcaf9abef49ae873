#if DEBUG || SPEAK_FUZZ
import CLeptonica
import Foundation

/// What the image fuzzer starts from: small pieces of real pages, written in every format a
/// user's scan may come in. Mutations of a PNG mostly break its checksums and stop in libpng;
/// the uncompressed formats here (PNM, BMP, plain TIFF) still decode when mutated, so the
/// fuzzer's inputs reach Tesseract and the code around it.
extension PageImage {
    /// The formats the seeds are written in (Leptonica's IFF_ values).
    static let seedFormats: [Int32] = [IFF_PNM, IFF_BMP, IFF_PNG, IFF_TIFF, IFF_TIFF_G4, IFF_JFIF_JPEG, IFF_GIF].map { Int32($0) }

    /// The rectangle `x, y, width, height` of the page, clamped to it; nil when nothing is left.
    func clipped(x: Int, y: Int, width: Int, height: Int) -> PageImage? {
        guard let box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height)) else { return nil }
        defer { var pointer: UnsafeMutablePointer<BOX>? = box; boxDestroy(&pointer) }
        return pixClipRectangle(pix, box, nil).map(PageImage.init)
    }

    /// The page encoded as `format`, or nil when Leptonica cannot write it (G4 wants 1 bit).
    func encoded(_ format: Int32) -> Data? {
        var source = pix
        var binary: UnsafeMutablePointer<PIX>?
        defer { pixDestroy(&binary) }
        if format == Int32(IFF_TIFF_G4), pixGetDepth(pix) != 1 {
            binary = pixConvertTo1(pix, 128)
            guard let binary else { return nil }
            source = binary
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&bytes, &size, source, format) == 0, let bytes else { return nil }
        defer { speak_lept_free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// Seeds cut from the image files in `folder`: from each page that decodes, a piece from
    /// near its top left (where text starts), one from its middle, and the whole page scaled
    /// down, each at most the size of one of `pixelBounds`, in every format of `seedFormats`.
    /// Each page is decoded once, however many bounds there are.
    static func seeds(fromImagesIn folder: String, pixelBounds: [Int]) -> [Data] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var seeds: [Data] = []
        for name in names where !name.hasPrefix("seed-") {
            guard let file = try? ImageFile(path: (folder as NSString).appendingPathComponent(name)),
                  let page = try? file.page(0).grayscale() else { continue }
            for pixels in pixelBounds {
                seeds += page.seedPieces(pixels: pixels).flatMap { piece in seedFormats.compactMap { piece.encoded($0) } }
            }
        }
        return seeds
    }

    /// The three pieces of this page that `seeds` writes for the bound `pixels`.
    private func seedPieces(pixels: Int) -> [PageImage] {
        let side = Int(Double(pixels).squareRoot())
        let pieces = [
            clipped(x: width / 10, y: height / 10, width: side * 2, height: side / 2),
            clipped(x: width / 3, y: height / 2, width: side, height: side),
            // Leptonica rounds the scaled sides up.
            scaled(by: min(1, 0.98 * (Double(pixels) / Double(max(1, width * height))).squareRoot())),
        ]
        return pieces.compactMap { $0 }.filter { $0.width * $0.height <= pixels }
    }
}
#endif
