import SpeakModel

/// What an EPUB content document's `epub:type` (and its `<aside>`, `<nav>`) says is not read:
/// notes, note references, page breaks, the table of contents, and front and back matter that
/// nobody listens to (title pages, imprints, colophons, copyright pages).
enum BookTypes {
    static let notes: Set<String> = ["footnote", "footnotes", "endnote", "endnotes", "rearnote", "rearnotes", "note", "notes"]
    static let matter: Set<String> = ["titlepage", "halftitlepage", "imprint", "colophon", "copyright-page", "imprimatur",
                                      "loi", "lot", "index", "toc", "landmarks", "page-list"]

    /// The reason for an element with these `epub:type` words (space-separated), if any.
    static func reason(_ types: String?, tag: Tag) -> SkipReason? {
        if let types {
            for type in types.split(separator: " ").map({ String($0.split(separator: ":").last ?? $0) }) {
                if type == "noteref" || type == "annoref" { return .marker }
                if type == "pagebreak" { return .pageNumber }
                if notes.contains(type) { return .footnote }
                if matter.contains(type) { return type == "toc" || type == "landmarks" || type == "page-list" ? .navigation : .frontMatter }
            }
        }
        if tag == .aside { return .sidebar }
        if tag == .nav { return .navigation }
        return nil
    }

    /// Whether a note reference, a page break or another part not read stands inside `element`.
    static func holdsMarks(_ element: HTMLElement) -> Bool {
        element.elements.contains { reason($0["epub:type"], tag: $0.tag) != nil || holdsMarks($0) }
    }
}
