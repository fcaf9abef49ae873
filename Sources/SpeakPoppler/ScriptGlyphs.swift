import SpeakImport

/// Raised and lowered small glyphs attached to a word, kept as Unicode super- and subscripts:
/// affiliation and footnote marks ("Baraffe¹,²"), citation numbers, exponents ("s⁻¹", "m²")
/// and chemical subscripts ("H₂O"). The text keeps them; the spoken-text layer decides what is
/// said (a mark after a name is skipped, "m²" is "square meters").
enum ScriptGlyphs {
    enum Position { case raised, lowered }

    /// Where `word` sits against `base`, the last full-size word of its line: smaller and
    /// raised or lowered, and short.
    static func position(of word: PopplerText.Word, base: PopplerText.Word?) -> Position? {
        guard let base, word.rotation == 0, base.rotation == 0, word.end - word.start <= 12,
              word.size < base.size * 0.8, abs(word.baseline - base.baseline) < base.size * 0.7,
              word.left < base.right + base.size * 2 else { return nil }
        if word.baseline < base.baseline - base.size * 0.2 { return .raised }
        if word.baseline > base.baseline + base.size * 0.1 { return .lowered }
        return nil
    }

    /// The glyphs' text as superscripts or subscripts; nil when it is not what such marks are
    /// made of (a raised word of letters is a small-caps word or a label, not a mark).
    static func text(_ text: String, _ position: Position) -> String? {
        var out = ""
        for character in text {
            if position == .raised, let mark = raised[character] {
                out.append(mark)
            } else if position == .lowered, let mark = lowered[character] {
                out.append(mark)
            } else {
                return nil
            }
        }
        return out.contains(where: { $0 != "," }) ? out : nil
    }

    /// Digits and signs, and the marks of notes and affiliations kept as they are.
    private static let raised: [Character: Character] = ScriptCharacters.raised.merging(
        [",": ",", "*": "*", "†": "†", "‡": "‡", "§": "§", "¶": "¶",
         // Math fonts' star (⋆) comes out of poppler as "?".
         "?": "*", "⋆": "*"]) { digitOrSign, _ in digitOrSign }

    private static let lowered = ScriptCharacters.lowered
}
