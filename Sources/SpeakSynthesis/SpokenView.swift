import Foundation
import SpeakModel
import SpeakSpeech

/// What the spoken-text layer makes of a whole document, for people to read: the text each
/// block is said as, and what the skip rules leave out.
public enum SpokenView {
    /// Each block read (every block when `includeSkipped`) as the engine is given it, with its
    /// voice when it is not the document's (a paragraph in another language).
    public static func blocks(of document: Document, includeSkipped: Bool, speech: SpeechOptions) -> [(text: String, voice: String?)] {
        var paragraphs: [(String, String?)] = []
        var current = ""
        var voice: String?
        for chunk in ChunkPlanner.sequence(of: document, includeSkipped: includeSkipped, speech: speech) {
            current += chunk.text
            voice = chunk.voice
            if chunk.endsBlock || chunk.endsDocument {
                paragraphs.append((tidy(current), voice))
                current = ""
            }
        }
        if !current.isEmpty { paragraphs.append((tidy(current), voice)) }
        return paragraphs
    }

    /// Runs of spaces left by removed text made single, for reading; a space left before a
    /// sentence's mark goes ("said ."), one before a name that starts with a dot stays
    /// ("a .htaccess file", "find . -name").
    static func tidy(_ text: String) -> String {
        var out = ""
        var space = false
        let chars = Array(text)
        for (k, c) in chars.enumerated() {
            if c == " " {
                space = true
                continue
            }
            let closes = [",", ".", ";", ":", "!", "?"].contains(c) && (k + 1 == chars.count || !(chars[k + 1].isLetter || chars[k + 1].isNumber))
            if space, !out.isEmpty, !closes { out.append(" ") }
            space = false
            out.append(c)
        }
        return out
    }

    /// What the skip rules leave out of the blocks that are read: per rule, in the order of
    /// `SkipRule.allCases`, how often and up to three distinct examples.
    public static func skips(of document: Document, speech: SpeechOptions) -> [(rule: SkipRule, count: Int, examples: [String])] {
        let reader = SpeechReader(options: speech)
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
        return SkipRule.allCases.compactMap { rule in counts[rule].map { (rule, $0.0, $0.1) } }
    }
}
