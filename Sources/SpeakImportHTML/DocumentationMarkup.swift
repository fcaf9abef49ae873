import Foundation
import SpeakModel

/// What documentation generators say with classes rather than tags (Doxygen's pages above
/// all): a page's title set in a `<div>`, code set as a `<div>` of lines, and declarations
/// laid out in table cells. Applies to documentation
/// pages, which are read whole; articles never carry this markup.
enum DocumentationMarkup {
    /// How an element is read.
    enum Role {
        /// The page's own title, in its header: the first chapter's heading.
        case pageTitle
        /// A code listing made of one block per line (Doxygen's `fragment` of `line`s).
        case codeLines
        /// One declaration spread over a table's cells and rows ("int opus_encode (",
        /// "OpusEncoder *", "st,", …): one line, read as written.
        case declaration
        /// A list of declarations, one per row, each spread over two cells ("#define" and
        /// "OPUS_AUTO"): each row one line, not "cell, cell".
        case declarations
    }

    static func role(of element: HTMLElement) -> Role? {
        guard element.hints.utf8.count > 1 else { return nil }
        let words = element.classWords
        if element.name == "table" {
            if words.contains("memname") { return .declaration }
            if words.contains("memberdecls") { return .declarations }
            return nil
        }
        if words.contains("fragment"), element.elements.contains(where: { $0.classWords.contains("line") }) { return .codeLines }
        if words.contains("title"), let parent = element.parent, parent.classWords.contains(where: { $0 == "headertitle" || $0 == "header" }) {
            return .pageTitle
        }
        return nil
    }

    /// What a Doxygen page keeps out of its reading text that its class words alone do not
    /// say (those are in `Boilerplate.documentationFurniture`): the project's banner, a footer
    /// of the project's own under the footer rule, and a header's list of links to its sections.
    static func furniture(_ element: HTMLElement) -> SkipReason? {
        // The project's banner above every page: its name, logo, version and one-line brief.
        if element["id"]?.lowercased() == "titlearea" { return .header }
        if element.name == "table", let parent = element.parent, let index = parent.elements.firstIndex(where: { $0 === element }),
           index > 0, case let before = parent.elements[index - 1], before.name == "hr", before.classWords.contains("footer") {
            return .footer
        }
        if element.classWords.contains("summary"), element.parent?.classWords.contains("header") == true, isAllLinks(element) {
            return .navigation
        }
        return nil
    }

    /// Whether every letter of an element is inside a link (the page's text is not measured
    /// in documentation pages, which are read whole).
    private static func isAllLinks(_ element: HTMLElement) -> Bool {
        let all = element.text(lineBreak: " ").filter(\.isLetter).count
        let linked = element.descendants { $0.isLink }.reduce(0) { $0 + $1.text(lineBreak: " ").filter(\.isLetter).count }
        return all > 0 && linked == all
    }

    /// A javadoc page of the releases that name no generator (Java 8 to 10): its content in a
    /// `contentContainer` between navigation bars.
    static func isJavadoc(_ body: HTMLElement) -> Bool {
        var container = false, bar = false
        // Whole class words: news sites have "headerContentContainer" and "desktopNavMenu".
        for element in body.descendants(where: { $0["class"] != nil }) {
            let words = element.classWords
            container = container || words.contains("contentcontainer")
            bar = bar || words.contains("topnav") || words.contains("fixednav")
            if container && bar { return true }
        }
        return false
    }

    /// Whether the page is texinfo's HTML (makeinfo, texi2any) whose template dropped the
    /// generator's `<meta>` (FFmpeg's manuals, set in a Bootstrap page): its table of contents
    /// has texinfo's own class words, which no other generator or site uses.
    static func isTexinfo(_ body: HTMLElement) -> Bool {
        !body.descendants { element in
            element["class"] != nil && element.classWords.contains { ["contents-heading", "shortcontents-heading", "contents_element"].contains($0) }
        }.isEmpty
    }

    /// A declaration's pieces joined as one line: "X ( x )" → "X(x)", "st ," → "st,".
    static func declarationLine(_ pieces: [String]) -> String {
        [(" (", "("), ("( ", "("), (" )", ")"), (" ,", ","), (" ;", ";")].reduce(BlockEmitter.collapse(pieces.joined(separator: " "))) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }

    /// The lines of a code listing made of line elements; other children (tooltips) are
    /// returned to be emitted after it.
    static func codeLines(of element: HTMLElement) -> (text: String, others: [HTMLElement]) {
        var lines: [String] = [], others: [HTMLElement] = []
        var loose = ""
        for child in element.children {
            switch child {
            case .text(let text): loose += text
            case .element(let inner):
                guard inner.classWords.contains("line"), !inner.isHidden else {
                    others.append(inner)
                    continue
                }
                if !loose.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { lines.append(loose) }
                loose = ""
                lines.append(inner.text(lineBreak: "\n"))
            }
        }
        if !loose.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { lines.append(loose) }
        let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (text, others)
    }
}
