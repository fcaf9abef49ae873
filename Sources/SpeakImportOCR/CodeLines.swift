/// Program code on a scanned page or a screenshot (an editor, a terminal, a listing): lines
/// that end like statements, hold operators and calls no prose has, or start with a line
/// number. Code is kept as a skipped "code" block, as the HTML and Markdown importers keep
/// `<pre>` and fenced code: read on request, never as prose.
enum CodeLines {
    /// Most lines (three in five) must look like code, each by two signs or more; a single
    /// line needs three.
    /// A numbered listing (lines numbered one after another, as editors, diffs and coverage
    /// reports show code) needs only a sign of code in a third of its lines.
    static func isCode(_ lines: [String]) -> Bool {
        guard let first = lines.first else { return false }
        if lines.count == 1 { return signs(first) >= 3 }
        if lines.filter({ signs($0) >= 2 }).count * 5 >= lines.count * 3 { return true }
        return isNumberedListing(lines) && lines.filter { signs($0) >= 1 }.count * 3 >= lines.count
    }

    /// Most lines start with a number one more than the line before's.
    static func isNumberedListing(_ lines: [String]) -> Bool {
        guard lines.count >= 3 else { return false }
        let numbers = lines.map { line in
            Int(line.trimmingCharacters(in: .whitespaces).prefix { $0.isASCII && $0.isNumber }.prefix(5))
        }
        let steps = zip(numbers, numbers.dropFirst()).filter { pair in
            guard let a = pair.0, let b = pair.1 else { return false }
            return b == a + 1
        }.count
        return steps * 2 >= lines.count
    }

    private static let operators = ["::", "->", "=>", "==", "!=", "&&", "||", "+=", "-=", "</", "/>", "#include", "#define",
                                    "();", "){", ") {", "[]", "0x"]
    private static let keywords = ["fn ", "let ", "var ", "const ", "def ", "func ", "return ", "import ", "#!", "self.", "this.",
                                   "println!", "printf(", "else {", "} else", "if (", "for (", "while ("]

    /// How many signs of code the line shows.
    static func signs(_ line: String) -> Int {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return 0 }
        var count = 0
        if let last = text.last, "{};".contains(last) { count += 1 }
        if text.first == "}" || text.first == "{" { count += 1 }
        count += operators.filter { text.contains($0) }.count
        count += keywords.filter { text.contains($0) }.count
        // A call: name(arguments) with no space before the parenthesis, or snake_case names.
        if text.range(of: #"[A-Za-z_][A-Za-z0-9_]*\([^)]*\)"#, options: .regularExpression) != nil { count += 1 }
        if text.range(of: #"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"#, options: .regularExpression) != nil { count += 1 }
        return count
    }
}
