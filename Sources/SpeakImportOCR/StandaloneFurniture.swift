import SpeakModel

/// Furniture that a page shows by itself, with no other page to repeat it: what stands under
/// the frame a transcript or form draws round its text (the court reporter's name and telephone
/// under a deposition), production stamps in the margins (Bates numbers, a document's UUID) and
/// margin lines that give the page's place ("… Filed 04/22/13 Page 1 of 10"). Found by the kind
/// of line, so a one-page scan loses what its pages in a longer file lose by repetition.
struct StandaloneFurniture {
    /// The frame's box (left, top, right, bottom), when rules close round nearly all the text.
    let frame: [Int32]?
    let pageHeight: Int32

    init(page: OCRPage) {
        pageHeight = Int32(page.height)
        frame = Self.frame(of: page)
    }

    /// `.header` or `.footer` when the paragraph is furniture of one of the kinds above.
    func zone(of paragraph: OCRAssembler.Paragraph, lines: [String]) -> BlockKind? {
        guard pageHeight > 0, paragraph.top != .max else { return nil }
        // Only under the frame: over it stands what names the page (a form's title).
        if let frame, paragraph.lines.count <= 3, paragraph.top > frame[3] { return .footer }
        let center = (paragraph.top + paragraph.bottom) / 2, margin = pageHeight * 8 / 100
        let zone: BlockKind
        if center < margin { zone = .header } else if center > pageHeight - margin { zone = .footer } else { return nil }
        if lines.allSatisfy(Self.isStamp) { return zone }
        if paragraph.lines.count == 1, let line = lines.first, Self.givesPlace(line) { return zone }
        return nil
    }

    /// A line of production stamps: a Bates number ("CDALEDEP003572", "MNK-T1_0000263876",
    /// "MNKOI 0004565050") or a document's UUID or hash, with at most capital prefixes beside it.
    static func isStamp(_ line: String) -> Bool {
        let words = line.split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters.subtracting(["-", "_"])) }
        guard !words.isEmpty else { return false }
        var stamps = 0
        for word in words {
            if isBatesNumber(word) || isHexIdentifier(word) {
                stamps += 1
            } else if word.isEmpty || !word.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || $0 == "-" || $0 == "_" }) {
                return false
            }
        }
        return stamps > 0
    }

    /// Capitals, digits and joiners with a run of six digits or more.
    private static func isBatesNumber(_ word: String) -> Bool {
        var run = 0, longest = 0
        for scalar in word.unicodeScalars {
            switch scalar {
            case "0"..."9": run += 1; longest = max(longest, run)
            case "A"..."Z", "-", "_", ".": run = 0
            default: return false
            }
        }
        return longest >= 6
    }

    /// Sixteen hexadecimal digits or more, dashes allowed, with digits and letters among them.
    private static func isHexIdentifier(_ word: String) -> Bool {
        var digits = 0, letters = 0
        for scalar in word.unicodeScalars {
            switch scalar {
            case "0"..."9": digits += 1
            case "a"..."f", "A"..."F": letters += 1
            case "-": continue
            default: return false
            }
        }
        return digits + letters >= 16 && digits >= 4 && letters >= 2
    }

    /// A margin line that gives the page's place among others: "Page 3 of 10" inside other words.
    static func givesPlace(_ line: String) -> Bool {
        let words = line.lowercased().split(separator: " ")
        guard words.count >= 4 else { return false }
        for index in words.indices.dropLast(3) where words[index] == "page" && words[index + 2] == "of" {
            if let page = Int(words[index + 1]), let pages = Int(words[index + 3].trimmingCharacters(in: .punctuationCharacters)),
               page >= 1, page <= pages {
                return true
            }
        }
        return false
    }

    /// Four rules that close into a box round at least nine tenths of the page's words, the box
    /// at least half the page wide and high.
    private static func frame(of page: OCRPage) -> [Int32]? {
        let width = Int32(page.width), height = Int32(page.height)
        guard width > 0, height > 0 else { return nil }
        let rules = page.words.filter { $0.region == .rule && $0.box.count == 4 }.map(\.box)
        let across = rules.filter { $0[2] - $0[0] >= width / 2 && ($0[2] - $0[0]) >= 8 * ($0[3] - $0[1]) }
        let down = rules.filter { $0[3] - $0[1] >= height / 2 && ($0[3] - $0[1]) >= 8 * ($0[2] - $0[0]) }
        guard let top = across.min(by: { $0[1] < $1[1] }), let bottom = across.max(by: { $0[3] < $1[3] }),
              let left = down.min(by: { $0[0] < $1[0] }), let right = down.max(by: { $0[2] < $1[2] }),
              bottom[1] - top[3] >= height / 2, right[0] - left[2] >= width / 2 else { return nil }
        // The sides meet: each vertical rule runs from the top rule to the bottom one.
        let slack = height / 50
        guard [left, right].allSatisfy({ abs($0[1] - top[1]) <= slack && abs($0[3] - bottom[3]) <= slack }) else { return nil }
        let box = [left[0], top[1], right[2], bottom[3]]
        // Words with letters: a transcript numbers its lines outside the frame.
        let words = page.words.filter { $0.region != .rule && $0.box.count == 4 && $0.text.contains(where: \.isLetter) }
        let inside = words.filter { $0.box[1] >= box[1] && $0.box[3] <= box[3] && $0.box[0] >= box[0] && $0.box[2] <= box[2] }
        guard !words.isEmpty, inside.count * 10 >= words.count * 9 else { return nil }
        return box
    }
}
