/// Web addresses read as their domain ("example dot org"), e-mail addresses in full, hashtags
/// and handles.
enum EnglishWeb {
    static let spokenTLDs: Set<String> = ["com", "org", "net", "gov", "info", "biz", "app", "dev", "tech", "shop", "blog",
                                          "news", "online", "site", "store", "page", "wiki", "club", "mil", "int", "museum", "travel", "name", "pro", "me"]
    static let tlds: Set<String> = spokenTLDs.union(["io", "ai", "co", "uk", "us", "de", "fr", "es", "it", "nl", "be", "ch", "at", "se", "no", "dk",
                                                     "fi", "pl", "cz", "ru", "cn", "jp", "kr", "in", "au", "nz", "ca", "br", "mx", "ar", "za", "eu",
                                                     "ie", "pt", "gr", "tv", "me", "ly", "gg", "sh", "to", "fm", "xyz", "cc", "ws", "tk", "il", "tw", "hk", "sg",
                                                     "edu", "rs", "hu", "ro", "sk", "ua", "tr", "lt", "lv", "ee", "si", "hr", "bg",
                                                     "gl", "gd", "vn", "pk", "bd", "lk", "np", "ae", "qa", "uy", "ke", "ng"])

    static let directives: Set<String> = ["include", "define", "undef", "ifdef", "ifndef", "if", "elif", "else", "endif", "pragma",
                                          "error", "import", "line"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i] else { return nil }
        // "r/AskScience", "u/spez": a forum of Reddit and a user of it.
        if tok.is("r") || tok.is("u"), s.startsWord(i), s[i + 1]?.is("/") == true, s.glued(i + 1), let name = s[i + 2], name.isWord,
           name.text.count >= 3, s.glued(i + 2), s[i + 3].map({ !s.glued(i + 3) || !($0.isWord || $0.isNumber || $0.is("/")) }) ?? true {
            return RuleMatch(end: i + 3, say: tok.text.uppercased() + " slash " + EnglishWords.splitCamel(name.text))
        }
        if tok.is("#"), let next = s[i + 1], s.glued(i + 1), tok.spaceBefore || i == 0 {
            if next.isInteger {
                // "order #48213": an identifier's digits one by one.
                let identifier = next.text.count >= 4 && s.lower(i - 1).map(EnglishCodes.identifierNouns.contains) == true
                return RuleMatch(end: i + 2, say: "number " + (identifier ? EnglishNumbers.digits(next.text) : next.text))
            }
            // C's "#include" and "#define" are not hashtags.
            if next.isWord, directives.contains(next.text) || next.text.hasSuffix("s") && directives.contains(String(next.text.dropLast())) {
                // "#include <stdio.h>": the header's name without its brackets.
                if next.is("include"), s[i + 2]?.is("<") == true, let close = (i + 3..<min(s.t.count, i + 16)).first(where: { s.t[$0].is(">") }),
                   close > i + 3, (i + 3..<close).allSatisfy({ s.glued($0) }) {
                    let header = (i + 3..<close).map { k in
                        EnglishPaths.marks[s.t[k].text] ?? EnglishWords.identifiers[s.t[k].text] ?? (s.t[k].text.count == 1 ? s.t[k].text.uppercased() : s.t[k].text)
                    }
                    return RuleMatch(end: close + 1, say: "hash include " + header.joined(separator: " "))
                }
                return RuleMatch(end: i + 2, say: "hash " + next.text)
            }
            // A colour: "#F3F3FF", "#fff".
            var runEnd = s.run(from: i + 1)
            while runEnd > i + 2, let last = s[runEnd - 1], [".", ",", ";", ":", "!", "?", ")"].contains(last.text) { runEnd -= 1 }
            let run = s.joined(i + 1..<runEnd)
            if [3, 4, 6, 8].contains(run.count), run.allSatisfy(\.isHexDigit), run.contains(where: \.isNumber) || Set(run).count == 1 {
                return RuleMatch(end: runEnd, say: "hash " + EnglishWords.spell(run))
            }
            // An IRC channel, "#debian-devel", and a bug number's placeholder, "Closes: #nnnnn".
            if next.isWord, s.lower(i - 1).map({ ["channel", "channels", "closes"].contains($0) }) == true
                || s.lower(i - 2) == "closes" && s[i - 1]?.is(":") == true {
                return RuleMatch(end: i + 1, say: s.lower(i - 2) == "closes" || s.lower(i - 1) == "closes" ? "number" : "hash")
            }
            if next.isWord { return RuleMatch(end: i + 2, say: "hashtag " + EnglishWords.splitCamel(next.text)) }
        }
        // A number after "#" in brackets or on a word: "(#87)", "Bug#48532", "dbus#343" are
        // numbers; "PKCS#12" is the standard's twelve.
        if tok.is("#"), let next = s[i + 1], next.isInteger, s.glued(i + 1), s[i + 2].map({ !(s.glued(i + 2) && ($0.isWord || $0.isNumber)) }) ?? true,
           let prev = s.t[safe: i - 1], s.glued(i), !(prev.isWord && prev.text.count == 1 && prev.isCapitalized) {
            if prev.isWord, prev.isAllCaps { return RuleMatch(end: i + 2, say: next.text) }
            if prev.isWord || ["(", "[", "\"", "“", "'"].contains(prev.text) { return RuleMatch(end: i + 2, say: "number " + next.text) }
        }
        guard tok.spaceBefore || s.t[safe: i - 1].map({ ["(", "<", "\"", "“", "'"].contains($0.text) }) == true else { return nil }
        guard tok.isWord || tok.isNumber else { return nil }
        let runEnd = s.run(from: i)
        guard runEnd - i >= 3 else { return nil }
        // Trailing punctuation belongs to the sentence.
        var end = runEnd
        while end > i + 1, let last = s[end - 1], last.kind == .other, [".", ",", ";", ":", "!", "?", ")", "]", "\"", "”", "'", ">"].contains(last.text) || (last.is("/") && end - i > 3) {
            if last.is("/") { break }
            end -= 1
        }
        var raw = s.joined(i..<end)
        // "mailto:sales@example.com": the address alone.
        if raw.lowercased().hasPrefix("mailto:"), raw.contains("@") { raw = String(raw.dropFirst(7)) }
        let schemed = schemes.contains { raw.lowercased().hasPrefix($0) }
        // ("medium.com/@jdoe": a handle in an address's path, not an e-mail.)
        if !schemed, let at = raw.firstIndex(of: "@"), !raw[..<at].hasSuffix("/") {
            let local = String(raw[..<at]), domain = String(raw[raw.index(after: at)...])
            guard !local.isEmpty, isHost(domain) else { return nil }
            if s.context.skip.contains(.emails) { return RuleMatch(end: end, say: "", skip: .emails) }
            return RuleMatch(end: end, say: sayLocal(local) + " at " + sayHost(domain, dropWWW: false))
        }
        var rest = Substring(raw)
        var scheme = false
        for prefix in schemes where rest.lowercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            scheme = true
        }
        let host = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" })
        // "http://localhost:8080": the port is part of where to go.
        var port = ""
        // "example.com:8443" (not a compiler's "main.cc:7:", a file and its line).
        let afterPort = rest.dropFirst(host.count + 1).drop { $0.isNumber }.first
        let known = host.split(separator: ".").last.map { spokenTLDs.contains($0.lowercased()) } ?? false
        if rest.dropFirst(host.count).first == ":", scheme || host.lowercased() == "localhost" || known && host.contains(".") && afterPort != ":" {
            let digits = rest.dropFirst(host.count + 1).prefix { $0.isNumber }
            if !digits.isEmpty { port = " port " + (EnglishCodes.portNumber(String(digits)) ?? String(digits)) }
        }
        // "http://127.0.0.1:5000": an address of four numbers, each said digit by digit.
        let numbers = host.split(separator: ".", omittingEmptySubsequences: false)
        if scheme, numbers.count == 4, numbers.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }) {
            return RuleMatch(end: end, say: numbers.map { EnglishNumbers.digits(String($0)) }.joined(separator: " dot ") + (port.isEmpty ? "" : "," + port))
        }
        // "http://myserver/path": a host of one name after a scheme.
        if scheme, !host.contains("."), host.count >= 2, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            if s.context.skip.contains(.urls) { return RuleMatch(end: end, say: "", skip: .urls) }
            return RuleMatch(end: end, say: sayLabel(host.lowercased()) + port)
        }
        guard isHost(host), scheme || host.lowercased().hasPrefix("www.") || host.contains(".") else { return nil }
        // Without a scheme, the last label must be a real top-level domain (not "e.g", "3.5").
        if !scheme, let last = host.split(separator: ".").last, !tlds.contains(last.lowercased()) { return nil }
        if s.context.skip.contains(.urls) { return RuleMatch(end: end, say: "", skip: .urls) }
        return RuleMatch(end: end, say: sayHost(host, dropWWW: true) + port)
    }

    /// Schemes of addresses said as their host.
    static let schemes = ["https://", "http://", "ftp://", "ftps://", "sftp://", "ssh://", "git://", "svn://", "hkp://", "hkps://",
                          "rsync://", "ws://", "wss://", "smb://", "nfs://"]

    /// Consonant pairs English words start with.
    static let onsets: Set<String> = ["bl", "br", "ch", "cl", "cr", "cz", "dr", "dw", "fl", "fr", "gh", "gl", "gn", "gr", "kh", "kl", "kn", "kr",
                                      "ph", "pl", "pn", "pr", "ps", "pt", "rh", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "sq", "st", "sv",
                                      "sw", "th", "tr", "ts", "tw", "vl", "wh", "wr", "zh", "qu", "dj", "sch", "ny", "my", "ly", "by", "cy",
                                      "dy", "fy", "gy", "hy", "ky", "py", "ry", "sy", "ty", "vy", "wy", "zy", "xy"]

    /// Labels said their own way.
    static let labels: [String: String] = ["arxiv": "archive", "github": "git hub", "gitlab": "git lab", "youtube": "you tube",
                                           "linkedin": "linked in", "wikipedia": "wikipedia", "nytimes": "N Y times", "git": "git",
                                           "tinyurl": "tiny U R L", "ycombinator": "Y combinator"]

    static func isHost(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }),
              let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetter) else { return false }
        return true
    }

    static func sayHost(_ host: String, dropWWW: Bool) -> String {
        var labels = host.lowercased().split(separator: ".").map(String.init)
        if dropWWW, labels.first == "www", labels.count > 2 { labels.removeFirst() }
        return labels.enumerated().map { k, label in
            if spokenTLDs.contains(label) || label == "co" { return label }
            if k == labels.count - 1 { return spell(label) }
            // "who.int", "un.org": an organisation known by its initials, spelled like them.
            if k == labels.count - 2, label.count <= 3, ["int", "org", "gov", "edu"].contains(labels[k + 1]), CapitalWords.is(label.uppercased(), [.initials, .eSpeakWord]),
               !CapitalWords.is(label.uppercased(), [.emphasis, .keyword, .word]) { return spell(label) }
            return sayLabel(label)
        }.joined(separator: " dot ")
    }

    /// A label said as a word when it is one; letters a reader would spell are spelled:
    /// "bbc" → B B C, "nytimes" → N Y times.
    static func sayLabel(_ label: String) -> String {
        let parts = label.split(separator: "-").map(String.init)
        return parts.map { part -> String in
            if part.allSatisfy(\.isNumber) { return part }
            if let said = labels[part] { return said }
            let vowels = part.filter { "aeiouy".contains($0) }.count
            if vowels == 0 { return spell(part) }
            // Three letters or fewer that are no word are initials: irs, bbc, mit.
            if part.count <= 3, WordList.contains(part) == false { return spell(part) }
            if WordList.contains(part) == true || part.count > 16 { return part }
            return split(part)
        }.joined(separator: " dash ")
    }

    /// A run of letters said as the words it is made of: "noreply" → no reply, "ycombinator" →
    /// Y combinator (a prefix of one to three letters that is no word is spelled), else as it is.
    static func split(_ part: String) -> String {
        guard part.count >= 5, part.allSatisfy({ $0.isLetter }), WordList.english != nil else { return part }
        for k in 1...3 where part.count - k >= (k == 1 ? 7 : 5) {
            let head = String(part.prefix(k)), tail = String(part.dropFirst(k))
            if WordList.contains(tail) == true, k == 1 || WordList.contains(head) != true, !head.contains(where: { "aeiou".contains($0) }) {
                return spell(head) + " " + tail
            }
        }
        // A first letter no English word starts with before the next: "ycombinator" → Y combinator.
        let chars = Array(part)
        if chars.count >= 6, !"aeiou".contains(chars[0]), !"aeiouy".contains(chars[1]), !onsets.contains(String(chars[0...1])) {
            return spell(String(chars[0])) + " " + String(chars[1...])
        }
        // A word and initials a company adds: "amazonaws" → amazon A W S, "openai" → open A I.
        for tail in ["aws", "ai", "io", "js", "hq", "api", "cdn", "vpn"] where part.hasSuffix(tail) && part.count - tail.count >= 4 {
            let head = String(part.dropLast(tail.count))
            if WordList.contains(head) == true || WordList.names.contains(head) { return head + " " + spell(tail) }
        }
        // Two words: "noreply" → no reply, "dropbox" → drop box ("marshall", "hayden" are names).
        if WordList.names.contains(part) { return part }
        for k in stride(from: part.count - 3, through: 2, by: -1) {
            let head = String(part.prefix(k)), tail = String(part.dropFirst(k))
            let vowel: (String) -> Bool = { $0.contains { "aeiouy".contains($0) } }
            if vowel(head), vowel(tail), WordList.contains(head) == true, WordList.contains(tail) == true { return head + " " + tail }
        }
        return part
    }

    static func sayLocal(_ local: String) -> String {
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            // "user123": the letters, then the digits one by one (a name's digits are no quantity).
            if let first = current.firstIndex(where: \.isNumber), first != current.startIndex,
               current[first...].allSatisfy(\.isNumber), current.distance(from: first, to: current.endIndex) >= 3 {
                let digits = String(current[first...])
                current = String(current[..<first])
                flush()
                words.append(EnglishNumbers.digits(digits))
                return
            }
            words.append(current.count == 1 && current.first?.isLetter == true ? current.uppercased()
                         : WordList.contains(current) == true ? current : split(current))
            current = ""
        }
        for c in local {
            switch c {
            case "_": flush(); words.append("underscore")
            case ".": flush(); words.append("dot")
            case "-": flush(); words.append("dash")
            case "+": flush(); words.append("plus")
            default: current.append(c)
            }
        }
        flush()
        return words.joined(separator: " ")
    }

    static func spell(_ letters: String) -> String {
        EnglishWords.spell(letters)
    }
}
