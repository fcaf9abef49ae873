/// Words that are not said as written: acronyms (spelled, or said as a word where people do),
/// words broken at a line end, code identifiers, foreign names.
enum EnglishWords {
    /// Acronyms said as words that eSpeak needs respelled.
    static let respelled: [String: String] = ["FEMA": "Feema", "IoT": "I O T", "PhD": "P H D", "PhDs": "P H D's", "NaN": "nan",
                                              "PostgreSQL": "post gres Q L", "SUNY": "Soo nee", "UNESCO": "Yoo nesko", "COVID": "Koh vid", "MoMA": "Moma",
                                              "NAFTA": "Naffta", "ASCII": "Askee", "GIF": "Jif", "JPEG": "Jay peg", "NOAA": "Noah",
                                              "SCOTUS": "Scotus", "POTUS": "Potus", "WYSIWYG": "Wizzy wig", "CAPTCHA": "Captcha",
                                              "OSHA": "Osha", "TESOL": "Teesol", "HUD": "Hud", "SWAT": "swot",
                                              "PIN": "pin", "RAM": "ram", "ROM": "rom", "SIM": "sim", "LAN": "lan", "DOS": "doss",
                                              "LaTeX": "Lah tek", "TeX": "Tek", "SQLite": "S Q lite", "PyPI": "Pie P I",
                                              "arXiv": "archive", "iOS": "eye O S", "macOS": "mac O S", "IEEE": "I triple E",
                                              "NASDAQ": "Naz dack", "LASIK": "Lay sik", "UEFA": "Yoo eighfa", "SaaS": "sass",
                                              "PaaS": "pass", "IaaS": "eye as", "JSON": "Jason", "Json": "Jason", "YAML": "yammel",
                                              "HIPAA": "hippa", "GUI": "gooey", "AWOL": "ay wall", "IMAX": "eye max", "ISO": "eye so",
                                              "ANSI": "an see", "NIST": "nist", "WiFi": "why fye", "Wi": "why", "FICO": "fye ko",
                                              "NORAD": "nor ad", "IOCTL": "I O control", "GNU": "Gnoo", "README": "read me", "NUL": "null", "DEFCON": "def con", "SNAFU": "snafoo", "TOML": "tomel",
                                              "AJAX": "ay jax", "CRUD": "crud", "NAND": "nand", "OPEC": "Oh peck", "CAT": "cat",
                                              "STEM": "stem", "MADD": "mad", "NATO": "Nato", "NASA": "Nasa", "PETA": "Peeta",
                                              "TODO": "to do", "TODOs": "to dos", "FIXME": "fix me", "NVIDIA": "Nvidia",
                                              "FOO": "foo", "BAZ": "baz",
                                              // TeX's logos as PDFs give them (the lowered E is a capital).
                                              "TEX": "Tek", "LATEX": "Lah tek", "pdfTEX": "pdf tek", "pdfTeX": "pdf tek",
                                              "XeTEX": "zee tek", "XeTeX": "zee tek", "BibTEX": "bib tek", "BibTeX": "bib tek",
                                              "LuaTEX": "lua tek", "LuaTeX": "lua tek", "ConTEXt": "con text", "ConTeXt": "con text",
                                              "METAFONT": "meta font", "TEXbook": "tek book", "METAFONTbook": "meta font book",
                                              "AMSTEX": "A M S tek", "pdfLATEX": "pdf lah tek", "pdfLaTeX": "pdf lah tek",
                                              "XeLaTeX": "zee lah tek", "XeLATEX": "zee lah tek", "LuaLaTeX": "lua lah tek", "LuaLATEX": "lua lah tek"]
    /// Words English readers say with the letters they are written with only after a respelling.
    static let names: [String: String] = [
        "Goethe": "Gurta", "Wagner": "Vahgner", "Nietzsche": "Neecha", "Dvořák": "Duh vor zhahk", "Dvorak": "Duh vor zhahk",
        "Schrödinger": "Shrohding er", "Schrodinger": "Shrohding er", "Euler": "Oiler", "Gauss": "Gowss", "Leibniz": "Libe nits", "Joaquín": "Wah keen", "Joaquin": "Wah keen", "jalapeño": "hahla payn yo",
        "jalapeños": "hahla payn yose", "piñata": "pin yah ta", "señor": "sen yor", "Señor": "Sen yor", "Freud": "Froid", "Jung": "Yoong",
        "Camus": "Kah moo", "Descartes": "Day cart", "Proust": "Proost", "Nguyen": "Win", "Xi": "Shee", "Qatar": "Kutter",
        "Beijing": "Bay jing", "Porsche": "Porsha", "Huawei": "Wah way", "Xiaomi": "Shao mee", "Van Gogh": "Van Go",
        "Chopin": "Show pan", "Debussy": "Deb yoo see", "Tchaikovsky": "Chy koff skee", "Dostoevsky": "Dostoyefski",
        "Bach": "Bahk", "Händel": "Handel", "Mahler": "Mahler", "Kierkegaard": "Keer ke gard", "Hegel": "Hay gel",
        "Goebbels": "Gerbels", "Rilke": "Rilka", "Brecht": "Brekt", "Kafka": "Kafka", "Sartre": "Sartra", "Rousseau": "Roo so",
        "Voltaire": "Vol tair", "Moët": "Mo et", "Hermès": "Air mez", "Nestlé": "Nes lay", "Saëns": "Sahns",
        "Jacques": "Zhahk", "Jean": "Zhahn", "François": "Frahn swah", "José": "Ho zay", "Juan": "Hwahn", "Jesús": "Hay soos",
        "Xavier": "Zay vee er", "Siobhan": "Shivawn", "Niamh": "Neev", "Saoirse": "Seer sha", "Aoife": "Eefa", "Sean": "Shawn",
        "Zhang": "Jahng", "Zhou": "Joe", "Qing": "Ching", "Qin": "Chin", "Xu": "Shoo", "Ljubljana": "Loob lyahna",
        "Reykjavík": "Rake yah vik", "Reykjavik": "Rake yah vik", "Worcester": "Wooster", "Leicester": "Lester", "Edinburgh": "Edin burra",
        "Yosemite": "Yo semitee",
        "quinoa": "keen wah", "Fourier": "Foo ree eh", "Oaxaca": "Wah hah kuh", "bánh": "bahn", "mì": "mee", "résumé": "rez oo may", "résumés": "rez oo mays", "Gaudí": "Gow dee", "Gaudi": "Gow dee",
        "Beyoncé": "Bee yon say", "Niño": "Neen yo", "Niña": "Neen ya", "crème": "krem", "pho": "fuh", "phở": "fuh",
        "Nike": "Nye key", "gnocchi": "noh kee", "coup": "koo", "coups": "koos", "Versailles": "Vair sigh", "Seoul": "Sole", "Phuket": "Poo ket", "Bhutan": "Boo tahn", "naira": "nyra", "Sino": "Sighno",
    ]
    /// C and Unix names said by their parts.
    static let identifiers: [String: String] = [
        "printf": "print F", "sprintf": "S print F", "fprintf": "F print F", "snprintf": "S N print F", "vprintf": "V print F",
        "scanf": "scan F", "sscanf": "S scan F", "fscanf": "F scan F", "malloc": "M alloc", "calloc": "C alloc",
        "realloc": "re alloc", "strlen": "stir len", "strcpy": "stir copy", "strncpy": "stir N copy", "strcmp": "stir compare",
        "strcat": "stir cat", "fopen": "F open", "fclose": "F close", "fread": "F read", "fwrite": "F write", "fgets": "F gets",
        "stdin": "standard in", "stdout": "standard out", "stderr": "standard error", "stdio": "standard I O", "stdlib": "standard lib",
        "argc": "arg C", "argv": "arg V", "sizeof": "size of", "typedef": "type def", "chmod": "C H mod",
        "sudo": "sue doo", "mkdir": "make dir", "rmdir": "remove dir", "pwd": "P W D", "grep": "grep", "regex": "rej ex",
        "nullptr": "null pointer", "bool": "bool", "enum": "ee num", "const": "const", "varchar": "var char", "uint": "U int",
        "iostream": "I O stream", "cout": "see out", "cin": "see in", "endl": "end L", "kwargs": "keyword args", "len": "len",
        "println": "print line", "readln": "read line", "std": "S T D", "sprintln": "S print line", "strtok": "stir tok",
        "memcpy": "mem copy", "memset": "mem set", "fflush": "F flush", "putchar": "put char", "getchar": "get char",
    ]

    /// Keys as they are said in a key combination.
    static let keys: [String: String] = ["Ctrl": "control", "Cmd": "command", "Alt": "alt", "Shift": "shift", "Esc": "escape", "ESC": "escape",
                                         "Del": "delete", "Opt": "option", "Fn": "function", "Win": "windows", "Super": "super",
                                         "PgUp": "page up", "PgDn": "page down", "Ins": "insert", "Bksp": "backspace", "Meta": "meta",
                                         "PrtSc": "print screen", "PrtScn": "print screen", "PrtScr": "print screen", "SysRq": "sys req"]
    /// The Greek letters' names, as TeX writes them ("\\alpha").
    static let greekNames = Set(greek.values)
    static let greek: [Character: String] = ["α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
                                             "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu",
                                             "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "υ": "upsilon", "φ": "phi",
                                             "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "gamma", "Δ": "delta", "Θ": "theta",
                                             "Λ": "lambda", "Ξ": "xi", "Π": "pi", "Σ": "sigma", "Φ": "phi", "Ψ": "psi", "Ω": "omega",
                                             "ϕ": "phi", "ϵ": "epsilon", "ϑ": "theta", "ϱ": "rho", "ϖ": "pi", "ς": "sigma", "ϰ": "kappa",
                                             "ℓ": "ell"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.isWord else { return nil }
        if let chord = emacsChord(s, i) { return chord }
        if let key = keys[tok.text], s[i + 1]?.is("+") == true || s.t[safe: i - 1]?.is("+") == true { return RuleMatch(end: i + 1, say: key) }
        // "Ctrl-C", "Alt-F4": the hyphen joins the keys, it is not said.
        if let key = keys[tok.text], s[i + 1]?.is("-") == true, s.glued(i + 1), let other = s[i + 2], s.glued(i + 2),
           other.isNumber || other.isWord && (other.isCapitalized || other.text.count == 1) && (other.text.count <= 9 || keys[other.text] != nil) {
            return RuleMatch(end: i + 2, say: key)
        }
        // "ε-TEX" is e-TeX, "LATEX 2ε" LaTeX two e.
        if tok.text == "ε", s[i + 1]?.is("-") == true, s.glued(i + 1), s[i + 2].map({ $0.text.uppercased() == "TEX" }) == true {
            return RuleMatch(end: i + 2, say: "e")
        }
        if tok.text == "ε", s.glued(i), s.t[safe: i - 1]?.is("2") == true, s.t[safe: i - 2].map({ $0.text.uppercased() == "LATEX" }) == true {
            return RuleMatch(end: i + 1, say: "e")
        }
        // Greek letters in a formula: "πr" → pi r, "Δt" → delta T; a Greek word is left alone.
        if tok.text.contains(where: { greek[$0] != nil }), tok.text.count <= 4, !tok.text.allSatisfy({ greek[$0] != nil || !$0.isASCII }) || tok.text.count == 1 {
            let said = tok.text.map { greek[$0] ?? spell(String($0)) }.joined(separator: " ")
            return RuleMatch(end: i + 1, say: said)
        }
        // "hors d'œuvre": French, said "or derv".
        if tok.text.lowercased() == "hors", let next = s[i + 1], next.spaceBefore, next.text.lowercased().hasPrefix("d") {
            var end = s.run(from: i + 1)
            while end > i + 2, s[end - 1]?.isWord != true { end -= 1 }
            let rest = s.joined(i + 1..<end).lowercased()
            if rest.hasSuffix("uvre") || rest.hasSuffix("uvres") { return RuleMatch(end: end, say: "or derv" + (rest.hasSuffix("s") ? "s" : "")) }
        }
        // "Saint-Saëns", "Saint-Tropez": a French name joined to "Saint" by a hyphen is "San".
        if tok.text == "Saint" || tok.text == "Sainte", let dash = s[i + 1], dash.is("-"), s.glued(i + 1), let name = s[i + 2], s.glued(i + 2),
           name.isWord, name.isCapitalized {
            return RuleMatch(end: i + 2, say: tok.text == "Saint" ? "San" : "Sant")
        }
        if let m = shorthand(s, i) { return m }
        // ("SAG-AFTRA": a trade's word after a hyphen too; "anti-DoS" is not spelled.)
        if let say = tradeWords[tok.text] ?? mixedInitials(tok.text), s.startsWord(i, also: tradeWords[tok.text] == nil ? [] : ["-"]), s[i + 1].map({ !s.glued(i + 1) || !($0.isWord || $0.isNumber) }) ?? true {
            return RuleMatch(end: i + 1, say: say)
        }
        if let say = names[tok.text] ?? respelled[tok.text], !isRubberOrScore(s, i),
           !(s[i + 1].map { $0.is("-") && s.glued(i + 1) && s[i + 2]?.spaceBefore == true } ?? false) {
            return RuleMatch(end: i + 1, say: say)
        }
        // "Dvořák's", "Schrödinger's": a respelled name's possessive.
        if tok.text.hasSuffix("'s") || tok.text.hasSuffix("’s"), let say = names[String(tok.text.dropLast(2))] {
            return RuleMatch(end: i + 1, say: say + "s")
        }
        if let say = identifiers[tok.text], !(s[i + 1].map { $0.is("-") && s.glued(i + 1) } ?? false) { return RuleMatch(end: i + 1, say: say) }
        if let m = lineBreak(s, i) { return m }
        if let m = constant(s, i) { return m }
        if let m = acronym(s, i) { return m }
        if let m = foreign(s, i) { return m }
        if let m = camel(s, i) { return m }
        return nil
    }

    /// Letters said one by one ("W H O").
    static func spell(_ letters: String) -> String {
        // A lone "A" between letters is read as the article; "A-" keeps the letter's name.
        letters.uppercased().map { $0 == "A" ? "A-" : String($0) }.joined(separator: " ")
    }

    /// All capitals in a sentence that is not: spelled unless said as a word; "IDs" → I.D.'s,
    /// "IPv6" → I.P.V. 6.
    static func acronym(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], !s.shouting else { return nil }
        let text = tok.text
        let capitals = text.prefix { $0.isUppercase && $0.isASCII }
        let rest = text.dropFirst(capitals.count)
        if capitals.count == text.count, text.count >= 2, text.count <= 6 || nameShaped(text) && text.count <= 12 {
            // An English word set in capitals for emphasis or as a name in a manual ("NOTE",
            // "HEAD", "NULL") is said as the word; short ones are too often initialisms to tell.
            // Three letters between lowercase words are one set in capitals for emphasis ("you DID
            // download it"), or next to a word in capitals ("INTEGER PRIMARY KEY").
            // An English word of three letters no table calls initials, after a lowercase word at
            // a phrase's end, is shouted too ("not another HAT!", "Stop it NOW.").
            let lowercaseBefore = s[i - 1].map { $0.isWord && $0.isLowercase } == true
            let lowercaseAfter = s[i + 1].map { $0.isWord && $0.isLowercase } == true
            let phraseEnds = s.t[safe: i + 1].map { [".", "!", "?", ",", ";"].contains($0.text) } ?? true
            let shoutable = CapitalWords.is(text, .emphasis) || CapitalWords.table[text] == nil
            let emphasis = text.count == 3 && (shoutable && lowercaseBefore && (lowercaseAfter || phraseEnds)
                || [s[i - 1], s[i + 1]].contains { neighbour in
                    neighbour.map { $0.isAllCaps && WordList.contains($0.text) == true
                        && ($0.text.count >= 4 || shoutable && $0.text.count == 3 && CapitalWords.table[$0.text] == nil) } == true })
            let englishWord = (text.count >= 4 || emphasis) && !CapitalWords.is(text, .eSpeakWord) && EnglishRoman.value(text) == nil
                && looksPronounceable(text) && WordList.contains(text) == true
            if CapitalWords.is(text, [.acronym, .word]) || englishWord || isKeyword(s, i) || text.count >= 6 && nameShaped(text) {
                return RuleMatch(end: i + 1, say: text.prefix(1) + text.dropFirst().lowercased())
            }
            // A placeholder of one letter ("YYYY", "NNNN"): each letter; "III" and "XVII" are numbers.
            if text.count >= 4, Set(text).count == 1 { return RuleMatch(end: i + 1, say: spell(text)) }
            if text.contains("II"), text.allSatisfy({ "IVX".contains($0) }), let v = EnglishRoman.value(text) {
                return RuleMatch(end: i + 1, say: EnglishNumbers.cardinal(v))
            }
            // Tripled letters: AAA is "triple A", WWW "triple W".
            if let run = tripled(text) { return RuleMatch(end: i + 1, say: run) }
            // Doubled letters: NCAA → N C double A.
            if text.count >= 3, let doubled = doubled(text) { return RuleMatch(end: i + 1, say: doubled) }
            // Initials before a word: "CFLAGS" → C flags, "LDFLAGS" → L D flags.
            if let (initials, word) = prefixedWord(text) { return RuleMatch(end: i + 1, say: spell(initials) + " " + word) }
            // A name: "DUBAI, United Arab Emirates (AP) —", "Mike FABIAN", "the KOSPI index".
            if text.count >= 5 && nameShaped(text) || isNameInCapitals(s, i) {
                return RuleMatch(end: i + 1, say: text.prefix(1) + text.dropFirst().lowercased())
            }
            // eSpeak says some capitals as a word ("WHO", "OR", "ACLU"): spell those it would not spell itself.
            guard CapitalWords.is(text, .eSpeakWord) || (text.count >= 3 && looksPronounceable(text)) else { return nil }
            // "SHA-1": the hyphen before the number goes with the letters (eSpeak made "A--1" a schwa).
            let hyphen = s[i + 1]?.is("-") == true && s.glued(i + 1) && s[i + 2].map { $0.isNumber && s.glued(i + 2) } == true
            return RuleMatch(end: hyphen ? i + 2 : i + 1, say: spell(text))
        }
        if capitals.count >= 2, rest == "s" {
            // "PEPs" as the word is said ("peps"); "IDs" letter by letter.
            if CapitalWords.is(String(capitals), [.acronym, .word]) { return RuleMatch(end: i + 1, say: capitals.prefix(1) + capitals.dropFirst().lowercased() + "s") }
            return RuleMatch(end: i + 1, say: spell(String(capitals)) + "'s")
        }
        // IPv6, IPv4: capitals and one lowercase letter before a number.
        if capitals.count >= 2, rest.count == 1, let n = s[i + 1], n.isNumber, s.glued(i + 1) {
            return RuleMatch(end: i + 1, say: spell(text))
        }
        return nil
    }

    /// A name in capitals joined by underscores (an environment variable, a constant):
    /// "LC_ALL" → L C all, "CMAKE_BUILD_TYPE" → cmake build type. Words are said, short
    /// parts that are no word spelled, the underscores not said.
    static func constant(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let first = s[i], first.isWord, first.text.allSatisfy({ $0.isUppercase || $0.isNumber }),
              s[i + 1]?.is("_") == true, s.glued(i + 1) else { return nil }
        var parts: [String] = []
        var j = i
        while let part = s[j], part.isWord || part.isNumber, j == i || s.glued(j) {
            guard part.text.allSatisfy({ $0.isUppercase || $0.isNumber }) else { return nil }
            parts.append(part.text)
            guard s[j + 1]?.is("_") == true, s.glued(j + 1), let next = s[j + 2], s.glued(j + 2), next.isWord || next.isNumber else { break }
            j += 2
        }
        guard parts.count >= 2 else { return nil }
        let said = parts.map { part -> String in
            if part.allSatisfy(\.isNumber) { return part }
            if let say = respelled[part] { return say }
            if CapitalWords.is(part, [.acronym, .word]) || part.count >= 3 && WordList.contains(part) == true { return part.lowercased() }
            if part.count <= 3 || !looksPronounceable(part) { return spell(part) }
            return part.lowercased()
        }
        return RuleMatch(end: j + 1, say: said.joined(separator: " "))
    }

    /// "AAA" → triple A, "IEEE" → I triple E; nil without a run of three.
    static func tripled(_ text: String) -> String? {
        let chars: [Character] = Array(text)
        guard chars.count >= 3 else { return nil }
        var hasRun = false
        for k in 0..<(chars.count - 2) where chars[k] == chars[k + 1] && chars[k] == chars[k + 2] { hasRun = true }
        guard hasRun else { return nil }
        var parts: [String] = []
        var k = 0
        while k < chars.count {
            var n = 1
            while k + n < chars.count, chars[k + n] == chars[k], n < 3 { n += 1 }
            if n == 3 { parts.append("triple " + spell(String(chars[k]))) } else { parts += Array(repeating: spell(String(chars[k])), count: n) }
            k += n
        }
        return parts.joined(separator: " ")
    }

    /// "NCAA" → N C double A, "NAACP" → N double A C P (not "WW": people say each).
    static func doubled(_ text: String) -> String? {
        let chars = Array(text)
        var parts: [String] = []
        var found = false
        var k = 0
        while k < chars.count {
            // "double A" is said (NCAA, NAACP); doubled consonants are spelled (SSD, HTTP), and so
            // is "UU" ("double U" is W: UUCP).
            if k + 1 < chars.count, chars[k] == chars[k + 1], "AEIO".contains(chars[k]) {
                parts.append("double " + spell(String(chars[k])))
                found = true
                k += 2
            } else {
                parts.append(spell(String(chars[k])))
                k += 1
            }
        }
        return found ? parts.joined(separator: " ") : nil
    }

    /// Capitals with a vowel that eSpeak would try to pronounce as a word ("ACLU", "USDA"):
    /// acronyms not known to be said as words are spelled, as people say them.
    static func looksPronounceable(_ text: String) -> Bool {
        let vowels = text.filter { "AEIOUY".contains($0) }.count
        return vowels > 0 && vowels < text.count
    }

    /// "rele- vant" → relevant; "self- driving" stays two words (a real compound).
    static func lineBreak(_ s: Scan, _ i: Int) -> RuleMatch? {
        // ("THE GOVERN- MENT": in capitals too.)
        let capitals = s[i]?.isAllCaps == true && s[i + 2]?.isAllCaps == true
        guard let head = s[i], head.isLowercase || head.isCapitalized || capitals, s[i + 1]?.is("-") == true, s.glued(i + 1),
              let tail = s[i + 2], tail.isWord, tail.isLowercase || capitals, tail.spaceBefore else { return nil }
        // "pre- and post-processing", "right- or left-aligned": a prefix waiting for its word.
        if ["and", "or", "nor", "to", "vs", "versus"].contains(tail.text.lowercased()) { return nil }
        let joined = capitals ? (head.text + tail.text).lowercased() : head.text + tail.text
        let headWord = WordList.contains(head.text), tailWord = WordList.contains(tail.text), whole = WordList.contains(joined)
        if capitals, whole != true { return nil }
        if let whole, let headWord, let tailWord {
            if whole || !(headWord && tailWord) { return RuleMatch(end: i + 3, say: joined) }
            return RuleMatch(end: i + 3, say: head.text + " " + tail.text)
        }
        let prefixes: Set<String> = ["self", "well", "non", "ex", "all", "half", "cross", "long", "short", "high", "low", "full",
                                     "semi", "multi", "anti", "co", "post", "pre", "mid", "over", "under", "x", "re"]
        if prefixes.contains(head.text.lowercased()) { return RuleMatch(end: i + 3, say: head.text + " " + tail.text) }
        return RuleMatch(end: i + 3, say: joined)
    }

    /// Names from languages written with marks English does not use: the marks dropped
    /// (Tōkyō → Tokyo, Zoë → Zoe); Vietnamese names respelled the way English readers say them.
    static func foreign(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.text.unicodeScalars.contains(where: { $0.value > 0x7F }) else { return nil }
        if isVietnamese(tok.text) {
            // The whole name: neighbouring capitalized words that are not English words.
            var end = i + 1
            var words = [vietnamese(tok.text)]
            while let next = s[end], next.isWord, next.isCapitalized, next.spaceBefore, WordList.contains(next.text) != true || isVietnamese(next.text) {
                words.append(vietnamese(next.text))
                end += 1
            }
            return RuleMatch(end: end, say: words.joined(separator: " "))
        }
        // Marks that English keeps (café, naïve, résumé) are left to eSpeak.
        if let known = WordList.contains(tok.text), known { return nil }
        if let pinyin = EnglishPinyin.respell(s.joined(i..<pinyinEnd(s, i))) { return RuleMatch(end: pinyinEnd(s, i), say: pinyin) }
        // A French final é is said "ay": Fermé → Fermay, Beyoncé → Beyonsay, brûlée → broolay.
        var word = tok.text
        for (ending, said) in [("ées", "ays"), ("ée", "ay"), ("és", "ays"), ("é", "ay")] where word.hasSuffix(ending) {
            word = String(word.dropLast(ending.count)) + said
            if word.count > 2, word.dropLast(2).last == "c" { word = String(word.dropLast(3)) + "say" }
            break
        }
        let plain = stripMarks(word)
        guard plain != tok.text else { return nil }
        return RuleMatch(end: i + 1, say: plain)
    }

    /// "Xī'ān": a name's syllables joined by an apostrophe are one word.
    static func pinyinEnd(_ s: Scan, _ i: Int) -> Int {
        var end = i + 1
        while let mark = s[end], mark.is("'") || mark.is("’"), s.glued(end), let next = s[end + 1], next.isWord, s.glued(end + 1) { end += 2 }
        return end
    }

    static func stripMarks(_ word: String) -> String {
        let keep: Set<Character> = ["ß", "æ", "Æ", "ø", "Ø", "ł", "Ł", "đ", "Đ", "þ", "ð"]
        var out = ""
        for c in word {
            if keep.contains(c) { out.append(c == "đ" ? "d" : c == "Đ" ? "D" : c == "ł" ? "l" : c == "Ł" ? "L" : c); continue }
            let base = String(c).decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
            out += String(String.UnicodeScalarView(base))
        }
        return out
    }

    /// Vietnamese: a horn, a breve, a dot below or a circumflex with a tone mark.
    static func isVietnamese(_ word: String) -> Bool {
        for c in word {
            let scalars = Array(String(c).decomposedStringWithCanonicalMapping.unicodeScalars)
            guard scalars.count > 1 else { continue }
            let marks = Set(scalars.dropFirst().map(\.value))
            if marks.contains(0x31B) || marks.contains(0x323) || marks.contains(0x309) { return true }  // horn, dot below, hook above
            if marks.contains(0x302), marks.count > 1 { return true }  // circumflex with a tone
            if marks.contains(0x306), marks.count > 1 { return true }
            if c == "đ" || c == "Đ" { return true }
        }
        return false
    }

    /// A Vietnamese syllable as English readers say it: Chí → Chee, Minh → Min.
    static func vietnamese(_ word: String) -> String {
        var w = stripMarks(word)
        if w.hasSuffix("nh") { w = String(w.dropLast()) }
        if w.hasSuffix("i"), w.count > 1 { w = String(w.dropLast()) + "ee" }
        if w.hasPrefix("Ng") && w.count > 3 { w = String(w.dropFirst()) }
        return w
    }

    /// camelCase and PascalCase identifiers, said by their parts: getUserName → get user name,
    /// iPhone → i Phone. Acronym parts are spelled by eSpeak.
    static func camel(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.text.count > 3 else { return nil }
        // "Vi IMproved": a word with its first letters in capitals is the word.
        let capitals = tok.text.prefix { $0.isUppercase }, rest = tok.text.dropFirst(capitals.count)
        if capitals.count >= 2, !rest.isEmpty, rest.allSatisfy(\.isLowercase), WordList.contains(tok.text) == true {
            return RuleMatch(end: i + 1, say: tok.text.lowercased())
        }
        var parts = splitCamel(tok.text)
        guard parts.contains(" ") else { return nil }
        parts = parts.split(separator: " ").map { respelled[String($0)] ?? String($0) }.joined(separator: " ")
        // Names like McDonald and MacBook are read well as they are.
        if tok.text.hasPrefix("Mc") || tok.text.hasPrefix("Mac") || tok.text.hasPrefix("O'") { return nil }
        return RuleMatch(end: i + 1, say: parts)
    }

    /// Splits at a lowercase→uppercase change and before the last capital of a run followed by
    /// lowercase letters (HTTPServer → HTTP Server).
    static func splitCamel(_ word: String) -> String {
        let chars = Array(word)
        var out = ""
        for (k, c) in chars.enumerated() {
            if k > 0 {
                let p = chars[k - 1]
                let next = k + 1 < chars.count ? chars[k + 1] : nil
                if c.isUppercase && p.isLowercase { out.append(" ") }
                else if c.isUppercase && p.isUppercase, let next, next.isLowercase, k + 2 < chars.count || next != "s" { out.append(" ") }
                else if c.isNumber != p.isNumber, c.isLetter || p.isLetter { out.append(" ") }
            }
            out.append(c)
        }
        return out
    }
}
