/// arXiv ids and DOIs printed on a paper's first page, found by a scanner of their own: a
/// Foundation regular expression costs the first one a few milliseconds to start, as much as
/// reading a short paper's page.
enum PaperIdentifiers {
    private static let arXivPrefix = Array("arXiv:".utf8)
    private static let doiPrefix = Array("10.".utf8)

    /// "arXiv:2201.00200v1" → "2201.00200v1"; "arXiv: hep-th/9901001" → "hep-th/9901001".
    static func arXiv(in line: String) -> String? {
        let s = Array(line.utf8)
        var from = 0
        while let start = find(arXivPrefix, in: s, from: from) {
            var i = start + 6
            if i < s.count, s[i] == 0x20 || s[i] == 0x09 { i += 1 }
            if let end = newStyle(s, at: i) ?? oldStyle(s, at: i) { return String(decoding: s[i..<end], as: UTF8.self) }
            from = start + 1
        }
        return nil
    }

    /// "10.5555/jcr.2024.042" from "doi:10.5555/jcr.2024.042." (trailing punctuation dropped).
    static func doi(in line: String) -> String? {
        let s = Array(line.utf8)
        var from = 0
        while let start = find(doiPrefix, in: s, from: from) {
            var i = start + 3
            let digits = i
            while i < s.count, isDigit(s[i]) { i += 1 }
            if (4...9).contains(i - digits), i < s.count, s[i] == UInt8(ascii: "/") {
                i += 1
                let suffix = i
                // A space, a quote or an angle bracket ends it (any byte of a multi-byte letter is kept).
                while i < s.count, ![0x20, 0x09, 0x0A, 0x0D, 0x22, 0x3C, 0x3E].contains(s[i]) { i += 1 }
                guard i > suffix else { from = start + 1; continue }
                var end = i
                while end > suffix, [0x2E, 0x2C, 0x3B, 0x29, 0x5D].contains(s[end - 1]) { end -= 1 }
                return String(decoding: s[start..<end], as: UTF8.self)
            }
            from = start + 1
        }
        return nil
    }

    /// dddd.dddd(d)(vN): the end of the id, or nil.
    private static func newStyle(_ s: [UInt8], at start: Int) -> Int? {
        var i = start
        guard digits(s, &i) == 4, i < s.count, s[i] == UInt8(ascii: ".") else { return nil }
        i += 1
        // Four or five digits: of a longer run, the first five.
        let first = i
        while i < s.count, i - first < 5, isDigit(s[i]) { i += 1 }
        guard i - first >= 4 else { return nil }
        return version(s, at: i)
    }

    /// archive(.XX)/ddddddd(vN), the ids before 2007: "math.GT/0309136", "hep-th/9901001".
    private static func oldStyle(_ s: [UInt8], at start: Int) -> Int? {
        var i = start
        while i < s.count, (0x61...0x7A).contains(s[i]) || s[i] == UInt8(ascii: "-") { i += 1 }
        guard i > start else { return nil }
        if i + 2 < s.count, s[i] == UInt8(ascii: "."), (0x41...0x5A).contains(s[i + 1]), (0x41...0x5A).contains(s[i + 2]) { i += 3 }
        guard i < s.count, s[i] == UInt8(ascii: "/") else { return nil }
        i += 1
        // Exactly seven digits, as the expression's {7} took the first seven of a longer run.
        let first = i
        while i < s.count, i - first < 7, isDigit(s[i]) { i += 1 }
        guard i - first == 7 else { return nil }
        return version(s, at: i)
    }

    /// After an id: "vN" when a version follows, else where the id ended.
    private static func version(_ s: [UInt8], at end: Int) -> Int {
        var i = end + 1
        guard end < s.count, s[end] == UInt8(ascii: "v"), digits(s, &i) > 0 else { return end }
        return i
    }

    private static func digits(_ s: [UInt8], _ i: inout Int) -> Int {
        let start = i
        while i < s.count, isDigit(s[i]) { i += 1 }
        return i - start
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func find(_ needle: [UInt8], in s: [UInt8], from: Int) -> Int? {
        guard needle.count <= s.count else { return nil }
        var i = from
        while i + needle.count <= s.count {
            if s[i] == needle[0], s[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
