/// Page-number text: digits, roman numerals, "Page 3", "Page 3 of 20", "- 3 -".
public enum PageNumberPattern {
    public static func matches(_ text: String) -> Bool {
        var words = text.lowercased().split { $0 == " " || $0 == "-" || $0 == "–" || $0 == "—" || $0 == "|" }
        if words.first == "page" || words.first == "p." { words.removeFirst() }
        if words.count == 3, words[1] == "of" { words.remove(at: 1); words.removeLast() }
        guard words.count == 1, let number = words.first else { return false }
        if number.allSatisfy(\.isNumber) { return number.count <= 4 }
        return !number.isEmpty && number.wholeMatch(of: /c{0,3}(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})/) != nil
    }

    /// Lower-cased text without spaces, every run of digits as "#": running headers and
    /// footers match across pages ("Page 3 of 20", "Page 4 of 20").
    public static func repetitionKey(_ text: String) -> String {
        // Margin lines of every page pass here; most are ASCII, read byte by byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var lastWasDigit = false
            for byte in text.utf8 {
                switch byte {
                case 0x09...0x0D, 0x20: continue
                case 0x30...0x39:
                    if !lastWasDigit { bytes.append(UInt8(ascii: "#")) }
                    lastWasDigit = true
                case 0x41...0x5A:
                    bytes.append(byte + 0x20)
                    lastWasDigit = false
                default:
                    bytes.append(byte)
                    lastWasDigit = false
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        var lastWasDigit = false
        for character in text.lowercased() where !character.isWhitespace {
            if character.isNumber {
                if !lastWasDigit { out.append("#") }
                lastWasDigit = true
            } else {
                out.append(character)
                lastWasDigit = false
            }
        }
        return out
    }
}
