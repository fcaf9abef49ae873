/// Digits and signs as Unicode superscripts and subscripts ("m²", "s⁻¹", "H₂O"), for importers
/// that find them set small and raised or lowered (a PDF's glyphs, HTML's `<sup>`): the text
/// keeps them so, and the spoken-text layer says a power and skips a note's mark.
public enum ScriptCharacters {
    /// 0–9, plus, minus (hyphen or U+2212), equals and parentheses, raised.
    public static let raised: [Character: Character] = map("⁰¹²³⁴⁵⁶⁷⁸⁹", plus: "⁺", minus: "⁻", equals: "⁼", open: "⁽", close: "⁾")
    /// The same, lowered.
    public static let lowered: [Character: Character] = map("₀₁₂₃₄₅₆₇₈₉", plus: "₊", minus: "₋", equals: "₌", open: "₍", close: "₎")

    private static func map(_ digits: String, plus: Character, minus: Character, equals: Character, open: Character,
                            close: Character) -> [Character: Character] {
        var map: [Character: Character] = ["+": plus, "-": minus, "−": minus, "=": equals, "(": open, ")": close]
        for (digit, mark) in zip("0123456789", digits) { map[digit] = mark }
        return map
    }
}
