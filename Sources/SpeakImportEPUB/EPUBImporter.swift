import Foundation
import SpeakArchive
import SpeakImport
import SpeakImportHTML
import SpeakModel

/// Imports an EPUB 2 or 3 book: the spine in order (items outside the reading order kept but
/// skipped), each content document's blocks as the HTML importer emits them with `epub:type`
/// notes, page breaks and front matter skipped, chapters from the navigation document (EPUB 2:
/// the NCX) at the word where each target starts, printed page labels from the page breaks,
/// and the package's title, authors, language, publisher, date, identifier and description.
public struct EPUBImporter: RecognizingImporter {
    public var format: DocumentFormat { .epub }

    /// The OCF rule: a ZIP archive whose `mimetype` says so.
    public static let signatures = [FormatSignature(name: "EPUB book", marks: [.mimetype("application/epub+zip")], extensions: ["epub"])]

    public init() {}

    public init(settings: ImporterSettings) {}

    /// Longest text (UTF-8 bytes) a file named front or back matter by a landmark may hold.
    static let longestMatterPage = 12_000

    /// Font obfuscation is not DRM: the text is readable.
    static let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions,
                               progress: ProgressHandler) throws -> Document {
        let name = source.name
        var archive = try BookArchive(source.data, name: name)
        guard let mimetype = try archive.data("mimetype"),
              String(decoding: mimetype, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "application/epub+zip" else {
            throw ImportError.damaged(name, reason: "it is a ZIP archive without an EPUB's mimetype; it is not an EPUB book")
        }
        try Self.refuseDRM(&archive, name: name)
        let package = try BookPackage(&archive, name: name)
        var builder = DocumentBuilder()
        var fileStart: [String: Int] = [:]
        var anchors: [String: Int] = [:]
        var kept: Set<String> = []
        // Page breaks (`epub:type="pagebreak"`) give the printed pages: each starts the next.
        var pageLabels: [String] = []
        // Files the landmarks name as a whole as pages nobody listens to (a copyright page
        // whose own markup does not say so).
        let matter = Dictionary(package.landmarks.compactMap { landmark -> (String, SkipReason)? in
            guard landmark.fragment == nil, package.spine.count > 1, let why = XHTMLReader.reason(forType: landmark.type) else { return nil }
            return (landmark.path, why)
        }, uniquingKeysWith: { first, _ in first })
        for (n, item) in package.spine.enumerated() {
            guard let data = try archive.data(item.path) else {
                throw ImportError.damaged(name, reason: "'\(item.path)', listed in its spine, is missing from the archive")
            }
            fileStart[item.path] = fileStart[item.path] ?? builder.wordCount
            guard let (blocks, bodySkip) = XHTMLReader.read(data) else {
                builder.warn("'\(item.path)' could not be read as XHTML and was left out")
                continue
            }
            // A landmark naming a file longer than any title or copyright page is taken to be
            // wrong (converters name the whole text "title-page"): the file is read.
            let landmarkSkip = matter[item.path].flatMap { why in
                blocks.reduce(0) { $0 + $1.text.utf8.count } <= Self.longestMatterPage ? why : nil
            }
            for block in blocks {
                for id in block.ids where anchors[item.path + "#" + id] == nil { anchors[item.path + "#" + id] = builder.wordCount }
                let skip = block.skip ?? bodySkip ?? landmarkSkip ?? (item.linear ? nil : .nonLinear)
                if skip == nil { kept.insert(item.path) }
                if block.skip == .pageNumber { pageLabels.append(block.text) }
                builder.append(block.kind, text: block.text, page: pageLabels.isEmpty ? nil : pageLabels.count, skip: skip)
            }
            progress(Double(n + 1) / Double(package.spine.count) * 0.95)
        }
        guard builder.wordCount > 0 else { throw ImportError.noReadableText(name) }
        // Without one, the caller names the book after its file.
        let title = options.title ?? package.title ?? ""
        var metadata = DocumentMetadata(title: title, author: package.authors.isEmpty ? nil : package.authors.joined(separator: ", "),
                                        language: options.language ?? package.language, source: name, format: .epub, contentHash: "")
        if !package.fields.isEmpty { metadata.identifiers = package.fields }
        if !pageLabels.isEmpty {
            metadata.pageCount = pageLabels.count
            metadata.pageLabels = pageLabels
        }
        var document = builder.build(metadata: metadata)
        let contents = Self.chapters(package.toc, kept: kept, fileStart: fileStart, anchors: anchors, wordCount: document.wordCount)
        document.chapters = contents.chapters
        document.warnings += contents.warnings
        progress(1)
        return document
    }

    /// Every entry of the table of contents whose file is read, in reading order, with its
    /// level: an entry whose file is skipped (a half-title page), or that starts at the same
    /// word as the one before it, gives way to the entries under it, which move up a level.
    /// An entry naming a file the book does not read in order is left out, and one naming a
    /// place its file lacks starts at the file; both with a warning.
    static func chapters(_ toc: [BookPackage.TOCEntry], kept: Set<String>, fileStart: [String: Int], anchors: [String: Int],
                         wordCount: Int) -> (chapters: [Chapter], warnings: [String]) {
        var chapters: [Chapter] = []
        var warnings: [String] = []
        // The entries above the current one: their level in the table, and whether each is a chapter.
        var open: [(level: Int, taken: Bool)] = []
        for entry in toc {
            while let last = open.last, last.level >= entry.level { open.removeLast() }
            let level = open.filter(\.taken).count + 1
            guard let start = fileStart[entry.path] else {
                warnings.append("the table of contents entry '\(entry.title)' points at '\(entry.path)', which is not in the book's reading order; it was left out")
                open.append((entry.level, false))
                continue
            }
            var word = start
            if let fragment = entry.fragment {
                if let anchor = anchors[entry.path + "#" + fragment] {
                    word = anchor
                } else {
                    warnings.append("the table of contents entry '\(entry.title)' points at '#\(fragment)', which '\(entry.path)' lacks; it starts with the file")
                }
            }
            guard kept.contains(entry.path), word < wordCount, chapters.last?.firstWord != word else {
                open.append((entry.level, false))
                continue
            }
            open.append((entry.level, true))
            chapters.append(Chapter(title: entry.title, firstWord: word, level: level))
        }
        return (chapters.sorted { $0.firstWord < $1.firstWord }, warnings)
    }

    /// The bytes of the cover image of the EPUB at `path` (the package's `cover-image`, or its
    /// EPUB 2 `<meta name="cover">`); nil when it has none or cannot be read.
    public static func cover(ofFile path: String) -> Data? {
        guard let data = FileManager.default.contents(atPath: path), var archive = try? BookArchive(data, name: path),
              let package = try? BookPackage(&archive, name: path), let cover = package.coverPath else { return nil }
        return try? archive.data(cover)
    }

    /// An EPUB whose `encryption.xml` encrypts anything but fonts, or that carries Adobe's
    /// `rights.xml`, is DRM-protected: nothing in it can be read.
    static func refuseDRM(_ archive: inout BookArchive, name: String) throws {
        let drm = ImportError.damaged(name, reason: "it is DRM-protected; only DRM-free EPUB books can be read")
        if archive.contains("META-INF/rights.xml") { throw drm }
        guard let data = try archive.data("META-INF/encryption.xml") else { return }
        guard let encryption = BookXML.parse(data) else { throw drm }
        let methods = encryption.all("EncryptionMethod").compactMap { $0["Algorithm"] }
        if methods.contains(where: { !fontObfuscation.contains($0) }) { throw drm }
    }
}
