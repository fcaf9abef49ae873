import SpeakModel

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
