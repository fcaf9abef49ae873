import SpeakImport

/// One element of a parsed page, copied out of libxml2's tree without what a reader never
/// needs (scripts, styles, hidden elements, comments). Elements nested deeper than
/// `HTMLTree.maximumDepth` are flattened into their ancestor at that depth, so every walk over
/// the tree has a bounded recursion depth whatever the page does.
final class HTMLElement {
    let name: String
    /// The name packed for fast comparison.
    let tag: Tag
    /// The attributes the extractor looks at (id, class, role, itemprop, lang, …).
    let attributes: HTMLAttributes
    var children: [HTMLNode] = []
    /// Unowned, not weak: a parent always outlives its children (it holds them), and a weak
    /// reference gives every element a side table — a third of the time to build and free a tree.
    unowned var parent: HTMLElement?

    // Filled in by the extractor's measuring pass.
    /// Characters of text inside, whitespace not counted.
    var textLength = 0
    /// Of those, characters inside links.
    var linkLength = 0
    var commas = 0
    /// Readability-style content score, and whether it was initialized.
    var score = 0.0
    var isCandidate = false
    /// Hidden on the page (`hidden`, `display: none`, `aria-hidden`), or inside such an element.
    var isHidden = false

    init(name: String, tag: Tag? = nil, attributes: HTMLAttributes = HTMLAttributes(), parent: HTMLElement? = nil) {
        self.name = name
        self.tag = tag ?? Tag(name)
        self.attributes = attributes
        self.parent = parent
    }

    var linkDensity: Double { textLength == 0 ? 0 : Double(linkLength) / Double(textLength) }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// An `<a>` with a target: what a reader's score counts as link text, same-page links
    /// included (a page of in-page links is still navigation).
    var isLink: Bool { tag == .a && self["href"] != nil }

    /// An `<a>` that goes somewhere else: it has a target, and not a place on this page. What
    /// the reading text counts as a link: a heading's own anchor, or an anchor without a
    /// target (a section title that shows or hides its section), is part of the text.
    var leavesThePage: Bool { tag == .a && self["href"].map { !$0.hasPrefix("#") } ?? false }

    /// "id class" in lower case, for boilerplate and content hints.
    lazy var hints: String = ((attributes["id"] ?? "") + " " + (attributes["class"] ?? "")).lowercased()
    /// The words of `class` in lower case, split once (documentation markup asks for them often).
    lazy var classWords: [String] = (attributes["class"] ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    lazy var verdict: Boilerplate.Verdict = Boilerplate.verdict(self)

    var elements: [HTMLElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// A `<sup>` of digits and signs as Unicode superscripts ("m²", "10⁶", "folder¹"): glued to
    /// the word before it as plain digits, a note's mark or a power read as part of the word
    /// ("folder1", "m2"); raised, the spoken text skips the mark and says the power. Nil for
    /// anything else (ordinals' "st", bracketed citations, daggers), kept as written.
    private var superscript: String? {
        guard tag == .sup else { return nil }
        var inner = ""
        appendChildren(to: &inner, lineBreak: " ", includingHidden: false)
        let digits = inner.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var out = ""
        for character in digits {
            guard let raised = ScriptCharacters.raised[character] else { return nil }
            out.append(raised)
        }
        return out
    }

    /// All text inside, as written (whitespace not collapsed), `<br>` as a newline.
    var rawText: String { text(lineBreak: "\n") }

    /// All text inside, with `<br>` as `lineBreak` and `<sup>` digits raised.
    func text(lineBreak: String, includingHidden: Bool = false) -> String {
        var out = ""
        appendText(to: &out, lineBreak: lineBreak, includingHidden: includingHidden)
        return out
    }

    private func appendText(to out: inout String, lineBreak: String, includingHidden: Bool) {
        if let raised = superscript {
            out += raised
        } else {
            appendChildren(to: &out, lineBreak: lineBreak, includingHidden: includingHidden)
        }
    }

    private func appendChildren(to out: inout String, lineBreak: String, includingHidden: Bool) {
        for child in children {
            switch child {
            case .text(let text): out += text
            case .element(let element):
                if element.isHidden && !includingHidden || element.tag == .control { continue }
                if element.tag == .br {
                    out += lineBreak
                } else {
                    element.appendText(to: &out, lineBreak: lineBreak, includingHidden: includingHidden)
                }
            }
        }
    }

    /// Every element below this one, depth first, this one excluded.
    func descendants(where include: (HTMLElement) -> Bool) -> [HTMLElement] {
        var result: [HTMLElement] = []
        var stack: [HTMLElement] = []
        func push(_ children: [HTMLNode]) {
            for child in children.reversed() { if case .element(let element) = child { stack.append(element) } }
        }
        push(children)
        while let element = stack.popLast() {
            if include(element) { result.append(element) }
            push(element.children)
        }
        return result
    }
}

/// The attributes of an element that the extractor looks at. An element has a handful, so a
/// list searched in order beats a dictionary, which hashes every name of every element.
struct HTMLAttributes {
    private var pairs: [(name: String, value: String)] = []

    /// The value of `name`; of a repeated attribute, the last one.
    subscript(name: String) -> String? {
        pairs.last { $0.name == name }?.value
    }

    mutating func set(_ name: String, _ value: String) {
        pairs.append((name, value))
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

    /// `<html>`: it holds every element (elements hold their parents unowned).
    let root: HTMLElement
    var body: HTMLElement
    /// `<title>` text.
    var title: String?
    /// `<meta name|property=… content=…>`, keys in lower case, first one wins.
    var meta: [String: String] = [:]
    /// `<link rel=canonical>`.
    var canonical: String?
    /// The `href` of every `<link rel=stylesheet>`: a generator's own style sheet names it
    /// when no `<meta name=generator>` does ("doxygen.css").
    var stylesheets: [String] = []
    /// `<html lang>`.
    var language: String?
    /// The text of every `<script type="application/ld+json">`.
    var jsonLD: [String] = []
}
