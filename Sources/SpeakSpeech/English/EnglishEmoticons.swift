/// Faces drawn in text (":)", ";-)", ":D", ":'(", "XD") are decoration, like emoji: not read.
enum EnglishEmoticons {
    static func match(_ s: Scan, _ i: Int) -> RuleMatch? {
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

    private static let mouths: Set<String> = [")", "(", "D", "P", "p", "O", "o", "/", "|", "]", "[", "*", "3", "S"]
}
