import Foundation
import SpeakImport
import SpeakModel

/// Imports scanned pages and photos of text: PNG, JPEG, TIFF (every page), PNM, BMP, WebP and
/// GIF, recognized by Tesseract in helper processes (one per core for multi-page files).
public struct OCRImporter: Importer {
    public let format = DocumentFormat.image
    private let recognizer: any PageRecognizer

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
    /// the first page as soon as they are read, before the rest (so listening can start): the
    /// whole document's first words are the opening's.
    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler,
                               opening: @escaping @Sendable (Document) -> Void) throws -> Document {
        let name = source.name
        let pages = try recognizePages(source, options: options, progress: progress) { first in
            if let early = try? document([first], name: name, options: options) { opening(early) }
        }
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
        document.chapters = document.chapters.map { Chapter(title: trimmingMarks($0.title), firstWord: $0.firstWord) }
        return openingEnd.map { OpeningSeam.mended(document, at: $0) } ?? document
    }
}

extension OCRImporter {
    /// The recognized pages of an image, words with their boxes and confidences, for checking
    /// what OCR saw (`speak text IMG --boxes`).
    public func recognizePages(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler,
                               opening: (@Sendable (OCRPage) -> Void)? = nil) throws -> [OCRPage] {
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
            return try recognizer.recognize(file: file, name: name, settings: settings, opening: opening) { report.call($0) }
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
