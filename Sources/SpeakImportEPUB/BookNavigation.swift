import Foundation
import SpeakArchive

/// A book's table of contents: the EPUB 3 navigation document (`<nav epub:type="toc">`, nested
/// lists) or the EPUB 2 NCX (nested `navPoint`s).
enum BookNavigation {
    static func nav(_ data: Data, base: String) -> [BookPackage.TOCEntry]? {
        guard let document = BookXML.parse(data) else { return nil }
        let navs = document.all("nav")
        guard let toc = navs.first(where: { ($0["type"] ?? "").split(separator: " ").contains("toc") }) ?? navs.first,
              let list = toc.first("ol") ?? toc.first("ul") else { return nil }
        var out: [BookPackage.TOCEntry] = []
        func walk(_ list: BookXML, level: Int) {
            for item in list.children("li") {
                if let link = item.children("a").first ?? item.children("span").first {
                    let title = link.fullText
                    if let href = link["href"], !title.isEmpty {
                        let (path, fragment) = BookPackage.resolve(href, from: base)
                        out.append(.init(title: title, path: path, fragment: fragment, level: level))
                    }
                }
                for nested in item.children("ol") + item.children("ul") { walk(nested, level: level + 1) }
            }
        }
        walk(list, level: 1)
        return out
    }

    /// The landmarks of an EPUB 3 navigation document (`<nav epub:type="landmarks">`): each
    /// link's `epub:type` ("titlepage", "copyright-page", "bodymatter") and target file.
    static func landmarks(_ data: Data, base: String) -> [BookPackage.Landmark] {
        guard let document = BookXML.parse(data),
              let nav = document.all("nav").first(where: { ($0["type"] ?? "").split(separator: " ").contains("landmarks") }) else { return [] }
        return nav.all("a").compactMap { link in
            guard let type = link["type"], let href = link["href"] else { return nil }
            let (path, fragment) = BookPackage.resolve(href, from: base)
            return BookPackage.Landmark(type: type, path: path, fragment: fragment)
        }
    }

    static func ncx(_ data: Data, base: String) -> [BookPackage.TOCEntry] {
        guard let document = BookXML.parse(data), let map = document.first("navMap") else { return [] }
        var out: [BookPackage.TOCEntry] = []
        func walk(_ node: BookXML, level: Int) {
            for point in node.children("navPoint") {
                let title = point.first("navLabel")?.fullText ?? ""
                if let src = point.children("content").first?["src"], !title.isEmpty {
                    let (path, fragment) = BookPackage.resolve(src, from: base)
                    out.append(.init(title: title, path: path, fragment: fragment, level: level))
                }
                walk(point, level: level + 1)
            }
        }
        walk(map, level: 1)
        return out
    }
}
