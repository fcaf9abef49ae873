/// Line breaks a writer made on purpose inside a paragraph of plain text: lists of short
/// lines with no bullets (NEWS files' "Fixed …" lines, mail trailers, verse, addresses).
/// Joined as wrapped prose they ran together with no pause ("…problems for read() Fixed
/// parallel make problem."). A wrapping program fills each line greedily, so when the next
/// line's first words would have fitted on a line, the break was not the wrapper's.
enum LineBreaks {
    /// The width the text is wrapped at: the length most of its longest lines reach (the 90th
    /// percentile of its non-blank lines); nil for a text too short or too narrow to tell.
    static func wrapWidth(of text: String) -> Int? {
        var lengths: [Int] = []
        var start = text.startIndex
        // Line by line without splitting the whole text: the first 20,000 lines tell.
        while start < text.endIndex, lengths.count < 20_000 {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let length = columns(text[start..<end])
            if length > 0 { lengths.append(length) }
            start = end < text.endIndex ? text.index(after: end) : end
        }
        guard lengths.count >= 10 else { return nil }
        lengths.sort()
        let width = lengths[lengths.count * 9 / 10]
        return width >= 50 && width <= 100 ? width : nil
    }

    /// The paragraph's lines cut where a break was made on purpose; nil when there is none.
    static func groups(_ raw: [Substring], width: Int) -> [[Substring]]? {
        guard raw.count >= 2 else { return nil }
        // A paragraph filled narrower than the rest of the text (a licence quoted at 65
        // columns in a file of 80) is measured by its own lines.
        let lengths = raw.map(columns)
        if raw.count >= 3, let widest = lengths.max(), widest < width,
           lengths.dropLast().filter({ $0 * 100 >= widest * 85 }).count * 2 >= raw.count - 1 {
            return groups(raw, width: widest, lengths: lengths)
        }
        return groups(raw, width: width, lengths: lengths)
    }

    private static func groups(_ raw: [Substring], width: Int, lengths: [Int]) -> [[Substring]]? {
        var groups: [[Substring]] = [[raw[0]]]
        for k in 1..<raw.count {
            if intended(after: raw[k - 1], length: lengths[k - 1], before: raw[k], width: width) {
                groups.append([raw[k]])
            } else {
                groups[groups.count - 1].append(raw[k])
            }
        }
        return groups.count >= 2 ? groups : nil
    }

    private static func intended(after line: Substring, length: Int, before next: Substring, width: Int) -> Bool {
        let text = line.trimmingSpaces(), following = next.trimmingSpaces()
        guard let last = text.last, let first = following.first, first.isUppercase else { return false }
        // A sentence that ends is heard as one already; a comma, a dash or a word that needs
        // what follows ("the", "and", "of") goes on in the next line.
        if ".!?:;,-–—/&(+=|\\".contains(last) { return false }
        let lastWord = text.split(separator: " ").last.map { $0.lowercased() } ?? ""
        if joiningWords.contains(lastWord) { return false }
        // Two words of the next line, not one: a hand-filled paragraph sometimes leaves a
        // short word for the next line, two that would fit are a break on purpose.
        let words = following.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(2)
        let needed = words.reduce(0) { $0 + 1 + $1.unicodeScalars.count }
        return length + needed <= width && length * 10 <= width * 9
    }

    /// The line's length as laid out: tabs to the next multiple of 8, trailing blanks left out.
    private static func columns(_ line: Substring) -> Int {
        var column = 0, end = 0
        for scalar in line.unicodeScalars {
            if scalar == "\t" {
                column += 8 - column % 8
            } else {
                column += 1
                if scalar != " " && scalar != "\r" { end = column }
            }
        }
        return end
    }

    private static let joiningWords: Set<String> = [
        "a", "an", "the", "and", "or", "nor", "but", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into",
        "onto", "as", "than", "that", "which", "who", "whom", "whose", "if", "is", "are", "was", "were", "be", "been",
        "being", "am", "his", "her", "their", "its", "our", "your", "my", "mr", "mrs", "ms", "dr", "st", "via", "per",
        "see", "called", "named", "since", "because", "when", "while", "although", "though", "after", "before", "until",
        "unless", "so", "then", "where", "how", "what", "why", "not", "no", "about", "over", "under", "between", "among",
        "also", "both", "either", "neither", "each", "every", "this", "these", "those", "some", "any", "all", "more",
        "most", "such", "will", "can", "may", "might", "must", "shall", "should", "would", "could", "has", "have", "had",
        "do", "does", "did", "it", "he", "she", "we", "they", "you", "i", "like", "against", "without", "within",
        "through", "during", "toward", "towards", "upon", "whether", "only", "very", "said", "says", "version",
    ]
}
