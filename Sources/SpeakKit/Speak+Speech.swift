import Foundation
import SpeakESpeak
import SpeakModel
import SpeakSpeech
import SpeakSynthesis

/// What a run changes about what is skipped: `--skip` adds rules, `--read` removes them.
public struct SpeechRequest: Sendable, Equatable {
    public var skip: Set<SkipRule>
    public var read: Set<SkipRule>

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
    public func speechOptions(for document: Document, request: SpeechRequest = SpeechRequest()) -> SpeechOptions {
        var skip = config.skip
        skip.formUnion(request.skip)
        skip.subtract(request.read)
        return SpeechOptions(language: document.metadata.language, skip: skip, lexicon: [])
    }

    /// The text exactly as the engine is given it, one string per block read (every block
    /// when `includeSkipped`).
    public func spokenParagraphs(of document: Document, includeSkipped: Bool, options: SpeechOptions) -> [String] {
        var paragraphs: [String] = []
        var current = ""
        for chunk in ChunkPlanner.sequence(of: document, includeSkipped: includeSkipped, speech: options) {
            current += chunk.text
            if chunk.endsBlock || chunk.endsDocument {
                paragraphs.append(Self.tidy(current))
                current = ""
            }
        }
        if !current.isEmpty { paragraphs.append(Self.tidy(current)) }
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
