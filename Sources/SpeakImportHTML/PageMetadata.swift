import Foundation

/// What a page says about itself: title, author, date, site, language and canonical URL,
/// from Open Graph and other meta tags, JSON-LD, the byline and the `<title>`.
struct PageMetadata {
    var title: String?
    var author: String?
    var published: Date?
    var siteName: String?
    var language: String?
    var canonicalURL: String?

    init(_ tree: HTMLTree, article: HTMLElement?, isDocumentation: Bool = false) {
        // JSON-LD is parsed, and the page walked for a heading, only when the meta tags do not
        // already say: both cost more than the rest of this together.
        var parsedLinkedData: (headline: String?, author: String?, published: String?, site: String?)?
        func linkedData() -> (headline: String?, author: String?, published: String?, site: String?) {
            if let parsedLinkedData { return parsedLinkedData }
            let parsed = Self.linkedData(tree.jsonLD)
            parsedLinkedData = parsed
            return parsed
        }
        let site = Self.clean(tree.meta["og:site_name"] ?? tree.meta["application-name"]) ?? linkedData().site
        siteName = site
        if isDocumentation {
            title = Self.clean(tree.meta["og:title"]) ?? Self.documentationTitle(tree, main: article, site: site)
        } else {
            title = Self.clean(tree.meta["og:title"] ?? tree.meta["twitter:title"]) ?? linkedData().headline
                ?? (article.flatMap(Self.firstHeading) ?? Self.firstHeading(tree.body)).map(Self.collapse)
                ?? tree.title.map { Self.withoutSiteName(Self.collapse($0), site: site) }
        }
        author = Self.person(tree.meta["author"]) ?? linkedData().author ?? Self.person(tree.meta["article:author"])
            ?? Self.person(tree.meta["dc.creator"]) ?? Self.byline(tree.body)
        published = Self.date(tree.meta["article:published_time"]) ?? linkedData().published.flatMap(Self.date)
            ?? [tree.meta["date"], tree.meta["dc.date"], tree.meta["pubdate"], tree.meta["publishdate"]]
            .lazy.compactMap(Self.date).first
        language = Self.clean(tree.language ?? tree.meta["og:locale"]?.replacingOccurrences(of: "_", with: "-"))
        canonicalURL = Self.clean(tree.canonical ?? tree.meta["og:url"])
    }

    /// A manual page's title: its main content's first heading, unless that heading is only
    /// the site's name (mdBook puts the book's name in an `<h1>`); then the `<title>` without
    /// the site's name.
    private static func documentationTitle(_ tree: HTMLTree, main: HTMLElement?, site: String?) -> String? {
        let page = tree.title.map(collapse).flatMap { $0.isEmpty ? nil : $0 }
        let firstInBody = tree.body.descendants { $0.tag == .h1 }.lazy.map(headingText).first { !$0.isEmpty }
        let siteName = site ?? firstInBody.flatMap { h1 in
            page.flatMap { $0 != h1 && $0.contains(h1) ? h1 : nil }
        }
        let heading = (main ?? tree.body).descendants { $0.tag.isHeading }.lazy.map(headingText)
            .first { !$0.isEmpty && $0.lowercased() != siteName?.lowercased() }
        if let heading, heading.count <= 200 { return heading }
        return page.map { withoutSiteName($0, site: siteName) }
    }

    /// A heading's words, without header-link marks ("Configuration¶" → "Configuration").
    static func headingText(_ heading: HTMLElement) -> String {
        var out = ""
        func add(_ element: HTMLElement) {
            for child in element.children {
                switch child {
                case .text(let text): out += text
                case .element(let inner):
                    if inner.tag == .a, BlockEmitter.isMark(collapse(inner.rawText)) { continue }
                    if inner.tag == .br { out += " " } else { add(inner) }
                }
            }
        }
        add(heading)
        return collapse(out)
    }

    private static func firstHeading(_ root: HTMLElement) -> String? {
        root.descendants { $0.name == "h1" }.lazy.map(\.rawText).first { !collapse($0).isEmpty }
    }

    /// "Story title | Site" → "Story title"; the longest part when no site name is known.
    static func withoutSiteName(_ title: String, site: String?) -> String {
        for separator in [" | ", " - ", " – ", " — ", " :: ", " · ", " « ", " » "] {
            let parts = title.components(separatedBy: separator)
            guard parts.count > 1 else { continue }
            if let site, let index = parts.firstIndex(where: { $0.lowercased() == site.lowercased() }) {
                var rest = parts
                rest.remove(at: index)
                return rest.joined(separator: separator)
            }
            // The site name is usually the shortest part, at either end.
            if let last = parts.last, last.split(separator: " ").count <= 4, parts.dropLast().joined().count > last.count {
                return parts.dropLast().joined(separator: separator)
            }
            if let first = parts.first, first.split(separator: " ").count <= 3, parts.dropFirst().joined().count > first.count * 2 {
                return parts.dropFirst().joined(separator: separator)
            }
        }
        return title
    }

    /// Author from a byline element ("By Jane Doe"), when it is short enough to be a name.
    private static func byline(_ body: HTMLElement) -> String? {
        let candidates = body.descendants { element in
            element["rel"] == "author" || element["itemprop"] == "author"
                || (element.hints.utf8.count > 1 && element.verdict.byline)
        }
        for element in candidates {
            if let name = person(collapse(element.rawText)) { return name }
        }
        return nil
    }

    static func person(_ value: String?) -> String? {
        guard var name = clean(value), !name.hasPrefix("http") else { return nil }
        for prefix in ["By ", "by ", "BY ", "Von ", "Par ", "Por "] where name.hasPrefix(prefix) {
            name = String(name.dropFirst(prefix.count))
        }
        name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 80, name.split(separator: " ").count <= 10 else { return nil }
        return name
    }

    private static func clean(_ value: String?) -> String? {
        guard let value else { return nil }
        let text = collapse(value)
        return text.isEmpty ? nil : text
    }

    static func collapse(_ text: String) -> String { BlockEmitter.collapse(text) }

    /// ISO 8601 dates as pages write them: with time and zone, with fractions, or just the day.
    static func date(_ text: String?) -> Date? {
        guard let value = text?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let date = try? Date(value, strategy: .iso8601) { return date }
        if let date = try? Date(value, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try? Date(String(value.prefix(10)), strategy: Date.ISO8601FormatStyle().year().month().day())
    }

    /// The article object of the page's JSON-LD: Article, NewsArticle, BlogPosting, …
    private static func linkedData(_ scripts: [String]) -> (headline: String?, author: String?, published: String?, site: String?) {
        for script in scripts {
            guard let data = script.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { continue }
            for object in objects(json) {
                let types = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
                guard types.contains(where: { $0.hasSuffix("Article") || $0 == "BlogPosting" || $0 == "Report" }) else { continue }
                let author = names(object["author"]).first
                let publisher = names(object["publisher"]).first
                return (clean(object["headline"] as? String), person(author), object["datePublished"] as? String, clean(publisher))
            }
        }
        return (nil, nil, nil, nil)
    }

    private static func objects(_ json: Any) -> [[String: Any]] {
        if let object = json as? [String: Any] {
            return [object] + ((object["@graph"] as? [Any]).map { $0.flatMap(objects) } ?? [])
        }
        return (json as? [Any])?.flatMap(objects) ?? []
    }

    private static func names(_ value: Any?) -> [String] {
        if let name = value as? String { return [name] }
        if let object = value as? [String: Any], let name = object["name"] as? String { return [name] }
        return (value as? [Any])?.flatMap(names) ?? []
    }
}
