import Foundation
import SpeakImport
import SpeakModel

/// How a document is cut for an audiobook: chapters (from the document's chapters; text before
/// the first one is a chapter named after the document; chapters with nothing to say are merged
/// into the next), and each chapter into segments at sentence starts — the units that worker
/// processes synthesize in parallel and that the cache keeps. Segments are small enough (about
/// a 48th of the book, 75 to 9,600 words) that a conversion run again after an interruption
/// redoes little, and cut by content so that one run again after an edit redoes only the
/// segment edited.
public struct AudiobookPlan {
    public struct Chapter {
        public var title: String
        public var words: Range<Int>
        /// Words that will be spoken.
        public var spokenWords: Int
        public var segments: [Range<Int>]
    }

    public var chapters: [Chapter]

    public var segments: [Range<Int>] { chapters.flatMap(\.segments) }

    public init(document: Document, fromWord: Int, includeSkipped: Bool) {
        let end = document.wordCount
        let marks = Self.marks(document.chapters.filter { $0.firstWord < end }).sorted { $0.firstWord < $1.firstWord }
        var starts: [(title: String, first: Int)] = []
        for (i, mark) in marks.enumerated() {
            let next = i + 1 < marks.count ? marks[i + 1].firstWord : end
            if next > fromWord, next > mark.firstWord { starts.append((mark.title, max(mark.firstWord, fromWord))) }
        }
        if (starts.first?.first ?? end) > fromWord { starts.insert((document.metadata.title, fromWord), at: 0) }
        let spokenBlocks = document.blocks.filter { includeSkipped || $0.isSpoken }
        func spoken(_ range: Range<Int>, headings: Bool = true) -> Int {
            spokenBlocks.reduce(0) { total, block in
                guard headings || block.kind.headingLevel == nil else { return total }
                return total + max(0, min(range.upperBound, block.wordIndices.upperBound) - max(range.lowerBound, block.firstWord))
            }
        }
        // A chapter that says nothing but its own title ("Part I" before "Chapter 1") is
        // merged into the next one; at the end, into the one before.
        var chapters: [Chapter] = []
        var pending: (titles: [String], first: Int)?
        for (i, start) in starts.enumerated() {
            let words = (pending?.first ?? start.first)..<(i + 1 < starts.count ? starts[i + 1].first : end)
            let titles = (pending?.titles ?? []) + [start.title]
            guard spoken(start.first..<words.upperBound, headings: false) > 0 else {
                // Where nothing at all is said (a book's skipped title page), the words go with
                // the next chapter but the title does not.
                let silent = spoken(start.first..<words.upperBound) == 0
                pending = (silent ? pending?.titles ?? [] : titles, words.lowerBound)
                continue
            }
            chapters.append(Chapter(title: titles.joined(separator: " — "), words: words, spokenWords: spoken(words), segments: []))
            pending = nil
        }
        if let pending {
            if let last = chapters.indices.last {
                chapters[last].title = ([chapters[last].title] + pending.titles).joined(separator: " — ")
                chapters[last].words = chapters[last].words.lowerBound..<end
                chapters[last].spokenWords = spoken(chapters[last].words)
            } else if spoken(pending.first..<end) > 0 {
                chapters.append(Chapter(title: pending.titles.joined(separator: " — "), words: pending.first..<end,
                                        spokenWords: spoken(pending.first..<end), segments: []))
            }
        }
        // The segment size follows the book's length in steps (150, 300, 600 … 4,800 words)
        // and not --jobs, so that a small edit or another machine finds the same segments.
        let total = chapters.reduce(0) { $0 + $1.spokenWords }
        var size = 150
        while size < 4800, size * 2 <= total / 48 { size *= 2 }
        for i in chapters.indices {
            chapters[i].segments = Self.segments(of: document, words: chapters[i].words, includeSkipped: includeSkipped, size: size)
        }
        self.chapters = chapters
    }

    /// The chapters an audiobook is cut into: the top entries of the table of contents (a
    /// book's chapters, not their sections); with fewer than two (an article's one title over
    /// its sections), the second level as well.
    static func marks(_ chapters: [SpeakModel.Chapter]) -> [SpeakModel.Chapter] {
        let deepest = chapters.count(where: { $0.level == 1 }) >= 2 ? 1 : 2
        return chapters.filter { $0.level <= deepest }
    }

    /// Cuts `words` at sentence starts chosen by their content: after at least `size / 2` spoken
    /// words, a sentence whose text hashes to 0 modulo a divisor starts the next segment (at the
    /// latest after `2 × size`). An edit then moves only the cuts next to it, so a conversion run
    /// again after a small edit finds every other segment in the cache — cuts by position would
    /// all shift.
    static func segments(of document: Document, words: Range<Int>, includeSkipped: Bool, size: Int) -> [Range<Int>] {
        // Sentences of about 16 words: on average a cut comes `size / 2` words after the minimum.
        let divisor = UInt64(max(1, size / 32))
        var cuts = [words.lowerBound]
        var count = 0
        for block in document.blocks where block.wordIndices.overlaps(words) {
            let scalars = Array(block.text.unicodeScalars)
            let spans = block.wordSpans
            for sentence in SentenceSegmenter.sentences(in: scalars, words: spans) {
                let first = block.firstWord + sentence.lowerBound
                guard first >= words.lowerBound, first < words.upperBound else { continue }
                // Only where something is read: a segment of skipped blocks alone has nothing to say.
                if first > cuts[cuts.count - 1], count >= size / 2, includeSkipped || block.isSpoken {
                    let text = String(String.UnicodeScalarView(scalars[Int(spans[sentence.lowerBound].start)..<Int(spans[sentence.upperBound - 1].end)]))
                    if WordHash.of(text) % divisor == 0 || count >= size * 2 {
                        cuts.append(first)
                        count = 0
                    }
                }
                if includeSkipped || block.isSpoken { count += min(words.upperBound, block.firstWord + sentence.upperBound) - first }
            }
        }
        return zip(cuts, cuts.dropFirst() + [words.upperBound]).map { $0..<$1 }
    }

    /// A file name for a title: characters that do not belong in names replaced, at most 120.
    public static func fileName(_ title: String, fallback: String) -> String {
        var name = String(title.map { "/\\:*?\"<>|\0".contains($0) || $0.isNewline ? "_" : $0 }.prefix(120))
            .trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.hasPrefix(".") { name = fallback + name }
        return name
    }
}
