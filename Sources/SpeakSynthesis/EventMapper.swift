import SpeakModel

/// Maps an engine's word events back to the words of a chunk.
///
/// Events do not map one to one: numbers give several events for one word, "of the" gives
/// one for two words, some events point inside a word. Each event belongs to the word that
/// contains its position (or the next word when it falls in a gap); repeats for the same
/// word are ignored; words without an event get the time of the next event that has one,
/// and words after the last event get the end of the audio. Times are clamped to the audio
/// delivered and never go backwards.
public enum EventMapper {
    /// Start sample of every word of the chunk, relative to the chunk's audio.
    public static func wordStarts(words: [WordSpan], events: [WordEvent], audioSamples: Int) -> [Int] {
        guard !words.isEmpty else { return [] }
        var starts = [Int?](repeating: nil, count: words.count)
        var w = 0
        for event in events where event.length > 0 {
            let position = event.textPosition - 1
            // Advance to the word that contains the position, or the next one after a gap.
            while w < words.count, Int(words[w].end) <= position { w += 1 }
            guard w < words.count else { break }
            if starts[w] == nil { starts[w] = min(max(0, event.sample), audioSamples) }
        }
        var next = audioSamples
        for i in stride(from: words.count - 1, through: 0, by: -1) {
            let start = min(starts[i] ?? next, next)
            starts[i] = start
            next = start
        }
        return starts.map { $0 ?? audioSamples }
    }
}
