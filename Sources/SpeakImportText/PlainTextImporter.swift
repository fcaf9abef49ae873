import Foundation
import SpeakImport
import SpeakModel

/// Imports plain text and light Markdown: decodes the bytes (UTF-8, UTF-16 with or without
/// BOM, Windows-1252 for bytes that are not UTF-8), joins hard-wrapped lines, repairs line-end
/// hyphenation and finds headings and chapters.
public struct PlainTextImporter: Importer {
    public let format = DocumentFormat.text

    public init() {}

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler) throws -> Document {
        let name = source.name
        let markdown = ["md", "markdown", "mdown", "mkd"].contains(source.fileExtension)
        var decoded = TextDecoder.decode(source.data)
        _ = consume source
        let repairedBytes = decoded.repairedBytes
        let text = CharacterCleanup.clean(Self.withoutOverstrikes(decoded.text))
        decoded.text = ""  // a 50 MB input must not be held twice while it is parsed
        progress(0.1)
        let vocabulary = DocumentVocabulary.isNeeded(for: text) ? DocumentVocabulary(text: text) : nil
        var builder = DocumentBuilder()
        var manTitle: String?
        if !markdown, let page = ManPageParser.header(of: text) {
            manTitle = ManPageParser(joiner: LineJoiner(vocabulary: vocabulary))
                .parse(text, name: page.name, section: page.section, into: &builder)
                ?? "\(page.name.lowercased())(\(page.section))"
        } else {
            var parser = TextBlockParser(markdown: markdown, joiner: LineJoiner(vocabulary: vocabulary))
            parser.parse(text, into: &builder) { fraction in progress(0.1 + 0.9 * fraction) }
        }
        guard builder.wordCount > 0 else { throw ImportError.noReadableText(name) }
        builder.chaptersFromHeadings()
        if repairedBytes > 0 {
            builder.warn("\(repairedBytes) byte(s) were not valid UTF-8 and were read as Windows-1252")
        }
        let title = options.title ?? manTitle ?? contentTitle(builder.blocks).map(Self.withoutFileVariables) ?? ""
        let metadata = DocumentMetadata(title: title, language: options.language, source: name,
                                        format: .text, contentHash: "")
        progress(1)
        return builder.build(metadata: metadata)
    }

    /// Text printed for a terminal that overstrikes: "N\u{8}N" (bold) and "_\u{8}N" (underline)
    /// are the letter N, as `col -b` would make them.
    static func withoutOverstrikes(_ text: String) -> String {
        guard text.utf8.contains(0x08) else { return text }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\u{8}" {
                if !out.isEmpty { out.removeLast() }
            } else {
                out.append(scalar)
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: out)
        return String(result)
    }

    /// A title line without Emacs' file variables ("GNU gzip NEWS   -*- outline -*-").
    static func withoutFileVariables(_ title: String) -> String {
        guard let start = title.range(of: "-*-"), let end = title.range(of: "-*-", range: start.upperBound..<title.endIndex) else { return title }
        let kept = (title[..<start.lowerBound] + title[end.upperBound...]).trimmingCharacters(in: .whitespaces)
        return kept.isEmpty ? title : kept
    }

    /// The first block when it is a heading that is not just a chapter number.
    private func contentTitle(_ blocks: [Block]) -> String? {
        guard let first = blocks.first else { return nil }
        let text = first.text[...]
        if HeadingDetector.chapterHeadingLevel(text) != nil { return nil }
        if first.kind.headingLevel != nil { return first.text }
        // A first line that stands alone like a title: short, no full stop, more text after it.
        guard blocks.count > 1, first.kind == .paragraph, !text.contains("\n"), text.count <= 100,
              text.split(separator: " ").count <= 14, text.first?.isUppercase == true || text.first?.isNumber == true,
              let last = text.last, !".,;:".contains(last) else { return nil }
        return first.text
    }
}
