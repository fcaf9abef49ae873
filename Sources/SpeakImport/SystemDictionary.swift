import Foundation

/// The system word list (`/usr/share/dict/words`, Debian package `wamerican`), lower-cased,
/// loaded once on first use. Empty when the list is not installed; callers then rely on the
/// document's own vocabulary.
public enum SystemDictionary {
    public static let paths = ["/usr/share/dict/words", "/usr/share/dict/american-english", "/usr/share/dict/british-english"]

    /// Hashes of the lower-cased words (`WordHash`).
    private static let words: Set<UInt64> = {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            var set = Set<UInt64>(minimumCapacity: 120_000)
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var start = 0
                for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                    defer { start = i + 1 }
                    guard i > start else { continue }
                    let line = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
                    if line.contains(where: { $0 >= 0x80 }) {
                        set.insert(WordHash.of(String(decoding: line, as: UTF8.self)))
                    } else {
                        set.insert(WordHash.of(bytes: line))
                    }
                }
            }
            return set
        }
        return []
    }()

    /// Whether `word` (any case) is in the dictionary.
    public static func contains(_ word: String) -> Bool {
        words.contains(WordHash.of(word))
    }

    /// Loads the list on a background thread, for importers that will need it after work of
    /// their own (a PDF waits for its pages first).
    public static func prepare() {
        Thread.detachNewThread { _ = words.isEmpty }
    }

    /// Whether a dictionary is installed at all.
    public static var isAvailable: Bool { !words.isEmpty }
}
