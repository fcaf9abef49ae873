import Foundation
import SpeakModel

/// What ids, classes and roles say about an element: navigation, ads, share bars, comments
/// and related-article lists on one side, article content on the other.
enum Boilerplate {
    /// Whole words in id/class that mark boilerplate.
    static let negativeWords: Set<String> = [
        "ad", "ads", "advert", "adverts", "advertisement", "nav", "navbar", "navigation", "menu", "tags", "tag",
        "byline", "bio", "header", "banner", "print", "skip", "rail", "aside", "footer", "sidebar", "share",
        "social", "related", "comments", "comment", "meta", "masthead", "breadcrumb", "breadcrumbs",
        "toolbar", "newsletter", "subscribe", "subscription", "promo", "popup", "modal", "cookie", "cookies",
        "consent", "sponsor", "sponsored", "signup", "login", "trending", "popular", "recommended",
        "recirc", "outbrain", "taboola", "disqus", "more", "author", "hidden", "dateline", "timestamp",
        "overlay", "feedback", "disclaimer", "pagination", "pager", "topics", "keywords",
        // A call to action (subscribe, become a member) set in the article.
        "cta",
    ]
    /// Substrings that mark boilerplate wherever they appear.
    static let negativeParts = [
        "comment", "share", "social", "related", "newsletter", "subscri", "promo", "sponsor", "advert", "cookie",
        "consent", "popup", "sidebar", "breadcrumb", "outbrain", "taboola", "disqus", "signup",
        "recommend", "trending", "toolbar", "masthead", "footer", "navbar", "byline", "author-",
        "most-read", "mostread", "read-more", "readmore", "more-stories", "jump-link", "sr-only", "visually-hidden",
        // A photo's caption and credit inside a longer class name ("imageEmbedCaption",
        // "newsCaption"), and a gallery of photos with their captions.
        "caption", "credit", "gallery",
    ]
    /// `itemprop` values of a date meant for machines.
    static let datedProperties: Set<String> = ["datepublished", "datemodified", "datecreated", "uploaddate"]
    static let positiveWords: Set<String> = [
        "article", "content", "entry", "main", "post", "story", "text", "body", "blog", "prose", "articlebody",
    ]
    static let positiveParts = ["article-body", "articlebody", "article__body", "post-body", "entry-content",
                                "story-body", "article-content", "post-content", "rich-text", "body-text"]

    /// Boilerplate hints that hold however much text the element has: comment threads and
    /// related-story lists can be longer than the article.
    static let strongParts = [
        "comment", "share", "social", "related", "newsletter", "subscri", "promo", "sponsor", "advert", "cookie",
        "consent", "popup", "sidebar", "breadcrumb", "outbrain", "taboola", "disqus", "signup",
        "recommend", "trending", "footer", "navbar", "most-read", "mostread", "more-stories",
    ]

    /// What an element's hints say, worked out once per element.
    struct Verdict {
        var negative = false
        var stronglyNegative = false
        var positive = false
        /// A byline or author element ("byline", "author", "…author-name").
        var byline = false
    }

    static func verdict(_ element: HTMLElement) -> Verdict {
        var verdict = Verdict()
        if let role = element["role"]?.lowercased(),
           ["navigation", "banner", "contentinfo", "complementary", "menu", "dialog", "alert"].contains(role) {
            verdict.negative = true
        }
        // A date marked up for machines (schema.org's datePublished, dateModified) is the
        // page's metadata, kept with the document, not a line to read before the article.
        if let property = element["itemprop"]?.lowercased(), datedProperties.contains(property) { verdict.negative = true }
        let hints = Array(element.hints.utf8)
        guard hints.count > 1 else { return verdict }
        // Runs for every element of every page: one pass over the hints, trying only the
        // parts that start with the byte at hand (Foundation's String search dominated).
        var found = PartSet()
        for start in hints.indices {
            for (index, part) in partsByFirstByte[Int(hints[start])] where !found.contains(index) {
                if part.count <= hints.count - start, hints[start..<(start + part.count)].elementsEqual(part) {
                    found.insert(index)
                }
            }
        }
        let words = hints.split { !(($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 >= 0x80) }
            .map { String(decoding: $0, as: UTF8.self) }
        verdict.byline = found.contains(bylinePart) || hints.split(separator: 0x20).contains { word in
            word.elementsEqual("author".utf8) || word.reversed().starts(with: "eman-rohtua".utf8)
        }
        if !found.isDisjoint(with: positivePartIndices) {
            verdict.positive = true
            return verdict
        }
        verdict.positive = words.contains { positiveWords.contains($0) }
        verdict.stronglyNegative = !found.isDisjoint(with: strongPartIndices)
        verdict.negative = verdict.negative || verdict.stronglyNegative || words.contains { negativeWords.contains($0) }
            || !found.isDisjoint(with: negativePartIndices)
        return verdict
    }

    /// Indices into `allParts`; a bit set, since there are fewer than 64 parts.
    private struct PartSet {
        var bits: UInt64 = 0
        func contains(_ index: Int) -> Bool { bits & (1 << UInt64(index)) != 0 }
        mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }
        func isDisjoint(with other: PartSet) -> Bool { bits & other.bits == 0 }
    }

    private static let allParts: [String] = Array(Set(negativeParts + positiveParts + strongParts + ["byline"])).sorted()
    private static let partsByFirstByte: [[(Int, [UInt8])]] = {
        var table = [[(Int, [UInt8])]](repeating: [], count: 256)
        for (index, part) in allParts.enumerated() {
            let bytes = Array(part.utf8)
            if let first = bytes.first { table[Int(first)].append((index, bytes)) }
        }
        return table
    }()
    private static func indices(_ parts: [String]) -> PartSet {
        var set = PartSet()
        for part in parts { if let index = allParts.firstIndex(of: part) { set.insert(index) } }
        return set
    }
    private static let positivePartIndices = indices(positiveParts)
    private static let strongPartIndices = indices(strongParts)
    private static let negativePartIndices = indices(negativeParts)
    private static let bylinePart = allParts.firstIndex(of: "byline") ?? 0

    static func isNegative(_ element: HTMLElement) -> Bool { element.verdict.negative }
    static func isStronglyNegative(_ element: HTMLElement) -> Bool { element.verdict.stronglyNegative }
    static func isPositive(_ element: HTMLElement) -> Bool { element.verdict.positive }

    /// Why a boilerplate element is not read, from what its id, class and role say.
    static func reason(_ element: HTMLElement) -> SkipReason {
        let hints = element.hints
        func has(_ parts: String...) -> Bool { parts.contains { hints.contains($0) } }
        if has("comment", "disqus") { return .comments }
        if has("nav", "menu", "breadcrumb", "pagination", "pager", "toc", "skip") { return .navigation }
        if has("sidebar", "related", "recommend", "trending", "most-read", "mostread", "more-stories", "aside", "rail") {
            return .sidebar
        }
        if has("footer") { return .footer }
        if has("header", "masthead", "banner") { return .header }
        if has("hidden", "sr-only") { return .hidden }
        return .boilerplate
    }

    /// What manuals and generated pages put around their text, by whole words of id and
    /// class: navigation bars, tables of contents, sidebars, footers. A header holding a
    /// heading is the title block, not furniture.
    static func documentationFurniture(_ element: HTMLElement) -> SkipReason? {
        guard element.hints.utf8.count > 1 else { return nil }
        for word in element.hints.split(whereSeparator: { $0 == " " || $0 == "_" }) {
            switch word {
            case "navheader", "navfooter", "nav-panel", "navigation", "navbar", "nav", "breadcrumb", "breadcrumbs",
                 "pager", "pagination", "skip-link", "skiplink", "menu",
                 // Doxygen's groups and path of a page; javadoc's bars, their lists and "skip navigation".
                 "ingroups", "navpath", "topnav", "subnav", "bottomnav", "fixednav", "navlist", "subnavlist", "skipnav",
                 // Publican's bars above and below each page.
                 "docnav":
                return .navigation
            case "banner": return .header
            // DocBook's sidebar is a box of the text with its own title ("BACK TO BASICS
            // Firewall"), read where it stands; a site's sidebar has no title page.
            case "sidebar" where element.elements.contains { $0.classWords.contains("titlepage") }: continue
            case "sidebar", "sphinxsidebar", "related": return .sidebar
            case "footer", "legalcopy": return .footer
            // Doxygen's tooltips, hidden by its style sheet until the pointer is over a name.
            case "ttc", "tooltip": return .hidden
            case "header":
                if element.descendants(where: { $0.tag.isHeading || DocumentationMarkup.role(of: $0) == .pageTitle }).isEmpty {
                    return .navigation
                }
            default: continue
            }
        }
        return nil
    }

    /// Whole blocks that are page furniture wherever they stand.
    static func isFurnitureText(_ text: String) -> Bool {
        guard text.utf8.count <= 48 else { return false }
        let key = text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        return furniturePhrases.contains(key)
    }

    static let furniturePhrases: Set<String> = [
        "advertisement", "ad", "sponsored", "share", "share this", "share this article", "tweet", "email", "print",
        "comments", "read more", "continue reading", "skip to content", "skip to main content", "story continues below",
        "story continues below advertisement", "scroll to continue", "related", "related articles", "more",
    ]
}
