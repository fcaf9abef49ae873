/// What shells, manuals and synopses write with symbols: options, paths, choices and an
/// editor's mode line.
extension EnglishSymbols {
    /// A slash between two words of a path, a branch or a time zone: "debian/control",
    /// "<lzma/base.h>", "origin/master", "Europe/Paris" (not "input/output").
    static func isPath(_ s: Scan, _ i: Int) -> Bool {
        guard let a = s[i - 1], let b = s[i + 1] else { return false }
        if pathHeads.contains(a.text) || s.t[safe: i - 2]?.is("<") == true && s.glued(i - 1) { return true }
        if timeZoneRegions.contains(a.text), b.isCapitalized { return true }
        // "lzma/base.h", "doc/README.txt": the file's extension.
        if let dot = s[i + 2], dot.is("."), s.glued(i + 2), let ext = s[i + 3], ext.isWord, s.glued(i + 3), ext.text.count <= 4,
           ext.isLowercase, s[i + 4].map({ !($0.isWord && s.glued(i + 4)) }) ?? true { return true }
        return false
    }

    static let pathHeads: Set<String> = ["debian", "DEBIAN", "usr", "etc", "src", "lib", "include", "bin", "sbin", "var", "tmp", "opt",
                                         "dev", "proc", "sys", "doc", "docs", "origin", "upstream", "refs", "heads", "pool", "dists",
                                         "contrib", "linux", "asm", "sound", "net", "X11", "gtk", "glib", "lzma", "openssl", "python3"]
    static let timeZoneRegions: Set<String> = ["Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic", "Antarctica",
                                               "Arctic", "Indian", "Etc"]

    /// Token `i` stands inside square or curly brackets opened a few tokens before.
    static func inChoices(_ s: Scan, _ i: Int) -> Bool {
        var k = i - 1
        while k >= max(0, i - 12), let t = s[k] {
            if t.is("[") || t.is("{") { return true }
            if t.spaceBefore && k < i - 1 || t.is("]") || t.is("}") { return false }
            k -= 1
        }
        return false
    }

    /// Emacs's mode line, "-*- outline -*-", "-*- coding: utf-8 -*-": a note to the editor.
    static func emacsModeLine(_ s: Scan, _ i: Int) -> RuleMatch? {
        // Set apart by spaces: "cr16-*-*" is a name with wildcards.
        func opens(_ k: Int) -> Bool {
            s[k]?.is("-") == true && s[k + 1]?.is("*") == true && s.glued(k + 1) && s[k + 2]?.is("-") == true && s.glued(k + 2)
                && s.startsWord(k) && (s[k + 3].map { $0.spaceBefore } ?? true)
        }
        guard opens(i) else { return nil }
        var k = i + 3
        while k < i + 24, s[k] != nil {
            if opens(k) { return RuleMatch(end: k + 3, say: "") }
            k += 1
        }
        return nil
    }

    /// A dash before a word that is an option: "find -name", "gcc -Wall", "using -sa", "the
    /// -exec option"; not "the suffix -ly" nor a dash of prose ("the plan -which failed").
    static func isOption(_ s: Scan, _ i: Int) -> Bool {
        guard let word = s[i + 1], word.text.count >= 2 else { return false }
        let prev = s.t[safe: i - 1]
        if let prev, prev.isWord, ["suffix", "suffixes", "prefix", "ending", "endings"].contains(prev.text.lowercased()) { return false }
        if let after = s[i + 2], after.is("-"), s.glued(i + 2) { return false }
        // "the -ly and -ing suffixes".
        if (i + 2...i + 5).contains(where: { s.lower($0).map { ["suffix", "suffixes", "prefix", "prefixes", "ending", "endings"].contains($0) } == true }) {
            return false
        }
        // "subsidiary(-ies)", "``star``-versions", "'.'-relative": a compound after a closing mark.
        if i >= 2, s.glued(i), s.glued(i - 1) { return false }
        if word.text.dropFirst().contains(where: \.isUppercase) { return true }
        // "gcc -Wall", not "EXHIBIT A -Mozilla Public License".
        if word.isCapitalized { return !(s[i + 2].map { $0.isWord && $0.isCapitalized } ?? false) }
        guard let prev else { return WordList.contains(word.text.lowercased()) == false }
        if ["(", "[", "'", "\"", "`", "‘", "“", ","].contains(prev.text) { return true }
        if prev.isWord, optionIntroducers.contains(prev.text.lowercased()) || commands.contains(prev.text) { return true }
        // A command a few words before: "find -name foo -exec rm".
        if s.t[max(0, i - 6)..<i].contains(where: { $0.isWord && commands.contains($0.text) }) { return true }
        return WordList.contains(word.text.lowercased()) == false && prev.isWord && prev.isLowercase
    }

    static let commands: Set<String> = ["find", "gcc", "cc", "clang", "ls", "tar", "grep", "sed", "awk", "ssh", "git", "java", "javac",
                                        "dpkg", "apt", "xargs", "curl", "wget", "ld", "rsync", "ps", "du", "df", "cp", "mv", "rm",
                                        "chmod", "chown", "python3", "perl", "npm", "pip", "dpkg-buildpackage", "debuild"]
    static let optionIntroducers: Set<String> = ["make", "sort", "less", "diff", "patch", "python", "ruby", "node", "use", "using", "with", "option", "options", "flag",
                                                 "flags", "switch", "pass", "passing", "add", "adding", "the", "an", "or", "and", "via",
                                                 "without", "run", "runs", "try", "call", "give", "given", "type", "enter", "invoke", "then"]
}
