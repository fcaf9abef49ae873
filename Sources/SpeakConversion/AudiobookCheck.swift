import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// The check after a conversion, because peers silently drop sentences and we must not: every
/// chunk with words has audible sound, and every chapter lasts about as long as its word count
/// says at the voice's rate (between a third and four times; numbers and abbreviations make
/// words longer, never shorter by that much). Silence where words are is a failure (words
/// were lost); a chapter of unusual length is a warning (a page of URLs or numbers is long).
enum AudiobookCheck {
    static func problems(plan: AudiobookPlan, headers: [SegmentHeader], document: Document,
                         settings: VoiceSettings) -> (failures: [String], warnings: [String]) {
        var problems: [String] = []
        var warnings: [String] = []
        var index = 0
        for (n, chapter) in plan.chapters.enumerated() {
            let name = "chapter \(n + 1) '\(String(chapter.title.prefix(60)))'"
            var seconds = 0.0
            for range in chapter.segments {
                let header = headers[index]
                index += 1
                seconds += header.seconds
                for chunk in header.silentChunks {
                    let first = range.lowerBound + chunk.firstWord
                    let words = (first..<min(first + min(chunk.words, 8), document.wordCount)).compactMap { document.word(at: $0)?.text }
                    problems.append("\(name): no sound for words \(first)…\(first + chunk.words - 1) ('\(words.joined(separator: " "))…')")
                }
            }
            guard chapter.spokenWords >= 20 else { continue }
            let expected = Double(chapter.spokenWords) / Double(settings.wordsPerMinute) * 60
            if seconds < expected / 3 || seconds > expected * 4 {
                let first = (chapter.words.lowerBound..<min(chapter.words.lowerBound + 8, document.wordCount)).compactMap { document.word(at: $0)?.text }
                warnings.append("\(name): \(Int(seconds.rounded())) s of audio for \(chapter.spokenWords) words (expected about \(Int(expected.rounded())) s), "
                                + "starting '\(first.joined(separator: " "))…'")
            }
        }
        return (problems, warnings)
    }
}
