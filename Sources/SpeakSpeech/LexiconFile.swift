import Foundation

/// The lexicon's plain-text form: one entry a line, `scope<TAB>pattern<TAB>replacement<TAB>flags`
/// (flags: regex, phonemes, partial, anycase), tabs, newlines and backslashes escaped.
public enum LexiconFile {
    public static let header = "# speak lexicon: scope<TAB>pattern<TAB>replacement<TAB>flags (regex, phonemes, partial, anycase)\n"

    /// One line for an entry with its scope ("global", "folder:PATH", "document:ID").
    public static func line(scope: String, entry: LexiconEntry) -> String {
        [scope, escape(entry.pattern), escape(entry.replacement), entry.flags.joined(separator: ",")].joined(separator: "\t") + "\n"
    }

    /// A line that cannot be read: its number and why.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    /// The entries of a file, each with its scope and line number; comments and blank lines
    /// skipped. The first wrong line is the error.
    public static func parse(_ text: String) throws(Problem) -> [(line: Int, scope: String, entry: LexiconEntry)] {
        var out: [(Int, String, LexiconEntry)] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, !fields[1].isEmpty else { throw Problem(line: n + 1, reason: "expected at least three tab-separated fields") }
            let flags = Set(fields.count > 3 ? fields[3].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [])
            let known: Set<String> = ["regex", "phonemes", "partial", "anycase"]
            if let unknown = flags.first(where: { !known.contains($0) }) { throw Problem(line: n + 1, reason: "unknown flag '\(unknown)'") }
            out.append((n + 1, fields[0], LexiconEntry(pattern: unescape(fields[1]), replacement: unescape(fields[2]), isRegex: flags.contains("regex"),
                                                       isPhonemes: flags.contains("phonemes"), wholeWord: !flags.contains("partial"),
                                                       caseSensitive: !flags.contains("anycase"))))
        }
        return out
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                out.append(c == "t" ? "\t" : c == "n" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
