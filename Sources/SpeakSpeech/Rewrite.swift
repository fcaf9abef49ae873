import SpeakModel

/// One replacement made by a pass, in the scalar offsets of the text the pass was given.
struct Edit {
    var range: Range<Int>
    var replacement: String
    /// Final output is not looked at again by later passes (a rule's words are what the
    /// engine is given); a clean-up (a ligature expanded) leaves text for the rules to read.
    var final: Bool = true
    /// The skip rule that removed the text, when it was removed by one.
    var skipped: SkipRule? = nil
}

/// The text being rewritten, as pieces that remember which source scalars they came from,
/// so every output piece maps back to the document words it says.
struct Rewrite {
    struct Piece {
        var scalars: [Unicode.Scalar]
        /// Source scalars this piece says; a literal piece has the same length.
        var source: Range<Int>
        var literal: Bool
        var final: Bool
    }

    private(set) var pieces: [Piece]
    /// What skip rules removed: source ranges and their rule.
    private(set) var skipped: [(range: Range<Int>, rule: SkipRule)] = []

    init(_ scalars: [Unicode.Scalar]) {
        pieces = scalars.isEmpty ? [] : [Piece(scalars: scalars, source: 0..<scalars.count, literal: true, final: false)]
    }

    /// The current text.
    var scalars: [Unicode.Scalar] { pieces.flatMap(\.scalars) }

    /// A mask of the current text: true where earlier passes wrote final words.
    var frozen: [Bool] { pieces.flatMap { repeatElement($0.final, count: $0.scalars.count) } }

    /// Applies non-overlapping, non-empty `edits` given in the current text's offsets.
    mutating func apply(_ edits: [Edit]) {
        let sorted = edits.filter { !$0.range.isEmpty }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard !sorted.isEmpty else { return }
        // Split literal pieces at every edit boundary, so edits cover whole pieces.
        var cuts: [Int] = []
        for edit in sorted { cuts += [edit.range.lowerBound, edit.range.upperBound] }
        cuts.sort()
        var split: [Piece] = []
        var position = 0
        var c = 0
        for piece in pieces {
            let end = position + piece.scalars.count
            var start = position
            if piece.literal {
                while c < cuts.count, cuts[c] <= position { c += 1 }
                while c < cuts.count, cuts[c] < end {
                    let cut = cuts[c]
                    if cut > start {
                        split.append(Piece(scalars: Array(piece.scalars[(start - position)..<(cut - position)]),
                                           source: (piece.source.lowerBound + start - position)..<(piece.source.lowerBound + cut - position),
                                           literal: true, final: piece.final))
                        start = cut
                    }
                    c += 1
                }
                split.append(Piece(scalars: Array(piece.scalars[(start - position)...]),
                                   source: (piece.source.lowerBound + start - position)..<piece.source.upperBound,
                                   literal: true, final: piece.final))
            } else {
                split.append(piece)
            }
            position = end
        }
        var out: [Piece] = []
        out.reserveCapacity(split.count)
        position = 0
        var e = 0
        var i = 0
        while i < split.count {
            let piece = split[i]
            let end = position + piece.scalars.count
            guard e < sorted.count, sorted[e].range.lowerBound < end else {
                out.append(piece)
                position = end
                i += 1
                continue
            }
            let edit = sorted[e]
            // Every piece the edit touches is replaced; the untouched ends of a replaced
            // (non-literal) piece are kept around the replacement.
            var scalars = Array(piece.scalars[0..<max(0, edit.range.lowerBound - position)])
            scalars += edit.replacement.unicodeScalars
            var source = piece.source
            var reach = position
            var j = i
            repeat {
                source = min(source.lowerBound, split[j].source.lowerBound)..<max(source.upperBound, split[j].source.upperBound)
                reach += split[j].scalars.count
                j += 1
            } while j < split.count && reach < edit.range.upperBound
            if reach > edit.range.upperBound, let last = split[j - 1].scalars.last.map({ _ in split[j - 1] }) {
                scalars += last.scalars[(last.scalars.count - (reach - edit.range.upperBound))...]
            }
            if let rule = edit.skipped { skipped.append((source, rule)) }
            out.append(Piece(scalars: scalars, source: source, literal: false, final: edit.final))
            position = reach
            i = j
            e += 1
            while e < sorted.count, sorted[e].range.lowerBound < reach { e += 1 }
        }
        pieces = out
    }

    /// The output text and, for every source word, the span of output that says it.
    /// A word whose source starts a replaced piece owns all of it; the other words inside a
    /// replaced piece get an empty span at its end (they take no time of their own).
    func spoken(words: [WordSpan], sourceLength: Int) -> (text: String, spans: [WordSpan]) {
        var text = String.UnicodeScalarView()
        // Output offset where each source scalar starts and ends being said.
        var startAt = [Int](repeating: -1, count: sourceLength + 1)
        var endAt = [Int](repeating: -1, count: sourceLength + 1)
        for piece in pieces {
            let out = text.count
            if piece.literal {
                for k in 0..<piece.scalars.count {
                    startAt[piece.source.lowerBound + k] = out + k
                    endAt[piece.source.lowerBound + k + 1] = out + k + 1
                }
            } else if !piece.source.isEmpty {
                let outEnd = out + piece.scalars.count
                startAt[piece.source.lowerBound] = out
                for p in (piece.source.lowerBound + 1)..<piece.source.upperBound { startAt[p] = outEnd }
                for p in (piece.source.lowerBound + 1)...piece.source.upperBound { endAt[p] = outEnd }
            }
            text.append(contentsOf: piece.scalars)
        }
        let total = text.count
        var spans: [WordSpan] = []
        spans.reserveCapacity(words.count)
        var floor = 0
        for word in words {
            let ws = min(Int(word.start), sourceLength), we = min(Int(word.end), sourceLength)
            var s = startAt[ws] >= 0 ? startAt[ws] : total
            var e = endAt[we] >= 0 ? endAt[we] : s
            s = max(s, floor)
            e = max(e, s)
            spans.append(WordSpan(start: UInt32(s), end: UInt32(e)))
            floor = e
        }
        return (String(text), spans)
    }
}
