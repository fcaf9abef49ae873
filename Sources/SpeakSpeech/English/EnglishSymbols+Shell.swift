/// What shells, manuals and synopses write with symbols: options, paths, choices, an editor's
/// mode line and a version-control system's stamp.
extension EnglishSymbols {
    /// A slash between two words of a path, a branch or a time zone: "debian/control",
    /// "<lzma/base.h>", "origin/master", "Europe/Paris" (not "input/output").
    static func isPath(_ s: Scan, _ i: Int) -> Bool {
        guard let a = s[i - 1], let b = s[i + 1] else { return false }
        if pathHeads.contains(a.text), b.isLowercase, !alternatives.contains(b.text) { return true }
        if s.t[safe: i - 2]?.is("<") == true && s.glued(i - 1) { return true }
        // "Europe/Paris", not "Europe/Asia relations" or "Indian/Chinese".
        if timeZoneRegions.contains(a.text), b.isCapitalized, !timeZoneRegions.contains(b.text), !b.text.hasSuffix("an"),
           !b.text.hasSuffix("ese"), !b.text.hasSuffix("ish"), s[i + 2].map({ $0.isWord && $0.isCapitalized }) != true { return true }
        // "lzma/base.h", "doc/README.txt": the file's extension.
        if let dot = s[i + 2], dot.is("."), s.glued(i + 2), let ext = s[i + 3], ext.isWord, s.glued(i + 3), ext.text.count <= 4,
           ext.isLowercase, s[i + 4].map({ !($0.isWord && s.glued(i + 4)) }) ?? true { return true }
        return false
    }

    /// Folders that are rarely a word of an alternative ("include/exclude", "net/gross" are).
    static let pathHeads: Set<String> = ["debian", "DEBIAN", "usr", "etc", "src", "sbin", "proc", "docs", "origin", "refs", "dists",
                                         "asm", "X11", "gtk", "glib", "lzma", "openssl", "python3"]
    static let alternatives: Set<String> = ["ubuntu", "fedora", "windows", "mac", "macos", "linux", "bsd", "arch", "redhat"]
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
            if opens(k) {
                // A mode's name ("outline") or settings ("coding: utf-8"), not "-*- The Storm -*-".
                let inside = s.t[(i + 3)..<k]
                let settings = inside.contains { $0.is(":") } || inside.count == 1 && inside.first?.isLowercase == true
                return settings ? RuleMatch(end: k + 3, say: "") : nil
            }
            k += 1
        }
        return nil
    }

    /// A dash before a word that is an option: "find -name", "gcc -Wall", "using -sa", "the
    /// -exec option". Prose writes dashes before words too ("-Eggs -Milk", "Thanks -Bob",
    /// "with -of all people-", "the -ing form"): an English word is an option only right after a
    /// command or another option, any other word after an opening bracket, a word that
    /// introduces options, or a lowercase word.
    static func isOption(_ s: Scan, _ i: Int) -> Bool {
        guard let word = s[i + 1], word.text.count >= 2 else { return false }
        let prev = s.t[safe: i - 1]
        let lower = word.text.lowercased()
        if suffixes.contains(lower) { return false }
        if let prev, prev.isWord, ["suffix", "suffixes", "prefix", "ending", "endings"].contains(prev.text.lowercased()) { return false }
        if let after = s[i + 2], after.is("-"), s.glued(i + 2) { return false }
        if (i + 2...i + 5).contains(where: { s.lower($0).map { ["suffix", "suffixes", "prefix", "prefixes", "ending", "endings"].contains($0) } == true }) {
            return false
        }
        // "subsidiary(-ies)", "``star``-versions", "'.'-relative": a compound after a closing mark.
        if i >= 2, s.glued(i), s.glued(i - 1) { return false }
        // Right after a command, or after one and an option: "find -name foo -exec".
        if let prev, prev.isWord, commands.contains(prev.text) { return true }
        if let k = (max(0, i - 6)..<i).last(where: { s.t[$0].isWord && commands.contains(s.t[$0].text) }),
           (k + 1..<i).contains(where: { s.t[$0].is("-") && s.t[$0].spaceBefore }) { return true }
        // Otherwise only a word no dictionary has: "-sa", "-Wall", "-fexceptions", "-print0".
        // ("an -iPhone", "on -eBay": a name's own capitals.)
        guard WordList.contains(lower) == false, !(word.isLowercase && word.text.contains(where: \.isUppercase)) else { return false }
        guard let prev else { return word.isLowercase }
        // An opening bracket or quote right against the dash: "[-f FILE]", "'-sa'".
        if s.glued(i), ["(", "[", "'", "\"", "`", "‘", "“"].contains(prev.text) { return true }
        if prev.isWord, optionIntroducers.contains(prev.text.lowercased()) { return true }
        return word.isLowercase && prev.isWord && prev.isLowercase
    }

    /// Endings named in grammar: "the -ing form", "ending in -ize".
    static let suffixes: Set<String> = ["ing", "ize", "ise", "ation", "tion", "sion", "ness", "ism", "ist", "ship", "ly", "ish", "ed", "er",
                                        "est", "ful", "less", "able", "ible", "ment", "ity", "ous", "ive", "al", "ic", "ify", "en",
                                        "hood", "dom", "ward", "wards", "wise", "like", "esque", "ette", "ee", "eer", "ian", "an", "s", "es"]

    static let commands: Set<String> = ["gcc", "cc", "clang", "ls", "tar", "grep", "sed", "awk", "ssh", "git", "javac", "dpkg", "xargs",
                                        "curl", "wget", "ld", "rsync", "ps", "du", "df", "cp", "mv", "rm", "chmod", "chown", "python3",
                                        "perl", "npm", "pip", "debuild", "find"]
    /// Programs a shell pipes text into.
    static let filters: Set<String> = ["grep", "egrep", "fgrep", "sort", "less", "more", "head", "tail", "wc", "xargs", "awk", "sed",
                                       "tee", "cut", "tr", "uniq", "sh", "bash", "sudo", "jq", "column", "nl", "cat", "gzip", "xz",
                                       "bzip2", "zstd", "base64", "od", "hexdump", "fold", "fmt", "paste", "python", "python3", "perl",
                                       "ssh", "lpr", "mail", "gpg", "openssl", "sha256sum", "md5sum", "iconv", "rev", "shuf", "zcat"]
    /// Fields of a Debian package's relations, whose "|" separates alternatives.
    static let relationFields: Set<String> = ["Depends", "Pre-Depends", "Recommends", "Suggests", "Enhances", "Build-Depends",
                                              "Build-Depends-Indep", "Build-Depends-Arch", "Conflicts", "Breaks", "Provides"]
    static let optionIntroducers: Set<String> = ["use", "using", "option", "options", "flag", "flags", "switch", "pass", "passing",
                                                 "add", "adding", "the", "via", "invoke", "with", "without", "or", "and"]

    /// A version-control system's stamp ("$Id: README,v 1.12 2003/04/05 12:34:56 joe Exp $",
    /// "$Revision: 1.5 $", "$Date$") is for the tool, not the reader: silent.
    static func revisionStamp(_ s: Scan, _ i: Int) -> RuleMatch? {
        guard let dollar = s[i], dollar.is("$"), let key = s[i + 1], s.glued(i + 1), stampKeys.contains(key.text),
              let mark = s[i + 2], s.glued(i + 2), mark.is("$") || mark.is(":") else { return nil }
        if mark.is("$") { return RuleMatch(end: i + 3, say: " ") }
        var j = i + 3
        while let t = s[j], j < i + 40 {
            if t.is("$") { return RuleMatch(end: j + 1, say: " ") }
            j += 1
        }
        return nil
    }

    static let stampKeys: Set<String> = ["Id", "Revision", "Rev", "Date", "Author", "Header", "Log", "Source", "RCSfile", "Name",
                                         "Locker", "State", "LastChangedDate", "LastChangedRevision", "LastChangedBy", "HeadURL", "Format"]
}
