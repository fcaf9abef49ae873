/// Plain text to Apertium's stream format and back, as its txt format programs
/// (`apertium-destxt -n`, `apertium-retxt`) do it, written here so that one running pipeline
/// can take many paragraphs, each ended by a NUL (null-flush mode): destxt would drop them.
enum ApertiumFormat {
    /// Characters with a meaning in the stream format, escaped with a backslash.
    static let special: Set<Character> = ["[", "]", "\\", "^", "$", "/", "@", "<", ">", "{", "}"]

    /// Text as the stream format: specials escaped; a blank other than one space (several
    /// spaces, a tab, a line break, with any `~` in it) kept whole as a superblank `[…]`;
    /// `[]` before a blank line and at the end, as destxt writes them.
    static func deformat(_ text: String) -> String {
        var out = ""
        var blank = ""
        func flushBlank() {
            guard !blank.isEmpty else { return }
            if blank == " " {
                out += " "
            } else {
                if blank.filter({ $0 == "\n" }).count >= 2 { out += "[]" }
                out += "[" + blank + "]"
            }
            blank = ""
        }
        for character in text {
            if character.isWhitespace || character == "~" {
                blank.append(character)
                continue
            }
            flushBlank()
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        flushBlank()
        return out + "[]"
    }

    /// The stream format back to text: escapes undone, superblanks (and word-bound blanks
    /// `[[…]]`) written out as they are.
    static func reformat(_ stream: String) -> String {
        var out = ""
        var iterator = stream.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "\\":
                if let next = iterator.next() { out.append(next) }
            case "[":
                // A superblank: its content raw, up to the closing bracket; a word-bound blank
                // "[[t:…]]" carries formatting only, and goes.
                var content = ""
                var escaped = false
                while let inner = iterator.next() {
                    if escaped {
                        content.append(inner)
                        escaped = false
                    } else if inner == "\\" {
                        escaped = true
                    } else if inner == "]" {
                        break
                    } else {
                        content.append(inner)
                    }
                }
                if content.hasPrefix("[") {
                    _ = iterator.next()  // the second closing bracket
                } else {
                    out += content
                }
            default:
                out.append(character)
            }
        }
        return out
    }
}
