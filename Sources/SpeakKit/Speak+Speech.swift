import Foundation
import SpeakESpeak
import SpeakIntake
import SpeakModel
import SpeakSpeech
import SpeakSynthesis

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
    /// languages, with how many paragraphs each reads (only `blocks` when given).
    public func voicesUsed(_ document: Document, voice: String, options: SpeechOptions,
                           blocks: Range<Int>? = nil) -> [(voice: String, language: String, paragraphs: Int)] {
        let paragraphs = document.blocks[blocks ?? document.blocks.indices].filter(\.isSpoken).map(\.text)
        return SpeechReader(options: options).voices(of: paragraphs, voice: voice)
    }

    /// The text exactly as the engine is given it, one string per block read (every block
    /// when `includeSkipped`).
    public func spokenParagraphs(of document: Document, includeSkipped: Bool, options: SpeechOptions) -> [String] {
        SpokenView.blocks(of: document, includeSkipped: includeSkipped, speech: options).map(\.text)
    }

    /// The same, with the voice of each block when it is not the document's.
    public func spokenBlocks(of document: Document, includeSkipped: Bool, options: SpeechOptions) -> [(text: String, voice: String?)] {
        SpokenView.blocks(of: document, includeSkipped: includeSkipped, speech: options)
    }

    /// eSpeak's phoneme mnemonics for `text` (as `espeak-ng -q -x` prints them) in `voice`.
    public func phonemes(_ text: String, voice: String) throws -> String {
        let engine = try ESpeakEngine.shared()
        return try EngineThread.shared.sync { try engine.phonemes(text, voice: voice) }
    }
}

extension Speak {
    /// The engine voice a document is read with when none is asked for.
    public func voiceFor(_ document: Document) throws -> String {
        let name = try defaultVoice(for: document.metadata.language) ?? config.voice
        // A neural voice speaks eSpeak's phonemes of its own eSpeak voice.
        if let neural = neuralVoice(named: name) { return neural.espeakVoice }
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
        SpokenView.skips(of: document, speech: options).map { SpeechSkipCount(rule: $0.rule.rawValue, count: $0.count, examples: $0.examples) }
    }
}
