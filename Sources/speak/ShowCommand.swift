import ArgumentParser
import Foundation
import SpeakKit

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a document's details: metadata, chapters, length, reading time and what is skipped.",
        discussion: """
            Examples:
              speak show 3
              speak show 3 --skipped
              speak show 3 --json
            """
    )

    @Argument(help: "The document's library id.", completion: .custom(ShellCompletion.documents))
    var id: String

    @Flag(help: "List every block that is not read aloud, with its reason.")
    var skipped = false

    @Flag(help: "Print the details as JSON.")
    var json = false

    func run() throws {
        try reportingErrors {
            let speak = try openSpeak()
            let id = try documentID(id)
            let summary = try speak.summary(id: id)
            let document = try speak.document(.document(id))
            var details = DocumentDetails(summary: summary, document: document, speak: speak)
            details.folder = try speak.folderPath(id: summary.folderID)
            let options = try speak.speechOptions(for: document)
            details.skipRules = SkipRule.allCases.filter(options.skip.contains).map(\.rawValue)
            details.skippedInText = speak.speechSkips(of: document, options: options)
            let links = try speak.translationLinks(of: id)
            details.translationOf = links.original
            details.translations = links.translations
            if json { try printJSON(details) } else { print(details.render(listSkipped: skipped)) }
        }
    }
}

/// What `speak show` prints, as text or JSON.
struct DocumentDetails: Encodable {
    struct ChapterEntry: Encodable { var number: Int; var title: String; var firstWord: Int; var level: Int }
    struct SkippedBlock: Encodable {
        var block: Int
        var reason: String
        var page: Int?
        /// The page's printed label, when the source labels its pages.
        var pageLabel: String?
        var words: Int
        var text: String
    }

    var id: Int64
    var title: String
    var author: String?
    var language: String?
    var site: String?
    /// The library folder holding the document; nil at the top level.
    var folder: String?
    var published: Date?
    var canonicalURL: String?
    var format: String
    var source: String
    var contentHash: String
    var added: Date?
    var pages: Int?
    /// Printed page labels, first page first, when the source labels its pages.
    var pageLabels: [String]?
    /// What the source prints about where it comes from (arXiv id, DOI, journal).
    var identifiers: [String: String]?
    var words: Int
    var spokenWords: Int
    var readingSeconds: Double
    var wordsPerMinute: Double
    var position: Int?
    var finished: Bool
    var chapters: [ChapterEntry]
    var skipped: [SkippedBlock]
    /// The skip rules in force for the document (config, its own setting).
    var skipRules: [String]
    /// What those rules leave out of the text that is read, per rule.
    var skippedInText: [SpeechSkipCount]
    var warnings: [String]
    /// What this document is a translation of, and its translations.
    var translationOf: TranslationLink?
    var translations: [TranslationLink] = []

    init(summary: DocumentSummary, document: Document, speak: Speak) {
        let m = document.metadata
        id = summary.id
        title = m.title
        author = m.author
        language = m.language
        site = m.siteName
        published = m.created
        canonicalURL = m.canonicalURL
        format = m.format.rawValue
        source = m.source
        contentHash = m.contentHash
        added = m.imported
        pages = m.pageCount
        pageLabels = m.pageLabels
        identifiers = m.identifiers
        words = document.wordCount
        spokenWords = document.spokenWordCount
        wordsPerMinute = speak.config.wordsPerMinute * (summary.speed ?? speak.config.speed)
        readingSeconds = speak.readingTime(words: spokenWords, speed: summary.speed).rounded()
        position = summary.position
        finished = summary.finished
        chapters = document.chapters.enumerated().map { ChapterEntry(number: $0.offset + 1, title: $0.element.title, firstWord: $0.element.firstWord,
                                                                            level: $0.element.level) }
        skipped = document.blocks.enumerated().compactMap { i, block in
            guard let reason = block.skip else { return nil }
            return SkippedBlock(block: i, reason: reason.rawValue, page: block.page,
                                pageLabel: m.pageLabels == nil ? nil : block.page.map(m.pageLabel), words: block.wordCount, text: block.text)
        }
        warnings = document.warnings
        skipRules = []
        skippedInText = []
    }

    func render(listSkipped: Bool) -> String {
        var out = [title]
        func field(_ name: String, _ value: String?) {
            out.append("  " + name.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + (value ?? "—"))
        }
        field("id", String(id))
        field("author", author)
        field("format", format)
        field("source", source)
        if let folder { field("folder", folder + "/") }
        field("language", language)
        if let site { field("site", site) }
        if let published { field("published", DisplayFormat.date(published)) }
        if let canonicalURL { field("url", canonicalURL) }
        for key in ["journal", "arxiv", "doi"] { if let value = identifiers?[key] { field(key == "arxiv" ? "arXiv" : key == "doi" ? "DOI" : key, value) } }
        if let pages { field("pages", String(pages) + (pageLabels.map { " (printed \(PageLabelRuns.describe($0)))" } ?? "")) }
        let skippedWords = words - spokenWords
        field("words", "\(DisplayFormat.count(words))" + (skippedWords > 0 ? " (\(DisplayFormat.count(spokenWords)) spoken, \(DisplayFormat.count(skippedWords)) skipped)" : ""))
        field("reading", "\(DisplayFormat.duration(readingSeconds)) at \(Int(wordsPerMinute.rounded())) wpm")
        field("progress", finished ? "finished" : position.map { "word \(DisplayFormat.count($0)) of \(DisplayFormat.count(words))" } ?? "not started")
        field("added", DisplayFormat.date(added))
        field("hash", contentHash)
        if let link = translationOf {
            field("original", "\(link.originalID) (this is its translation, \(link.pair.replacingOccurrences(of: "-", with: "→")), \(link.engine))")
        }
        if !translations.isEmpty {
            field("translated", translations.map { "\($0.language): \($0.translationID)" }.joined(separator: ", ")
                  + " (speak play \(id) --in \(translations[0].language))")
        }
        if !chapters.isEmpty {
            out.append("Chapters (\(chapters.count))")
            let width = String(chapters.count).count
            for chapter in chapters {
                let number = String(chapter.number).leftPadded(to: width)
                let indent = String(repeating: "  ", count: chapter.level - 1)
                out.append("  \(number)  \(indent)\(chapter.title)  (word \(DisplayFormat.count(chapter.firstWord)))")
            }
        }
        if !skipped.isEmpty {
            out.append("Skipped (\(skipped.count) blocks, not read aloud; speak text \(id) --all includes them)")
            if listSkipped {
                for block in skipped {
                    let page = (block.pageLabel ?? block.page.map(String.init)).map { " p.\($0)" } ?? ""
                    out.append("  [\(block.block)]\(page) \(block.reason): \"\(DisplayFormat.truncate(block.text, to: 70))\"")
                }
            } else {
                out.append(contentsOf: groupedSkips().map { "  " + $0 })
            }
        }
        let rules = skipRules.isEmpty ? "none" : skipRules.joined(separator: ", ")
        out.append("Skipped in the text (rules: \(rules); speak set \(id) skip RULES changes them)")
        if skippedInText.isEmpty { out.append("  nothing") }
        for count in skippedInText {
            out.append("  \(count.rule) ×\(count.count): " + count.examples.map { "'\(DisplayFormat.truncate($0, to: 40))'" }.joined(separator: ", "))
        }
        if !warnings.isEmpty {
            out.append("Warnings")
            out.append(contentsOf: warnings.map { "  " + $0 })
        }
        return out.joined(separator: "\n")
    }

    /// "header ×12: 'Journal of …'" — one line per reason.
    private func groupedSkips() -> [String] {
        var order: [String] = []
        var groups: [String: [SkippedBlock]] = [:]
        for block in skipped {
            if groups[block.reason] == nil { order.append(block.reason) }
            groups[block.reason, default: []].append(block)
        }
        return order.map { reason in
            let blocks = groups[reason] ?? []
            let examples = Array(Set(blocks.map { DisplayFormat.truncate($0.text, to: 30) })).sorted().prefix(3)
            return "\(reason) ×\(blocks.count): " + examples.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
