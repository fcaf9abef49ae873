import Foundation
import SpeakImport

/// Decides a page's encoding the way browsers do, instead of leaving it to libxml2: a byte
/// order mark, then `<meta charset>` or `http-equiv`, then the HTTP `Content-Type`, then a
/// UTF-8 check, then Windows-1252. The result is always valid UTF-8.
enum HTMLDecoder {
    struct Result {
        var text: String
        /// The encoding used, as named in messages and tests ("UTF-8", "windows-1252", …).
        var encoding: String
    }

    /// The page as UTF-8 bytes with what is never read cut out (see `HTMLPrefilter`), and the
    /// encoding it was in. Cutting comes first — it only looks at ASCII, the same in every
    /// encoding a page may be in except UTF-16, which is decoded first — so the encoding is
    /// checked on a third of the bytes; UTF-8, the common case, is not copied at all.
    static func utf8(_ data: Data, declaredCharset: String?) -> (bytes: Data, encoding: String) {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
            || TextDecoder.utf16WithoutBOM([UInt8](data.prefix(512))) != nil {
            let decoded = TextDecoder.decode(data)
            return (HTMLPrefilter.strip(Data(decoded.text.utf8)), decoded.encoding)
        }
        let stripped = HTMLPrefilter.strip(data)
        for charset in [metaCharset(stripped), declaredCharset].compactMap({ $0 }) {
            if isUTF8(charset) {
                if TextDecoder.isValidUTF8(stripped) { return (stripped, "UTF-8") }
                return (Data(TextDecoder.decode(stripped).text.utf8), "UTF-8")
            }
            if let result = decode(stripped, charset: charset) { return (Data(result.text.utf8), result.encoding) }
        }
        if TextDecoder.isValidUTF8(stripped) { return (stripped, "UTF-8") }
        let decoded = TextDecoder.decode(stripped)
        return (Data(decoded.text.utf8), decoded.encoding == "UTF-8" ? "UTF-8" : "windows-1252")
    }

    private static func isUTF8(_ charset: String) -> Bool {
        ["utf-8", "utf8", "unicode-1-1-utf-8"].contains(charset.lowercased().trimmingCharacters(in: .whitespaces))
    }

    /// The charset named by a `<meta>` in the first 8 KB, per the HTML prescan (roughly).
    static func metaCharset(_ data: Data) -> String? {
        // Bytes, not a lowercased String: this runs on every page.
        let head = Array(data.prefix(8192))
        var i = 0
        while i + 5 <= head.count {
            defer { i += 1 }
            guard head[i] == UInt8(ascii: "<"), lowercase(head[(i + 1)..<(i + 5)]) == Array("meta".utf8) else { continue }
            let end = head[i...].firstIndex(of: UInt8(ascii: ">")) ?? head.count
            let tag = lowercase(head[(i + 5)..<end])
            i = end
            guard let at = firstRange(of: Array("charset=".utf8), in: tag) else { continue }
            let value = tag[at...].drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0x20 }
            let name = value.prefix { !"\"'; />".utf8.contains($0) && !(0x09...0x0D).contains($0) && $0 != 0x20 }
            if !name.isEmpty { return String(decoding: name, as: UTF8.self) }
        }
        return nil
    }

    private static func lowercase(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
    }

    /// Index just past the first occurrence of `part` in `bytes`.
    private static func firstRange(of part: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= part.count else { return nil }
        for start in 0...(bytes.count - part.count) where bytes[start..<(start + part.count)].elementsEqual(part) {
            return start + part.count
        }
        return nil
    }

    /// Decodes with a named charset; nil when the name is unknown here.
    static func decode(_ data: Data, charset: String) -> Result? {
        let name = charset.lowercased().trimmingCharacters(in: .whitespaces)
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8":
            let decoded = TextDecoder.decode(data)
            return Result(text: decoded.text, encoding: "UTF-8")
        case "utf-16", "utf-16le", "utf-16be":
            // A page that says UTF-16 but was read as ASCII to find that out is not UTF-16.
            return nil
        case "iso-8859-1", "latin1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252", "x-cp1252", "iso8859-1":
            // As in browsers: Latin-1 and ASCII labels mean Windows-1252.
            return iconv(data, from: "WINDOWS-1252").map { Result(text: $0, encoding: "windows-1252") }
        case "shift_jis", "shift-jis", "x-sjis", "sjis", "ms_kanji", "csshiftjis":
            return iconv(data, from: "SHIFT_JIS").map { Result(text: $0, encoding: "Shift_JIS") }
        case "windows-31j", "ms932", "cp932":
            return iconv(data, from: "CP932").map { Result(text: $0, encoding: "windows-31j") }
        case "gb2312", "gbk", "x-gbk":
            // As in browsers: GB2312 and GBK labels mean GB18030, a superset.
            return iconv(data, from: "GB18030").map { Result(text: $0, encoding: "GB18030") }
        default:
            return iconv(data, from: name.uppercased()).map { Result(text: $0, encoding: name) }
        }
    }

    /// Converts with glibc's iconv; bytes it cannot convert become U+FFFD (one per byte), so a
    /// single bad byte never loses the rest of the page. Nil when iconv does not know `charset`.
    static func iconv(_ data: Data, from charset: String) -> String? {
        let converter = iconv_open("UTF-8", charset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var output = [UInt8]()
        output.reserveCapacity(data.count * 2)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: CChar.self).baseAddress else { return }
            var input: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: base)
            var inputLeft = raw.count
            while inputLeft > 0 {
                let (result, failure, produced) = chunk.withUnsafeMutableBytes { out -> (Int, Int32, Int) in
                    var outPointer = out.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = out.count
                    let result = Glibc.iconv(converter, &input, &inputLeft, &outPointer, &outLeft)
                    return (result, errno, out.count - outLeft)
                }
                output.append(contentsOf: chunk[0..<produced])
                if result == -1, failure != E2BIG {
                    // EILSEQ or EINVAL (truncated at the end): replace one byte and go on.
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    input = input.map { $0 + 1 }
                    inputLeft -= 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
