/// Abbreviations said in full, by context where one spelling means two things: "St." is Saint
/// before a name and Street after one, "Dr." Doctor or Drive, "p." page before a number.
enum EnglishAbbreviations {
    /// Said the same wherever they stand (the period is part of the abbreviation).
    static let plain: [String: String] = [
        "pp": "pages", "vol": "volume", "Vol": "volume", "vols": "volumes", "Vols": "volumes", "fig": "figure", "Fig": "figure",
        "figs": "figures", "Figs": "figures", "eq": "equation", "Eq": "equation", "eqs": "equations", "Eqs": "equations",
        "eqn": "equation", "Eqn": "equation", "ch": "chapter", "Ch": "chapter", "chap": "chapter", "Chap": "chapter",
        "approx": "approximately", "Approx": "approximately", "cf": "compare", "Cf": "compare", "vs": "versus", "viz": "namely",
        "Mr": "Mister", "Mrs": "Misses", "Ms": "Miz", "Messrs": "Messers", "Mx": "Mix", "Prof": "Professor", "Profs": "Professors",
        "Jr": "Junior", "Sr": "Senior", "Esq": "Esquire", "Mme": "Madame", "Mmes": "Mesdames", "Mlle": "Mademoiselle", "Ave": "Avenue", "Blvd": "Boulevard", "Rd": "Road", "Ln": "Lane", "Hwy": "Highway",
        "Mt": "Mount", "Ft": "Fort", "Gen": "General", "Gov": "Governor", "Sen": "Senator", "Rep": "Representative",
        "Col": "Colonel", "Capt": "Captain", "Lt": "Lieutenant", "Sgt": "Sergeant", "Cpl": "Corporal", "Adm": "Admiral",
        "Rev": "Reverend", "Hon": "Honorable", "Pres": "President", "Supt": "Superintendent", "Insp": "Inspector",
        "Ltd": "Limited", "Corp": "Corporation", "Bros": "Brothers", "Dept": "Department", "dept": "department",
        "Univ": "University", "Inst": "Institute", "Assoc": "Association", "Govt": "Government", "govt": "government",
        "misc": "miscellaneous", "est": "established", "Est": "established", "ibid": "ibidem", "Ibid": "ibidem",
        "ed": "edited", "eds": "editors", "Eds": "editors", "trans": "translated", "repr": "reprinted", "tel": "telephone",
        "Tel": "telephone", "ext": "extension", "Ext": "extension", "dept.": "department", "sq": "square", "incl": "including",
        "excl": "excluding", "esp": "especially", "orig": "originally", "resp": "respectively", "nr": "number", "Nos": "numbers",
        "nos": "numbers", "Op": "opus", "op": "opus", "Sec": "section", "sec": "section", "Secs": "sections", "Art": "article",
        "para": "paragraph", "paras": "paragraphs", "Thm": "theorem", "Lem": "lemma", "Def": "definition", "Prop": "proposition",
        "Cor": "corollary", "Tab": "table", "Ref": "reference", "Refs": "references", "ref": "reference", "refs": "references",
        "Suppl": "supplementary", "App": "appendix", "Appx": "appendix", "Apt": "apartment", "apt": "apartment", "Ste": "suite",
        "Bldg": "building", "Rm": "room", "Pl": "Place", "Ct": "Court", "Sq": "Square", "Pkwy": "Parkway", "Hts": "Heights",
        "Natl": "National", "Intl": "International", "Assn": "Association", "Mgr": "manager", "Atty": "Attorney", "Dir": "Director",
        "Msgr": "Monsignor", "Fr": "Father", "Sr.": "Sister", "Br": "Brother", "Jan": "January", "Feb": "February", "Aug": "August",
        "Sept": "September", "Oct": "October", "Nov": "November", "Dec": "December", "FIG": "figure", "FIGS": "figures", "EQ": "equation",
        "EQS": "equations", "SEC": "section", "Det": "Detective", "Maj": "Major", "Pvt": "Private", "Cmdr": "Commander",
        "Brig": "Brigadier", "Mfg": "Manufacturing", "mfg": "manufacturing", "Rte": "Route", "avg": "average", "Avg": "average",
        "doz": "dozen", "mos": "months",
    ]

    /// Written with a slash: "w/o" without, "y/y" year over year, "n/a" not applicable.
    static let withSlash: [String: String] = [
        "w/o": "without", "W/O": "without", "b/c": "because", "c/o": "care of", "C/O": "care of", "n/a": "not applicable",
        "N/A": "not applicable", "y/y": "year over year", "Y/Y": "year over year", "q/q": "quarter over quarter",
        "Q/Q": "quarter over quarter", "m/m": "month over month", "M/M": "month over month", "s/he": "she or he", "S/he": "She or he", "y/o": "year old", "a/c": "air conditioning",
        "a/k/a": "also known as", "A/K/A": "also known as", "w/in": "within", "W/in": "Within", "h/t": "hat tip", "H/T": "hat tip",
        "s/o": "shout out", "S/O": "shout out",
    ]

    /// Abbreviations of numbered things: said in full only before their number.
    static let numbered: Set<String> = ["ch", "chap", "fig", "figs", "eq", "eqs", "eqn", "vol", "vols", "sec", "secs", "art", "para",
                                        "paras", "tab", "thm", "lem", "def", "prop", "cor", "app", "appx", "op", "nr", "nos"]
    /// Abbreviations that never end a sentence: "Broncos vs. Raiders", "cf. Smith".
    static let takesObject: Set<String> = ["vs", "cf", "Cf", "viz", "incl", "excl", "esp", "approx", "Approx"]

    /// "(b. 1815)": born; "Assoc. Prof.": associate; "ext. 4127": extension, digit by digit.
    static func bornOrExtension(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        if tok.text == "b", s.t[safe: i - 1]?.is("(") == true, let year = s[i + 2], year.isInteger, year.text.count == 4 {
            return RuleMatch(end: i + 2, say: "born")
        }
        if tok.text == "Assoc", let next = s.text(i + 2), ["Prof", "Professor", "Dean", "Editor", "Director", "Dir"].contains(next) {
            return RuleMatch(end: i + 2, say: "Associate")
        }
        if tok.text == "ext" || tok.text == "Ext", let n = s[i + 2], n.isInteger, n.text.count >= 3 {
            return RuleMatch(end: i + 3, say: "extension " + EnglishNumbers.digits(n.text))
        }
        return nil
    }

    static func slashed(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.text.count == 1, s[i + 1]?.is("/") == true, s.glued(i + 1),
              tok.spaceBefore || s[i - 1].map({ !$0.isWord && !$0.isNumber && !["/", "-", "_", ".", "\\"].contains($0.text) }) == true
        else { return nil }
        // "w/ sugar": with.
        if tok.text == "w" || tok.text == "W", s[i + 2].map({ $0.spaceBefore }) ?? true { return RuleMatch(end: i + 2, say: tok.text == "w" ? "with" : "With") }
        var written = tok.text, j = i + 1
        while let slash = s[j], slash.is("/"), s.glued(j), let part = s[j + 1], part.isWord, part.text.count <= 2, s.glued(j + 1) {
            written += "/" + part.text
            j += 2
        }
        guard let say = withSlash[written] else { return nil }
        if let after = s[j], s.glued(j), after.isWord || after.isNumber || after.is("/") || after.is("@") { return nil }
        return RuleMatch(end: j, say: say)
    }

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord else { return nil }
        let dot = s[i + 1]?.is(".") == true && s.glued(i + 1)
        // Dotted Latin: i.e., e.g., et al., etc. (eSpeak says etc. and e.g. itself).
        if tok.text == "i" || tok.text == "I", dot, s[i + 2]?.text == "e", s.glued(i + 2), s[i + 3]?.is(".") == true {
            return RuleMatch(end: i + 4, say: "that is")
        }
        if tok.text == "e" || tok.text == "E", dot, s[i + 2]?.text == "g", s.glued(i + 2), let mark = s[i + 3], mark.is(".") || mark.is(",") {
            return RuleMatch(end: mark.is(".") ? i + 4 : i + 3, say: tok.text == "E" ? "For example" : "for example")
        }
        // Without their periods: "(ie, a package…)", "eg. during", "NB: this".
        if ["ie", "eg", "Ie", "Eg", "IE", "EG"].contains(tok.text), s.startsWord(i), let mark = s[i + 1], s.glued(i + 1),
           mark.is(",") || mark.is(".") && s[i + 2].map({ $0.isWord && $0.isLowercase }) == true {
            let said = tok.text.lowercased() == "ie" ? "that is" : "for example"
            return RuleMatch(end: mark.is(".") ? i + 2 : i + 1, say: tok.isLowercase ? said : said.prefix(1).uppercased() + said.dropFirst())
        }
        if tok.text == "NB", s.startsWord(i), let mark = s[i + 1], s.glued(i + 1), mark.is(":") || mark.is(".") {
            return RuleMatch(end: mark.is(".") ? i + 2 : i + 1, say: "Note")
        }
        if tok.text == "et", s[i + 1]?.text == "al", s[i + 1]?.spaceBefore == true {
            let end = s[i + 2]?.is(".") == true && s.glued(i + 2) ? i + 3 : i + 2
            return RuleMatch(end: end, say: "and colleagues" + (end == i + 3 && s.endsSentence(after: i + 2) && s[end] != nil ? "." : ""))
        }
        if tok.text == "N", dot, s[i + 2]?.text == "B", s[i + 3]?.is(".") == true { return RuleMatch(end: i + 4, say: "note") }
        if let slashed = slashed(s, i) { return slashed }
        if dot, let degree = degree(s, i) { return degree }
        // "Fwd: Meeting notes": a forwarded mail's subject.
        if ["Fwd", "FWD", "Fw", "FW"].contains(tok.text), i == 0 || s.t[safe: i - 1]?.is(":") == true, s[i + 1]?.is(":") == true, s.glued(i + 1) {
            return RuleMatch(end: i + 1, say: "Forward")
        }
        // "pp 283–303": pages, without the period too.
        if tok.text == "pp", !dot, let n = s[i + 1], n.isInteger, n.spaceBefore { return RuleMatch(end: i + 1, say: "pages") }
        // "St Paul's Cathedral": Saint before a name, without its period as British English writes it.
        if tok.text == "St", !dot, tok.spaceBefore || i == 0, let name = s[i + 1], name.isWord, name.isCapitalized, name.spaceBefore,
           i == 1 || s.t[safe: i - 1].map({ !($0.isWord && $0.isCapitalized) }) ?? true {
            return RuleMatch(end: i + 1, say: "Saint")
        }
        if dot, let said = bornOrExtension(s, i) { return said }
        guard dot else { return nil }
        // "debhello_0.0.orig.tar.gz", "sphinx.ext.autodoc": a part of a dotted name.
        if s[i + 2].map({ s.glued(i + 2) && $0.isWord }) == true || s.t[safe: i - 1]?.is(".") == true && s.glued(i) { return nil }
        let next = s[i + 2]
        // A Roman numeral, not an initial ("P.D.", "Dmitry V. Levin").
        let nextIsNumber = next?.isNumber == true || (next.map { EnglishRoman.value($0.text.uppercased()) != nil } ?? false)
            && !(next?.text.count == 1 && s[i + 3]?.is(".") == true && s.glued(i + 3))
            && !(next?.text == "I" && s[i + 3].map { $0.isWord && $0.isLowercase } == true)
        let prev = s.t[safe: i - 1]
        let prevIsName = prev.map { $0.isWord && $0.isCapitalized && $0.spaceBefore == true || $0.isWord && $0.isCapitalized && i - 1 == 0 } ?? false
        let nextIsName = next.map { $0.isWord && $0.isCapitalized } ?? false
        var say: String?
        switch tok.text {
        case "p", "P": say = nextIsNumber ? "page" : nil
        case "No", "no": say = nextIsNumber ? "number" : nil
        case "c", "ca":
            // "18th c. French": a century (its period ends no sentence before a name).
            if tok.text == "c", !nextIsNumber, prev.map({ ["st", "nd", "rd", "th"].contains($0.text) }) == true {
                return RuleMatch(end: i + 2, say: "century" + (next != nil && !nextIsName && s.endsSentence(after: i + 1) ? "." : ""))
            }
            say = nextIsNumber ? "circa" : nil
        case "St", "ST":
            say = prevIsName && !nextIsName ? "Street" : nextIsName ? "Saint" : prevIsName ? "Street" : "Saint"
        case "Dr", "DR":
            say = prevIsName && !nextIsName ? "Drive" : "Doctor"
        case "Co":
            // "Acme Mfg. Co.": after a company's abbreviated word too.
            say = prev?.text == "&" || prevIsName || prev?.is(".") == true && s.t[safe: i - 2].map({ $0.isWord && $0.isCapitalized }) == true ? "Company" : nil
        case "Inc": say = "Incorporated"
        // "3rd ed.", "the second ed.": an edition; "ed. J. Smith": edited.
        case "ed", "Ed":
            let ordinal = prev.map { ["st", "nd", "rd", "th"].contains($0.text) || $0.text.hasSuffix("th") || ["first", "second", "third", "new"].contains($0.text.lowercased()) } ?? false
            say = ordinal ? "edition" : plain[tok.text]
        case "Rev": say = nextIsNumber ? "revision" : plain[tok.text]
        default:
            // "Fig. 3", "ch. 5", "Vol. II": the abbreviation of a numbered thing has its number
            // ("a naval chap. I fear", "ate a fig." are words).
            let labelled = next.map { $0.isWord && $0.text.count == 1 && $0.isCapitalized && $0.text != "I" } ?? false
            say = numbered.contains(tok.text.lowercased()) && !nextIsNumber && !labelled && !(next.map { ["(", "["].contains($0.text) } ?? false)
                ? nil : plain[tok.text]
        }
        guard let words = say else { return nil }
        // A title before a name keeps no period; an abbreviation that ends the sentence keeps it.
        let titles: Set<String> = ["Mr", "Mrs", "Ms", "Mx", "Messrs", "Mme", "Mlle", "Dr", "St", "Prof", "Gen", "Gov", "Sen", "Rep", "Col", "Capt", "Lt", "Sgt", "Rev", "Hon", "Mt", "Ft",
                                   "Det", "Maj", "Pvt", "Cpl", "Adm", "Cmdr", "Brig", "Supt", "Insp", "Rte", "Mfg", "Intl", "Natl", "Univ", "Assoc"]
        let title = titles.contains(tok.text) || titles.contains(tok.text.prefix(1) + tok.text.dropFirst().lowercased())
        let numberedThing = numbered.contains(tok.text.lowercased()) && (nextIsNumber || next.map { $0.isWord && $0.text.count <= 3 && $0.isCapitalized } == true)
        let keepPeriod = next == nil || (s.endsSentence(after: i + 1) && !(title && nextIsName) && !takesObject.contains(tok.text) && !numberedThing)
        return RuleMatch(end: i + 2, say: words + (keepPeriod && next != nil ? "." : ""))
    }

    /// Degrees written with a word's letters between their dots, as they are said.
    static let degrees: [String: String] = ["Ph.D": "P H D", "B.Sc": "B S C", "M.Sc": "M S C", "D.Sc": "D S C", "D.Phil": "D fill",
                                            "M.Phil": "M fill", "LL.M": "L L M", "LL.B": "L L B", "LL.D": "L L D", "Ed.D": "ed D",
                                            "Psy.D": "sigh D", "Pharm.D": "farm D", "Th.D": "T H D", "M.Div": "M div", "B.Eng": "B eng",
                                            "M.Eng": "M eng", "B.Ed": "B ed", "M.Ed": "M ed", "B.Mus": "B mus", "M.Mus": "M mus",
                                            "Ph.Ds": "P H D's", "B.Arch": "B arch", "M.Arch": "M arch", "D.Min": "D min"]

    /// "Ph.D." → P H D, "B.Sc." → B S C, "D.Phil." → D Phil.
    static func degree(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard s.startsWord(i), let second = s[i + 2], second.isWord, s.glued(i + 2), let tok = s[i] else { return nil }
        let written = tok.text + "." + second.text
        guard let said = degrees[written] else { return nil }
        // The last period, when there is one, is the degree's; a sentence's own stays a pause.
        guard s[i + 3]?.is(".") == true, s.glued(i + 3) else {
            return s[i + 3].map({ s.glued(i + 3) && ($0.isWord || $0.isNumber) }) == true ? nil : RuleMatch(end: i + 3, say: said)
        }
        return RuleMatch(end: i + 4, say: said + (s.endsSentence(after: i + 3) && s[i + 4] != nil ? "." : ""))
    }
}
