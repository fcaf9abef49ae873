import Foundation

/// The system's English word list (Debian's `wamerican`: /usr/share/dict/words), read once
/// when a rule first needs to know whether something is a word. Without it the rules fall
/// back to what they can tell from the letters.
enum WordList {
    static let paths = ["/usr/share/dict/american-english", "/usr/share/dict/words"]

    /// The list's lowercase entries and its names, from one reading of the file.
    private static let entries: (words: Set<String>, names: Set<String>)? = {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { continue }
            var words = Set<String>(minimumCapacity: 120_000)
            var names = Set<String>(minimumCapacity: 30_000)
            for line in text.split(separator: "\n") where !line.hasSuffix("'s") {
                guard let first = line.first else { continue }
                // Only lowercase entries are words: "NY" and "Ra" are in the list as abbreviations and names.
                if first.isLowercase {
                    words.insert(String(line))
                } else if first.isUppercase, line.dropFirst().allSatisfy({ $0.isLowercase }) {
                    names.insert(line.lowercased())
                }
            }
            return (words, names)
        }
        return nil
    }()

    static var english: Set<String>? { entries?.words }

    /// The names the list has (its capitalized entries, lowercased: "marshall", "hayden"):
    /// such a name in an address is not two words ("marsh all").
    static var names: Set<String> { entries?.names ?? [] }

    /// True when `word` is an English word (nil when there is no list to ask).
    static func contains(_ word: String) -> Bool? {
        entries.map { $0.words.contains(word.lowercased()) }
    }
}
