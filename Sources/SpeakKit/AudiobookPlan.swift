import Foundation
import SpeakModel

/// How a document is cut for an audiobook: chapters (from the document's chapters; text before
/// the first one is a chapter named after the document; chapters with nothing to say are merged
/// into the next), and each chapter into segments at sentence starts — the units that worker
/// processes synthesize in parallel and that the cache keeps. Segments are small enough (about
/// a twelfth of a worker's share, 300 to 4,000 words) that a conversion run again after an
/// interruption redoes little.
struct AudiobookPlan {
    struct Chapter {
        var title: String
        var words: Range<Int>
        /// Words that will be spoken.
        var spokenWords: Int
        var segments: [Range<Int>]
    }

    var chapters: [Chapter]

    var segments: [Range<Int>] { chapters.flatMap(\.segments) }

    init(document: Document, fromWord: Int, includeSkipped: Bool, jobs: Int) {
        let end = document.wordCount
        let marks = document.chapters.filter { $0.firstWord < end }.sorted { $0.firstWord < $1.firstWord }
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
                pending = (titles, words.lowerBound)
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
        let total = chapters.reduce(0) { $0 + $1.spokenWords }
        let size = min(4000, max(300, total / max(1, jobs * 12)))
        for i in chapters.indices {
            let chapter = chapters[i]
            chapters[i].segments = ConversionParts.ranges(
                of: document, fromWord: chapter.words.lowerBound, toWord: chapter.words.upperBound, includeSkipped: includeSkipped,
                parts: max(1, (chapter.spokenWords + size / 2) / size), minimumWords: size / 2, handicap: 0)
        }
        self.chapters = chapters
    }

    /// A file name for a title: characters that do not belong in names replaced, at most 120.
    static func fileName(_ title: String, fallback: String) -> String {
        var name = String(title.map { "/\\:*?\"<>|\0".contains($0) || $0.isNewline ? "_" : $0 }.prefix(120))
            .trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.hasPrefix(".") { name = fallback + name }
        return name
    }
}
