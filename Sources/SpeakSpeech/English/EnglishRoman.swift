/// Roman numerals by context: regnal ("Henry VIII" → Henry the eighth), after a word that
/// numbers things ("Type II", "Act III", "World War II" → two), and at the start of a heading.
enum EnglishRoman {
    static let counting: Set<String> = ["type", "act", "scene", "part", "chapter", "volume", "vol", "book", "phase", "stage", "class",
                                        "category", "level", "grade", "war", "appendix", "article", "section", "title", "annex",
                                        "series", "mark", "mk", "tier", "schedule", "figure", "table", "plate", "canto", "psalm",
                                        "unit", "division", "league", "bowl", "vatican", "step", "lecture", "lesson",
                                        "round", "cycle", "form", "group", "stratum", "amendment", "clause", "item", "no", "number",
                                        "op", "opus", "symphony", "movement", "experiment", "study", "trial", "case", "model",
                                        "problem", "exercise", "theorem", "lemma", "proposition", "corollary", "vols", "chapters",
                                        "parts", "types", "stages", "phases", "classes", "acts", "chap", "ch", "pt", "sec",
                                        "wrestlemania", "iphone", "episode", "episodes"]
    /// Books of the Bible numbered before their name ("II Corinthians" is Second Corinthians).
    static let bibleBooks: Set<String> = ["Corinthians", "Thessalonians", "Timothy", "Peter", "John", "Kings", "Samuel", "Chronicles",
                                          "Maccabees", "Esdras"]
    /// What is given into a vein ("an IV drip").
    static let veinNouns: Set<String> = ["drip", "drips", "fluids", "fluid", "line", "lines", "bag", "bags", "antibiotics", "therapy",
                                         "access", "infusion", "infusions", "catheter", "pole", "push", "medication", "medications", "drug", "drugs"]
    /// Names that take a regnal "I" ("Elizabeth I"); longer numerals follow any name.
    static let regnalNames: Set<String> = [
        "Elizabeth", "James", "Charles", "George", "William", "Henry", "Edward", "Richard", "Mary", "Louis", "Peter", "Catherine",
        "Napoleon", "Alexander", "Nicholas", "Frederick", "Philip", "John", "Paul", "Pius", "Leo", "Benedict", "Francis",
        "Gregory", "Innocent", "Clement", "Urban", "Boniface", "Victor", "Wilhelm", "Ludwig", "Friedrich", "Karl", "Otto",
        "Rudolf", "Ferdinand", "Juan", "Carlos", "Felipe", "Alfonso", "Pedro", "Manuel", "Gustav", "Christian", "Frederik",
        "Haakon", "Olav", "Harald", "Oscar", "Ivan", "Ramesses", "Ramses", "Amenhotep", "Thutmose", "Ptolemy", "Constantine",
        "Justinian", "Selim", "Mehmed", "Suleiman", "Murad", "David", "Robert", "Malcolm", "Alexios", "Basil", "Leopold",
        "Maximilian", "Joseph", "Sigismund", "Casimir", "Stanislaus", "Anne", "Victoria", "Matilda", "Isabella", "Sixtus",
        "Julius", "Stephen", "Darius", "Xerxes", "Cyrus", "Artaxerxes", "Antiochus", "Seleucus", "Tiglath", "Hirohito", "Akihito",
    ]
    /// Given names often passed to a son with a numeral ("Thomas Baker III").
    static let givenNames: Set<String> = [
        "Thomas", "Michael", "Daniel", "Matthew", "Andrew", "Anthony", "Kenneth", "Donald", "Steven", "Brian", "Kevin", "Jeffrey",
        "Ronald", "Timothy", "Gary", "Larry", "Frank", "Scott", "Eric", "Raymond", "Samuel", "Patrick", "Jack", "Dennis", "Jerry",
        "Douglas", "Nathan", "Walter", "Harold", "Jeremy", "Carl", "Keith", "Roger", "Gerald", "Christopher", "Arthur", "Lawrence",
        "Bruce", "Albert", "Alan", "Eugene", "Russell", "Wayne", "Ralph", "Roy", "Howard", "Vincent", "Theodore", "Hugh",
        "Cornelius", "Nathaniel", "Jonathan", "Benjamin", "Marcus", "Martin", "Harry", "Harrison", "Jesse", "Franklin", "Lewis",
        "Marshall", "Chester", "Clarence", "Edgar", "Herbert", "Howell", "Jefferson", "Lamar", "Lyman", "Preston", "Randolph",
        "Reginald", "Sterling", "Wendell", "Winston", "Bill", "Bob", "Jim", "Joe", "Tom", "Ted", "Ed", "Hank", "Chip", "Trey",
    ]
    static let titles: Set<String> = ["King", "Queen", "Pope", "Emperor", "Empress", "Tsar", "Czar", "Tsarina", "Sultan", "Pharaoh",
                                      "Prince", "Princess", "Duke", "Duchess", "Kaiser", "Shah", "Saint", "St", "Antipope", "Patriarch"]
    static let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]

    /// The value of a well-formed Roman numeral in capitals ("XIV" → 14); nil otherwise.
    static func value(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ values[$0] != nil }) else { return nil }
        var total = 0
        let digits = text.compactMap { values[$0] }
        for (k, v) in digits.enumerated() {
            if k + 1 < digits.count, v < digits[k + 1] { total -= v } else { total += v }
        }
        guard total > 0, canonical(total) == text else { return nil }
        return total
    }

    static func canonical(_ n: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
                                      (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n
        var out = ""
        for (v, s) in table { while n >= v { out += s; n -= v } }
        return out
    }

    /// Capitalized words that start a sentence more often than they end a name.
    static let sentenceStarters: Set<String> = ["He", "She", "It", "They", "We", "I", "You", "The", "A", "An", "In", "On", "At", "His",
                                                "Her", "Their", "This", "That", "But", "And", "After", "When", "Then", "There", "As", "Its", "For", "From", "With", "By", "To", "Of", "If", "So", "Yet", "Now"]

    /// Counting words after which a lowercase word's "I" is a number, not the pronoun.
    static let numberingBeforeNoun: Set<String> = ["type", "types", "phase", "phases", "class", "classes", "grade", "stage", "stages",
                                                   "schedule", "tier", "category", "level", "war", "title", "division", "league", "mark",
                                                   "mk", "op", "opus", "vol", "vols", "ch", "chap", "pt", "sec", "stratum", "amendment",
                                                   "appendix", "annex", "canto", "psalm", "theorem", "lemma", "corollary", "proposition"]

    /// Words after the pronoun "I" ("in case I think", "the step I took").
    static let pronounFollowers: Set<String> = ["think", "thought", "had", "have", "am", "was", "will", "would", "should", "could", "can",
                                                "found", "know", "knew", "believe", "said", "feel", "felt", "want", "wanted", "need", "see",
                                                "saw", "did", "do", "just", "also", "never", "always", "really", "still", "got", "get",
                                                "went", "made", "love", "like", "hope", "guess", "mean", "remember", "wrote", "read", "took",
                                                "tried", "must", "might", "may", "fear", "wish", "suppose", "say", "told", "heard", "met"]

    /// "Dmitry V. Levin": a middle initial; "a problem I found", "in case I think": the
    /// pronoun before its verb (after a capitalized word it counts: "World War I veterans").
    static func isInitialOrPronoun(_ s: Scan, _ i: Int) -> Bool {
        guard let tok = s[i], tok.text.count == 1, let prev = s[i - 1] else { return false }
        // "a naval chap. I fear": after a lowercase word's period too.
        if tok.text == "I", prev.is("."), s[i - 2]?.isLowercase == true, s[i + 1].map({ $0.isWord && $0.isLowercase }) == true { return true }
        guard prev.isWord else { return false }
        let counted = counting.contains(prev.text.lowercased())
        if s[i + 1]?.is(".") == true, s.glued(i + 1), let name = s[i + 2], name.isWord, name.isCapitalized, !name.isAllCaps,
           !sentenceStarters.contains(name.text), prev.isCapitalized, !regnalNames.contains(prev.text), !counted {
            return true
        }
        // After a counting word that is rarely the object of a clause ("type I diabetes", "phase I
        // trial") "I" is one unless a verb follows; "in that case I shall", "the book I read" are
        // the pronoun.
        guard tok.text == "I", prev.isLowercase, let next = s[i + 1], next.isWord, next.isLowercase else { return false }
        return !numberingBeforeNoun.contains(prev.text.lowercased()) || pronounFollowers.contains(next.text)
            || next.text.hasSuffix("ed") && next.text.count > 4
    }

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        // Front-matter pages in lower case: "p. xii", "pp. iv–vi".
        if let tok = s[i], tok.isWord, tok.isLowercase, let v = value(tok.text.uppercased()),
           let before = s.lower(i - 1) == "." ? s.lower(i - 2) : s.lower(i - 1), ["p", "pp", "page", "pages"].contains(before) {
            // "pages ix–xi": a range of them.
            if let dash = s[i + 1], ["–", "-", "—"].contains(dash.text), s.glued(i + 1), let upper = s[i + 2], s.glued(i + 2),
               upper.isWord, upper.isLowercase, let w = value(upper.text.uppercased()), w > v {
                return RuleMatch(end: i + 3, say: EnglishNumbers.cardinal(v) + " to " + EnglishNumbers.cardinal(w))
            }
            return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
        }
        // "MCMXCIX" in a copyright line or a film's credits: a year.
        if let tok = s[i], tok.isWord, tok.isAllCaps, tok.text.count >= 5, tok.text.hasPrefix("M"), let v = value(tok.text), (1000...2099).contains(v) {
            return RuleMatch(end: i + 1, say: EnglishNumbers.year(v))
        }
        // "Part iii", "chapter xiv": a lowercase numeral after a counting word (i, v and x only).
        if let tok = s[i], tok.isWord, tok.isLowercase, tok.text.count >= 2, tok.text.allSatisfy({ "ivx".contains($0) }),
           let v = value(tok.text.uppercased()), v < 40, let before = s.lower(i - 1), counting.contains(before), tok.spaceBefore,
           s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
        }
        // "(ii) Stir the sauce", "iv) Add salt": a list marker at the start.
        if i <= 1, let n = s[i], n.isWord, let v = value(n.text.uppercased()), v < 40, s[i + 1]?.is(")") == true, i == 0 || s.t[0].is("(") {
            return RuleMatch(end: i + 2, say: EnglishNumbers.cardinal(v) + ",")
        }
        if let marker = bracketedMarker(s, i) { return marker }
        // "Henry VIII's", "the XIXth century": a numeral with a possessive or an ordinal's ending.
        if let tok = s[i], tok.isWord, tok.text.count >= 3, !s.shouting {
            for (ending, ordinal) in [("'s", false), ("’s", false), ("th", true), ("st", true), ("nd", true), ("rd", true)] where tok.text.hasSuffix(ending) {
                let numeral = String(tok.text.dropLast(2))
                guard numeral.count >= 2 || ending.hasSuffix("s") && numeral == "I", let v = value(numeral) else { continue }
                if ordinal { return RuleMatch(end: i + 1, say: EnglishNumbers.ordinal(v)) }
                if let prev = s[i - 1], regnalNames.contains(prev.text) { return RuleMatch(end: i + 1, say: "the " + EnglishNumbers.ordinal(v) + "'s") }
            }
        }
        if let subtype = subtype(s, i) { return subtype }
        guard let tok = s[i], tok.isWord, let v = value(tok.text), !s.shouting else { return nil }
        if v <= 3, let book = s[i + 1], book.spaceBefore, bibleBooks.contains(book.text) {
            return RuleMatch(end: i + 1, say: ["First", "Second", "Third"][v - 1])
        }
        if tok.text == "IV", let next = s.lower(i + 1), veinNouns.contains(next) { return RuleMatch(end: i + 1, say: "I V") }
        // "his starting XI": a side of eleven players.
        if tok.text == "XI", let before = s.lower(i - 1), ["starting", "playing", "strongest", "best", "test", "world"].contains(before) {
            return RuleMatch(end: i + 1, say: "eleven")
        }
        // "Form I-9": a form's letter and number.
        if tok.text == "I", s[i + 1]?.is("-") == true, s.glued(i + 1), s[i + 2]?.isInteger == true, s.glued(i + 2) {
            return RuleMatch(end: i + 2, say: "I")
        }
        // "a Tesla Model X": a letter.
        if tok.text == "X", s.lower(i - 1) == "model" { return nil }
        // "the XIX century", "the XVIII dynasty": an ordinal.
        if let next = s.lower(i + 1), ["century", "centuries", "dynasty", "millennium", "congress", "olympiad", "corps", "airborne", "legion", "army"].contains(next) {
            return RuleMatch(end: i + 1, say: EnglishNumbers.ordinal(v))
        }
        if let after = s[i + 1], s.glued(i + 1), after.isWord || after.isNumber { return nil }
        let prev = s[i - 1]
        if isInitialOrPronoun(s, i) { return nil }
        // Numbered things: Type II, Act III, World War II, Chapter IV.
        // A lone C, D, L or M is a letter there: "appendix D", "Class C".
        if tok.text.count == 1, !"IVX".contains(tok.text) { return nil }
        if let prev, prev.isWord, counting.contains(prev.text.lowercased()), tok.spaceBefore || s[i - 1]?.is(".") == true {
            return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
        }
        if let prev, prev.is("."), let word = s[i - 2], counting.contains(word.text.lowercased()) {
            return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
        }
        // Regnal: a monarch's or pope's name (or a title before it), then the numeral; a family
        // name's II to IV ("Henry Ford II"). After other names it counts: "Rocky II", "Final Fantasy VII".
        if let prev, prev.isWord, prev.isCapitalized, !prev.isAllCaps, v < 90, !tok.text.contains(where: { "CDM".contains($0) }),
           !["XL", "XXL", "XXX", "LI"].contains(tok.text) {
            let titled = [s.text(i - 2), s.text(i - 3)].contains { $0.map(titles.contains) == true }
            // A lone X after a name is a letter (Malcolm X) unless a title says it is a number (Pope Pius X).
            if tok.text == "X", !titled { return nil }
            if regnalNames.contains(prev.text) || titled, v <= 40 { return RuleMatch(end: i + 1, say: "the " + EnglishNumbers.ordinal(v)) }
            // A family name that is also a word ("Robert Smith III") after a given name.
            if (2...4).contains(v), let first = s[i - 2], first.isWord, first.isCapitalized, !first.isAllCaps, s.glued(i - 1) == false,
               WordList.contains(prev.text) != true || regnalNames.contains(first.text) || givenNames.contains(first.text) {
                return RuleMatch(end: i + 1, say: "the " + EnglishNumbers.ordinal(v))
            }
            // "Grand Theft Auto V", "Rocky II": a number; a lone I or X after a name is a letter (Malcolm X).
            if tok.text.count > 1 || tok.text == "V" { return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v)) }
            return nil
        }
        // The first word of a heading: "IV. Results", "II Methods".
        // A heading of its own ("I", "II." over a book's parts) is a number too.
        let alone = s.t.count == i + 1 || s.t.count == i + 2 && s.t[i + 1].is(".")
        if s.context.kind.headingLevel != nil, i == 0 || (i == 1 && s.t[0].kind == .other), v < 100, tok.text.count > 1 || v != 1 || alone {
            return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
        }
        return nil
    }

    /// "(a) You must", "Section 2.1(b) above", "or (ii) ownership": a clause's letter or
    /// numeral in brackets is said as the letter ("a" alone is the article) or the number
    /// ("ii" alone is "roman two"); "f(a)", "file(s)" are a call and a plural.
    static func bracketedMarker(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord, tok.isLowercase, tok.text.count <= 4, s[i + 1]?.is(")") == true, s.glued(i + 1) else { return nil }
        // A block's first chunk starts at its first word, after the opening bracket.
        let opened = i == 0 || s.t[i - 1].is("(") && s.glued(i) && !(s.t[safe: i - 2].map { $0.isWord && s.glued(i - 1) } ?? false)
        guard opened else { return nil }
        // "(i) a quiz and (ii) an essay": with a second item, "i" is the first.
        if tok.text == "i", s.t.indices.contains(where: { s.t[$0].text == "ii" && s.t[safe: $0 + 1]?.is(")") == true }) {
            return RuleMatch(end: i + 1, say: "one")
        }
        if tok.text.count == 1 { return RuleMatch(end: i + 1, say: EnglishWords.spell(tok.text)) }
        guard let v = value(tok.text.uppercased()), v < 40 else { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
    }

    /// "Type Ia", "Class IIb": a numbered kind and its letter, "one A".
    static func subtype(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord, (2...5).contains(tok.text.count), let letter = tok.text.last, "abcd".contains(letter),
              let v = value(String(tok.text.dropLast())), let before = s.lower(i - 1), counting.contains(before),
              s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber) }) ?? true else { return nil }
        return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v) + " " + EnglishWords.spell(String(letter)))
    }
}
