import Foundation

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
        "recirc", "outbrain", "taboola", "disqus", "more", "author", "hidden", "dateline", "timestamp", "credit",
        "credits", "caption", "overlay", "feedback", "disclaimer", "pagination", "pager", "topics", "keywords",
    ]
    /// Substrings that mark boilerplate wherever they appear.
    static let negativeParts = [
        "comment", "share", "social", "related", "newsletter", "subscri", "promo", "sponsor", "advert", "cookie",
        "consent", "popup", "sidebar", "breadcrumb", "outbrain", "taboola", "disqus", "signup",
        "recommend", "trending", "toolbar", "masthead", "footer", "navbar", "byline", "author-",
        "most-read", "mostread", "read-more", "readmore", "more-stories", "jump-link", "sr-only", "visually-hidden",
    ]
    static let positiveWords: Set<String> = [
        "article", "content", "entry", "main", "post", "story", "text", "body", "blog", "prose", "articlebody",
    ]
    static let positiveParts = ["article-body", "articlebody", "article__body", "post-body", "entry-content",
                                "story-body", "article-content", "post-content", "rich-text", "body-text"]

    static func words(_ element: HTMLElement) -> [Substring] {
        element.hints.split { !$0.isLetter && !$0.isNumber }
    }

    static func isNegative(_ element: HTMLElement) -> Bool {
        if let role = element["role"]?.lowercased(),
           ["navigation", "banner", "contentinfo", "complementary", "menu", "dialog", "alert"].contains(role) { return true }
        let hints = element.hints
        guard hints.count > 1 else { return false }
        if isPositiveStrongly(hints) { return false }
        return words(element).contains { negativeWords.contains(String($0)) } || negativeParts.contains { hints.contains($0) }
    }

    /// Boilerplate hints that hold however much text the element has: comment threads and
    /// related-story lists can be longer than the article.
    static let strongParts = [
        "comment", "share", "social", "related", "newsletter", "subscri", "promo", "sponsor", "advert", "cookie",
        "consent", "popup", "sidebar", "breadcrumb", "outbrain", "taboola", "disqus", "signup",
        "recommend", "trending", "footer", "navbar", "most-read", "mostread", "more-stories",
    ]

    static func isStronglyNegative(_ element: HTMLElement) -> Bool {
        let hints = element.hints
        guard hints.count > 1, !isPositiveStrongly(hints) else { return false }
        return strongParts.contains { hints.contains($0) }
    }

    static func isPositive(_ element: HTMLElement) -> Bool {
        let hints = element.hints
        guard hints.count > 1 else { return false }
        return isPositiveStrongly(hints) || words(element).contains { positiveWords.contains(String($0)) }
    }

    private static func isPositiveStrongly(_ hints: String) -> Bool {
        positiveParts.contains { hints.contains($0) }
    }

    /// Whole blocks that are page furniture wherever they stand.
    static func isFurnitureText(_ text: String) -> Bool {
        let key = text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        return furniturePhrases.contains(key)
    }

    static let furniturePhrases: Set<String> = [
        "advertisement", "ad", "sponsored", "share", "share this", "share this article", "tweet", "email", "print",
        "comments", "read more", "continue reading", "skip to content", "skip to main content", "story continues below",
        "story continues below advertisement", "scroll to continue", "related", "related articles", "more",
    ]
}
