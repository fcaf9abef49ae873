/// Character-level clean-up shared by all importers: ligatures become letters, soft hyphens,
/// zero-width spaces, BOMs and U+FFFD disappear, control characters become spaces, and
/// no-break spaces become plain spaces, and the Unicode hyphens (U+2010, U+2011) become the
/// ASCII one, so a word broken at a line end by groff or a typesetter is rejoined like any
/// other. Line breaks (\n) and form feeds (\f) are kept for
/// the importer to interpret.
public enum CharacterCleanup {
    public static func clean(_ text: String) -> String {
        // Fast path: printable ASCII plus newlines needs nothing.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }) { return text }
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.unicodeScalars.underestimatedCount)
        var afterCarriageReturn = false
        for s in text.unicodeScalars {
            defer { afterCarriageReturn = s.value == 0x0D }
            switch s.value {
            case 0x0A:
                // "\r\n" is one line break, not two.
                if !afterCarriageReturn { out.append(s) }
            case 0x0C:
                out.append(s)
            case 0x0D:
                out.append("\n")
            case 0x09, 0x0B, 0x00A0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
                out.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                out.append(" ")
            case 0x00AD, 0x200B, 0x2060, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF:
                continue
            case 0x2010, 0x2011:
                out.append("-")
            case 0x2028, 0x2029:
                out.append("\n")
            case 0xFB00...0xFB06:
                out.append(contentsOf: ligature(s.value).unicodeScalars)
            default:
                out.append(s)
            }
        }
        return String(out)
    }

    private static func ligature(_ value: UInt32) -> String {
        switch value {
        case 0xFB00: "ff"
        case 0xFB01: "fi"
        case 0xFB02: "fl"
        case 0xFB03: "ffi"
        case 0xFB04: "ffl"
        default: "st"
        }
    }
}
