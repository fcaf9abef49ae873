import Foundation
import SpeakESpeak
import SpeakModel
import SpeakSpeech
import SpeakSynthesis

/// What a run changes about what is skipped: `--skip` adds rules, `--read` removes them.
public struct SpeechRequest: Sendable, Equatable {
    public var skip: Set<SkipRule>
    public var read: Set<SkipRule>
    /// Paragraphs in another language are read by that language's voice (off when the user
    /// chose a voice).
    public var followLanguage = true
    /// The text exactly as written: no rules, no lexicon, nothing skipped (proofreading).
    public var asWritten = false

    public init(skip: Set<SkipRule> = [], read: Set<SkipRule> = []) {
        self.skip = skip
        self.read = read
    }

    /// Parses `--skip` / `--read` lists ("citations,urls", "all" for every rule).
    public init(skip: [String], read: [String]) throws(SpeechOptionError) {
        func rules(_ lists: [String]) throws(SpeechOptionError) -> Set<SkipRule> {
            var out = Set<SkipRule>()
            for list in lists {
                if list.lowercased() == "all" { out.formUnion(SkipRule.allCases); continue }
                out.formUnion(try SkipRule.parseList(list))
            }
            return out
        }
        self.skip = try rules(skip)
        self.read = try rules(read)
    }
}

extension SpeechOptionError: UserFacingError {
    public var exitStatus: ExitStatus { .usage }
}

extension Speak {
    /// How `document` is said: its language's rules, the skip rules (config, then the
    /// document's own setting, then this run's), and the lexicon entries that apply to it.
    public func speechOptions(for document: Document, request: SpeechRequest = SpeechRequest()) throws -> SpeechOptions {
        if request.asWritten { return .asWritten }
        var skip = config.skip
        var lexicon: [LexiconEntry] = []
        if let id = document.metadata.id {
            if let own = try library().speechSkip(documentID: id) { skip = try SkipRule.parseList(own) }
            lexicon = try library().lexicon(for: id).map(Self.entry)
        } else if FileManager.default.fileExists(atPath: SpeakPaths.libraryDirectory(environment: environment).appendingPathComponent("library.sqlite").path) {
            lexicon = try library().lexicon().filter { $0.scope == .global }.map(Self.entry)
        }
        skip.formUnion(request.skip)
        skip.subtract(request.read)
        let language = document.metadata.language ?? DocumentImport.detectedLanguage(document)
        return SpeechOptions(language: language, skip: skip, lexicon: lexicon, voices: request.followLanguage ? languageVoices() : [:])
    }

    /// eSpeak's voice for every language it speaks (two-letter code → voice), read once.
    func languageVoices() -> [String: String] {
        if let loadedLanguageVoices { return loadedLanguageVoices }
        var voices: [String: String] = [:]
        for voice in ESpeakVoices.all() {
            for language in voice.languages {
                let code = Languages.iso1(language)
                guard !code.isEmpty else { continue }
                // The language's own voice ("fr" → fr-fr, not fr-be) when there is one.
                let own = voice.identifier == code || voice.identifier == code + "-" + code
                if voices[code] == nil || own { voices[code] = voice.identifier }
            }
        }
        // The configured voice speaks its own language.
        let configured = Languages.iso1(config.voice)
        if voices[configured] != nil { voices[configured] = config.voice }
        loadedLanguageVoices = voices
        return voices
    }

    /// The voices a document is read with: its own, then those of paragraphs in other
    /// languages, with how many paragraphs each reads.
    public func voicesUsed(_ document: Document, voice: String, options: SpeechOptions,
                           blocks: Range<Int>? = nil) -> [(voice: String, language: String, paragraphs: Int)] {
        let reader = SpeechReader(options: options)
        var counts: [String: (String, Int)] = [:]
        var order: [String] = []
        for block in document.blocks[blocks ?? document.blocks.indices] where block.isSpoken {
            guard let foreign = reader.foreign(block.text) else { continue }
            if counts[foreign.voice] == nil { order.append(foreign.voice) }
            counts[foreign.voice, default: (foreign.reader.options.language ?? "", 0)].1 += 1
        }
        let own = document.blocks[blocks ?? document.blocks.indices].filter(\.isSpoken).count - counts.values.reduce(0) { $0 + $1.1 }
        return [(voice, options.language ?? "en", own)] + order.compactMap { v in counts[v].map { (v, $0.0, $0.1) } }
    }

    /// The text exactly as the engine is given it, one string per block read (every block
    /// when `includeSkipped`).
    public func spokenParagraphs(of document: Document, includeSkipped: Bool, options: SpeechOptions) -> [String] {
        spokenBlocks(of: document, includeSkipped: includeSkipped, options: options).map(\.text)
    }

    /// The same, with the voice of each block when it is not the document's (a paragraph in
    /// another language).
    public func spokenBlocks(of document: Document, includeSkipped: Bool, options: SpeechOptions) -> [(text: String, voice: String?)] {
        var paragraphs: [(String, String?)] = []
        var current = ""
        var voice: String?
        for chunk in ChunkPlanner.sequence(of: document, includeSkipped: includeSkipped, speech: options) {
            current += chunk.text
            voice = chunk.voice
            if chunk.endsBlock || chunk.endsDocument {
                paragraphs.append((Self.tidy(current), voice))
                current = ""
            }
        }
        if !current.isEmpty { paragraphs.append((Self.tidy(current), voice)) }
        return paragraphs
    }

    /// eSpeak's phoneme mnemonics for `text` (as `espeak-ng -q -x` prints them) in `voice`.
    public func phonemes(_ text: String, voice: String) throws -> String {
        let engine = try ESpeakEngine.shared()
        return try EngineThread.shared.sync { try engine.phonemes(text, voice: voice) }
    }

    /// Runs of spaces left by removed text made single, for reading.
    static func tidy(_ text: String) -> String {
        var out = ""
        var space = false
        for c in text {
            if c == " " {
                space = true
                continue
            }
            if space, !out.isEmpty, ![",", ".", ";", ":", "!", "?"].contains(c) { out.append(" ") }
            space = false
            out.append(c)
        }
        return out
    }
}

extension Speak {
    /// The engine voice a document is read with when none is asked for.
    public func voiceFor(_ document: Document) throws -> String {
        let name = try defaultVoice(for: document.metadata.language) ?? config.voice
        return try voiceSettings(voice: name, speed: nil, wordsPerMinute: nil).voice
    }
}

/// How often a skip rule leaves text out of what is read, with a few examples.
public struct SpeechSkipCount: Sendable, Equatable, Codable {
    public var rule: String
    public var count: Int
    public var examples: [String]
}

extension Speak {
    /// What the skip rules leave out of the blocks that are read: counts per rule, in the
    /// order of `SkipRule.allCases`, with up to three distinct examples each.
    public func speechSkips(of document: Document, options: SpeechOptions) -> [SpeechSkipCount] {
        let reader = SpeechReader(options: options)
        var counts: [SkipRule: (Int, [String])] = [:]
        for chunk in ChunkPlanner.sequence(of: document, speech: .asWritten) {
            let spoken = reader.spoken(chunk.text, words: chunk.wordSpans)
            let scalars = Array(chunk.text.unicodeScalars)
            for skip in spoken.skipped {
                var entry = counts[skip.rule] ?? (0, [])
                entry.0 += 1
                let text = String(String.UnicodeScalarView(scalars[skip.range.clamped(to: 0..<scalars.count)]))
                    .trimmingCharacters(in: .whitespaces)
                if entry.1.count < 3, !text.isEmpty, !entry.1.contains(text) { entry.1.append(text) }
                counts[skip.rule] = entry
            }
        }
        return SkipRule.allCases.compactMap { rule in
            counts[rule].map { SpeechSkipCount(rule: rule.rawValue, count: $0.0, examples: $0.1) }
        }
    }
}
