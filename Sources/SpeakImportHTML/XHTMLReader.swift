import Foundation
import SpeakImport
import SpeakModel

/// One block of a book's content document, with the `id`s that start at it.
public struct XHTMLBlock: Sendable, Equatable {
    public var kind: BlockKind
    public var text: String
    public var skip: SkipReason?
    public var ids: [String]
}

/// Reads the content documents of an EPUB: every block of the body in order, as the HTML
/// importer emits them but without its search for the article or its boilerplate rules (a
/// book has no menus), with `epub:type` deciding what is a note, a page break or front matter.
public enum XHTMLReader {
    /// The blocks of an XHTML document and the reason its body as a whole is not read (a
    /// title page, a colophon); nil when it cannot be parsed at all.
    public static func read(_ data: Data) -> (blocks: [XHTMLBlock], bodySkip: SkipReason?)? {
        let page = HTMLDecoder.utf8(data, declaredCharset: nil)
        guard let tree = LibXML2Library.parse(utf8: page.bytes) else { return nil }
        var emitter = BlockEmitter(strict: false, book: true)
        let bodySkip = BookTypes.reason(tree.body["epub:type"], tag: tree.body.tag)
        emitter.emit(tree.body, isRoot: true)
        emitter.flush()
        let blocks = emitter.blocks.map { XHTMLBlock(kind: $0.kind, text: CharacterCleanup.clean($0.text), skip: $0.skip, ids: $0.ids) }
        withExtendedLifetime(tree) {}
        return (blocks, bodySkip)
    }

    /// Why a whole content document that a landmark or guide names with this `epub:type`
    /// ("copyright-page", "colophon") is not read; nil for the ones that are ("bodymatter").
    public static func reason(forType type: String) -> SkipReason? {
        BookTypes.reason(type, tag: Tag("body"))
    }
}
