/// Citations and footnote markers: `[12]`, `[3–5]`, `(Smith et al., 2020)`, `Smith et al. (2020)`,
/// `[citation needed]`, superscript numbers after a word.
enum EnglishCitations {
    static let dashes: Set<String> = ["-", "–", "—", ",", ";", "−"]
    static let superscripts: [Unicode.Scalar: Int] = ["⁰": 0, "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5, "⁶": 6, "⁷": 7, "⁸": 8, "⁹": 9,
                                                      "⁻": -1, "˒": -1, "⁺": -1]

    /// Verbs that follow an author cited by year: "Brown (2015) showed".
    static let reporting: Set<String> = ["showed", "shows", "shown", "found", "finds", "argued", "argues", "reported", "reports", "suggested",
                                         "suggests", "proposed", "proposes", "demonstrated", "demonstrates", "noted", "notes", "observed",
                                         "described", "describes", "concluded", "concludes", "claimed", "claims", "introduced", "developed",
                                         "used", "uses", "defined", "defines", "stated", "states", "wrote", "writes"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        let skipping = s.context.skip.contains(.citations)
        // "… as an additional line here.[30] Some packages": the note's number starts the next
        // sentence's chunk, its opening bracket left at the end of the one before.
        if i == 0, s.context.midBlock, tok.isInteger, tok.text.count <= 3, s[1]?.is("]") == true, s.glued(1), s[2].map({ $0.spaceBefore }) ?? true {
            return skipping ? RuleMatch(end: 2, say: "", skip: .citations) : nil
        }
        // ... and that bracket, alone at the end.
        if tok.is("["), s[i + 1] == nil, i > 0, s.t[safe: i - 1].map({ [".", "!", "?"].contains($0.text) }) == true {
            return skipping ? RuleMatch(end: i + 1, say: "", skip: .citations) : nil
        }
        if tok.is("[") {
            // "NAME[1]", "BASH_VERSINFO[1]", "value[1]=0", "make[1]:": an index, not a note.
            // ("1924.[a]", "1936.[note 2]": a note's letter or word after a year is no version's glob.)
            if let close = wikiNote(s, from: i), s[close + 1].map({ !s.glued(close + 1) || !($0.isWord || $0.isNumber) }) ?? true { return skipping ? RuleMatch(end: close + 1, say: "", skip: .citations) : nil }
            if isIndex(s, i) || isData(s, i) { return nil }
            var end = i
            var j = i
            // One or more bracketed numeric citations in a row: [3][4], [1, 2], [3–5].
            while s[j]?.is("[") == true, let close = numericBracket(s, from: j) {
                end = close + 1
                j = close + 1
                // "[1]:45": the page of the work the note cites.
                if s[j]?.is(":") == true, s.glued(j), s[j + 1]?.isInteger == true, s.glued(j + 1) { end = j + 2; j += 2 }
            }
            if end > i { return skipping ? RuleMatch(end: end, say: "", skip: .citations) : nil }
            if let close = alphabeticKeys(s, from: i) ?? authorYear(s, from: i, closer: "]") { return skipping ? RuleMatch(end: close + 1, say: "", skip: .citations) : nil }
            return nil
        }
        // "WASHINGTON (AP) —": a news agency's credit after the dateline.
        if tok.is("("), i <= 4, let agency = s[i + 1], ["AP", "Reuters", "AFP", "UPI", "CNN", "Bloomberg", "dpa", "Xinhua", "PA"].contains(agency.text),
           s[i + 2]?.is(")") == true, let place = s.t[safe: i - 1], place.isWord, place.isAllCaps {
            return skipping ? RuleMatch(end: i + 3, say: "", skip: .citations) : nil
        }
        if tok.is("("), let close = authorYear(s, from: i) ?? pageReference(s, from: i) {
            return skipping ? RuleMatch(end: close + 1, say: "", skip: .citations) : nil
        }
        // A year in parentheses right after an author: "Smith et al. (2020)", "Jones (2019)".
        if tok.is("("), let year = s[i + 1], year.isInteger, (1500...2100).contains(Int(year.text) ?? 0),
           s[i + 2]?.is(")") == true || (s[i + 2].map { $0.isWord && $0.text.count == 1 } == true && s[i + 3]?.is(")") == true),
           let before = s.t[safe: i - 1], before.isCapitalized || before.is("."),
           !namesAThing(s, before: i) || reporting.contains(s.lower(s[i + 2]?.is(")") == true ? i + 3 : i + 4) ?? "") {
            let close = s[i + 2]?.is(")") == true ? i + 2 : i + 3
            return skipping ? RuleMatch(end: close + 1, say: "", skip: .citations) : nil
        }
        // Whatever is in parentheses or brackets, when the user skips them.
        if tok.is("(") && s.context.skip.contains(.parentheses) || tok.is("[") && s.context.skip.contains(.brackets),
           let close = closing(s, from: i) {
            return RuleMatch(end: close + 1, say: "", skip: tok.is("(") ? .parentheses : .brackets)
        }
        // "rose.ᵃ": a superscript letter after a sentence or a word marks a note.
        if tok.text.count == 1, let u = tok.text.unicodeScalars.first, "ᵃᵇᶜᵈᵉᶠᵍ".unicodeScalars.contains(u), s.glued(i),
           let before = s.t[safe: i - 1], before.isWord || [".", ",", ")", "\"", "”", ";"].contains(before.text) {
            return s.context.skip.contains(.footnotes) ? RuleMatch(end: i + 1, say: "", skip: .footnotes) : nil
        }
        if tok.is("("), let close = nameAndPage(s, from: i) ?? numberedSources(s, from: i) {
            return skipping ? RuleMatch(end: close + 1, say: "", skip: .citations) : nil
        }
        // Superscript numbers after a word or closing punctuation: footnote markers.
        if let first = tok.text.unicodeScalars.first, superscripts[first] != nil, s.glued(i),
           let before = s.t[safe: i - 1], before.isWord && (before.text.count > 2 || before.isAllCaps) || [".", ",", ")", "\"", "”", ";"].contains(before.text) {
            var j = i + 1
            while let n = s[j], !n.spaceBefore, let u = n.text.unicodeScalars.first, superscripts[u] != nil || n.is(",") { j += 1 }
            return s.context.skip.contains(.footnotes) ? RuleMatch(end: j, say: "", skip: .footnotes) : nil
        }
        return nil
    }

    /// "00:00", "9:30:15": hours and minutes.
    static func isClockTime(_ token: Token) -> Bool {
        let parts = token.text.split(separator: ":", omittingEmptySubsequences: false)
        guard token.isNumber, parts.count >= 2, let hour = Int(parts[0]), hour <= 23, parts[0].count <= 2 else { return false }
        return parts.dropFirst().allSatisfy { $0.count == 2 && (Int($0) ?? 60) < 60 }
    }

    /// "the Falklands War (1982)", "the Treaty of Versailles (1919)": capitalised words after
    /// "the" name an event or a work, and the year in parentheses is read, not skipped as an
    /// author's ("Smith (2020)").
    static func namesAThing(_ s: Scan, before i: Int) -> Bool {
        var j = i - 1
        while j >= 0, i - j <= 6, let tok = s[j] {
            if tok.isWord, tok.text.lowercased() == "the" { return j < i - 1 }
            guard tok.isWord, tok.isCapitalized || ["of", "and", "on", "in", "for"].contains(tok.text) else { return false }
            j -= 1
        }
        return false
    }

    /// The index of the bracket that closes the one at `i` (nested pairs counted), if the chunk has it.
    static func closing(_ s: Scan, from i: Int) -> Int? {
        guard let open = s[i] else { return nil }
        let close = open.is("(") ? ")" : "]"
        var depth = 0
        var j = i
        while let tok = s[j] {
            if tok.text == open.text { depth += 1 } else if tok.text == close { depth -= 1; if depth == 0 { return j } }
            j += 1
        }
        return nil
    }

    /// `[12]`, `[3–5]`, `[1, 4, 7]`, `[12, p. 5]`: the index of the closing bracket.
    static func numericBracket(_ s: Scan, from i: Int) -> Int? {
        var j = i + 1
        var numbers = 0
        // "[e.g., 4, 9]", "[see 12]", "[cf. 3]".
        if let lead = s.lower(j), ["e", "see", "cf"].contains(lead) {
            j += 1
            while let mark = s[j], [".", ",", "g"].contains(mark.text) { j += 1 }
            if lead == "e", s.joined(i + 1..<j).lowercased() != "e.g.," { return nil }
        }
        let first = j
        var located = false
        while let tok = s[j], j - i < 24 {
            if tok.is("]") { return numbers > 0 ? j : nil }
            if j == first, !tok.isInteger, !tok.is("p"), !tok.is("pp") { return nil }  // ("[-1, 2]" is a list.)
            if tok.isInteger {
                // Notes are numbered from one: "argv[0]" is an index.
                if Int(tok.text) == 0 { return nil }
                numbers += 1
            } else if located, tok.isNumber {
                // "[12, Thm. 3.1]": where in the work cited.
            } else if numbers > 0, s.t[j - 1].is(","), locators.contains(tok.text.lowercased()) {
                located = true
            } else if !(dashes.contains(tok.text) || ["p", "pp", "."].contains(tok.text)) { return nil }
            j += 1
        }
        return nil
    }

    /// Words that say where in a cited work: "[12, Thm. 3.1]", "[4, Sec. 2]".
    static let locators: Set<String> = ["thm", "theorem", "lemma", "lem", "prop", "proposition", "cor", "corollary", "sec", "section",
                                        "ch", "chap", "chapter", "def", "definition", "eq", "eqs", "fig", "figure", "table", "tab", "ex",
                                        "example", "appendix", "app", "remark", "rem", "§"]

    /// Wikipedia's `[citation needed]`, `[a]`, `[note 3]`.
    static func wikiNote(_ s: Scan, from i: Int) -> Int? {
        // (At a chunk's start when the sentence before it ended: "…in 1924.[a]".)
        guard s.glued(i) || i == 0 && s.context.midBlock, let a = s[i + 1] else { return nil }
        // ("a[i] = z", "x[n]": an index, after a variable or by its letter.)
        if a.isWord, a.text.count == 1, a.isLowercase, s[i + 2]?.is("]") == true, !"ijkn".contains(a.text),
           s.t[safe: i - 1].map({ !($0.isWord && $0.text.count <= 2) }) ?? true { return i + 2 }
        // "Ireland.[iv]": a note's small Roman numeral after a sentence.
        if a.isWord, a.isLowercase, a.text.count <= 4, EnglishRoman.value(a.text.uppercased()) != nil, s[i + 2]?.is("]") == true,
           s.t[safe: i - 1].map({ [".", "!", "?", ")", "\"", "”"].contains($0.text) }) == true { return i + 2 }
        // "documented.[^1]": a Markdown footnote.
        if a.is("^"), let n = s[i + 2], n.isInteger, s[i + 3]?.is("]") == true, s.t[safe: i - 1].map({ $0.isWord || [".", ",", ";", ":", "!", "?", ")", "”"].contains($0.text) }) ?? true {
            return i + 3
        }
        let words = ["citation needed", "note", "nb", "clarification needed", "who", "when", "according to whom", "dubious", "better source needed",
                     "edit", "update", "verification needed", "full citation needed", "page needed", "year needed", "by whom", "which"]
        var j = i + 1
        var phrase: [String] = []
        while let tok = s[j], !tok.is("]"), j - i < 6 { phrase.append(tok.text.lowercased()); j += 1 }
        guard s[j]?.is("]") == true else { return nil }
        let said = phrase.filter { !$0.allSatisfy(\.isASCIIDigit) }.joined(separator: " ")
        return words.contains(said) ? j : nil
    }

    /// `(Smith et al., 2020)`, `(Jones, 2019; Lee & Park, 2021)`, `(Brown and Green, 2015, p. 42)`,
    /// `(see Smith 2020)`, `(e.g., Smith, 2020a)`: every part names someone and a year.
    /// "(p. 88)", "(pp. 12–14)", "(ibid., p. 12)", "(1962, p. 10)": a page of the work cited; the
    /// closing parenthesis's index.
    static func pageReference(_ s: Scan, from i: Int) -> Int? {
        var j = i + 1
        if s[j].map({ $0.isInteger && (1500...2100).contains(Int($0.text) ?? 0) }) == true, s[j + 1]?.is(",") == true { j += 2 }
        // "(op. cit., p. 4)": the work cited before.
        if s.lower(j) == "op", s[j + 1]?.is(".") == true, s.lower(j + 2) == "cit" { j += 2 }
        if s.lower(j) == "ibid" || s.lower(j) == "ibidem" || s.lower(j) == "cit" {
            j += 1
            if s[j]?.is(".") == true { j += 1 }
            if s[j]?.is(")") == true { return j }
            guard s[j]?.is(",") == true else { return nil }
            j += 1
        }
        guard let p = s.lower(j), ["p", "pp"].contains(p), s[j + 1]?.is(".") == true, s[j + 2]?.isInteger == true else { return nil }
        j += 3
        if let dash = s[j], ["–", "-"].contains(dash.text), s[j + 1]?.isInteger == true { j += 2 }
        return s[j]?.is(")") == true ? j : nil
    }

    /// "[Knu97]", "[ABC+19, Lam94a]": alphabetic keys (letters of the authors, two digits of
    /// the year), as BibTeX's alpha style writes them; the closing bracket's index.
    static func alphabeticKeys(_ s: Scan, from i: Int) -> Int? {
        var j = i + 1, key = ""
        func isKey(_ k: String) -> Bool {
            let letters = k.prefix { $0.isLetter || $0 == "+" }, rest = k.dropFirst(letters.count)
            let digits = rest.prefix { $0.isNumber }, suffix = rest.dropFirst(digits.count)
            return (2...6).contains(letters.count) && letters.first?.isUppercase == true && digits.count == 2
                && suffix.count <= 1 && suffix.allSatisfy { $0.isLowercase }
        }
        while let tok = s[j], j - i < 20 {
            if tok.is("]") || tok.is(",") {
                guard isKey(key) else { return nil }
                if tok.is("]") { return j }
                key = ""
            } else {
                guard key.isEmpty || s.glued(j) else { return nil }
                key += tok.text
            }
            j += 1
        }
        return nil
    }

    static func authorYear(_ s: Scan, from i: Int, closer: String = ")") -> Int? {
        var j = i + 1
        var parts: [[Token]] = [[]]
        while let tok = s[j], j - i < 60 {
            if tok.is(closer) { break }
            // "(Darwin [1859] 2009)": the year of the first edition, in brackets.
            if tok.is("["), closer == ")", let year = s[j + 1], year.isInteger, year.text.count == 4, s[j + 2]?.is("]") == true {
                parts[parts.count - 1].append(year)
                j += 3
                continue
            }
            if tok.is("(") || tok.is("[") { return nil }
            if tok.is(";") { parts.append([]) } else { parts[parts.count - 1].append(tok) }
            j += 1
        }
        guard s[j]?.is(closer) == true else { return nil }
        // In brackets only as a reference is written: "[Vaswani et al., 2017]", "[Smith, 2019]" (not "[CVE-2016-6313]").
        if closer == "]" {
            let inside = s.t[(i + 1)..<j]
            guard inside.indices.contains(where: { k in s.t[k].is(",") && s.t[safe: k + 1].map { $0.isInteger && $0.text.count == 4 } == true }),
                  !inside.contains(where: { $0.is("-") || $0.is("#") }) else { return nil }
        }
        for part in parts {
            let hasYear = part.contains { ($0.isInteger && (1500...2100).contains(Int($0.text) ?? 0)) || $0.is("n.d") }
                || part.map(\.text).joined(separator: " ").contains("in press") || part.map(\.text).joined().hasSuffix("n.d.")
                || part.contains { ["forthcoming", "submitted"].contains($0.text) } && part.last?.isWord == true
            // A month or a day is no author: "(February 2012)", "(Sun, 14 Nov 2004)" are dates.
            let hasName = part.contains { $0.isWord && $0.isCapitalized && !["See", "E", "I", "In", "Cf"].contains($0.text)
                && !EnglishDates.months.contains($0.text) && EnglishDates.abbreviations[$0.text] == nil && EnglishDates.days[$0.text] == nil
                && !EnglishDates.days.values.contains($0.text) }
            guard hasYear, hasName else { return nil }
            // A date or a time in parentheses is read: "(1970-01-01 00:00:00 UTC)" (not "2010:45", a page).
            if part.contains(where: isClockTime) { return nil }
            if part.indices.dropLast(2).contains(where: { k in
                part[k].isInteger && part[k].text.count == 4 && part[k + 1].is("-") && part[k + 2].isInteger && part[k + 2].text.count == 2
                    && (1...12).contains(Int(part[k + 2].text) ?? 0)
            }) { return nil }
            // Mostly names, years and punctuation: not a sentence that mentions a year.
            // "(J. Doe, personal communication, …)", "(Freud, 1900, as cited in Jones, 1953)".
            let said = part.map { $0.text.lowercased() }.joined(separator: " ")
            let phrase: Set<String> = said.contains("personal communication") ? ["personal", "communication"]
                : said.contains("as cited in") ? ["as", "cited", "in"] : []
            // "pp. xi–xii": pages numbered in Roman.
            let romanPages = part.contains { $0.is("p") || $0.is("pp") }
            let lowercase = part.filter { !phrase.contains($0.text) && !(romanPages && EnglishRoman.value($0.text.uppercased()) != nil) }.filter { $0.isWord && $0.isLowercase && !["et", "al", "and", "see", "e", "g", "cf", "p", "pp", "in", "press", "also", "forthcoming", "submitted", "a", "b", "c", "d", "von", "van", "de", "der", "den", "da", "di", "la", "le", "du", "ed", "eds"].contains($0.text) }
            guard lowercase.count <= 1 else { return nil }
        }
        return j
    }

    /// Brackets that hold data, not a note: in a block that writes lists (`[]`), inside a call
    /// (`tuple([1, 2])`), a version's glob (`5.[123]`, `Aug[4-9].let`), an interval (`the range
    /// [1, 256]`), a value a function gives (`yields [1, 2, 3]`).
    static func isData(_ s: Scan, _ i: Int) -> Bool {
        if s.writesEmptyList { return true }
        if let prev = s.t[safe: i - 1], s.glued(i) {
            if prev.is("(") || prev.isNumber || prev.is(".") && s.t[safe: i - 2]?.isNumber == true && s.glued(i - 1) { return true }
        }
        if let prev = s.lower(i - 1), !s.glued(i), dataWords.contains(prev) { return true }
        guard let close = closing(s, from: i), let after = s.t[safe: close + 1] else { return false }
        // "the full [1, 9999] range".
        if !s.glued(close + 1) { return after.isWord && ["range", "ranges", "interval", "intervals"].contains(after.text.lowercased()) }
        return after.isWord || after.isNumber || after.is(".") && s.t[safe: close + 2].map { $0.isWord && !$0.spaceBefore } == true
    }

    static let dataWords: Set<String> = ["range", "ranges", "interval", "intervals", "yields", "returns", "gives", "equals", "becomes", "="]

    /// "[n]" glued to a name with an underscore or followed by "=", "(" or (after a lowercase
    /// name) ":": an array's index.
    static func isIndex(_ s: Scan, _ i: Int) -> Bool {
        guard let name = s.t[safe: i - 1], s.glued(i), name.isWord, let close = numericBracket(s, from: i) else { return false }
        // ("NATO[3]", "NASA[12][13]", "Smith[4]:" are notes.)
        if s.t[safe: i - 2]?.is("_") == true || s.indexedNames.contains(name.text) { return true }
        return s.t[safe: close + 1].map { s.glued(close + 1) && ($0.is("=") || $0.is("(") || $0.is(":") && name.isLowercase) } ?? false
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}

extension EnglishCitations {
    /// "(Morrison 23)", "(Smith and Lee 45–47)": MLA's author and page; the closing index.
    /// (Not "(Chapter 3)", "(Windows 10)", "(Route 66)": the word must be a name, no word.)
    static func nameAndPage(_ s: Scan, from i: Int) -> Int? {
        var j = i + 1
        var names = 0
        while let tok = s[j], tok.isWord, j - i < 8 {
            if tok.isCapitalized, !tok.isAllCaps {
                let lower = tok.text.lowercased()
                guard WordList.contains(lower) != true, !EnglishRoman.counting.contains(lower) else { return nil }
                names += 1
            } else if !["and", "et", "al"].contains(tok.text) {
                return nil
            }
            j += 1
            // ("J. Doe": an initial's period; "(Eq. 4)" is an abbreviation's, no name.)
            if s[j]?.is(".") == true {
                guard tok.text.count == 1 || tok.text == "al" else { return nil }
                j += 1
            }
        }
        guard names > 0, let page = s[j], page.isInteger, page.text.count <= 4, !(1500...2100).contains(Int(page.text) ?? 0) else { return nil }
        j += 1
        if let dash = s[j], ["-", "–"].contains(dash.text), s[j + 1]?.isInteger == true { j += 2 }
        // It ends a sentence or a clause, after a word or a quotation.
        guard s[j]?.is(")") == true, s[j + 1].map({ [".", ",", ";"].contains($0.text) }) ?? true,
              let before = s.t[safe: i - 1], before.isWord && !before.isCapitalized || ["\"", "”", "'", "’"].contains(before.text) else { return nil }
        return j
    }

    /// "trials (1, 2) were", "shown (3–5)": Vancouver's numbered sources after a word; the
    /// closing index. A pair after "point", "at", "between" … is data.
    static func numberedSources(_ s: Scan, from i: Int) -> Int? {
        guard let before = s[i - 1], before.isWord, before.text.count > 2, s[i]?.spaceBefore == true,
              !pairWords.contains(before.text.lowercased()) else { return nil }
        var j = i + 1
        var numbers = 0, separators = 0
        while let tok = s[j], j - i < 16 {
            if tok.is(")") { break }
            if tok.isInteger, let n = Int(tok.text), (1...500).contains(n), !tok.text.hasPrefix("0") { numbers += 1 } else if tok.is(",") || dashes.contains(tok.text) { separators += 1 } else { return nil }
            j += 1
        }
        guard s[j]?.is(")") == true, numbers >= 2, separators >= 1 else { return nil }
        // "(1, 2) = 3": a pair in a formula.
        if let after = s[j + 1], ["=", "+", "-", "×", "*", "→"].contains(after.text) { return nil }
        return j
    }

    static let pairWords: Set<String> = ["point", "points", "at", "pair", "pairs", "coordinates", "coordinate", "vector", "tuple",
                                         "interval", "range", "values", "value", "of", "to", "from", "between", "and", "or", "is",
                                         "are", "equals", "returns", "gives", "with", "as", "be", "was", "were", "position",
                                         "size", "shape", "dimensions", "args", "arguments", "call", "called", "by", "on", "in",
                                         "sizes", "cells", "cell", "indices", "index", "grid", "offset", "origin", "move", "moves"]
}
