/// Chinese names written in pinyin with their tones ("Chóngqìng", "Xī'ān"), respelled for an
/// English voice syllable by syllable: "Chong ching", "Shee ahn". Without its tone marks a name
/// is left to eSpeak ("Beijing" is an English word by now).
enum EnglishPinyin {
    /// The respelling of `word`, or nil when it is not pinyin with tone marks.
    static func respell(_ word: String) -> String? {
        let marks = word.unicodeScalars.filter { toneVowels.contains($0) }
        guard !marks.isEmpty else { return nil }
        // Carons and macrons are pinyin's own; an acute or grave alone is French or Spanish too,
        // so it takes two marked syllables and a sound only pinyin writes.
        let plain = EnglishWords.stripMarks(word)
        if !marks.contains(where: { "ǎěǐǒǔǚāēīōūǖ".unicodeScalars.contains($0) }) {
            let lower = plain.lowercased()
            guard marks.count >= 2, lower.contains("ng") || lower.contains("q") || lower.contains("x") || lower.contains("zh") else { return nil }
        }
        var said: [String] = []
        for part in plain.lowercased().split(whereSeparator: { $0 == "'" || $0 == "’" || $0 == "-" }) {
            guard let syllables = parse(Substring(part)) else { return nil }
            said += syllables.map(sound)
        }
        guard !said.isEmpty else { return nil }
        let joined = said.joined(separator: " ")
        return word.first?.isUppercase == true ? joined.prefix(1).uppercased() + joined.dropFirst() : joined
    }

    /// Syllables of a word without marks, the longest first; nil when some letters are not pinyin.
    static func parse(_ word: Substring) -> [(initial: String, final: String)]? {
        if word.isEmpty { return [] }
        for initial in initials where word.hasPrefix(initial) {
            let rest = word.dropFirst(initial.count)
            for final in finals where rest.hasPrefix(final) {
                if let more = parse(rest.dropFirst(final.count)) { return [(initial, final)] + more }
            }
        }
        return nil
    }

    private static func sound(_ syllable: (initial: String, final: String)) -> String {
        let (initial, final) = syllable
        if initial == "y" { return ["i": "ee", "u": "yoo", "uan": "ywen", "ue": "yweh", "un": "yoon", "e": "yeh", "ou": "yo", "an": "yen"][final] ?? "y" + (finalSounds[final] ?? final) }
        if initial == "w" { return ["u": "woo", "o": "waw", "ei": "way", "en": "wun", "eng": "wung"][final] ?? "w" + (finalSounds[final] ?? final) }
        let start = ["q": "ch", "x": "sh", "zh": "j", "c": "ts", "z": "dz"][initial] ?? initial
        if final == "i", ["z", "c", "s"].contains(initial) { return start + "uh" }
        if final == "i", ["zh", "ch", "sh", "r"].contains(initial) { return start + "ur" }
        if ["j", "q", "x"].contains(initial) {
            if let soft = ["u": "yoo", "uan": "ywen", "ue": "yweh", "un": "yoon"][final] { return start + soft }
        }
        return start + (finalSounds[final] ?? final)
    }

    private static let initials = ["zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h", "j", "q", "x", "r", "z", "c", "s", "y", "w", ""]
    private static let finals = ["iang", "iong", "uang", "ueng", "ang", "eng", "ing", "ong", "iao", "ian", "uai", "uan", "ai", "ei", "ao", "ou",
                                 "an", "en", "er", "ia", "ie", "iu", "in", "ua", "uo", "ui", "un", "ue", "ü", "a", "o", "e", "i", "u"]
    private static let finalSounds = ["a": "ah", "o": "aw", "e": "uh", "ai": "eye", "ei": "ay", "ao": "ow", "ou": "oh", "an": "ahn", "en": "un",
                                      "ang": "ahng", "eng": "ung", "ong": "ong", "er": "er", "i": "ee", "ia": "yah", "ie": "yeh", "iao": "yow",
                                      "iu": "yo", "ian": "yen", "in": "in", "iang": "yahng", "ing": "ing", "iong": "yong", "u": "oo", "ua": "wah",
                                      "uo": "waw", "uai": "why", "ui": "way", "uan": "wahn", "un": "oon", "uang": "wahng", "ueng": "wung",
                                      "ü": "yoo", "ue": "yweh"]
    private static let toneVowels = Set("āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ".unicodeScalars)
}
