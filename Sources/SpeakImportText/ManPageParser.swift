import Foundation
import SpeakImport
import SpeakModel

/// Formatted manual pages, as `man -P cat bash` or `man bash | col -b` print them: the
/// running header ("BASH(1)  General Commands Manual  BASH(1)") and footer are kept as
/// skipped blocks, section names (NAME, SYNOPSIS, DESCRIPTION …, at the left margin) and
/// subsections (indented by less than the text) become headings and so chapters, and each
/// tagged paragraph (an option and its description) is a block of its own: the tag as a
/// list item, its description as a paragraph. The title is the NAME line ("bash - GNU
/// Bourne-Again SHell").
struct ManPageParser {
    let joiner: LineJoiner

    /// The page's name and section ("BASH", "1") when `text` starts like a formatted man page.
    static func header(of text: String) -> (name: Substring, section: Substring)? {
        guard let first = text.split(separator: "\n", maxSplits: 8).first(where: { !$0.trimmingSpaces().isEmpty }) else {
            return nil
        }
        return runningLine(first)
    }

    /// "NAME(S)   centre   NAME(S)": a line that starts and ends with the same page reference.
    private static func runningLine(_ line: Substring) -> (name: Substring, section: Substring)? {
        let trimmed = line.trimmingSpaces()
        guard let open = trimmed.firstIndex(of: "("), let close = trimmed[open...].firstIndex(of: ")") else { return nil }
        let name = trimmed[..<open], section = trimmed[trimmed.index(after: open)..<close]
        guard !name.isEmpty, !name.contains(" "), (1...8).contains(section.count),
              section.allSatisfy({ $0.isLetter || $0.isNumber }), section.first?.isNumber == true else { return nil }
        let reference = trimmed[...close]
        guard trimmed.count > reference.count * 2, trimmed.hasSuffix(reference), trimmed.contains("  ") else { return nil }
        return (name, section)
    }

    /// A page's footer ("GNU Bash 5.2   2022 September 19   BASH(1)"): it ends with the page
    /// reference after a wide gap.
    private static func isRunningLine(_ line: Substring, reference: String) -> Bool {
        line.hasSuffix(reference) && line.dropLast(reference.count).hasSuffix("  ")
            || line.hasPrefix(reference) && line.dropFirst(reference.count).hasPrefix("  ")
    }

    /// Appends the page's blocks; returns the title from its NAME section.
    func parse(_ text: String, name: Substring, section: Substring, into builder: inout DocumentBuilder) -> String? {
        let reference = "\(name)(\(section))"
        var title: String?
        var inName = false
        var group: [(indent: Int, text: Substring)] = []
        func flushGroup() {
            defer { group = [] }
            guard !group.isEmpty else { return }
            for block in blocks(of: group) {
                if inName, title == nil, block.kind == .paragraph { title = block.text }
                builder.append(block.kind, text: block.text)
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let content = line.trimmingSpaces()
            if content.isEmpty {
                flushGroup()
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            if Self.isRunningLine(content, reference: reference) {
                flushGroup()
                builder.append(builder.wordCount == 0 ? .header : .footer, text: Self.spaced(content),
                               skip: builder.wordCount == 0 ? .header : .footer)
                continue
            }
            if indent == 0 {
                flushGroup()
                inName = content == "NAME"
                builder.append(.heading(level: 1), text: String(content))
                continue
            }
            if indent <= 4, group.isEmpty, content.count <= 60, content.last.map({ !".,;:".contains($0) }) == true {
                builder.append(.heading(level: 2), text: String(content))
                continue
            }
            group.append((indent, content))
        }
        flushGroup()
        return title
    }

    /// The blocks of a group of lines between blank lines: a line less indented than the one
    /// before starts a new item, and a tag ("-c", "--rcfile file") is split from its text.
    private func blocks(of group: [(indent: Int, text: Substring)]) -> [(kind: BlockKind, text: String)] {
        var result: [(kind: BlockKind, text: String)] = []
        var lines: [Substring] = []
        // Where the last tag stood and the column its text started at.
        var tagIndent: Int?
        var bodyColumn = 0
        func flush() {
            // Justified lines have runs of spaces between words.
            if !lines.isEmpty { result.append((.paragraph, joiner.join(lines.map { Substring(Self.spaced($0)) }))) }
            lines = []
        }
        for (i, line) in group.enumerated() {
            let next = i + 1 < group.count ? group[i + 1].indent : line.indent
            let afterTag = tagIndent.map { line.indent <= $0 } ?? false
            if lines.isEmpty || afterTag {
                let column = next > line.indent ? next : afterTag && line.indent == tagIndent ? bodyColumn : nil
                if let column, let (tag, text) = Self.split(line.text, at: column - line.indent) {
                    flush()
                    result.append((.listItem, tag))
                    lines = [text]
                    (tagIndent, bodyColumn) = (line.indent, column)
                    continue
                }
                if next > line.indent {
                    flush()
                    result.append((.listItem, String(line.text)))
                    (tagIndent, bodyColumn) = (line.indent, next)
                    continue
                }
                if afterTag {
                    flush()
                    tagIndent = nil
                }
            }
            lines.append(line.text)
        }
        flush()
        return result
    }

    /// "-c        If the -c option…" split where the text starts (`offset` characters in), when
    /// a gap of spaces separates the tag from it.
    private static func split(_ line: Substring, at offset: Int) -> (tag: String, text: Substring)? {
        guard offset >= 2, let start = line.index(line.startIndex, offsetBy: offset, limitedBy: line.endIndex),
              start < line.endIndex, line[start] != " ", line[line.index(before: start)] == " " else { return nil }
        let tag = line[..<start].trimmingSpaces()
        return tag.isEmpty ? nil : (String(tag), line[start...])
    }

    /// A running line with its wide gaps closed ("BASH(1) General Commands Manual BASH(1)").
    private static func spaced(_ line: Substring) -> String {
        line.split(separator: " ").joined(separator: " ")
    }
}
