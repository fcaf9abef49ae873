/// Character classes shared by word and sentence segmentation, with an ASCII fast path:
/// most text is ASCII and `Unicode.Scalar.Properties` lookups are comparatively slow.
enum CharacterClass {
    /// Marks between clauses, where a long sentence can be cut with the least harm.
    static func isClauseMark(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case ",", ";", ":", "\u{2013}", "\u{2014}", "\u{3001}", "\u{FF0C}", "\u{FF1B}", "\u{FF1A}": true
        default: false
        }
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s.value == 0x20 || (s.value >= 0x09 && s.value <= 0x0D) }
        return s.properties.isWhitespace || s.value == 0x200B
    }

    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return (s.value | 0x20) >= 0x61 && (s.value | 0x20) <= 0x7A }
        return s.properties.isAlphabetic
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s.value >= 0x30 && s.value <= 0x39 }
        return s.properties.numericType != nil
    }

    static func isUppercase(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s.value >= 0x41 && s.value <= 0x5A }
        return s.properties.isUppercase
    }

    static func isLowercase(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s.value >= 0x61 && s.value <= 0x7A }
        return s.properties.isLowercase
    }

    /// Something a speech engine pronounces: letters, digits, symbols ($ € + = © emoji) and a
    /// few punctuation marks that are read as words (& % @ #).
    static func isSpeakable(_ s: Unicode.Scalar) -> Bool {
        if isLetter(s) || isDigit(s) { return true }
        switch s {
        case "&", "%", "@", "#", "‰", "§", "¶": return true
        default: break
        }
        if s.value < 0x80 { return "$+<=>^|~`".unicodeScalars.contains(s) && s != "`" }
        switch s.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .otherSymbol, .modifierSymbol: return true
        default: return false
        }
    }

    /// Punctuation removed from the start of a word: opening brackets and quotes.
    static func isLeadingPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\"", "'", "`", "(", "[", "{", "¡", "¿", "«", "‹", "*", "_", "<": return true
        default: break
        }
        if s.value < 0x80 { return false }
        switch s.properties.generalCategory {
        case .openPunctuation, .initialPunctuation, .finalPunctuation: return true
        default: return false
        }
    }

    /// Punctuation removed from the end of a word (the full stop is handled separately,
    /// because abbreviations keep it).
    static func isTrailingPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\"", "'", "`", ")", "]", "}", ",", ";", ":", "!", "?", "»", "›", "…", "*", "_", ">":
            return true
        default: break
        }
        if s.value < 0x80 { return false }
        switch s.properties.generalCategory {
        case .closePunctuation, .finalPunctuation, .initialPunctuation: return true
        default: return false
        }
    }

    /// Dashes and ellipses that separate words even without spaces ("yes—no", "wait…what").
    static func isWordSeparator(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2014, 0x2015, 0x2E3A, 0x2E3B, 0x2026: return true
        default: return false
        }
    }

    /// Ideographic and syllabic scripts written without spaces: each character is a word.
    static func isUnspacedScript(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }

    /// Characters that end a sentence.
    static func isSentenceTerminator(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case ".", "!", "?", "…", "。", "！", "？", "‼", "⁇", "⁈", "⁉": return true
        default: return false
        }
    }
}
