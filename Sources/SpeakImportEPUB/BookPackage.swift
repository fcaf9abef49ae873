import Foundation
import SpeakModel
import SpeakArchive
import SpeakImport

/// An EPUB's package: where its files are (`META-INF/container.xml` → the OPF), what it says
/// about itself, its reading order and its table of contents.
struct BookPackage {
    struct Item {
        var path: String
        var mediaType: String
        var properties: Set<String>
    }

    struct SpineItem {
        var path: String
        var linear: Bool
    }

    /// One table-of-contents entry: its title, target file, fragment and depth (1 = top).
    struct TOCEntry: Equatable {
        var title: String
        var path: String
        var fragment: String?
        var level: Int
    }

    /// A landmark (EPUB 3 `landmarks` nav, EPUB 2 `<guide>`): what a place in the book is.
    struct Landmark: Equatable {
        /// The EPUB 3 name ("titlepage", "copyright-page"); EPUB 2's "title-page" is written so too.
        var type: String
        var path: String
        var fragment: String?
    }

    var title: String?
    var authors: [String] = []
    var language: String?
    var fields: [String: String] = [:]
    var spine: [SpineItem] = []
    var toc: [TOCEntry] = []
    var landmarks: [Landmark] = []
    var coverPath: String?

    /// Reads the package of `archive`; a book without one (or whose spine is empty) is damaged.
    init(_ archive: inout BookArchive, name: String) throws(ImportError) {
        guard let containerData = try archive.data("META-INF/container.xml"), let container = BookXML.parse(containerData),
              let opfPath = container.first("rootfile")?["full-path"], !opfPath.isEmpty else {
            throw .damaged(name, reason: "it has no META-INF/container.xml naming its package; it is not a readable EPUB")
        }
        guard let opfData = try archive.data(opfPath) else {
            throw .damaged(name, reason: "its package file '\(opfPath)' is missing; it is not a readable EPUB")
        }
        guard let opf = BookXML.parse(opfData) else {
            throw .damaged(name, reason: "its package file '\(opfPath)' is not well-formed XML")
        }
        let base = opfPath.parentPath
        var items: [String: Item] = [:]
        for item in opf.all("item") {
            guard let id = item["id"], let href = item["href"] else { continue }
            items[id] = Item(path: Self.resolve(href, from: base).path, mediaType: item["media-type"] ?? "",
                             properties: Set((item["properties"] ?? "").split(separator: " ").map(String.init)))
        }
        if let metadata = opf.first("metadata") {
            title = metadata.children("title").first.map(\.fullText).flatMap { $0.isEmpty ? nil : $0 }
            authors = metadata.children("creator").map(\.fullText).filter { !$0.isEmpty }
            language = metadata.children("language").first?.fullText
            for field in ["publisher", "date", "identifier", "description"] {
                if let value = metadata.children(field).first?.fullText, !value.isEmpty { fields[field] = String(value.prefix(2000)) }
            }
            // EPUB 2 names its cover in <meta name="cover" content="ID">.
            let coverID = metadata.children("meta").first { $0["name"] == "cover" }?["content"]
            coverPath = items.values.first { $0.properties.contains("cover-image") }?.path ?? coverID.flatMap { items[$0]?.path }
        }
        let spineElement = opf.first("spine")
        spine = (spineElement?.children("itemref") ?? []).compactMap { ref in
            guard let id = ref["idref"], let item = items[id] else { return nil }
            return SpineItem(path: item.path, linear: ref["linear"] != "no")
        }
        guard !spine.isEmpty else { throw .damaged(name, reason: "its spine lists no content documents; it is not a readable EPUB") }
        // EPUB 2's guide, replaced by the navigation document's landmarks when it has them.
        landmarks = (opf.first("guide")?.children("reference") ?? []).compactMap { reference in
            guard let type = reference["type"], let href = reference["href"] else { return nil }
            let (path, fragment) = Self.resolve(href, from: base)
            return Landmark(type: type == "title-page" ? "titlepage" : type, path: path, fragment: fragment)
        }
        // The EPUB 3 navigation document, else the EPUB 2 NCX.
        let nav = items.values.first { $0.properties.contains("nav") }
        var navData: Data?
        if let nav { navData = try archive.data(nav.path) }
        if let nav, let navData {
            let found = BookNavigation.landmarks(navData, base: nav.path.parentPath)
            if !found.isEmpty { landmarks = found }
        }
        if let nav, let navData, let entries = BookNavigation.nav(navData, base: nav.path.parentPath),
           !entries.isEmpty {
            toc = entries
        } else if let ncxID = spineElement?["toc"], let ncx = items[ncxID] ?? items.values.first(where: { $0.mediaType == "application/x-dtbncx+xml" }),
                  let data = try archive.data(ncx.path) {
            toc = BookNavigation.ncx(data, base: ncx.path.parentPath)
        } else if let ncx = items.values.first(where: { $0.mediaType == "application/x-dtbncx+xml" }), let data = try archive.data(ncx.path) {
            toc = BookNavigation.ncx(data, base: ncx.path.parentPath)
        }
    }

    /// A link `href` (relative to the directory `base`, percent-encoded, maybe with a
    /// fragment) as an archive path and fragment.
    static func resolve(_ href: String, from base: String) -> (path: String, fragment: String?) {
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let raw = String(parts.first ?? "")
        let decoded = raw.removingPercentEncoding ?? raw
        var components = base.isEmpty || decoded.hasPrefix("/") ? [] : base.split(separator: "/").map(String.init)
        for piece in decoded.split(separator: "/") {
            if piece == ".." { _ = components.popLast() } else if piece != "." { components.append(String(piece)) }
        }
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        return (components.joined(separator: "/"), fragment.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding ?? $0 })
    }
}
