/// One element of a parsed page, copied out of libxml2's tree without what a reader never
/// needs (scripts, styles, hidden elements, comments). Elements nested deeper than
/// `HTMLTree.maximumDepth` are flattened into their ancestor at that depth, so every walk over
/// the tree has a bounded recursion depth whatever the page does.
final class HTMLElement {
    let name: String
    /// The attributes the extractor looks at (id, class, role, itemprop, lang, …).
    let attributes: [String: String]
    var children: [HTMLNode] = []
    weak var parent: HTMLElement?

    // Filled in by the extractor's measuring pass.
    /// Characters of text inside, whitespace not counted.
    var textLength = 0
    /// Of those, characters inside links.
    var linkLength = 0
    var commas = 0
    /// Readability-style content score, and whether it was initialized.
    var score = 0.0
    var isCandidate = false

    init(name: String, attributes: [String: String] = [:], parent: HTMLElement? = nil) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
    }

    var linkDensity: Double { textLength == 0 ? 0 : Double(linkLength) / Double(textLength) }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// "id class" in lower case, for boilerplate and content hints.
    lazy var hints: String = ((attributes["id"] ?? "") + " " + (attributes["class"] ?? "")).lowercased()
    lazy var verdict: Boilerplate.Verdict = Boilerplate.verdict(self)

    var elements: [HTMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// All text inside, as written (whitespace not collapsed), `<br>` as a newline.
    var rawText: String { text(lineBreak: "\n") }

    /// All text inside, with `<br>` as `lineBreak`.
    func text(lineBreak: String) -> String {
        var out = ""
        appendText(to: &out, lineBreak: lineBreak)
        return out
    }

    private func appendText(to out: inout String, lineBreak: String) {
        for child in children {
            switch child {
            case .text(let text): out += text
            case .element(let element):
                if element.name == "br" { out += lineBreak } else { element.appendText(to: &out, lineBreak: lineBreak) }
            }
        }
    }

    /// Every element below this one, depth first, this one excluded.
    func descendants(where include: (HTMLElement) -> Bool) -> [HTMLElement] {
        var result: [HTMLElement] = []
        var stack = elements.reversed() as [HTMLElement]
        while let element = stack.popLast() {
            if include(element) { result.append(element) }
            stack.append(contentsOf: element.elements.reversed())
        }
        return result
    }
}

/// A node of the tree: an element or a run of text.
enum HTMLNode {
    case element(HTMLElement)
    case text(String)
}

/// A parsed page: the body and what the head says about the document.
struct HTMLTree {
    static let maximumDepth = 400

    var body: HTMLElement
    /// `<title>` text.
    var title: String?
    /// `<meta name|property=… content=…>`, keys in lower case, first one wins.
    var meta: [String: String] = [:]
    /// `<link rel=canonical>`.
    var canonical: String?
    /// `<html lang>`.
    var language: String?
    /// The text of every `<script type="application/ld+json">`.
    var jsonLD: [String] = []
}
