import CEspeakNG
import SpeakModel

/// A language voice eSpeak-NG ships.
public struct ESpeakVoice: Sendable, Equatable, Codable {
    /// The name to select it by ("en-us").
    public var identifier: String
    /// Display name ("English (America)").
    public var name: String
    /// Language codes, most preferred first.
    public var languages: [String]
    /// The voice file inside espeak-ng-data ("gmw/en-US").
    public var file: String
}

/// The voices eSpeak-NG ships (needs the engine initialized).
public enum ESpeakVoices {
    public static func all() -> [ESpeakVoice] {
        _ = try? ESpeakEngine.shared()
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [ESpeakVoice] = []
        var i = 0
        while let voice = list[i] {
            i += 1
            let name = voice.pointee.name.map { String(cString: $0) } ?? ""
            let file = voice.pointee.identifier.map { String(cString: $0) } ?? ""
            let languages = parseLanguages(voice.pointee.languages)
            guard let first = languages.first else { continue }
            voices.append(ESpeakVoice(identifier: first, name: name, languages: languages, file: file))
        }
        return voices.sorted { $0.identifier < $1.identifier }
    }

    /// eSpeak packs languages as [priority byte][name]\0 … \0.
    private static func parseLanguages(_ packed: UnsafePointer<CChar>?) -> [String] {
        guard var p = packed else { return [] }
        var result: [String] = []
        while p.pointee != 0 {
            p += 1  // priority byte
            let language = String(cString: p)
            result.append(language)
            p += language.utf8.count + 1
        }
        return result
    }

    /// Voice names that resemble `name` (same language prefix or small edit distance).
    public static func closeMatches(to name: String) -> [String] {
        let base = name.split(separator: "+").first.map(String.init)?.lowercased() ?? name.lowercased()
        let ids = all().map(\.identifier)
        let prefix = ids.filter { $0.hasPrefix(String(base.prefix(2))) }
        return Array((prefix.isEmpty ? ids.filter { EditDistance.between($0, base) <= 2 } : prefix).prefix(5))
    }
}
