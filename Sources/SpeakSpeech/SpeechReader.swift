import Foundation
import SpeakModel

/// What the listener can choose to hear or not, as in Speechify's settings.
public enum SkipRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Numeric `[12]`, `[3–5]` and author–year `(Smith et al., 2020)` citations.
    case citations
    /// Footnote markers: `†`, `‡`, superscript numbers after a word.
    case footnotes
    /// Web addresses (read as their domain when not skipped).
    case urls
    /// E-mail addresses.
    case emails
    /// Text in parentheses.
    case parentheses
    /// Text in square brackets.
    case brackets

    /// Skipped unless the user asks to hear them.
    public static let defaults: Set<SkipRule> = [.citations, .footnotes]

    /// Parses a comma-separated list of rule names ("citations,urls"); throws on an unknown name.
    public static func parseList(_ text: String) throws(SpeechOptionError) -> Set<SkipRule> {
        var rules = Set<SkipRule>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
            let singular = name == "citation" ? "citations" : name == "url" ? "urls" : name
            guard let rule = SkipRule(rawValue: singular) ?? SkipRule(rawValue: singular + "s") else {
                throw .unknownSkipRule(name)
            }
            rules.insert(rule)
        }
        return rules
    }
}

/// A bad skip rule, language or lexicon entry, said in one line.
public enum SpeechOptionError: Error, Equatable, Sendable {
    case unknownSkipRule(String)
    case unknownLanguage(String)
    case badPattern(String, reason: String)
    case badPhonemes(String)

    public var message: String {
        switch self {
        case .unknownSkipRule(let name):
            "unknown skip rule '\(name)'; use one of: " + SkipRule.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownLanguage(let name): "unknown language '\(name)'; use a code such as en, de, es, fr (see speak voices)"
        case .badPattern(let pattern, let reason): "the pattern '\(pattern)' does not compile: \(reason)"
        case .badPhonemes(let text): "eSpeak does not accept the phonemes '\(text)'; write them as eSpeak mnemonics, e.g. [[s'i:kw@L]]"
        }
    }
}

/// How a document is to be said: its language, what is skipped, and the user's lexicon.
public struct SpeechOptions: Sendable, Hashable, Codable {
    /// The language of the text (BCP 47 or ISO 639 code); nil = English.
    public var language: String?
    public var skip: Set<SkipRule>
    public var lexicon: [LexiconEntry]
    /// The voice for each language a paragraph may be in (ISO 639-1 code → engine voice):
    /// a paragraph reliably in another language than the document's is read by its voice and
    /// its language's rules. Empty: every paragraph is read in the document's language.
    public var voices: [String: String]

    public init(language: String? = nil, skip: Set<SkipRule> = SkipRule.defaults, lexicon: [LexiconEntry] = [],
                voices: [String: String] = [:]) {
        self.language = language
        self.skip = skip
        self.lexicon = lexicon
        self.voices = voices
    }

    /// The text exactly as written: no rules, nothing skipped.
    public static let asWritten = SpeechOptions(language: "none", skip: [])
}

/// A block's text as the engine is given it, and where each document word is said in it.
public struct SpokenText: Sendable, Equatable {
    public var text: String
    /// One span per document word, in scalars of `text`; empty for a word that is not said.
    public var wordSpans: [WordSpan]
    /// The pieces removed by skip rules, as source scalar ranges with their rule.
    public var skipped: [SkippedSpan]
}

/// Text a skip rule removed.
public struct SkippedSpan: Sendable, Equatable {
    public var range: Range<Int>
    public var rule: SkipRule
}

/// The spoken-text layer: turns a block's written text into what a careful reader says,
/// with a map from every spoken piece back to the words it came from.
public struct SpeechReader: Sendable {
    public let options: SpeechOptions
    let rules: (any LanguageRules)?
    let lexicon: CompiledLexicon

    public init(options: SpeechOptions) {
        self.options = options
        rules = Languages.rules(for: options.language)
        lexicon = CompiledLexicon(options.lexicon)
    }

    /// True when the reader changes nothing (text as written).
    public var isIdentity: Bool { rules == nil && options.lexicon.isEmpty && options.language == "none" }

    /// The voices `paragraphs` are read with besides `voice` (the document's): each other
    /// language's voice with its language and how many paragraphs it reads, in order of first
    /// use, after the document's own voice and its count.
    public func voices(of paragraphs: [String], voice: String) -> [(voice: String, language: String, paragraphs: Int)] {
        var counts: [String: (String, Int)] = [:]
        var order: [String] = []
        for paragraph in paragraphs {
            guard let foreign = foreign(paragraph) else { continue }
            if counts[foreign.voice] == nil { order.append(foreign.voice) }
            counts[foreign.voice, default: (foreign.reader.options.language ?? "", 0)].1 += 1
        }
        let own = paragraphs.count - counts.values.reduce(0) { $0 + $1.1 }
        return [(voice, options.language ?? "en", own)] + order.compactMap { v in counts[v].map { (v, $0.0, $0.1) } }
    }

    /// "2019, 4.2 million" under "Year, Revenue" → "Year: 2019, Revenue: 4.2 million": the label
    /// goes with the cell's first word (cells are set apart by ", " or two spaces).
    static func labelled(_ scalars: [Unicode.Scalar], header: [String]) -> [Edit] {
        var starts: [Int] = []
        var i = 0
        var atStart = true
        while i < scalars.count {
            let separator = (scalars[i] == "," && i + 1 < scalars.count && scalars[i + 1] == " ") || (scalars[i] == " " && i + 1 < scalars.count && scalars[i + 1] == " ")
            if separator { atStart = true; i += 2; continue }
            if atStart, !scalars[i].properties.isWhitespace { starts.append(i); atStart = false }
            i += 1
        }
        guard starts.count == header.count else { return [] }
        return zip(starts, header).map { start, label in
            var end = start
            while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "," { end += 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<end]))
            return Edit(range: start..<end, replacement: label + ": " + word, final: false)
        }
    }

    /// The voice and reader for a paragraph in another language than the document's; nil when
    /// it is in the document's language (or too short to tell, or no voice speaks it).
    public func foreign(_ paragraph: String) -> (voice: String, reader: SpeechReader)? {
        guard !options.voices.isEmpty, let language = LanguageGuess.paragraph(paragraph, documentLanguage: options.language),
              let voice = options.voices[language] else { return nil }
        var other = options
        other.language = language
        other.voices = [:]
        return (voice, SpeechReader(options: other))
    }

    /// Reads what the English rules look words up in (the system's word list, about 0.1 s) now
    /// rather than in the first sentence: for a caller with an idle core while something else
    /// loads (a neural voice's model).
    public static func prepare() {
        _ = WordList.english
    }

    /// What is said for `text` (a chunk or block of kind `kind`) whose words are `words`; a
    /// table row with `tableHeader` has each cell said after its column's label. A chunk cut
    /// from a block says where: the `block`'s facts and the chunk's scalar `offset` in it.
    public func spoken(_ text: String, words: [WordSpan], kind: BlockKind = .paragraph, tableHeader: [String]? = nil,
                       block: BlockContext? = nil, offset: Int = 0) -> SpokenText {
        let scalars = Array(text.unicodeScalars)
        if isIdentity { return SpokenText(text: text, wordSpans: words, skipped: []) }
        var rewrite = Rewrite(scalars)
        if let tableHeader { rewrite.apply(Self.labelled(scalars, header: tableHeader)) }
        rewrite.apply(CharacterPass.edits(rewrite.scalars, skip: options.skip))
        if !lexicon.isEmpty {
            rewrite.apply(lexicon.edits(rewrite.scalars))
        }
        if let rules {
            let current = rewrite.scalars
            let tokens = Tokenizer.tokens(current, frozen: rewrite.frozen)
            var context = RuleContext(kind: kind, skip: options.skip)
            if let block {
                context.midBlock = offset > 0
                context.quoteOpen = block.quoteOpen(at: offset)
                context.writesPounds = block.writesPounds
                context.writesPence = block.writesPence
                context.writesEmptyList = block.writesEmptyList
                context.indexedNames = block.indexedNames
            }
            rewrite.apply(rules.edits(tokens: tokens, text: current, context: context))
        }
        let (out, spans) = rewrite.spoken(words: words, sourceLength: scalars.count)
        return SpokenText(text: out, wordSpans: spans,
                          skipped: rewrite.skipped.map { SkippedSpan(range: $0.range, rule: $0.rule) })
    }
}

/// What a language's rules may look at besides the tokens.
struct RuleContext {
    var kind: BlockKind
    var skip: Set<SkipRule>
    /// Of the block the chunk is cut from: a double quote is open where the chunk starts; the
    /// block writes pounds, pence.
    var quoteOpen = false
    var writesPounds = false
    var writesPence = false
    /// The block writes `[]`; names it writes with an index.
    var writesEmptyList = false
    var indexedNames: Set<String> = []
    /// The chunk starts inside its block, after a sentence of it.
    var midBlock = false
}

/// One language's rules: edits for a chunk's tokens.
protocol LanguageRules: Sendable {
    func edits(tokens: [Token], text: [Unicode.Scalar], context: RuleContext) -> [Edit]
}

public enum Languages {
    /// The two-letter code for a three-letter one (Tesseract's "deu" → "de"); others unchanged.
    public static func iso1(_ code: String) -> String {
        let table = ["eng": "en", "deu": "de", "ger": "de", "fra": "fr", "fre": "fr", "spa": "es", "ita": "it", "nld": "nl", "dut": "nl",
                     "por": "pt", "pol": "pl", "rus": "ru", "swe": "sv", "dan": "da", "nor": "no", "fin": "fi", "ces": "cs", "cze": "cs",
                     "tur": "tr", "ell": "el", "gre": "el", "hun": "hu", "ron": "ro", "rum": "ro", "ukr": "uk", "cat": "ca", "jpn": "ja",
                     "zho": "zh", "chi": "zh", "chi_sim": "zh", "kor": "ko", "ara": "ar", "heb": "he", "hin": "hi"]
        let lower = code.lowercased()
        let primary = lower.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "+" }).first.map(String.init) ?? lower
        return table[primary] ?? table[lower] ?? primary
    }

    /// The rule set for a language code; nil when the text is read as written.
    static func rules(for language: String?) -> (any LanguageRules)? {
        switch iso1(language ?? "en") {
        case "en": return EnglishRules()
        case "de": return GermanRules()
        case "none": return nil
        default: return CommonRules()
        }
    }
}

extension SpeechOptions {
    /// The options as one command-line argument (base64 JSON), for worker processes.
    public var argument: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return ((try? encoder.encode(self)) ?? Data()).base64EncodedString()
    }

    /// Options read back from `argument`; nil when it is not one.
    public init?(argument: String) {
        guard let data = Data(base64Encoded: argument), let options = try? JSONDecoder().decode(SpeechOptions.self, from: data) else { return nil }
        self = options
    }
}
