/// When each spoken word sounds in the produced audio.
public struct TimedWord: Sendable, Equatable, Codable {
    /// Global word index in the document.
    public var index: Int
    /// First sample of the word in the output audio.
    public var startSample: Int
    /// Sample where the next word starts (or where its chunk's audio ends).
    public var endSample: Int
    /// Left out by a skip rule of the spoken-text layer (a citation, a footnote mark): the
    /// word takes no time and the highlight passes over it.
    public var skipped: Bool

    public init(index: Int, startSample: Int, endSample: Int, skipped: Bool = false) {
        self.index = index
        self.startSample = startSample
        self.endSample = endSample
        self.skipped = skipped
    }
}

/// The timeline of a synthesis run: every spoken word with its samples, in order.
public struct Timeline: Sendable, Equatable {
    public var sampleRate: Int
    public var words: [TimedWord] = []
    /// Total samples of audio produced.
    public var totalSamples = 0
    /// Positions in `words` where a sentence (a synthesized chunk) begins.
    public var sentenceStarts: [Int] = []

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// Seconds for a sample count.
    public func seconds(_ samples: Int) -> Double { Double(samples) / Double(sampleRate) }

    /// The word sounding at `seconds` into the audio (the last word that started by then).
    public func word(at seconds: Double) -> TimedWord? {
        let sample = Int(seconds * Double(sampleRate))
        var low = 0, high = words.count - 1
        var found: TimedWord?
        while low <= high {
            let mid = (low + high) / 2
            if words[mid].startSample <= sample { found = words[mid]; low = mid + 1 } else { high = mid - 1 }
        }
        return found
    }
}
