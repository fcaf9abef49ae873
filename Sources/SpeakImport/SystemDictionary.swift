import Foundation

/// The system word list (`/usr/share/dict/words`, Debian package `wamerican`), lower-cased,
/// loaded once on first use. Empty when the list is not installed; callers then rely on the
/// document's own vocabulary.
public enum SystemDictionary {
    public static let paths = ["/usr/share/dict/words", "/usr/share/dict/american-english", "/usr/share/dict/british-english"]

    private static let words: Set<String> = {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            var set = Set<String>()
            for line in data.split(separator: UInt8(ascii: "\n")) {
                set.insert(String(decoding: line, as: UTF8.self).lowercased())
            }
            return set
        }
        return []
    }()

    /// Whether `word` (any case) is in the dictionary.
    public static func contains(_ word: String) -> Bool {
        words.contains(word.lowercased())
    }

    /// Whether a dictionary is installed at all.
    public static var isAvailable: Bool { !words.isEmpty }
}
