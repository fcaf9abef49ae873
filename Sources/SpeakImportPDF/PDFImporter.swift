import Foundation
import SpeakImport
import SpeakImportOCR
import SpeakModel

/// Imports PDFs: text in reading order with page furniture kept but not spoken, paragraphs,
/// headings and chapters (from the outline when there is one); pages without a usable text
/// layer are rendered and read by OCR.
public struct PDFImporter: RecognizingImporter {
    public let format = DocumentFormat.pdf

    /// "%PDF-" at the start, or after junk readers accept (bytes no text has before it; text
    /// that merely mentions "%PDF-" is not a PDF).
    public static let signatures = [FormatSignature(name: "PDF document", marks: [.prefix(Array("%PDF-".utf8)), .head(headerAfterJunk)],
                                                    extensions: ["pdf"])]

    public init(settings: ImporterSettings) {
        self.init(password: settings.password, ocr: settings.ocr)
    }

    private static func headerAfterJunk(_ h: [UInt8]) -> Bool {
        var from = 0
        while let at = h[from...].firstIndex(of: UInt8(ascii: "%")) {
            if h[at...].starts(with: "%PDF-".utf8) {
                return h[..<at].contains { $0 == 0 || $0 >= 0x80 }
                    && !h.starts(with: [0xEF, 0xBB, 0xBF]) && !h.starts(with: [0xFF, 0xFE]) && !h.starts(with: [0xFE, 0xFF])
            }
            from = at + 1
        }
        return false
    }
    private let password: String?
    private let ocr: OCRMode
    private let source: any PDFPageSource
    private let recognizer: any PageRecognizer

    /// `source` and `recognizer` nil: the `speak-pdf` and `speak-ocr` helpers next to the running
    /// executable.
    public init(password: String? = nil, ocr: OCRMode = .auto, source: (any PDFPageSource)? = nil,
                recognizer: (any PageRecognizer)? = nil) {
        self.password = password
        self.ocr = ocr
        self.source = source ?? PDFReader(executable: HelperProcess.path("speak-pdf", overriddenBy: "SPEAK_PDF_HELPER"))
        self.recognizer = recognizer ?? OCRWorkerPool(executable: OCRImporter.helperPath())
    }

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler) throws -> Document {
        try importDocument(source, options: options, progress: progress, opening: nil)
    }

    /// Imports like `importDocument`; when the first page has no text layer and is read by
    /// OCR, `opening` gets the document of its first lines as soon as they are read, before
    /// the rest (so listening can start): the whole document's first words are the opening's.
    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler,
                               opening: (@Sendable (Document) -> Void)?) throws -> Document {
        let name = source.name
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("speak-pdf-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let file = try source.file(orCopyAt: workspace.appendingPathComponent("input.pdf"))
        _ = consume source
        return try withoutActuallyEscaping(progress) { progress in
            try read(file, name: name, workspace: workspace, options: options, progress: progress, opening: opening)
        }
    }

    private func read(_ file: String, name: String, workspace: URL, options: ImportOptions,
                      progress: @escaping ProgressHandler, opening: (@Sendable (Document) -> Void)?) throws -> Document {
        // The hyphenation word list loads while the helpers read pages.
        SystemDictionary.prepare()
        let request = PDFReadRequest(file: file, name: name, password: password, ocr: ocr,
                                     renderDirectory: ocr == .never ? nil : workspace.path)
        let scanned = ocr == .never ? 0.0 : 0.5
        let (info, textPages) = try source.read(request) { progress($0 * (1 - scanned)) }
        guard info.pageCount > 0 else { throw PDFImportError.noPages(name) }
        var pages = textPages
        var warnings: [String] = []
        let scannedPages = pages.indices.filter { pages[$0].needsOCR }
        if !scannedPages.isEmpty {
            let codes = OCRLanguage.tesseractCodes(options.language)
            try OCRLanguage.validate(codes)
            let batch = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
            // A first page played ahead is rendered and read on its own, before the others:
            // listening starts after one page's rendering, not a batch's.
            let alone = opening != nil && scannedPages.first == 0 ? 1 : 0
            let rest = scannedPages.dropFirst(alone)
            let batches = [Array(scannedPages.prefix(alone))].filter { !$0.isEmpty }
                + stride(from: rest.startIndex, to: rest.endIndex, by: batch).map { Array(rest[$0..<min(rest.endIndex, $0 + batch)]) }
            var done = 0
            for positions in batches {
                let start = done
                done += positions.count
                let images = try source.render(positions.map { pages[$0].index }, request: request)
                defer { images.forEach { try? FileManager.default.removeItem(atPath: $0) } }
                // Rendered pages know their resolution; only the segmentation can be overridden.
                let settings = OCRSettings(language: codes.joined(separator: "+"), pageSegmentation: options.pageSegmentation)
                // The document's first page read by OCR: its first lines are played ahead.
                let ahead = positions.first == 0 ? opening.map { Self.opening(of: pages[0], name: name, options: options, to: $0) } : nil
                let recognized = try recognizer.recognize(images: images, name: name, settings: settings, opening: ahead) {
                    progress(1 - scanned + scanned * (Double(start) + $0 * Double(positions.count)) / Double(scannedPages.count))
                }
                for (read, position) in zip(recognized, positions) {
                    pages[position].lines = OCRLines.lines(of: read, pageWidth: pages[position].width)
                    warnings += OCRLines.warnings(read).map { "page \(position + 1): \($0)" }
                }
                // Listening goes on into the pages read so far while the next batch is read.
                if let opening, done < scannedPages.count {
                    let known = Array(pages.prefix(scannedPages[done]))
                    if let early = Self.beginning(of: known, name: name, options: options) { opening(early) }
                }
            }
        } else if ocr == .never {
            let empty = pages.filter { PDFTextLayer.needsOCR($0.lines) }.map { $0.index + 1 }
            if empty.count == pages.count {
                warnings.append("no page has a text layer worth reading; import with --ocr auto to read them by OCR")
            } else if !empty.isEmpty {
                warnings.append("\(empty.count) page(s) have no text layer and were not read (--ocr never): \(Self.list(empty))")
            }
        }
        var builder = DocumentBuilder()
        let assembler = PDFAssembler(pages: pages, captions: .chosen(environment: ProcessInfo.processInfo.environment))
        let anchors = assembler.append(to: &builder)
        guard builder.wordCount > 0 else { throw PDFImportError.noText(name, ocr: ocr) }
        if info.outline.isEmpty { builder.chaptersFromHeadings() }
        for warning in warnings { builder.warn(warning) }
        let front = assembler.frontMatter
        var document = builder.build(metadata: DocumentMetadata(title: options.title ?? Self.title(info, printed: front.title, pages: pages),
                                                                 author: Self.plausible(info.author) ?? front.authors, language: options.language,
                                                                 source: name, format: .pdf, contentHash: ""))
        document.metadata.pageCount = info.pageCount
        if !front.identifiers.isEmpty { document.metadata.identifiers = front.identifiers }
        document.metadata.pageLabels = Self.labels(of: pages)
        if !info.outline.isEmpty { document.chapters = chapters(info.outline, anchors: anchors, wordCount: document.wordCount) }
        progress(1)
        return document
    }

    /// Makes the document of a page's first lines, read ahead by OCR, and hands it on.
    private static func opening(of page: PDFPage, name: String, options: ImportOptions,
                                to send: @escaping @Sendable (Document) -> Void) -> @Sendable (OCRPage) -> Void {
        { first in
            var read = page
            read.lines = OCRLines.lines(of: first, pageWidth: page.width)
            var builder = DocumentBuilder()
            _ = PDFAssembler(pages: [read]).append(to: &builder)
            guard builder.wordCount > 0 else { return }
            send(builder.build(metadata: DocumentMetadata(title: options.title ?? "", language: options.language, source: name,
                                                          format: .pdf, contentHash: "")))
        }
    }

    /// The document of the first pages, all read, as far as more pages cannot change it.
    private static func beginning(of pages: [PDFPage], name: String, options: ImportOptions) -> Document? {
        var builder = DocumentBuilder()
        _ = PDFAssembler(pages: pages).append(to: &builder)
        guard builder.wordCount > 0 else { return nil }
        let document = builder.build(metadata: DocumentMetadata(title: options.title ?? "", language: options.language, source: name,
                                                                format: .pdf, contentHash: "")).settledBeginning
        return document.wordCount > 0 ? document : nil
    }

    /// The pages' printed labels, when any differs from its page number (poppler gives the
    /// number for a page without a label).
    static func labels(of pages: [PDFPage]) -> [String]? {
        let labels = pages.sorted { $0.index < $1.index }.map { $0.label ?? String($0.index + 1) }
        guard labels.enumerated().contains(where: { $0.element != String($0.offset + 1) }) else { return nil }
        return labels
    }

    private static func list(_ pages: [Int]) -> String {
        pages.count <= 8 ? pages.map(String.init).joined(separator: ", ") : pages.prefix(8).map(String.init).joined(separator: ", ") + ", …"
    }

    /// The metadata title when it is plausible and printed on the first page, else the title
    /// printed there (its largest type, see `FrontMatter`), else a plausible metadata title,
    /// else the largest text on page 1.
    static func title(_ info: PDFInfo, printed: String?, pages: [PDFPage]) -> String {
        let metadata = plausible(info.title)
        if let metadata, let first = pages.first {
            let key = { (text: String) in text.lowercased().filter { $0.isLetter || $0.isNumber } }
            if key(first.lines.map(\.text).joined()).contains(key(metadata)) { return metadata }
        }
        if let printed, !printed.isEmpty { return printed }
        if let metadata { return metadata }
        guard let first = pages.first, let largest = first.lines.map(\.size).max(), largest > 0 else { return "" }
        let lines = first.lines.filter { $0.size == largest && $0.text.contains(where: \.isLetter) && !$0.turned }.prefix(3)
        return lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Metadata that says something: not a placeholder, a file name, or the name of the tool
    /// that made the file.
    static func plausible(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), value.count > 2 else { return nil }
        let lower = value.lowercased()
        if ["untitled", "title", "slide 1", "unknown", "author", "user", "admin", "owner"].contains(lower) { return nil }
        if [".pdf", ".doc", ".docx", ".tex", ".dvi", ".ps", ".eps", ".odt", ".rtf", ".txt", ".indd", ".qxd"].contains(where: { lower.hasSuffix($0) }) { return nil }
        if lower.hasPrefix("microsoft word - ") || lower.hasPrefix("microsoft powerpoint - ") || lower.hasPrefix("untitled") { return nil }
        if ["latex", "pdftex", "tex output", "dvips", "ghostscript", "acrobat", "libreoffice", "openoffice", "writer", "cairo",
            "quartz", "word", "powerpoint", "printed by"].contains(where: { lower.hasPrefix($0) }) { return nil }
        return value
    }

    /// Chapters from the outline. An entry starts at the block on its page whose text is its
    /// title, else at the block nearest its destination (at or below it); entries that land on
    /// the same word as the previous one are merged.
    private func chapters(_ outline: [PDFOutlineEntry], anchors: [PDFAssembler.Anchor], wordCount: Int) -> [Chapter] {
        let topLevel = outline.map(\.level).min() ?? 1
        let key = Self.headingKey
        var byPage: [Int: [Int]] = [:]
        for (index, anchor) in anchors.enumerated() { byPage[anchor.page, default: []].append(index) }
        // Each block's key once, not once for every entry of its page (a book has thousands of both).
        var keys: [Int: String] = [:]
        // The highest page up to each block: the first block past a page, found by halving.
        var highest: [Int] = []
        for anchor in anchors { highest.append(max(highest.last ?? anchor.page, anchor.page)) }
        var chapters: [Chapter] = []
        for entry in outline where entry.level <= topLevel + 1 {
            let onPage = byPage[entry.page] ?? []
            let title = key(entry.title)
            // Only blocks about as long as the title can be its heading.
            let longest = entry.title.utf8.count * 2 + 8
            let titled = onPage.first { index in
                guard anchors[index].text.utf8.count <= longest else { return false }
                let found = keys[index] ?? key(anchors[index].text)
                keys[index] = found
                return found == title
            }
            let top = entry.top ?? 0
            let nearest = onPage.filter { anchors[$0].top >= top - 4 }.min { a, b in
                let (a, b) = (anchors[a], anchors[b])
                return (a.top - top) + abs(a.left - (entry.left ?? a.left)) < (b.top - top) + abs(b.left - (entry.left ?? b.left))
            }
            guard let target = (titled ?? nearest).map({ anchors[$0] }) ?? Self.firstAnchor(after: entry.page, anchors, highest: highest),
                  target.word < wordCount else { continue }
            if let last = chapters.last, last.firstWord >= target.word { continue }
            chapters.append(Chapter(title: entry.title, firstWord: target.word, level: entry.level - topLevel + 1))
        }
        return chapters
    }

    /// A title as compared with a heading: its letters and digits, lower-cased. By Unicode
    /// scalar, ASCII from its value: Character properties were most of a book's chapter placing.
    /// Accents written as combining marks are kept, so that "é" matches "e" + U+0301 (keys
    /// are compared as Strings, which treats the two spellings as equal).
    static func headingKey(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            let value = scalar.value
            let keep = value < 0x80 ? (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39)
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
            if keep { kept.append(scalar) }
        }
        return String(kept)
    }

    /// The first block (in order) on a page after `page`; `highest[i]`: the highest page up to block i.
    private static func firstAnchor(after page: Int, _ anchors: [PDFAssembler.Anchor], highest: [Int]) -> PDFAssembler.Anchor? {
        var low = 0, high = highest.count
        while low < high {
            let middle = (low + high) / 2
            if highest[middle] > page { high = middle } else { low = middle + 1 }
        }
        return low < anchors.count ? anchors[low] : nil
    }
}
