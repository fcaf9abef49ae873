import Foundation

/// The system's English word list (Debian's `wamerican`: /usr/share/dict/words), read once
/// when a rule first needs to know whether something is a word. Without it the rules fall
/// back to what they can tell from the letters.
enum WordList {
    static let paths = ["/usr/share/dict/american-english", "/usr/share/dict/words"]

    static let english: Set<String>? = {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { continue }
            var words = Set<String>(minimumCapacity: 120_000)
            // Only lowercase entries: "NY" and "Ra" are in the list as abbreviations and names.
            for line in text.split(separator: "\n") where !line.hasSuffix("'s") && line.first?.isLowercase == true {
                words.insert(String(line))
            }
            return words
        }
        return nil
    }()

    /// The names the list has (its capitalized entries, lowercased: "marshall", "hayden"):
    /// such a name in an address is not two words ("marsh all").
    static let names: Set<String> = {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { continue }
            var names = Set<String>(minimumCapacity: 30_000)
            for line in text.split(separator: "\n") where !line.hasSuffix("'s") && line.first?.isUppercase == true
                && line.dropFirst().allSatisfy({ $0.isLowercase }) {
                names.insert(line.lowercased())
            }
            return names
        }
        return []
    }()

    /// True when `word` is an English word (nil when there is no list to ask).
    static func contains(_ word: String) -> Bool? {
        english.map { $0.contains(word.lowercased()) }
    }
}
