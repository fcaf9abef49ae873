import Foundation

/// Clean-up before any rule reads the text: ligatures spelled out, soft hyphens dropped,
/// emoji, bullets, emphasis asterisks and footnote daggers made pauses.
enum CharacterPass {
    static let ligatures: [Unicode.Scalar: String] = [
        "\u{FB00}": "ff", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB03}": "ffi", "\u{FB04}": "ffl",
        "\u{FB05}": "st", "\u{FB06}": "st", "\u{0132}": "IJ", "\u{0133}": "ij", "\u{1E9E}": "SS",
    ]
    static let bullets: Set<Unicode.Scalar> = ["•", "▪", "▫", "◦", "‣", "▸", "▹", "►", "▶", "■", "□", "●", "○", "◆", "◇",
                                               "⁃", "∙", "·", "➢", "➤", "✦", "✧", "❖", "⦿", "⦾"]
    static let daggers: Set<Unicode.Scalar> = ["†", "‡", "⁂", "※"]

    static func edits(_ s: [Unicode.Scalar], skip: Set<SkipRule>) -> [Edit] {
        var edits: [Edit] = []
        var i = 0
        while i < s.count {
            let u = s[i]
            if let repair = CharacterRepairs.repair(s, i) {
                edits.append(Edit(range: i..<repair.end, replacement: repair.text, final: false))
                i = repair.end
                continue
            } else if u == "∘", i > 0, ("0"..."9").contains(s[i - 1]) {
                // PDFs of papers give the degree sign as a ring operator: "80∘C".
                edits.append(Edit(range: i..<(i + 1), replacement: "°", final: false))
            } else if let lig = ligatures[u] {
                edits.append(Edit(range: i..<(i + 1), replacement: lig, final: false))
            } else if let plain = styled(u) {
                // Fullwidth, mathematical bold or italic, circled and small-capital letters and digits.
                var j = i + 1
                var text = plain
                while j < s.count, let next = styled(s[j]) { text += next; j += 1 }
                edits.append(Edit(range: i..<j, replacement: text, final: false))
                i = j
                continue
            } else if let keycap = keycap(s, i) {
                edits.append(Edit(range: i..<keycap.end, replacement: keycap.text, final: false))
                i = keycap.end
                continue
            } else if u == "\u{00AD}" || u == "\u{200B}" || u == "\u{2060}" {
                edits.append(Edit(range: i..<(i + 1), replacement: "", final: false))
            } else if isEmoji(s, i) {
                var j = i + 1
                while j < s.count, isEmojiPart(s[j]) || isEmoji(s, j) { j += 1 }
                edits.append(Edit(range: i..<j, replacement: " ", final: true))
                i = j
                continue
            } else if bullets.contains(u), u != "·" || i == 0 || s[i - 1] == " " {
                edits.append(Edit(range: i..<(i + 1), replacement: " ", final: true))
            } else if daggers.contains(u) {
                edits.append(Edit(range: i..<(i + 1), replacement: " ", final: true, skipped: skip.contains(.footnotes) ? .footnotes : nil))
            } else if u == "*" || u == "_", let end = emphasis(s, i) {
                edits.append(Edit(range: i..<end, replacement: "", final: false))
                i = end
                continue
            } else if u == "\u{02BC}" || (u == "`" && i > 0 && i + 1 < s.count && s[i - 1].properties.isAlphabetic && s[i + 1].properties.isAlphabetic) {
                // A modifier-letter apostrophe or a backtick between letters is an apostrophe.
                edits.append(Edit(range: i..<(i + 1), replacement: "'", final: false))
            } else if (u == "’" || u == "'"), i + 2 < s.count, s[i + 1] == "n", s[i + 2] == "’" || s[i + 2] == "'",
                      i == 0 || s[i - 1] == " ", i + 3 == s.count || s[i + 3] == " ", !Self.namesALetter(s, before: i) {
                // "fish ’n’ chips" ("the 'n' type" names a letter)
                edits.append(Edit(range: i..<(i + 3), replacement: "and", final: false))
                i += 3
                continue
            }
            i += 1
        }
        return edits
    }

    static let smallCapitals: [Unicode.Scalar: String] = [
        "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j", "ᴋ": "k", "ʟ": "l",
        "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ʏ": "y", "ᴢ": "z",
    ]

    /// The plain letter or digit a styled one stands for: fullwidth forms, mathematical
    /// alphanumerics (𝐁𝐨𝐥𝐝, 𝘪𝘵𝘢𝘭𝘪𝘤), circled and parenthesised numbers, small capitals.
    static func styled(_ u: Unicode.Scalar) -> String? {
        if let small = smallCapitals[u] { return small }
        let v = u.value
        guard (0xFF01...0xFF5E).contains(v) || (0x1D400...0x1D7FF).contains(v) || (0x2460...0x24FF).contains(v) else { return nil }
        let plain = String(u).precomposedStringWithCompatibilityMapping
        return plain == String(u) ? nil : plain
    }

    /// A keycap emoji said as its digit: "1️⃣" → 1, "🔟" → 10.
    static func keycap(_ s: [Unicode.Scalar], _ i: Int) -> (end: Int, text: String)? {
        if s[i] == "\u{1F51F}" { return (i + 1, "10") }
        guard ("0"..."9").contains(s[i]) || s[i] == "#" || s[i] == "*" else { return nil }
        var j = i + 1
        if j < s.count, s[j] == "\u{FE0F}" { j += 1 }
        guard j < s.count, s[j] == "\u{20E3}" else { return nil }
        return (j + 1, String(s[i]))
    }

    /// A decorative pictograph: emoji presentation, or a symbol followed by U+FE0F.
    static func isEmoji(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        let u = s[i]
        let p = u.properties
        if u.value >= 0x1F000, p.isEmoji || p.isEmojiPresentation { return true }
        if p.isEmojiPresentation { return true }
        if (0x2600...0x27BF).contains(u.value), p.isEmoji { return true }
        if i + 1 < s.count, s[i + 1] == "\u{FE0F}", p.isEmoji, !(0x30...0x39).contains(u.value), u != "#", u != "*" { return true }
        return false
    }

    static func isEmojiPart(_ u: Unicode.Scalar) -> Bool {
        u == "\u{FE0F}" || u == "\u{FE0E}" || u == "\u{200D}" || (0x1F3FB...0x1F3FF).contains(u.value) || (0xE0020...0xE007F).contains(u.value)
    }

    /// Emphasis marks (`*word*`, `**bold**`, `_word_`) and footnote stars (`tax.*`): a run of
    /// asterisks or underscores with a space or the text's edge on one side only; the end of
    /// the run when it is one. `2 * 3`, `2*3` and `snake_case` are not.
    static func emphasis(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
        let mark = s[i]
        var end = i
        while end < s.count, s[end] == mark, end - i < 3 { end += 1 }
        let before: Unicode.Scalar = i > 0 ? s[i - 1] : " "
        let after: Unicode.Scalar = end < s.count ? s[end] : " "
        guard before != mark, after != mark else { return nil }
        let open = before.properties.isWhitespace || "([\"“".unicodeScalars.contains(before)
        let close = after.properties.isWhitespace || ".,;:!?)]\"”".unicodeScalars.contains(after)
        guard open != close else { return nil }
        let inner = open ? after : before
        guard inner.properties.isAlphabetic || inner.properties.numericType != nil || ".,;:!?)\"”".unicodeScalars.contains(inner) else { return nil }
        // An underscore needs its partner ("_word_"); a lone one is a character of its own, and
        // two are Python's ("__init__").
        if mark == "_", end - i == 2 { return nil }
        if mark == "_" {
            return open ? (s[end...].prefix(80).contains("_") ? end : nil) : (s[..<i].suffix(80).contains("_") ? end : nil)
        }
        // An opening star needs its partner too, a star that closes: "char *p" is a pointer, and
        // "f(*args, **kwargs)" opens twice.
        if open, !s[end...].prefix(80).indices.contains(where: { s[$0] == "*" && !s[$0 - 1].properties.isWhitespace && s[$0 - 1] != "*" }) {
            return nil
        }
        return end
    }

    /// The word before a quoted letter points at it: "the 'n' type", "a 'n' flag".
    static func namesALetter(_ s: [Unicode.Scalar], before i: Int) -> Bool {
        var end = i
        while end > 0, s[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, s[start - 1].properties.isAlphabetic { start -= 1 }
        let word = String(String.UnicodeScalarView(s[start..<end])).lowercased()
        return ["the", "a", "an", "letter", "character", "type", "option", "flag", "use", "uses", "with", "of"].contains(word)
    }
}
