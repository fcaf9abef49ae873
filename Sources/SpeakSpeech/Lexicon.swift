import Foundation

/// A user's pronunciation: text (or a pattern) and what to say instead (where it applies is
/// the library's business).
public struct LexiconEntry: Sendable, Hashable, Codable {
    public var pattern: String
    /// The words to say, a regex template (`$1`) for a pattern, or eSpeak phoneme mnemonics.
    public var replacement: String
    public var isRegex: Bool
    public var isPhonemes: Bool
    public var wholeWord: Bool
    public var caseSensitive: Bool

    public init(pattern: String, replacement: String, isRegex: Bool = false, isPhonemes: Bool = false,
                wholeWord: Bool = true, caseSensitive: Bool = true) {
        self.pattern = pattern
        self.replacement = replacement
        self.isRegex = isRegex
        self.isPhonemes = isPhonemes
        self.wholeWord = wholeWord
        self.caseSensitive = caseSensitive
    }

    /// The entry's options as exported and listed: regex, phonemes, partial (not whole words),
    /// anycase.
    public var flags: [String] {
        var flags: [String] = []
        if isRegex { flags.append("regex") }
        if isPhonemes { flags.append("phonemes") }
        if !wholeWord { flags.append("partial") }
        if !caseSensitive { flags.append("anycase") }
        return flags
    }

    /// Checks that the pattern compiles; the error names it and says why not.
    public func validate() throws(SpeechOptionError) {
        do {
            _ = try NSRegularExpression(pattern: regexPattern, options: caseSensitive ? [] : [.caseInsensitive])
        } catch {
            throw .badPattern(pattern, reason: "not a valid regular expression")
        }
        if isPhonemes, replacement.contains("[[") || replacement.contains("]]") || replacement.isEmpty {
            throw .badPhonemes(replacement)
        }
    }

    var regexPattern: String {
        let core = isRegex ? pattern : NSRegularExpression.escapedPattern(for: pattern)
        return wholeWord ? "(?<![\\p{L}\\p{N}_])(?:" + core + ")(?![\\p{L}\\p{N}_])" : core
    }

    /// What the engine is given for a match: eSpeak's phoneme input for phonemes.
    var spokenTemplate: String {
        if isPhonemes { return " [[" + replacement + "]] " }
        return isRegex ? replacement : NSRegularExpression.escapedTemplate(for: replacement)
    }
}

/// The entries that apply to a text, compiled once.
struct CompiledLexicon: Sendable {
    private let entries: [(regex: NSRegularExpression, template: String)]

    init(_ entries: [LexiconEntry]) {
        self.entries = entries.compactMap { entry in
            guard let regex = try? NSRegularExpression(pattern: entry.regexPattern,
                                                       options: entry.caseSensitive ? [] : [.caseInsensitive]) else { return nil }
            return (regex, entry.spokenTemplate)
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Replacements for every match, earlier entries first; a match that overlaps one already
    /// taken is left alone.
    func edits(_ scalars: [Unicode.Scalar]) -> [Edit] {
        let text = String(String.UnicodeScalarView(scalars))
        let ns = text as NSString
        // UTF-16 offset → scalar offset.
        var scalarAt = [Int](repeating: 0, count: ns.length + 1)
        var u16 = 0
        for (k, s) in scalars.enumerated() {
            let width = s.value > 0xFFFF ? 2 : 1
            for w in 0..<width { scalarAt[u16 + w] = k }
            u16 += width
        }
        scalarAt[ns.length] = scalars.count
        var taken: [Range<Int>] = []
        var edits: [Edit] = []
        for (regex, template) in entries {
            for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) where match.range.length > 0 {
                let range = scalarAt[match.range.location]..<scalarAt[match.range.location + match.range.length]
                guard !taken.contains(where: { $0.overlaps(range) }) else { continue }
                taken.append(range)
                let said = regex.replacementString(for: match, in: text, offset: 0, template: template)
                edits.append(Edit(range: range, replacement: said))
            }
        }
        return edits
    }
}
