import Foundation
import SpeakModel

/// What documentation generators say with classes rather than tags (Doxygen's pages above
/// all): a page's title set in a `<div>`, code set as a `<div>` of lines, hover tooltips
/// kept in the page, and declarations laid out in table cells. Applies to documentation
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
        let words = classWords(element)
        if element.name == "table" {
            if words.contains("memname") { return .declaration }
            if words.contains("memberdecls") { return .declarations }
            return nil
        }
        if words.contains("fragment"), element.elements.contains(where: { classWords($0).contains("line") }) { return .codeLines }
        if words.contains("title"), let parent = element.parent, classWords(parent).contains(where: { $0 == "headertitle" || $0 == "header" }) {
            return .pageTitle
        }
        return nil
    }

    /// What a documentation page keeps out of its reading text: the project's banner and
    /// footer, a tooltip shown on hover (hidden until then), the groups a page belongs to and
    /// the path to it (breadcrumbs), and a header's list of links to its own sections.
    static func furniture(_ element: HTMLElement) -> SkipReason? {
        // The project's banner above every page: its name, logo, version and one-line brief.
        if element["id"]?.lowercased() == "titlearea" { return .header }
        let words = classWords(element)
        if words.contains(where: { $0 == "ttc" || $0 == "tooltip" }) { return .hidden }
        if words.contains(where: { navigationWords.contains($0) }) { return .navigation }
        if words.contains("legalcopy") { return .footer }
        // A project's own footer set as a table under Doxygen's footer rule.
        if element.name == "table", let parent = element.parent, let index = parent.elements.firstIndex(where: { $0 === element }),
           index > 0, case let before = parent.elements[index - 1], before.name == "hr", classWords(before).contains("footer") {
            return .footer
        }
        if words.contains("summary"), element.parent.map({ classWords($0).contains("header") }) == true, isAllLinks(element) {
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

    /// Class words of navigation: Doxygen's groups and path of a page; javadoc's bars above
    /// and below the page, their lists and their "skip navigation" link.
    static let navigationWords: Set<String> = ["ingroups", "navpath", "topnav", "subnav", "bottomnav", "fixednav", "navlist",
                                               "subnavlist", "skipnav"]

    /// A javadoc page of the releases that name no generator (Java 8 to 10): its content in a
    /// `contentContainer` between navigation bars.
    static func isJavadoc(_ body: HTMLElement) -> Bool {
        var container = false, bar = false
        // Whole class words: news sites have "headerContentContainer" and "desktopNavMenu".
        for element in body.descendants(where: { $0["class"] != nil }) {
            let words = classWords(element)
            container = container || words.contains("contentcontainer")
            bar = bar || words.contains("topnav") || words.contains("fixednav")
            if container && bar { return true }
        }
        return false
    }

    /// A declaration's pieces joined as one line: "X ( x )" → "X(x)", "st ," → "st,".
    static func declarationLine(_ pieces: [String]) -> String {
        var line = BlockEmitter.collapse(pieces.joined(separator: " "))
        for (from, to) in [(" (", "("), ("( ", "("), (" )", ")"), (" ,", ","), (" ;", ";")] {
            while line.contains(from) { line = line.replacingOccurrences(of: from, with: to) }
        }
        return line
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
                guard classWords(inner).contains("line"), !inner.isHidden else {
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

    private static func classWords(_ element: HTMLElement) -> [String] {
        (element["class"] ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
