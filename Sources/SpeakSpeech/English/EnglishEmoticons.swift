import Foundation

/// Faces drawn in text (":)", ";-)", ":D", ":'(", "XD") are decoration, like emoji: not read.
enum EnglishEmoticons {
    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
        if let face = drawn(s, i) { return face }
        // "Love you guys <333", "hilarious xD", "We shipped it \o/": a heart, a laugh, cheering, at the end.
        if let tok = s[i], tok.spaceBefore, i > 0, ["xD", "XD", "\\", "<"].contains(tok.text) {
            let end = s.run(from: i)
            let full = s.joined(i..<end).trimmingCharacters(in: .init(charactersIn: ".!?"))
            if s.t[end...].allSatisfy({ [".", "!", "?"].contains($0.text) }),
               ["xD", "XD", "\\o/", "\\O/"].contains(full) || full.hasPrefix("<3") && full.dropFirst().allSatisfy({ $0 == "3" }) {
                return RuleMatch(end: end, say: " ")
            }
        }
        guard let eyes = s[i], [":", ";", "=", "X", "x"].contains(eyes.text), eyes.spaceBefore || i == 0 || eyes.is("X") || eyes.is("x") else { return nil }
        var j = i + 1
        if let nose = s[j], ["-", "'", "^", "o"].contains(nose.text), s.glued(j) { j += 1 }
        guard let mouth = s[j], s.glued(j), mouths.contains(mouth.text) else { return nil }
        // "XD" must stand alone, and a face ends where the text or a space does (not "x:D" in code).
        if eyes.is("X") || eyes.is("x") {
            guard mouth.is("D"), eyes.spaceBefore || i == 0, j == i + 1 else { return nil }
        }
        if let after = s[j + 1], s.glued(j + 1), after.isWord || after.isNumber { return nil }
        // ":p history modifier" is a name, not a tongue: a letter's face ends the sentence.
        if mouth.isWord, mouth.isLowercase, let after = s[j + 1], after.isWord || after.isNumber { return nil }
        // "(see note :)" is a face; "f(x:)" and "a:b" are not: the face follows a word, a
        // sentence's mark or nothing.
        if let before = s.t[safe: i - 1], !(before.isWord || before.isNumber || [".", "!", "?", ","].contains(before.text)) { return nil }
        return RuleMatch(end: j + 1, say: " ")
    }

    static let shortcodes: Set<String> = ["thumbsup", "thumbsdown", "smile", "smiley", "heart", "+1", "-1", "tada", "fire", "rocket", "joy",
                                          "sob", "wink", "laughing", "grin", "clap", "pray", "eyes", "100", "wave", "sparkles", "warning",
                                          "bug", "star", "sunglasses", "thinking", "cry", "rofl", "muscle", "ok", "blush", "shrug", "facepalm"]
    static let faces: Set<String> = ["T_T", "T.T", "^_^", "^^", "^.^", "-_-", "o_O", "O_o", "o_o", "O_O", ">_<", "x_x", "X_X", ";_;", "u_u", "-.-", "=_="]
    /// Characters kaomoji are drawn with ("¯\_(ツ)_/¯", "(╯°□°)╯︵ ┻━┻", "(・ω・)").
    static let faceMarks: Set<Character> = ["ツ", "・", "ω", "╯", "╰", "︵", "┻", "━", "┳", "°", "□", "¯", "ಠ", "益", "ᴥ", "‿", "◕", "ʘ",
                                            "∀", "Д", "ε", "ლ", "ヽ", "ノ", "〃", "ﾉ", "ᗜ", "≧", "≦", "▽", "◠", "｀", "´", "⌒", "ㅅ"]

    /// A face drawn in characters: "T_T", ":thumbsup:" (a chat's emoji code), a kaomoji.
    static func drawn(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let tok = s[i], s.t[i].spaceBefore || i == 0 || s.t[i - 1].frozen,
              tok.text.count == 1 || !tok.text.contains(where: { $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        var end = s.run(from: i)
        let full = s.joined(i..<end)
        if faces.contains(full) { return RuleMatch(end: end, say: " ") }
        while end > i + 1, let last = s.t[safe: end - 1], [".", ",", "!", "?"].contains(last.text) { end -= 1 }
        let text = s.joined(i..<end)
        if faces.contains(text) { return RuleMatch(end: end, say: " ") }
        // (Not a reStructuredText role, ":rfc:", ":name:": an emoji's code has an underscore or is a known one.)
        let code = text.dropFirst().dropLast()
        if text.count >= 3, text.hasPrefix(":"), text.hasSuffix(":"), code.allSatisfy({ $0.isLowercase || $0.isNumber || "_+-".contains($0) }),
           code.contains("_") || shortcodes.contains(String(code)) {
            return RuleMatch(end: end, say: " ")
        }
        if full.count >= 3, !full.contains(where: { $0.isASCII && ($0.isLetter || $0.isNumber) }), full.filter({ faceMarks.contains($0) }).count >= 2,
           full.contains(where: { "()（）\\/╯┻¯ಠლ".contains($0) }) {
            return RuleMatch(end: s.run(from: i), say: " ")
        }
        return nil
    }

    private static let mouths: Set<String> = [")", "(", "D", "P", "p", "O", "o", "/", "|", "]", "[", "*", "3", "S"]
}
