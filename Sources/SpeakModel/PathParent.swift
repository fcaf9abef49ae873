extension String {
    /// This slash-separated path without its last component, as `NSString`'s
    /// `deletingLastPathComponent` gives it ("a/b" → "a", "a/b/" → "a", "/a" → "/", "a" → ""),
    /// worked out on the bytes: Foundation's traps on any path of one character ("A", "é",
    /// "\u{301}"; swift-corelibs-foundation of Swift 6.3), and folder names, EPUB paths and
    /// output names come from anyone (the server's fuzzer found it with a folder so named).
    public var parentPath: String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard let cut = bytes.lastIndex(of: slash) else { return "" }
        var end = cut
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }
}
