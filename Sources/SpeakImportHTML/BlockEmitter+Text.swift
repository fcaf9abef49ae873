/// How the emitter reads the text of a piece: whitespace collapsed, header-link marks known.
extension BlockEmitter {
    /// What header links show: a link with one of these is a mark wherever it points.
    static let headerMarks: Set<String> = ["¶", "#", "§", "🔗", "◆", "¤", "⚓", "∞", "⁋"]

    /// A header-link or permalink mark ("¶", "#", "§", "🔗"): it has no words to read.
    static func isMark(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 8 && text.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic && $0.properties.numericType == nil }
    }

    static func collapse(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Unicode whitespace, with the common ASCII case answered without a property lookup.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
}
