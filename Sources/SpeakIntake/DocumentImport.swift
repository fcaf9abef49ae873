import Foundation
import SpeakArchive
import SpeakESpeak
import SpeakImport
import SpeakImportEPUB
import SpeakImportHTML
import SpeakImportOCR
import SpeakImportOffice
import SpeakImportPDF
import SpeakImportText
import SpeakModel
import SpeakSpeech

/// What the user asked for when importing.
public struct ImportRequest: Sendable {
    public var title: String?
    public var language: String?
    /// Import a copy even when the same content is already in the library.
    public var force: Bool
    /// The format to read the input as; nil decides by content.
    public var format: DocumentFormat?
    /// The library folder to put the document in ("Papers/2026"), created if missing; nil: the top level.
    public var folder: String?
    /// The password of an encrypted PDF.
    public var password: String?
    /// When PDF pages are read by OCR.
    public var ocr: OCRMode
    /// The real resolution of scanned images (`--dpi`), when they are wrong about it.
    public var resolution: Int?
    /// Tesseract's page segmentation mode for pages read by OCR (`--psm`).
    public var pageSegmentation: Int?
    /// Guess the language from the text when nothing else says it. Stored documents and speech
    /// need it; a dump of the text as written (`speak text FILE`) does not, and skips its cost.
    public var detectsLanguage = true

    public init(title: String? = nil, language: String? = nil, force: Bool = false, format: DocumentFormat? = nil,
                folder: String? = nil, password: String? = nil, ocr: OCRMode = .auto, resolution: Int? = nil,
                pageSegmentation: Int? = nil) {
        self.resolution = resolution
        self.pageSegmentation = pageSegmentation
        self.title = title
        self.language = language
        self.force = force
        self.format = format
        self.folder = folder
        self.password = password
        self.ocr = ocr
    }
}

/// Picks the importer for some bytes by their content and completes the metadata: the one
/// way in for every format, whoever imports (the library, `speak text`, a worker, a book part).
public enum DocumentImport {
    /// File name extensions of plain text (and none).
    public static let textExtensions: Set<String> = ["txt", "text", "md", "markdown", "mdown", "mkd", ""]

    /// Imports `source` as `request` asks: the importer its content calls for, and the metadata
    /// an importer leaves to its caller (hash, source, import date, title, language).
    public static func run(_ source: consuming ImportSource, request: ImportRequest, hash: String? = nil,
                    progress: ProgressHandler) throws -> Document {
        let importer = try importer(for: source, format: request.format, password: request.password, ocr: request.ocr)
        // Text and web pages are read in the language named: one no voice speaks is a mistake
        // (images and PDFs take OCR language codes, checked by the OCR helper).
        if let language = request.language, importer is PlainTextImporter || importer is HTMLImporter {
            try checkLanguage(language)
        }
        let (name, stem, isPath) = (source.name, source.stem, source.nameIsPath)
        var document = try importer.importDocument(consume source, options: options(request), progress: progress)
        // What a page or a book says of its language is often a template's default; what the
        // user says (--lang) and the language an OCR model read are not second-guessed.
        if request.detectsLanguage, request.language == nil, !(importer is OCRImporter), let declared = document.metadata.language,
           let found = LanguageGuess.overruling(declared, paragraphs: document.blocks.lazy.filter(\.isSpoken).prefix(60).map(\.text)) {
            document.metadata.language = found
        }
        return completed(document, name: name, isPath: isPath, stem: stem, hash: hash, detectsLanguage: request.detectsLanguage)
    }

    /// Whether `source` may be read by OCR and played while it is read: an image, or a PDF
    /// (whose first page may be a scan; a PDF with a text layer simply sends no opening).
    public static func isScan(_ source: ImportSource, request: ImportRequest) -> Bool {
        let importer = try? importer(for: source, format: request.format, password: request.password, ocr: request.ocr)
        return importer is OCRImporter || importer is PDFImporter && request.ocr != .never
    }

    /// Imports an image or a PDF, handing `opening` the document of the first lines of its
    /// first page read by OCR as soon as they are read (see `OCRImporter`, `PDFImporter`).
    public static func runScan(_ source: consuming ImportSource, request: ImportRequest, hash: String, progress: ProgressHandler,
                        opening: @escaping @Sendable (Document) -> Void) throws -> Document {
        let (name, stem, isPath) = (source.name, source.stem, source.nameIsPath)
        let detects = request.detectsLanguage
        let early: @Sendable (Document) -> Void = {
            opening(completed($0, name: name, isPath: isPath, stem: stem, hash: nil, detectsLanguage: detects))
        }
        let importer = try importer(for: source, format: request.format, password: request.password, ocr: request.ocr)
        let document = if let pdf = importer as? PDFImporter {
            try pdf.importDocument(consume source, options: options(request), progress: progress, opening: early)
        } else {
            try OCRImporter().importDocument(consume source, options: options(request), progress: progress, opening: early)
        }
        return completed(document, name: name, isPath: isPath, stem: stem, hash: hash, detectsLanguage: request.detectsLanguage)
    }

    /// What an importer is told of the request.
    public static func options(_ request: ImportRequest) -> ImportOptions {
        ImportOptions(title: request.title, language: request.language, resolution: request.resolution,
                      pageSegmentation: request.pageSegmentation)
    }

    /// The metadata an importer leaves to its caller: the hash, source, import date and a title.
    private static func completed(_ imported: Document, name: String, isPath: Bool, stem: String?, hash: String?,
                                  detectsLanguage: Bool) -> Document {
        var document = imported
        // Only stored documents need the hash (duplicate detection); imports pass it in.
        document.metadata.contentHash = hash ?? ""
        document.metadata.source = name == "-" ? "stdin"
            : !isPath || InputReference(argument: name).isURL ? name : URL(fileURLWithPath: name).standardizedFileURL.path
        document.metadata.imported = Date()
        if document.metadata.title.isEmpty { document.metadata.title = fallbackTitle(stem, document) }
        // Hints win (<html lang>, PDF metadata, --lang, the OCR language); else the text says.
        if detectsLanguage, document.metadata.language == nil { document.metadata.language = detectedLanguage(document) }
        return document
    }

    /// Throws when no eSpeak-NG voice speaks `language` ("en", "de-AT", "fra").
    public static func checkLanguage(_ language: String) throws(SpeechOptionError) {
        let code = Languages.iso1(language)
        let known = ESpeakVoices.all().contains { voice in voice.languages.contains { Languages.iso1($0) == code } }
        if !known { throw .unknownLanguage(language) }
    }

    /// The language most of the first paragraphs read aloud are in, when CLD2 is sure of it.
    public static func detectedLanguage(_ document: Document) -> String? {
        LanguageGuess.document(paragraphs: document.blocks.lazy.filter(\.isSpoken).prefix(60).map(\.text))
    }

    /// The importers that say what they read (`RecognizingImporter`), asked in this order; text
    /// and web pages are what is left. A new format is a new target and one line here.
    public static let recognizing: [any RecognizingImporter.Type] = [
        PDFImporter.self,
        OCRImporter.self,
        EPUBImporter.self,
        DOCXImporter.self,
        ODTImporter.self,
    ]

    /// The importer that recognizes `source`, and what it recognized: by the first kilobyte,
    /// then (a ZIP archive) by the archive's entries and `mimetype`.
    public static func recognized(_ source: ImportSource) throws(ImportError) -> (importer: any RecognizingImporter.Type, signature: FormatSignature)? {
        let head = [UInt8](source.data.prefix(1024))
        for importer in recognizing {
            if let signature = importer.signatures.first(where: { $0.matches(head: head) }) { return (importer, signature) }
        }
        guard head.starts(with: FormatSignature.zipMagic) else { return nil }
        var archive = try BookArchive(source.data, name: source.name)
        let paths = Set(archive.paths)
        let mimetype = try archive.data("mimetype").map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        for importer in recognizing {
            if let signature = importer.signatures.first(where: { $0.matches(archivePaths: paths, mimetype: mimetype) }) {
                return (importer, signature)
            }
        }
        return nil
    }

    /// The importer for `source`: by what it is, then by the format named, then by its look.
    public static func importer(for source: ImportSource, format: DocumentFormat? = nil, password: String? = nil,
                         ocr: OCRMode = .auto) throws(ImportError) -> any Importer {
        // A file named .txt that holds a PNG is a mistake worth naming as such.
        let namedAsText = source.name != "-" && source.fileExtension != "" && textExtensions.contains(source.fileExtension)
        if !source.data.isEmpty, let found = try recognized(source) {
            if namedAsText { throw .notText(source.name, detected: article(found.signature.name)) }
            if let refusal = found.signature.refusal { throw .damaged(source.name, reason: refusal) }
            return found.importer.init(settings: ImporterSettings(password: password, ocr: ocr))
        }
        if format == nil || format == .text, RoffImporter.isManSource(source.data) { return RoffImporter() }
        let sniffed = FormatSniffer.sniff(source.data, fileExtension: source.fileExtension)
        // A format the user names wins over the content's look, but not over binary content.
        switch (format, sniffed) {
        case (.html, .text), (.html, .html): return HTMLImporter()
        case (.text, .text), (.text, .html): return PlainTextImporter()
        case (.html?, _), (.text?, _), (.pdf?, _), (.image?, _), (.epub?, _), (.docx?, _), (.odt?, _), (nil, _): break
        }
        switch sniffed {
        case .empty: throw .noReadableText(source.name)
        case .text: return PlainTextImporter()
        case .html where !namedAsText: return HTMLImporter()
        case .html: throw .notText(source.name, detected: sniffed.description)
        case .binary(let what): throw .notText(source.name, detected: what)
        }
    }

    /// "a PDF document", "an EPUB book".
    private static func article(_ name: String) -> String {
        ("aeiou".contains(name.lowercased().first ?? "x") ? "an " : "a ") + name
    }

    /// "sha256:<hex>" of the bytes, hashed in slices so a mapped file is never copied whole.
    public static func contentHash(_ data: Data) -> String {
        var hasher = SHA256()
        var offset = data.startIndex
        while offset < data.endIndex {
            let end = min(offset + (1 << 20), data.endIndex)
            data[offset..<end].withUnsafeBytes { hasher.update($0.bindMemory(to: UInt8.self)) }
            offset = end
        }
        return "sha256:" + hasher.finalizeHex()
    }

    /// The file name, or for standard input the first words of the text.
    private static func fallbackTitle(_ stem: String?, _ document: Document) -> String {
        if let stem, !stem.isEmpty { return stem }
        guard let first = document.blocks.first else { return "Untitled" }
        let words = first.wordTexts.prefix(8)
        return words.joined(separator: " ") + (first.wordCount > 8 ? "…" : "")
    }
}
