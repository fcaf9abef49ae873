import SpeakModel

/// Walks a whole page in reading order: the main content is read, and everything around it
/// (navigation, sidebars, footers, whatever else the page shows) is kept as skipped blocks
/// with its reason, so `speak text --all` shows the page's whole visible text.
struct PageWalker {
    private var emitter: BlockEmitter
    private let roots: Set<ObjectIdentifier>
    private var ancestors: Set<ObjectIdentifier> = []

    /// The blocks of `body`, reading `roots` (with boilerplate inside them skipped when
    /// `strict`) and skipping the rest.
    static func blocks(of body: HTMLElement, roots: [HTMLElement], strict: Bool) -> [EmittedBlock] {
        var walker = PageWalker(emitter: BlockEmitter(strict: strict),
                                roots: Set(roots.map(ObjectIdentifier.init)))
        for root in roots {
            var node = root.parent
            while let element = node, walker.ancestors.insert(ObjectIdentifier(element)).inserted { node = element.parent }
        }
        if walker.roots.contains(ObjectIdentifier(body)) {
            walker.emitter.emit(body, isRoot: true)
        } else {
            walker.walk(body)
        }
        walker.emitter.flush()
        return walker.emitter.blocks
    }

    private mutating func walk(_ element: HTMLElement) {
        for child in element.children {
            switch child {
            case .text(let text):
                emitter.appendSkippedText(text, reason: .outsideArticle)
            case .element(let child):
                let id = ObjectIdentifier(child)
                if roots.contains(id) {
                    emitter.flush()
                    emitter.emit(child, isRoot: true)
                    emitter.flush()
                } else if ancestors.contains(id) {
                    walk(child)
                } else {
                    emitter.emitSkipped(child, reason: Boilerplate.isNegative(child) ? Boilerplate.reason(child) : .outsideArticle)
                }
            }
        }
    }
}
