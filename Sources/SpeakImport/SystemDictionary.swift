import Foundation

/// The system word list (`/usr/share/dict/words`, Debian package `wamerican`), lower-cased,
/// loaded once on first use. Empty when the list is not installed; callers then rely on the
/// document's own vocabulary.
public enum SystemDictionary {
    public static let paths = ["/usr/share/dict/words", "/usr/share/dict/american-english", "/usr/share/dict/british-english"]

    /// Hashes of the lower-cased words (`WordHash`), sorted, as native-endian UInt64s. Mapped
    /// from a cache file next to the other caches when one matches the word list (building them
    /// is most of the fixed cost of importing a short document; reading all 800 KB cost a short
    /// PDF 1 ms of a core its helpers needed), else built and cached. The cache is only ever
    /// replaced by renaming, so the mapped file never shrinks under us.
    private static let words: Data = {
        for link in paths {
            // /usr/share/dict/words is a link to the chosen list: the list itself is what counts.
            let path = URL(fileURLWithPath: link).resolvingSymlinksInPath().path
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            let size = Int(status.st_size), modified = Int(status.st_mtim.tv_sec)
            let cache = cacheDirectory.appendingPathComponent("words-\(size)-\(modified).hashes")
            if let cached = try? Data(contentsOf: cache, options: .alwaysMapped), cached.count % 8 == 0, !cached.isEmpty {
                return cached
            }
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let hashes = build(data)
            try? FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            let sorted = hashes.withUnsafeBytes { Data($0) }
            try? sorted.write(to: cache, options: .atomic)
            return sorted
        }
        return Data()
    }()

    private static var cacheDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).appendingPathComponent(".cache") }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("speak")
    }

    private static func build(_ data: Data) -> [UInt64] {
        var set = Set<UInt64>(minimumCapacity: 120_000)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                defer { start = i + 1 }
                guard i > start else { continue }
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
                set.insert(line.contains { $0 >= 0x80 } ? WordHash.of(String(decoding: line, as: UTF8.self)) : WordHash.of(bytes: line))
            }
        }
        return set.sorted()
    }

    /// Whether `word` (any case) is in the dictionary.
    public static func contains(_ word: String) -> Bool {
        let hash = WordHash.of(word)
        return words.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            var low = 0, high = words.count
            while low < high {
                let middle = (low + high) / 2
                if words[middle] < hash { low = middle + 1 } else { high = middle }
            }
            return low < words.count && words[low] == hash
        }
    }

    /// Loads the list on a background thread, for importers that will need it after work of
    /// their own (a PDF waits for its pages first).
    public static func prepare() {
        Thread.detachNewThread { _ = words.isEmpty }
    }

    /// Whether a dictionary is installed at all.
    public static var isAvailable: Bool { !words.isEmpty }
}
