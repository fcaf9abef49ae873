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
