/// Recognizes headings in plain text: Markdown `#` headings, "Chapter 12", "CHAPTER XII",
/// "Part One", "Prologue", and short all-capital lines standing alone between blank lines.
enum HeadingDetector {
    /// Level of a Markdown ATX heading line ("## Title" → 2) and its text.
    static func markdownHeading(_ line: Substring) -> (level: Int, text: Substring)? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line.dropFirst(hashes.count)
        guard let first = rest.first, first == " " || first == "\t" else { return nil }
        var text = rest.trimmingSpaces()
        while text.hasSuffix("#") { text = text.dropLast() }
        text = text.trimmingSpaces()
        return text.isEmpty ? nil : (hashes.count, text)
    }

    private static let numberWords = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last"

    nonisolated(unsafe) private static let numbered = try? Regex(
        "^(chapter|chap\\.|part|book|section|act|volume|vol\\.)\\s+([0-9]+|[ivxlcdm]+|(\(numberWords))([- ](\(numberWords)))?)\\b\\.?(\\s*[:.\\-–—]\\s*[^.!?]{1,80}|\\s+[^a-z.!?]{1,80})?$"
    ).ignoresCase()

    nonisolated(unsafe) private static let named = try? Regex(
        "^(prologue|epilogue|preface|foreword|afterword|introduction|conclusion|acknowledg(e)?ments|contents|appendix(\\s+[a-z0-9]+)?)\\s*[.:]?$"
    ).ignoresCase()

    /// The heading level of a chapter-like line ("Part One" → 1, "Chapter 3" → 2), or nil.
    static func chapterHeadingLevel(_ line: Substring) -> Int? {
        let text = String(line.trimmingSpaces())
        guard text.count <= 100 else { return nil }
        if let numbered, let match = try? numbered.wholeMatch(in: text) {
            let word = text[match.range].prefix { $0.isLetter }.lowercased()
            return word == "part" || word == "book" || word == "volume" || word == "vol" ? 1 : 2
        }
        if let named, (try? named.wholeMatch(in: text)) != nil { return 2 }
        return nil
    }

    /// Whether a lone line is a short all-capital heading ("THE SECOND VOYAGE").
    static func isCapitalsHeading(_ line: Substring) -> Bool {
        let text = line.trimmingSpaces()
        guard text.count <= 60, let last = text.last, last != ",", last != ";" else { return false }
        var letters = 0
        for c in text {
            if c.isLetter {
                guard c.isUppercase else { return false }
                letters += 1
            }
        }
        return letters >= 3
    }
}
