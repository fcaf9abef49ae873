import SpeakArchive
import SpeakImport
import SpeakModel

/// What DOCX and ODT documents finish alike: title, author and language from the document's
/// properties (the title else its first heading; with neither, the caller names it after the
/// file), chapters from its headings.
enum OfficeDocument {
    static func build(_ builder: inout DocumentBuilder, properties: BookXML?, authorFields: [String],
                      name: String, format: DocumentFormat, options: ImportOptions) throws -> Document {
        guard builder.wordCount > 0 else { throw ImportError.noReadableText(name) }
        let field = { (key: String) in properties?.first(key)?.fullText }
        let nonEmpty = { (text: String?) in text.flatMap { $0.isEmpty ? nil : $0 } }
        let title = options.title ?? nonEmpty(field("title")) ?? builder.blocks.first { $0.kind.headingLevel != nil }?.text ?? ""
        let author = authorFields.lazy.compactMap { nonEmpty(field($0)) }.first
        if builder.blocks.contains(where: { $0.kind.headingLevel != nil }) { builder.chaptersFromHeadings() }
        return builder.build(metadata: DocumentMetadata(title: title, author: author, language: options.language ?? nonEmpty(field("language")),
                                                        source: name, format: format, contentHash: ""))
    }
}
