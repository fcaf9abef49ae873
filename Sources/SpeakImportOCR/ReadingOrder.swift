/// Puts the text blocks of a page in the order a listener wants them: the running text in
/// reading order (rows of the page top to bottom, columns left to right within a row, by
/// recursive XY cuts), then the short asides set in small or capital letters (photo credits,
/// captions, running footers), so they do not interrupt a sentence that continues in the
/// next column.
public enum ReadingOrder {
    struct Box {
        var left: Int32, top: Int32, right: Int32, bottom: Int32
    }

    /// The reading order of blocks given as [left, top, right, bottom], none an aside (for
    /// choosing what to read first on a page that is only laid out).
    public static func order(boxes: [[Int32]]) -> [Int] {
        let boxes = boxes.map { Box(left: $0[0], top: $0[1], right: $0[2], bottom: $0[3]) }
        return order(boxes: boxes, aside: boxes.map { _ in false })
    }

    /// `boxes[i]` is the bounding box of block i; `aside[i]` says whether it is an aside.
    /// Returns the block indices in reading order.
    static func order(boxes: [Box], aside: [Bool]) -> [Int] {
        let flow = boxes.indices.filter { !aside[$0] }
        let rest = boxes.indices.filter { aside[$0] }
        return cut(flow, boxes) + cut(rest, boxes)
    }

    /// Recursive XY cut: split into rows at a horizontal gap no block crosses, or into columns
    /// at a vertical one, whichever is clearer (a row gap counts double: a gap between two
    /// sections spans the columns, and is read first), else order by top edge. A narrow gap
    /// between paragraphs of one column does not cut the page across its columns.
    private static func cut(_ items: [Int], _ boxes: [Box]) -> [Int] {
        guard items.count > 1 else { return items }
        let rows = split(items, boxes, start: { boxes[$0].top }, end: { boxes[$0].bottom })
        let columns = split(items, boxes, start: { boxes[$0].left }, end: { boxes[$0].right })
        if let rows, rows.gap * 2 >= (columns?.gap ?? 0) { return cut(rows.first, boxes) + cut(rows.second, boxes) }
        if let columns { return cut(columns.first, boxes) + cut(columns.second, boxes) }
        return items.sorted { (boxes[$0].top, boxes[$0].left) < (boxes[$1].top, boxes[$1].left) }
    }

    /// The split of `items` at the widest gap along one axis, or nil when every position is covered.
    private static func split(_ items: [Int], _ boxes: [Box], start: (Int) -> Int32,
                              end: (Int) -> Int32) -> (first: [Int], second: [Int], gap: Int32)? {
        let sorted = items.sorted { start($0) < start($1) }
        var reach = end(sorted[0])
        var best: (gap: Int32, at: Int)?
        for position in 1..<sorted.count {
            let gap = start(sorted[position]) - reach
            if gap > 0, gap > (best?.gap ?? 0) { best = (gap, position) }
            reach = max(reach, end(sorted[position]))
        }
        guard let best else { return nil }
        return (Array(sorted[..<best.at]), Array(sorted[best.at...]), best.gap)
    }
}
