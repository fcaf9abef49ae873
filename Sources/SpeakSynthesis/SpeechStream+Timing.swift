import Foundation
import SpeakModel

/// Timing the text before the first known word, for a seek back past what was heard.
extension SpeechStream {
    /// Times the words before `first` (without keeping audio) until they cover `needed`
    /// samples or reach the start of the document; their times end where `first` starts.
    func timeWords(before first: TimedWord, covering needed: Int) throws -> [TimedWord] {
        let settings = self.settings
        let document = current
        var estimate = max(20, Int(Double(needed) / Double(sampleRate) * Double(settings.wordsPerMinute) / 60 * 1.5))
        while true {
            let from = max(0, first.index - estimate)
            let pieces = try condition.unlocked {
                try thread.sync {
                    synthesizer.settings = settings
                    return try ChunkPlanner.sequence(of: document, fromWord: from, toWord: first.index, includeSkipped: includeSkipped,
                                                     speech: settings.speech, byClause: byClause)
                        .map { try synthesizer.piece(for: $0, startingAt: 0, keepAudio: false) }
                }
            }
            // A stream can start mid-sentence, and the planner speaks whole sentences: the text
            // before `first` ends where `first` starts in it, not where its sentence ends, and
            // the words from `first` on are already timed.
            var words: [TimedWord] = []
            var offset = 0
            for piece in pieces {
                words += piece.words.map {
                    TimedWord(index: $0.index, startSample: $0.startSample + offset, endSample: $0.endSample + offset, skipped: $0.skipped)
                }
                offset += piece.sampleCount
            }
            let total = words.first { $0.index >= first.index }?.startSample ?? offset
            words.removeAll { $0.index >= first.index }
            if total >= needed || from == 0 {
                let shift = first.startSample - total
                return words.map { TimedWord(index: $0.index, startSample: $0.startSample + shift, endSample: $0.endSample + shift, skipped: $0.skipped) }
            }
            estimate *= 2
        }
    }
}
