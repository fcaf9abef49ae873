import Foundation
import SpeakImport
import SpeakModel

/// Imports scanned pages and photos of text: PNG, JPEG, TIFF (every page), PNM, BMP, WebP and
/// GIF, recognized by Tesseract in helper processes (one per core for multi-page files).
public struct OCRImporter: RecognizingImporter {
    public let format = DocumentFormat.image
    private let recognizer: any PageRecognizer

    /// The image formats Leptonica reads here, by their magic bytes; JPEG 2000 is recognized
    /// to be refused by name.
    public static let signatures = [
        FormatSignature(name: "PNG image", marks: [.prefix([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])], extensions: ["png"]),
        FormatSignature(name: "JPEG image", marks: [.prefix([0xFF, 0xD8, 0xFF])], extensions: ["jpg", "jpeg"]),
        FormatSignature(name: "GIF image", marks: [.prefix(Array("GIF87a".utf8)), .prefix(Array("GIF89a".utf8))], extensions: ["gif"]),
        FormatSignature(name: "TIFF image", marks: [.prefix([0x49, 0x49, 0x2A, 0x00]), .prefix([0x4D, 0x4D, 0x00, 0x2A])], extensions: ["tif", "tiff"]),
        FormatSignature(name: "BMP image", marks: [.head { h in h.starts(with: "BM".utf8) && h.count > 14 && h[6] == 0 && h[7] == 0 && h[8] == 0 && h[9] == 0 }],
                        extensions: ["bmp"]),
        FormatSignature(name: "WebP image", marks: [.head { h in h.starts(with: "RIFF".utf8) && h.count >= 12 && Array(h[8..<12]) == Array("WEBP".utf8) }],
                        extensions: ["webp"]),
        FormatSignature(name: "PNM image", marks: [.head(isPNMHeader)], extensions: ["pnm", "pbm", "pgm", "ppm"]),
        FormatSignature(name: "JPEG 2000 image", marks: [.prefix([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20])], extensions: ["jp2"],
                        refusal: "JPEG 2000 images cannot be read by OCR here; convert it to PNG or TIFF first"),
    ]

    public init(settings: ImporterSettings) {
        self.init()
    }

    /// "P1"…"P6", whitespace, then a width (digits) or a comment.
    private static func isPNMHeader(_ h: [UInt8]) -> Bool {
        let space: [UInt8] = [0x0A, 0x0D, 0x20, 0x09]
        guard h.count >= 4, h[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(h[1]) else { return false }
        var i = 2
        guard space.contains(h[i]) else { return false }
        while i < h.count, space.contains(h[i]) { i += 1 }
        guard i < h.count else { return false }
        if h[i] == UInt8(ascii: "#") { return true }
        var digits = 0
        while i < h.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(h[i]) {
            digits += 1
            i += 1
        }
        return digits > 0 && i < h.count && space.contains(h[i])
    }

    /// `recognizer` nil: the `speak-ocr` helpers next to the running executable.
    public init(recognizer: (any PageRecognizer)? = nil) {
        self.recognizer = recognizer ?? OCRWorkerPool(executable: Self.helperPath())
    }

    /// `$SPEAK_OCR_HELPER`, or `speak-ocr` in the directory of the running executable.
    public static func helperPath() -> String {
        HelperProcess.path("speak-ocr", overriddenBy: "SPEAK_OCR_HELPER")
    }

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler) throws -> Document {
        let name = source.name
        let pages = try recognizePages(source, options: options, progress: progress)
        return try document(pages, name: name, options: options)
    }

    /// Imports like `importDocument`, and hands `opening` the document of the first lines of
    /// the first page as soon as they are read, before the rest (so listening can start), then
    /// of the first pages each time more of them are read: the whole document's first words
    /// are each opening's.
    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler,
                               opening: @escaping @Sendable (Document) -> Void) throws -> Document {
        let name = source.name
        let pages = try recognizePages(source, options: options, progress: progress, opening: { first in
            if let early = try? document([first], name: name, options: options) { opening(early) }
        }, pages: { first in
            if let early = try? document(first, name: name, options: options) { opening(early.settledBeginning) }
        })
        return try document(pages, name: name, options: options)
    }

    private func document(_ pages: [OCRPage], name: String, options: ImportOptions) throws -> Document {
        let codes = OCRLanguage.tesseractCodes(options.language)
        var builder = DocumentBuilder()
        let openingEnd = OCRAssembler.append(pages, to: &builder).openingEnd
        guard builder.wordCount > 0 else { throw OCRError.noTextFound(name) }
        builder.chaptersFromHeadings()
        var metadata = DocumentMetadata(title: options.title ?? contentTitle(builder.blocks), language: OCRLanguage.documentLanguage(codes),
                                        source: name, format: .image, contentHash: "")
        metadata.pageCount = pages.count
        var document = builder.build(metadata: metadata)
        document.chapters = document.chapters.map { Chapter(title: trimmingMarks($0.title), firstWord: $0.firstWord, level: $0.level) }
        return openingEnd.map { OpeningSeam.mended(document, at: $0) } ?? document
    }
}

extension OCRImporter {
    /// The recognized pages of an image, words with their boxes and confidences, for checking
    /// what OCR saw (`speak text IMG --boxes`).
    /// `opening` and `pages` get what is read ahead (`PageRecognizer`).
    public func recognizePages(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler,
                               opening: (@Sendable (OCRPage) -> Void)? = nil,
                               pages: (@Sendable ([OCRPage]) -> Void)? = nil) throws -> [OCRPage] {
        let name = source.name
        let codes = OCRLanguage.tesseractCodes(options.language)
        try OCRLanguage.validate(codes)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("speak-ocr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        let file = try source.file(orCopyAt: copy)
        _ = consume source
        return try withoutActuallyEscaping(progress) { progress in
            let report = SerializedProgress(progress)
            let settings = OCRSettings(language: codes.joined(separator: "+"), resolution: options.resolution,
                                       pageSegmentation: options.pageSegmentation)
            return try recognizer.recognize(file: file, name: name, settings: settings, opening: opening, pages: pages) { report.call($0) }
        }
    }
}

/// The first block when it is a heading, without the specks OCR leaves at its ends.
/// The first heading read, else a first line that stands alone like a title (short, no full
/// stop, more text after it), as for plain text.
private func contentTitle(_ blocks: [Block]) -> String {
    let spoken = blocks.filter(\.isSpoken)
    guard let first = spoken.first else { return "" }
    if first.kind.headingLevel != nil { return trimmingMarks(first.text) }
    let text = first.text
    guard spoken.count > 1, first.kind == .paragraph, text.count <= 100, text.split(separator: " ").count <= 14,
          text.first?.isUppercase == true, let last = text.last, !".,;:".contains(last) else { return "" }
    return trimmingMarks(text)
}

private func trimmingMarks(_ text: String) -> String {
    let isMark: (Character) -> Bool = { !($0.isLetter || $0.isNumber) }
    let trimmed = String(text.drop(while: isMark).reversed().drop(while: isMark).reversed())
    return trimmed.isEmpty ? text : trimmed
}

/// Calls the progress handler from the helpers' threads one at a time.
private final class SerializedProgress: @unchecked Sendable {
    private let handler: ProgressHandler
    private let lock = NSLock()
    init(_ handler: @escaping ProgressHandler) { self.handler = handler }
    func call(_ fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        handler(fraction)
    }
}
