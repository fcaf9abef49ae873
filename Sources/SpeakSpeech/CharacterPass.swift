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
            if let lig = ligatures[u] {
                edits.append(Edit(range: i..<(i + 1), replacement: lig, final: false))
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
            } else if u == "*", isEmphasis(s, i) {
                edits.append(Edit(range: i..<(i + 1), replacement: "", final: false))
            }
            i += 1
        }
        return edits
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

    /// `*word*` emphasis: an asterisk against a letter on one side and a space or the text's
    /// end on the other (not `2 * 3`, not a footnote star after a word).
    static func isEmphasis(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        let before = i > 0 ? s[i - 1] : " "
        let after = i + 1 < s.count ? s[i + 1] : " "
        let letter: (Unicode.Scalar) -> Bool = { $0.properties.isAlphabetic }
        let open = !letter(before) && letter(after)
        let close = letter(before) && !letter(after) && after != "*"
        guard open || close else { return false }
        // The other asterisk of the pair on the same line; a closing one stands for itself (the
        // text may start after its partner, and a star after a word is a footnote mark).
        if open { return s[(i + 1)...].prefix(80).contains("*") }
        return true
    }
}
