/// File paths as a reader says them: "/etc/ssh/sshd_config" → slash E T C slash ssh slash
/// sshd underscore config, "~/.config" → tilde slash dot config, "./configure" → dot slash
/// configure, "docs/INSTALL.txt" → docs slash INSTALL dot txt. Words with one slash between
/// them ("his/her", "km/h", "TCP/IP") are not paths.
enum EnglishPaths {
    /// Directory names said as people say them, not as eSpeak would ("etc" is not "et cetera").
    static let directories: [String: String] = ["etc": "E T C", "usr": "user", "tmp": "temp", "src": "source", "sbin": "S bin",
                                                "lib": "lib", "var": "var", "dev": "dev", "opt": "opt", "bin": "bin", "proc": "proc"]
    static let marks: [String: String] = ["/": "slash", "~": "tilde", ".": "dot", "_": "underscore", "-": "dash", "+": "plus"]
    /// The first part of a media type ("text/plain", "application/json").
    static let mediaTypes: Set<String> = ["text", "application", "image", "audio", "video", "multipart", "font", "message", "model"]
    /// Their second parts ("audio/video", "text/email" are not media types).
    static let subtypes: Set<String> = ["plain", "html", "json", "xml", "css", "javascript", "png", "jpeg", "gif", "svg", "pdf", "octet",
                                        "zip", "gzip", "csv", "markdown", "mpeg", "ogg", "webm", "mp4", "wav", "form", "mixed", "webp",
                                        "rtf", "calendar", "yaml", "toml", "x", "vnd", "tiff", "bmp", "flac", "opus", "sql", "wasm"]

    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], tok.text == "/" || tok.text == "~" || tok.text == "." || tok.isWord,
              s.startsWord(i, also: ["="]) || tok.is("/") && isOptionLetter(s, i - 1),
              // ("π/2" is a formula.)
              tok.text.count > 1 || tok.text.first.map({ EnglishWords.greek[$0] == nil }) ?? true
        else { return nil }
        var end = s.run(from: i)
        // Trailing punctuation belongs to the sentence.
        while end > i + 1, let last = s[end - 1], [".", ",", ";", ":", "!", "?", ")", "]", "\"", "”", "'", "’", "`"].contains(last.text) {
            end -= 1
        }
        let tokens = (i..<end).compactMap { s[$0] }
        guard tokens.count == end - i, tokens.count >= 2,
              tokens.allSatisfy({ $0.isWord || $0.isNumber || marks[$0.text] != nil }) else { return nil }
        let slashes = tokens.filter { $0.is("/") }.count
        guard slashes > 0 else { return nil }
        // ("another meeting /s": sarcasm's mark, not the root's "s".)
        let rooted = tokens[0].is("/") && tokens[1].isWord && !(tokens.count == 2 && tokens[1].is("s") && end == s.t.count)
        let home = tokens[0].is("~") && tokens[1].is("/")
        let relative = tokens[0].is(".") && (tokens[1].is("/") || tokens[1].is(".") && tokens.count > 2 && tokens[2].is("/"))
        // "docs/INSTALL.txt", "src/speak/main.swift": a file's name with an extension at the end.
        let named = tokens[0].isWord && hasExtension(tokens)
        // "refs/heads/master", "subdir/file1", "text/plain": three parts or more, a part with a
        // digit or an underscore, or a media type ("and/or", "km/s", "TCP/IP" are none of them).
        let parts = tokens.split { $0.is("/") }
        // ("Bulgaria/Israel/Hungary" are alternatives, "OS/2" and "HTTP/2" names.)
        let titled = parts.allSatisfy { $0.count == 1 && $0[$0.startIndex].isCapitalized && $0[$0.startIndex].text.dropFirst().allSatisfy(\.isLowercase) }
        let named2 = parts.count == 2 && parts[0].count == 1 && parts[0][parts[0].startIndex].isAllCaps && parts[1].allSatisfy(\.isNumber)
        // ("she/her/hers", "yes/no/maybe", "salt/pepper/garlic": three words are a list.)
        let wordList = parts.count == 3 && parts.allSatisfy { $0.count == 1 && $0[$0.startIndex].isWord && WordList.contains($0[$0.startIndex].text) == true }
        let technical = !tokens[0].is("/") && parts.count >= 2 && parts.allSatisfy { !$0.isEmpty } && !titled && !named2 && !wordList && (parts.count >= 3
            || parts.contains { part in part.contains { $0.isNumber } || part.contains { $0.is("_") } } && !parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
            || parts.count == 2 && parts[0].count == 1 && mediaTypes.contains(parts[0][parts[0].startIndex].text)
                && parts[1].first.map { subtypes.contains($0.text) || $0.text.hasPrefix("x") && parts[1].count > 1 } == true)
        guard rooted || home || relative || named || technical else { return nil }
        var said: [String] = []
        for (k, token) in tokens.enumerated() {
            if let mark = marks[token.text] {
                said.append(mark)
            } else if token.isWord {
                let component = (k == 0 || tokens[k - 1].is("/")) && (k + 1 == tokens.count || tokens[k + 1].is("/"))
                said.append(component ? directories[token.text] ?? word(token.text) : word(token.text))
            } else {
                said.append(token.text)
            }
        }
        return RuleMatch(end: end, say: said.joined(separator: " "))
    }

    /// The last part is a name, a dot and an extension of one to six letters.
    private static func hasExtension(_ tokens: [Token]) -> Bool {
        guard tokens.count >= 4, let last = tokens.last, last.isWord, last.text.count <= 6, tokens[tokens.count - 2].is(".") else { return false }
        return tokens[tokens.count - 3].isWord || tokens[tokens.count - 3].isNumber
    }

    /// "-L/usr/lib", "-I/usr/include": a path glued to a one-letter option.
    private static func isOptionLetter(_ s: Scan, _ k: Int) -> Bool {
        guard let letter = s.t[safe: k], letter.isWord, letter.text.count == 1, s.glued(k + 1), s.glued(k),
              let dash = s.t[safe: k - 1], dash.is("-") else { return false }
        return s.startsWord(k - 1)
    }

    private static func word(_ text: String) -> String {
        EnglishWords.respelled[text] ?? text
    }
}
