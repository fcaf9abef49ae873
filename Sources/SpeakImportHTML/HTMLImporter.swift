import Foundation
import SpeakImport
import SpeakModel

/// Imports a web page: decides the encoding, parses with libxml2, finds the article
/// (readability-style scoring; `itemprop=articleBody` and `<article>` help), and keeps its
/// headings, paragraphs, lists, quotes, captions, code and tables. A page with nothing
/// article-like imports its visible text with a warning.
public struct HTMLImporter: Importer {
    public var format: DocumentFormat { .html }

    public init() {}

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions,
                               progress: ProgressHandler) throws -> Document {
        let name = source.name
        let page = HTMLDecoder.utf8(source.data, declaredCharset: source.declaredCharset)
        progress(0.2)
        guard let tree = LibXML2Library.parse(utf8: page.bytes) else {
            throw ImportError.noReadableText(name)
        }
        progress(0.6)
        let main = MainContent.find(in: tree)
        let metadata = PageMetadata(tree, article: main?.roots.first, isDocumentation: main?.isDocumentation ?? false)
        var builder = DocumentBuilder()
        var emitted = main.map { PageWalker.blocks(of: tree.body, roots: $0.roots, strict: $0.strict) } ?? []
        let articleLength = emitted.reduce(0) { $0 + ($1.skip == nil ? $1.text.count : 0) }
        let leftOut = Self.prose(outside: emitted)
        if main == nil || articleLength < 200 && tree.body.textLength > articleLength * 4 {
            emitted = PageWalker.blocks(of: tree.body, roots: [tree.body], strict: false)
            builder.warn("no article found in the page; importing all of its visible text")
        } else if leftOut.prose >= 500, leftOut.prose >= leftOut.read * 3 {
            // What was chosen is a small part of a page of prose (a flat page: headings,
            // paragraphs and lists straight in <body>): the page is the article.
            emitted = PageWalker.blocks(of: tree.body, roots: [tree.body], strict: false)
            builder.warn("the main content found was a small part of the page's prose; importing all of its visible text")
        } else if let warning = Self.proseLeftOut(emitted) {
            builder.warn(warning)
        }
        // Elements know their parents unowned: the tree must outlive every use of an element.
        withExtendedLifetime(tree) {}
        let title = options.title ?? metadata.title ?? ""
        var headingsSeen = 0
        for (index, block) in emitted.enumerated() {
            var skip = block.skip
            if skip == nil, Self.labelsSkippedNotes(emitted, at: index) { skip = .footnote }
            // An article's own headline is the document title, not its first sentence; a
            // manual's first heading starts its first chapter.
            if skip == nil, block.kind.headingLevel != nil {
                headingsSeen += 1
                if headingsSeen == 1, main?.isDocumentation != true, Self.same(block.text, title) { skip = .title }
            }
            builder.append(block.kind, text: CharacterCleanup.clean(block.text), skip: skip)
        }
        guard builder.wordCount > 0 else { throw ImportError.noReadableText(name) }
        if builder.blocks.filter({ $0.kind.headingLevel != nil }).count >= 2 { builder.chaptersFromHeadings() }
        progress(1)
        return builder.build(metadata: DocumentMetadata(
            title: title, author: metadata.author, language: options.language ?? metadata.language, source: name,
            format: .html, contentHash: "", created: metadata.published, siteName: metadata.siteName,
            canonicalURL: metadata.canonicalURL))
    }

    /// A warning when the page holds more prose outside the chosen content than a listener
    /// would expect to miss: paragraphs of sentences, not menus or link lists.
    static func proseLeftOut(_ blocks: [EmittedBlock]) -> String? {
        let (read, prose) = prose(outside: blocks)
        guard prose >= 150, Double(prose) >= Double(read) * 0.25 else { return nil }
        return "about \(prose) words of prose outside the main content are not read; 'speak text --all' shows them"
    }

    /// Words read, and words of prose outside the chosen content: paragraphs, quotes and list
    /// items of sentences, not menus or link lists.
    static func prose(outside blocks: [EmittedBlock]) -> (read: Int, prose: Int) {
        var read = 0, prose = 0
        for block in blocks {
            // Blocks are whitespace-collapsed: words are spaces plus one.
            let words = block.text.utf8.reduce(1) { $0 + ($1 == 0x20 ? 1 : 0) }
            if block.skip == nil {
                read += words
            } else if block.skip == .outsideArticle, [.paragraph, .quote, .listItem].contains(block.kind), words >= 25,
                      block.text.contains(". ") || block.text.hasSuffix(".") {
                prose += words
            }
        }
        return (read, prose)
    }

    /// A "Footnotes" label (Sphinx's rubric) over notes that are all skipped is skipped with
    /// them: read alone it announces nothing.
    static func labelsSkippedNotes(_ blocks: [EmittedBlock], at index: Int) -> Bool {
        let label = blocks[index].text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        guard ["footnotes", "footnote", "notes", "endnotes"].contains(label) else { return false }
        let after = blocks[(index + 1)...].prefix { $0.skip != nil }
        let nextAt = index + 1 + after.count
        return after.first?.skip == .footnote && (nextAt == blocks.count || blocks[nextAt].kind.headingLevel != nil)
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        !b.isEmpty && PageMetadata.key(a) == PageMetadata.key(b)
    }
}
