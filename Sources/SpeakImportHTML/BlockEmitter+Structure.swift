/// How a list item or a table cell sits in the page's structure: the number an ordered
/// list shows, the table a row belongs to, whether a cell holds blocks of its own.
extension BlockEmitter {
    /// The number an item of an ordered list shows ("3." — `start`, `value` and `reversed`
    /// respected), as a reader says it; nil for other lists.
    /// Items that show their own number ("1.", "2.3", "4)"), as tables of contents do, get none.
    static func ordinal(of item: HTMLElement) -> Int? {
        guard let list = item.parent, list.name == "ol" else { return nil }
        let shown = item.text(lineBreak: " ", includingHidden: true).drop { $0.isWhitespace }
        let digits = shown.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let after = shown.dropFirst(digits.count).first, ".)".contains(after) { return nil }
        let items = list.elements.filter { $0.name == "li" }
        guard let position = items.firstIndex(where: { $0 === item }) else { return nil }
        let reversed = list["reversed"] != nil
        var number = Int(list["start"] ?? "") ?? (reversed ? items.count : 1)
        for sibling in items[...position] {
            if let value = sibling["value"].flatMap({ Int($0) }) { number = value }
            if sibling === item { return number }
            number += reversed ? -1 : 1
        }
        return nil
    }

    static func owningTable(of row: HTMLElement) -> HTMLElement? {
        var node = row.parent
        while let current = node, current.name != "table" { node = current.parent }
        return node
    }

    static let blockTags: Set<String> = ["p", "div", "ul", "ol", "dl", "pre", "table", "blockquote", "h1", "h2",
                                                 "h3", "h4", "h5", "h6", "section"]
    static func holdsBlocks(_ cell: HTMLElement) -> Bool {
        cell.elements.contains { blockTags.contains($0.name) || holdsBlocks($0) && !isInline($0.tag) }
    }
}
