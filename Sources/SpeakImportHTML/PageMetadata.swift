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
            let page = tree.title.map { Self.withoutSiteName(Self.collapse($0), site: site) }.flatMap { $0.isEmpty ? nil : $0 }
            let heading = (article.flatMap(Self.firstHeading) ?? Self.firstHeading(tree.body)).map(Self.collapse)
            title = Self.clean(tree.meta["og:title"] ?? tree.meta["twitter:title"]) ?? linkedData().headline
                ?? Self.pageTitle(heading: heading, page: page, in: tree.body)
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
        let siteName = site ?? firstInBody.flatMap { h1 in page.flatMap { endsWithPart($0, h1) ? h1 : nil } }
        // Doxygen sets the page's title in a <div>.
        let heading = (main ?? tree.body).descendants { $0.tag.isHeading || DocumentationMarkup.role(of: $0) == .pageTitle }
            .lazy.map(headingText)
            .first { Self.hasWord($0) && $0.lowercased() != siteName?.lowercased() }
        let named = page.map { withoutSiteName($0, site: siteName) }
        if let heading, heading.count <= 200 {
            // A manual's own title block above its first heading (a PEP's header table).
            if let named, key(named).count >= 8, !key(heading).contains(key(named)),
               key(textBeforeFirstHeading(main ?? tree.body)).contains(key(named)) {
                return named
            }
            return pageTitle(heading: heading, page: named, in: main ?? tree.body)
        }
        return named
    }

    /// A page's `<title>` names the page as "Page — Site": the first `<h1>` is only the site's
    /// name (mdBook's book title) when it is the last part, after the page's own name.
    static func endsWithPart(_ title: String, _ part: String) -> Bool {
        let lowered = title.lowercased(), ending = part.lowercased()
        guard lowered != ending, lowered.hasSuffix(ending) else { return false }
        let before = lowered.dropLast(ending.count)
        return [" | ", " - ", " – ", " — ", " :: ", " · ", " « ", " » ", ": "].contains { before.hasSuffix($0) }
            && before.count > 3
    }

    /// The first heading names the page unless the `<title>` says otherwise: when the
    /// `<title>` is printed as a later heading (the first is a banner: "The XSLT C library for
    /// GNOME" over "Module variables from libxslt"), or when the first heading is a numbered
    /// or generic section ("1. Syntax", "Abstract", "NAME") under a title printed some other way.
    static func pageTitle(heading: String?, page: String?, in root: HTMLElement) -> String? {
        guard let heading else { return page }
        guard let page, key(page) != key(heading) else { return heading }
        if isSection(heading), !isSection(page) { return page }
        if !key(page).contains(key(heading)),
           root.descendants(where: { $0.tag == .h1 || $0.tag == .h2 || $0.tag == .h3 }).contains(where: { key(headingText($0)) == key(page) }) {
            return page
        }
        return heading
    }

    /// The visible text in page order up to the first heading (at most 2,000 characters).
    static func textBeforeFirstHeading(_ root: HTMLElement) -> String {
        var out = "", stack: [HTMLNode] = root.children.reversed()
        while let node = stack.popLast(), out.utf8.count < 2_000 {
            switch node {
            case .text(let text): out += text + " "
            case .element(let element):
                if element.tag.isHeading { return out }
                if !element.isHidden { stack.append(contentsOf: element.children.reversed()) }
            }
        }
        return out
    }

    /// Letters and digits, lower-cased: titles compared regardless of case, spacing and punctuation.
    static func key(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber } }

    /// Section names that start a manual or a paper but never name it.
    static let sectionNames: Set<String> = [
        "abstract", "introduction", "overview", "contents", "tableofcontents", "name", "synopsis", "description",
        "summary", "methods", "background", "preface", "foreword", "usage", "options", "examples",
    ]

    static func isSection(_ text: String) -> Bool {
        isNumberedSection(text) || sectionNames.contains(key(String(text.drop { $0.isNumber || $0 == "." || $0 == " " })))
    }

    static func isNumberedSection(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(12))
        var index = 0, digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." && digits > 0 {
            if scalars[index] != "." { digits += 1 }
            index += 1
        }
        // A dot in the number: "10 Things to Know" is a headline, "1. Syntax" a section.
        return digits > 0 && digits <= 4 && index > digits && index < scalars.count && scalars[index] == " "
            && text.dropFirst(index).contains { $0.isLetter }
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
                    // Doxygen sets the groups a page belongs to inside its title.
                    if inner.classWords.contains("ingroups") { continue }
                    if inner.tag == .br { out += " " } else { add(inner) }
                }
            }
        }
        add(heading)
        return collapse(out)
    }

    /// Whether a heading has more than one letter: an index's letter ("- w -", "A") names no page.
    private static func hasWord(_ text: String) -> Bool {
        text.lazy.filter(\.isLetter).prefix(2).count == 2
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
