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
        let article = ContentScorer.bestCandidate(in: tree.body)
        let metadata = PageMetadata(tree, article: article)
        var builder = DocumentBuilder()
        var emitted = article.map { Self.blocks(of: ContentScorer.withSiblings($0), top: $0) } ?? []
        let articleLength = emitted.reduce(0) { $0 + $1.text.count }
        if article == nil || articleLength < 200 && tree.body.textLength > articleLength * 4 {
            emitted = Self.blocks(of: [tree.body], top: tree.body, strict: false)
            builder.warn("no article found in the page; importing all of its visible text")
        }
        // Elements know their parents unowned: the tree must outlive every use of an element.
        withExtendedLifetime(tree) {}
        let title = options.title ?? metadata.title ?? ""
        for (index, block) in emitted.enumerated() {
            // The article's own headline is the document title, not its first sentence.
            if index < 3, block.kind.headingLevel != nil, Self.same(block.text, title) { continue }
            builder.append(block.kind, text: CharacterCleanup.clean(block.text))
        }
        guard builder.wordCount > 0 else { throw ImportError.noReadableText(name) }
        if builder.blocks.filter({ $0.kind.headingLevel != nil }).count >= 2 { builder.chaptersFromHeadings() }
        progress(1)
        return builder.build(metadata: DocumentMetadata(
            title: title, author: metadata.author, language: options.language ?? metadata.language, source: name,
            format: .html, contentHash: "", created: metadata.published, siteName: metadata.siteName,
            canonicalURL: metadata.canonicalURL))
    }

    /// The blocks of an article root, with its close siblings when the article is split
    /// across them.
    static func blocks(of roots: [HTMLElement], top: HTMLElement, strict: Bool = true) -> [(kind: BlockKind, text: String)] {
        var emitter = BlockEmitter(strict: strict)
        for root in roots {
            emitter.emit(root, isRoot: root === top)
            emitter.flush()
        }
        return emitter.blocks
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        let key = { (text: String) in text.lowercased().filter { $0.isLetter || $0.isNumber } }
        return !b.isEmpty && key(a) == key(b)
    }
}
