/// Finds the element that holds a page's article, readability-style: every paragraph gives
/// points to its ancestors (more for long text with commas), containers are weighted by their
/// tag and by what their id and class say, and link-heavy containers lose their points.
enum ContentScorer {
    /// Measures text, link text and commas of every element, bottom up.
    static func measure(_ element: HTMLElement, insideLink: Bool = false) {
        var text = 0, links = 0, commas = 0
        // An anchor without a target (a toggle, a named place) is not a link.
        let isLink = insideLink || element.isLink
        for child in element.children {
            switch child {
            case .text(let string):
                var count = 0
                for character in string.unicodeScalars where !BlockEmitter.isSpace(character) {
                    count += 1
                    if character == "," || character == "、" || character == "，" { commas += 1 }
                }
                text += count
                if isLink { links += count }
            case .element(let child):
                // Hidden text counts for nothing (its own measures stay zero).
                if child.isHidden || child.tag == .control { continue }
                measure(child, insideLink: isLink)
                text += child.textLength
                links += child.linkLength
                commas += child.commas
            }
        }
        element.textLength = text
        element.linkLength = links
        element.commas = commas
    }

    static func isParagraph(_ tag: Tag) -> Bool {
        switch tag {
        case .p, .pre, .td, .blockquote: true
        default: false
        }
    }

    static func isContainer(_ tag: Tag) -> Bool {
        switch tag {
        case .div, .section, .article, .main, .td, .blockquote, .pre, .body, .center, .font, .span: true
        default: false
        }
    }

    /// The best candidate, or nil when nothing on the page reads like an article.
    static func bestCandidate(in body: HTMLElement) -> HTMLElement? {
        measure(body)
        var candidates: [HTMLElement] = []
        let paragraphs = body.descendants { element in
            !element.isHidden && (isParagraph(element.tag) || (isContainer(element.tag) && directText(element) >= 25))
        }
        for paragraph in paragraphs {
            let length = isParagraph(paragraph.tag) ? paragraph.textLength : directText(paragraph)
            guard length >= 25 else { continue }
            let points = 1 + Double(paragraph.commas) + min(Double(length / 100), 3)
            var ancestor = paragraph.parent
            var level = 0
            while let current = ancestor, level < 5 {
                if !current.isCandidate {
                    current.isCandidate = true
                    current.score = initialScore(current)
                    candidates.append(current)
                }
                current.score += points / (level == 0 ? 1 : level == 1 ? 2 : Double(level * 3))
                ancestor = current.parent
                level += 1
            }
        }
        for candidate in candidates { candidate.score *= 1 - candidate.linkDensity }
        guard let best = candidates.max(by: { $0.score < $1.score }), best.score > 0 else { return nil }
        var top = best
        // An article split over several containers: when close rivals sit under one ancestor
        // of the best, that ancestor holds the article.
        let rivals = candidates.filter { $0.score >= top.score * 0.75 && !related($0, top) }
        if rivals.count >= 2, let shared = commonAncestor(top, rivals), shared.name != "body" || rivals.count >= 3 {
            top = shared
        }
        // A page of sections built alike (an index of documents: a list of links with their
        // descriptions under each heading): the best is one of them, and they are read together
        // however much longer one section is than the others.
        let twins = alike(top, in: body)
        var container = top.parent
        var levels = 1
        while !twins.isEmpty, levels <= 4, let shared = container, shared.name != "body" {
            let inside = twins.filter { ancestor(of: $0, levels: levels) === shared }
            if inside.count >= 2, Double(inside.reduce(0) { $0 + $1.textLength }) >= Double(top.textLength) * 0.25 {
                top = shared
                break
            }
            container = shared.parent
            levels += 1
        }
        // An article cut into parts (by an advertisement, a pull quote, a video), at the same
        // depth or not: the other parts are built as the best one is (tag and class) and read
        // as an article does; their nearest shared container holds them all.
        if top === best, hasClass(top) {
            let parts = candidates.filter { $0 !== top && !related($0, top) && $0.tag == top.tag && $0["class"] == top["class"]
                && $0.score >= top.score * 0.3 }
            if !parts.isEmpty, let shared = sharedContainer(top, parts) { top = shared }
        }
        // A lone paragraph's parent that holds more of the text is the better answer.
        while let parent = top.parent, parent.name != "body", parent.name != "html",
              Double(top.textLength) < Double(parent.textLength) * 0.4, parent.score >= top.score * 0.5,
              parent.linkDensity < 0.35 {
            top = parent
        }
        return top
    }

    /// The best candidate and those of its siblings that continue the article: high-scoring
    /// containers and plain paragraphs of real sentences.
    static func withSiblings(_ top: HTMLElement) -> [HTMLElement] {
        guard let parent = top.parent, top.name != "body" else { return [top] }
        let threshold = max(10, top.score * 0.2)
        let siblings = parent.elements
        var kept = siblings.map { sibling in
            if sibling === top { return true }
            if sibling.isCandidate, sibling.score >= threshold, !Boilerplate.isNegative(sibling) { return true }
            // A container used as a paragraph needs a sentence's length too: a dateline
            // ("Nov. 20, 2019 6:02 AM") has a full stop and no link either.
            return (sibling.name == "p" || isTextBlock(sibling) && sibling.textLength > 80) && isProse(sibling)
        }
        // A heading belongs to the section it opens: kept when what follows it is (a manual's
        // "2. Descriptions" before the list of descriptions chosen as the content).
        for i in siblings.indices where !kept[i] && siblings[i].tag.isHeading && !Boilerplate.isNegative(siblings[i]) {
            if let next = siblings[(i + 1)...].firstIndex(where: { $0.textLength > 0 }), kept[next] { kept[i] = true }
        }
        return siblings.indices.filter { kept[$0] }.map { siblings[$0] }
    }

    /// A paragraph of sentences: little link text, or several sentences whose links are
    /// references within them ("Date & Time functions … are documented separately.").
    static func isProse(_ paragraph: HTMLElement) -> Bool {
        let text = paragraph.rawText
        if paragraph.textLength > 80, paragraph.linkDensity < 0.25 { return true }
        if paragraph.textLength > 0, paragraph.linkDensity == 0, text.contains(". ") { return true }
        return paragraph.textLength > 80 && paragraph.linkDensity < 0.5 && text.components(separatedBy: ". ").count >= 3
    }

    /// A container used as a paragraph (`<div class="paragraph">…</div>`): its text is its own,
    /// not its child blocks'.
    static func isTextBlock(_ element: HTMLElement) -> Bool {
        isContainer(element.tag) && element.textLength > 0 && directText(element) * 10 >= element.textLength * 9
    }

    /// Text directly inside (not inside a child block element).
    static func directText(_ element: HTMLElement) -> Int {
        var count = 0
        for child in element.children {
            switch child {
            case .text(let text): count += text.unicodeScalars.reduce(0) { $0 + (BlockEmitter.isSpace($1) ? 0 : 1) }
            case .element(let inline) where BlockEmitter.isInline(inline.tag): count += inline.textLength
            default: break
            }
        }
        return count
    }

    static func initialScore(_ element: HTMLElement) -> Double {
        var score: Double = switch element.tag {
        case .div, .article, .main, .section: 5
        case .pre, .td, .blockquote: 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form, .aside, .nav, .footer: -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th, .header: -5
        default: 0
        }
        if element.tag == .article || element.tag == .main { score += 10 }
        if element["itemprop"]?.lowercased().contains("articlebody") == true { score += 25 }
        return score + classWeight(element)
    }

    /// +25 for content hints in id/class, −25 for boilerplate hints.
    static func classWeight(_ element: HTMLElement) -> Double {
        var weight = 0.0
        if Boilerplate.isNegative(element) { weight -= 25 }
        if Boilerplate.isPositive(element) { weight += 25 }
        return weight
    }

    /// The other elements with text at the depth of `top`, of its tag and class, under parents of
    /// its parent's tag: one pass over the levels above it, however deep the page nests.
    static func alike(_ top: HTMLElement, in body: HTMLElement) -> [HTMLElement] {
        var depth = 0
        var node = top
        while node !== body, let parent = node.parent {
            node = parent
            depth += 1
        }
        guard node === body else { return [] }
        var level = [body]
        for _ in 0..<depth { level = level.flatMap(\.elements) }
        return level.filter {
            $0 !== top && !$0.isHidden && $0.textLength >= 25 && $0.tag == top.tag && $0["class"] == top["class"]
                && $0.parent?.tag == top.parent?.tag
        }
    }

    /// The element `levels` above `element`.
    static func ancestor(of element: HTMLElement, levels: Int) -> HTMLElement? {
        var node: HTMLElement? = element
        for _ in 0..<levels { node = node?.parent }
        return node
    }

    /// Whether one element contains the other (or they are the same).
    static func related(_ a: HTMLElement, _ b: HTMLElement) -> Bool {
        func contains(_ outer: HTMLElement, _ inner: HTMLElement) -> Bool {
            var node: HTMLElement? = inner
            while let element = node {
                if element === outer { return true }
                node = element.parent
            }
            return false
        }
        return contains(a, b) || contains(b, a)
    }

    /// Whether the element names a class: only then does "built alike" say something (plain
    /// `<div>`s are everywhere on a page).
    private static func hasClass(_ element: HTMLElement) -> Bool {
        element["class"].map { !$0.allSatisfy(\.isWhitespace) } ?? false
    }

    /// The nearest element holding `top` and every one of `others`, unless that is the body.
    private static func sharedContainer(_ top: HTMLElement, _ others: [HTMLElement]) -> HTMLElement? {
        var shared = top.parent
        while let candidate = shared, candidate.name != "body" {
            if others.allSatisfy({ related(candidate, $0) }) { return candidate }
            shared = candidate.parent
        }
        return nil
    }

    private static func commonAncestor(_ top: HTMLElement, _ others: [HTMLElement]) -> HTMLElement? {
        var ancestors: [HTMLElement] = []
        var current = top.parent
        while let element = current {
            ancestors.append(element)
            current = element.parent
        }
        var best: Int?
        for other in others {
            var node: HTMLElement? = other
            while let element = node, !ancestors.contains(where: { $0 === element }) { node = element.parent }
            guard let shared = node, let index = ancestors.firstIndex(where: { $0 === shared }) else { return nil }
            best = max(best ?? index, index)
        }
        // Rivals far away (only the page body in common) do not count.
        guard let best, best <= 2 else { return nil }
        return ancestors[best]
    }
}
