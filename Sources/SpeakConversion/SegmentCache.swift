import Foundation
import SpeakAudio
import SpeakESpeak
import SpeakModel
import SpeakSynthesis

/// Synthesized, encoded segments kept by content: the key covers the words' text and block
/// kinds, the voice, rate, format, bit rate and engine version, so a conversion run again —
/// after Ctrl-C, a kill or a power loss, or after a small edit — synthesizes only what is not
/// here yet. Entries are complete files (written and renamed); the oldest are removed when the
/// cache passes its limit (`cache_limit_mb`, 2 GB by default).
public struct SegmentCache: Sendable {
    public let directory: String
    public let limitBytes: Int

    /// `$SPEAK_HOME/cache/audio` when SPEAK_HOME is set, else `$XDG_CACHE_HOME/speak/audio`
    /// (default `~/.cache/speak/audio`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, limitMB: Double = 2048) {
        if let home = environment["SPEAK_HOME"], !home.isEmpty {
            directory = home + "/cache/audio"
        } else {
            let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path + "/.cache"
            directory = base + "/speak/audio"
        }
        limitBytes = Int(limitMB * 1_048_576)
    }

    /// Bumped when the segment format or the way segments sound changes.
    static let version = "speak-segment-3"

    /// The key of words `range` of `document` spoken with `job`: the text the engine is given
    /// for them (after the spoken-text layer's rules, skip rules and lexicon), so an edit of
    /// the lexicon changes the keys of exactly the segments whose words it touches.
    public static func key(_ document: Document, range: Range<Int>, job: SegmentJob) -> String {
        var hasher = SHA256()
        let s = job.settings
        hasher.update(Array("\(version)|\(ESpeakLibrary.version)|\(s.voice)|\(s.wordsPerMinute)|\(s.pitch ?? -1)|\(s.range ?? -1)|".utf8))
        hasher.update(Array("\(job.readAll)|\(job.encoder.format.rawValue)|\(job.encoder.bitrate)|".utf8))
        for chunk in ChunkPlanner.sequence(of: document, fromWord: range.lowerBound, toWord: range.upperBound,
                                           includeSkipped: job.readAll, speech: s.speech) {
            hasher.update(Array("\u{1}\(chunk.endsBlock)\(chunk.endsLine ? "|line" : "")|\(chunk.voice ?? "")\u{2}".utf8))
            hasher.update(Array(chunk.text.utf8))
        }
        return hasher.finalizeHex()
    }

    /// Where the segment with `key` is kept.
    public func path(for key: String) -> String {
        directory + "/" + key + ".seg"
    }

    /// The segment's header when the cache has it (its time is refreshed: it was used).
    public func lookup(_ key: String) -> SegmentHeader? {
        let path = path(for: key)
        guard let header = SegmentFile.header(at: path) else { return nil }
        utimes(path, nil)
        return header
    }

    /// Entries and their total size in bytes.
    public func usage() -> (entries: Int, bytes: Int) {
        let files = entries()
        return (files.count, files.reduce(0) { $0 + $1.size })
    }

    /// Removes every entry (and leftovers of interrupted writes); returns the bytes freed.
    @discardableResult
    public func clear() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var freed = 0
        for name in names where name.hasSuffix(".seg") || name.contains(".seg.partial-") {
            let path = directory + "/" + name
            freed += (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
            try? FileManager.default.removeItem(atPath: path)
        }
        return freed
    }

    /// Removes the least recently used entries until the cache fits its limit, never those in
    /// `keep` (the conversion that just used them).
    public func trim(keeping keep: Set<String>) {
        var files = entries().sorted { $0.used < $1.used }
        var total = files.reduce(0) { $0 + $1.size }
        while total > limitBytes, let oldest = files.first {
            files.removeFirst()
            if keep.contains(oldest.path) { continue }
            try? FileManager.default.removeItem(atPath: oldest.path)
            total -= oldest.size
        }
    }

    private func entries() -> [(path: String, size: Int, used: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".seg") }.compactMap { name in
            let path = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            return (path, (attributes[.size] as? Int) ?? 0, (attributes[.modificationDate] as? Date) ?? .distantPast)
        }
    }
}
