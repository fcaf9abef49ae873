/// Abbreviations that keep their full stop as part of the word, and which of them never
/// end a sentence.
enum Abbreviations {
    /// Words (lower-cased, without the final dot) whose dot belongs to the word. Words that
    /// are also ordinary words ("no", "sat", "sun", "col") are left out: "She said no." must
    /// end a sentence; "No. 5" is handled by the sentence segmenter instead.
    static let known: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "inc", "ltd", "corp",
        "fig", "figs", "vol", "vols", "eds", "approx", "dept", "lt", "capt", "sgt", "rev", "hon", "mt",
        "cf", "chap", "pp", "jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "tue", "thu", "fri", "ibid", "resp", "viz", "nr", "mx", "messrs", "assoc",
        "det", "maj", "pvt", "cpl", "adm", "cmdr", "brig", "supt", "insp", "mfg", "rte", "avg", "doz", "mos",
    ]

    /// Abbreviations that are followed by more of the same sentence (titles, "e.g.").
    static let neverTerminal: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "st", "lt", "capt", "sgt", "rev", "hon", "mt",
        "vs", "cf", "fig", "figs", "vol", "vols", "pp", "chap", "e.g", "i.e", "viz", "approx", "nr", "mx", "messrs", "assoc",
        "det", "maj", "pvt", "cpl", "adm", "cmdr", "brig", "supt", "insp", "rte", "avg", "mfg",
    ]

    /// Whether `word` (scalars, ending in ".") keeps its dot: a known abbreviation, a single
    /// letter initial ("J."), or dotted letters ("e.g.", "U.S.", "p.m.").
    static func keepsDot(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard word.count >= 2, word.last == "." else { return false }
        let body = word.dropLast()
        if body.count == 1, let only = body.first, CharacterClass.isUppercase(only), only != "I", only != "A" { return true }
        if isDottedLetters(body) { return true }
        guard body.allSatisfy({ CharacterClass.isLetter($0) }) else { return false }
        return known.contains(lowercased(body))
    }

    /// Whether `word` (ending in its dot) cannot end a sentence.
    static func isNeverTerminal(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        let body = word.dropLast()
        if body.count == 1, let only = body.first, CharacterClass.isUppercase(only) { return true }
        return neverTerminal.contains(lowercased(body))
    }

    /// "e.g", "U.S", "p.m": single letters separated by dots.
    private static func isDottedLetters(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        guard body.count >= 3 else { return false }
        for (offset, s) in body.enumerated() {
            if offset % 2 == 0 { if !CharacterClass.isLetter(s) { return false } } else if s != "." { return false }
        }
        return body.count % 2 == 1
    }

    static func lowercased<C: Collection>(_ scalars: C) -> String where C.Element == Unicode.Scalar {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view).lowercased()
    }
}
