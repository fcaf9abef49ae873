import Foundation

/// Cuts what is never read out of a page before libxml2 sees it: scripts (except JSON-LD
/// metadata), style sheets, inline SVG and comments. On real pages these are about 70 % of
/// the bytes, and libxml2 would tokenize and copy all of them only for the importer to skip
/// them. The cut follows the HTML rules for these elements: a script or style ends at the
/// first `</script` or `</style`, a comment at `-->`, an SVG at its matching `</svg`. An SVG's
/// labels (its `<text>` elements: a syntax diagram's keywords, a chart's axes) stay, as a
/// `<speak-figure>` element the importer keeps as a skipped block.
enum HTMLPrefilter {
    static func strip(_ data: Data) -> Data {
        data.withUnsafeBytes { raw -> Data in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return data }
            return strip(UnsafeBufferPointer(start: base, count: raw.count)) ?? data
        }
    }

    /// Nil when nothing was cut.
    private static func strip(_ bytes: UnsafeBufferPointer<UInt8>) -> Data? {
        let n = bytes.count
        var out = Data()
        var kept = 0
        var i = 0
        func cut(_ range: Range<Int>) {
            if out.isEmpty { out.reserveCapacity(n / 2) }
            out.append(UnsafeBufferPointer(rebasing: bytes[kept..<range.lowerBound]))
            kept = range.upperBound
        }
        while let lt = find(UInt8(ascii: "<"), in: bytes, from: i) {
            i = lt + 1
            if matches(bytes, at: lt + 1, "!--") {
                let end = find("-->", in: bytes, from: lt + 4).map { $0 + 3 } ?? n
                cut(lt..<end)
                i = end
                continue
            }
            guard let name = elementName(bytes, at: lt + 1) else { continue }
            guard let tagEnd = find(UInt8(ascii: ">"), in: bytes, from: lt + 1) else { break }
            if name == "script", contains(bytes[lt..<tagEnd], "ld+json") {
                // Kept whole: the metadata reader needs it. Skip over its content all the same.
                i = closingTag("script", in: bytes, from: tagEnd + 1) ?? n
                continue
            }
            if bytes[tagEnd - 1] == UInt8(ascii: "/") {  // <svg … /> has no content
                if name == "svg" { cut(lt..<(tagEnd + 1)); i = tagEnd + 1 }
                continue
            }
            let end: Int
            if name == "svg" {
                end = closingSVG(in: bytes, from: tagEnd + 1) ?? n
            } else {
                end = closingTag(name, in: bytes, from: tagEnd + 1) ?? n
            }
            cut(lt..<end)
            if name == "svg" { out.append(figureText(in: bytes, tagEnd + 1..<end)) }
            i = end
        }
        guard kept > 0 else { return nil }
        out.append(UnsafeBufferPointer(rebasing: bytes[kept..<n]))
        return out
    }

    /// The text of the `<text>` elements in `range`, tags inside them dropped, as one
    /// `<speak-figure>` element; empty when there is none.
    private static func figureText(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Data {
        var text = Data()
        var i = range.lowerBound
        while let lt = find(UInt8(ascii: "<"), in: bytes, from: i), lt < range.upperBound {
            i = lt + 1
            guard matches(bytes, at: lt + 1, "text"), lt + 5 < bytes.count, bytes[lt + 5] <= 0x20 || bytes[lt + 5] == UInt8(ascii: ">"),
                  let open = find(UInt8(ascii: ">"), in: bytes, from: lt + 1),
                  let close = closingTag("text", in: bytes, from: open + 1), close <= range.upperBound else { continue }
            var inTag = false
            text.append(0x20)
            for byte in bytes[(open + 1)..<close] {
                if byte == UInt8(ascii: "<") { inTag = true; text.append(0x20) } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { text.append(byte) }
            }
            i = close
        }
        guard text.contains(where: { $0 > 0x20 }) else { return Data() }
        return Data("<speak-figure>".utf8) + text + Data("</speak-figure>".utf8)
    }

    /// "script", "style" or "svg" when a start tag of one of them begins at `index`.
    private static func elementName(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String? {
        for name in ["script", "style", "svg"] where matches(bytes, at: index, name) {
            let after = index + name.utf8.count
            guard after < bytes.count else { return nil }
            let next = bytes[after]
            // "<scripts>" or "<svgfoo" are other elements.
            if next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || (next >= 0x09 && next <= 0x0D) {
                return name
            }
        }
        return nil
    }

    /// The index just past the `>` of the first `</name…>` from `start`.
    private static func closingTag(_ name: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while let lt = find(UInt8(ascii: "<"), in: bytes, from: i) {
            if lt + 1 < bytes.count, bytes[lt + 1] == UInt8(ascii: "/"), matches(bytes, at: lt + 2, name) {
                return find(UInt8(ascii: ">"), in: bytes, from: lt + 2).map { $0 + 1 } ?? bytes.count
            }
            i = lt + 1
        }
        return nil
    }

    /// The index just past the `</svg>` that closes an SVG whose content starts at `start`.
    private static func closingSVG(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 1
        var i = start
        while let lt = find(UInt8(ascii: "<"), in: bytes, from: i) {
            i = lt + 1
            if lt + 1 < bytes.count, bytes[lt + 1] == UInt8(ascii: "/"), matches(bytes, at: lt + 2, "svg") {
                depth -= 1
                if depth == 0 { return find(UInt8(ascii: ">"), in: bytes, from: lt + 2).map { $0 + 1 } ?? bytes.count }
            } else if elementName(bytes, at: lt + 1) == "svg",
                      let end = find(UInt8(ascii: ">"), in: bytes, from: lt + 1), bytes[end - 1] != UInt8(ascii: "/") {
                depth += 1
            }
        }
        return nil
    }

    /// Whether `text` (lowercase ASCII) is at `index`, ignoring ASCII case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ text: String) -> Bool {
        var i = index
        for expected in text.utf8 {
            guard i < bytes.count else { return false }
            var byte = bytes[i]
            if byte >= 0x41, byte <= 0x5A { byte += 32 }
            if byte != expected { return false }
            i += 1
        }
        return true
    }

    private static func contains(_ slice: Slice<UnsafeBufferPointer<UInt8>>, _ text: String) -> Bool {
        var i = slice.startIndex
        while i < slice.endIndex {
            if matches(slice.base, at: i, text) { return true }
            i += 1
        }
        return false
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    private static func find(_ text: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var i = start
        while let at = find(first, in: bytes, from: i) {
            if matches(bytes, at: at, text) { return at }
            i = at + 1
        }
        return nil
    }
}
