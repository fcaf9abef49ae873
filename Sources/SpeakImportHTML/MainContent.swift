/// Decides what part of a page is read. Documentation and book-like pages (made by a
/// documentation generator, or marked up with `role="main"` or `<main>`) are read whole,
/// every section of their main content; other pages are scored like articles.
struct MainContent {
    /// The elements read, in page order.
    var roots: [HTMLElement]
    /// Whether boilerplate inside the roots is filtered out (articles) or the roots are read
    /// as written (documentation).
    var strict: Bool
    /// A documentation or book page: its first heading is a chapter, not a repeated title.
    var isDocumentation: Bool

    /// Generators whose pages are manuals, references and books (`<meta name="generator">`).
    static let documentationGenerators = [
        "sphinx", "docutils", "docbook", "makeinfo", "texinfo", "texi2any", "texi2html", "asciidoc", "rustdoc", "mdbook",
        "doxygen", "pandoc", "mkdocs", "javadoc", "gtk-doc", "jsdoc", "typedoc", "hugo-book", "docusaurus", "vitepress",
        // DocBook books built with Publican (the Debian Administrator's Handbook).
        "publican",
    ]

    static func find(in tree: HTMLTree) -> MainContent? {
        let generator = tree.meta["generator"]?.lowercased() ?? ""
        // A page made with a custom header may drop the generator's meta but keep its style sheet.
        let sheets = tree.stylesheets.map { $0.split(separator: "/").last?.lowercased() ?? "" }
        let isGenerated = documentationGenerators.contains { name in generator.contains(name) || sheets.contains { $0.contains(name) } }
            || DocumentationMarkup.isJavadoc(tree.body) || DocumentationMarkup.isTexinfo(tree.body)
        let marked = markedMain(in: tree.body)
        if isGenerated || marked != nil && !looksLikeArticle(tree) {
            return MainContent(roots: [marked ?? tree.body], strict: false, isDocumentation: true)
        }
        guard let top = ContentScorer.bestCandidate(in: tree.body) else { return nil }
        return MainContent(roots: ContentScorer.withSiblings(top), strict: true, isDocumentation: false)
    }

    /// The element marked as the page's main content: `role="main"`, else a single `<main>`.
    static func markedMain(in body: HTMLElement) -> HTMLElement? {
        let marked = body.descendants { $0["role"]?.lowercased() == "main" || $0.tag == .main }
        if let role = marked.first(where: { $0["role"]?.lowercased() == "main" }) { return role }
        let mains = marked.filter { $0.tag == .main }
        return mains.count == 1 ? mains.first : nil
    }

    /// News and blog posts say so in their metadata; their main element also holds related
    /// stories, comments and promotions, which the article scorer handles.
    static func looksLikeArticle(_ tree: HTMLTree) -> Bool {
        if let type = tree.meta["og:type"]?.lowercased(), type.contains("article") || type.contains("blog") { return true }
        if tree.meta["article:published_time"] != nil || tree.meta["article:author"] != nil { return true }
        let generator = tree.meta["generator"]?.lowercased() ?? ""
        if publishingSystems.contains(where: { generator.contains($0) }) { return true }
        if tree.jsonLD.contains(where: { $0.contains("Article") || $0.contains("BlogPosting") }) { return true }
        return !tree.body.descendants { element in
            element["itemtype"].map { $0.contains("Article") || $0.contains("BlogPosting") } == true
                || element.tag == .article && element.hints.split(separator: " ").contains { ["post", "hentry", "entry"].contains($0) }
        }.isEmpty
    }

    /// Blog and news publishing systems (`<meta name="generator">`).
    static let publishingSystems = ["wordpress", "blogger", "ghost", "drupal", "joomla", "typo3", "squarespace", "wix",
                                    "medium", "substack", "jekyll", "movable type", "tumblr", "litepress"]
}
