import Foundation
import SpeakKit

/// A document as a page to read along: its blocks as HTML with every word a tappable span
/// (`data-w` is its index), skipped blocks dimmed and folded with their reason, the table of
/// contents, and the player's controls. Long documents are sent a window of blocks at a time.
struct ReaderPage {
    /// Most blocks, and about the most words, sent at once: a window of a long book is a few
    /// minutes of listening, and the page stays quick to lay out.
    static let window = 300
    static let windowWords = 2500

    let summary: DocumentSummary
    let document: Document
    /// Voices offered (value, label): neural voices, presets, then eSpeak's for the language.
    var voices: [(String, String)] = []
    /// The original and its translations, when there is more than one language to read it in.
    var languages: LanguageSwitch?
    /// For a translation: its original, whose blocks can be shown under its own.
    var original: Document?

    /// The page opened at `word`, else in block `block` (the same block of another language:
    /// at its start, or at the saved position when that is in it), else at the saved position.
    func render(word: Int?, block: Int? = nil, skipStep: Double, wordsPerMinute: Double) -> String {
        let asked = word ?? block.flatMap { block -> Int? in
            guard document.blocks.indices.contains(block) else { return nil }
            // Back in a language left earlier in this block: the very word it was left at.
            let words = document.blocks[block].firstWord..<(document.blocks[block].firstWord + max(1, document.blocks[block].wordCount))
            return summary.position.map { words.contains($0) } == true ? summary.position : words.lowerBound
        }
        let start = min(max(0, asked ?? (summary.finished ? 0 : summary.position ?? 0)), max(0, document.wordCount - 1))
        let shown = Self.window(document, around: start)
        let (first, last) = (shown.lowerBound, shown.upperBound)
        let speed = summary.speed ?? 1
        let title = HTML.escape(summary.metadata.title)
        var body = """
            <header class="bar"><a class="brand" href="/" aria-label="Library">← speak</a><span class="doc-title">\(title)</span>
            <span class="settings">\(languages?.html ?? "")\(originalToggle)<button type="button" id="smaller" aria-label="Smaller text">A−</button>
            <button type="button" id="larger" aria-label="Larger text">A+</button>
            <button type="button" id="theme" aria-label="Switch light or dark theme">◐</button></span></header>
            """
        if !document.chapters.isEmpty {
            body += "<nav class=\"toc\" aria-label=\"Contents\"><details><summary>Contents</summary><ol>"
            for chapter in document.chapters {
                body += "<li class=\"level\(min(chapter.level, 4))\"><a href=\"?word=\(chapter.firstWord)\" data-word=\"\(chapter.firstWord)\">\(HTML.escape(chapter.title))</a></li>"
            }
            body += "</ol></details></nav>"
        }
        body += """
            <main id="main" class="reader" data-document="\(summary.id)" data-start="\(start)" data-speed="\(speed)"
             data-words="\(document.wordCount)" data-blocks="\(document.blocks.count)" data-skip-step="\(skipStep)"
             data-wpm="\(wordsPerMinute)" data-since="\(since(start: start))" data-first-block="\(first)" data-last-block="\(last)"\(languageAttributes)>
            <h1\(Self.repeatsTitle(document, summary.metadata.title) ? " class=\"visually-hidden\"" : "")>\(title)</h1>
            <div id="text">\(Self.blocks(document, first..<last, original: original, language: languages?.originalLanguage))</div>
            </main>
            <section class="player" aria-label="Player">
            <button type="button" id="prev-paragraph" aria-label="Previous paragraph" title="Previous paragraph ([)">◂ ¶</button>
            <button type="button" id="back" aria-label="Back \(Int(skipStep)) seconds" title="Back (←)">↺ \(Int(skipStep))</button>
            <button type="button" id="play" aria-label="Play" title="Play or pause (space)">▶</button>
            <button type="button" id="forward" aria-label="Forward \(Int(skipStep)) seconds" title="Forward (→)">\(Int(skipStep)) ↻</button>
            <button type="button" id="next-paragraph" aria-label="Next paragraph" title="Next paragraph (])">¶ ▸</button>
            <button type="button" id="slower" aria-label="Slower" title="Slower (−)">−</button>
            <output id="speed" aria-live="polite" aria-label="Speed">\(String(format: "%.1f", speed))×</output>
            <button type="button" id="faster" aria-label="Faster" title="Faster (+)">+</button>
            <output id="status" class="muted" aria-live="off">word \(start)</output>
            <details class="more"><summary>Voice and timer</summary>
            <p><label for="voice">Voice</label> <select id="voice"><option value="">Default</option>\(voiceOptions)</select>
            <button type="button" id="preview">Preview</button></p>
            <p><label for="sleep">Sleep timer</label> <select id="sleep"><option value="">Off</option>
            <option value="5">5 minutes</option><option value="15">15 minutes</option><option value="30">30 minutes</option>
            <option value="60">1 hour</option><option value="chapter">End of chapter</option></select></p>
            <p><button type="button" id="sync">Sync positions</button> <span class="muted">with your other devices (speak account)</span></p></details>
            </section>
            """
        return HTML.page(title: summary.metadata.title, body: body, script: "reader.js")
    }

    /// The page's language, for the voice remembered per language.
    /// Since when the position has been at `start` (seconds since 1970): the page's own
    /// listening after that does not count against another device's in a sync it asks for.
    private func since(start: Int) -> Double {
        start == summary.position ? summary.lastListened?.timeIntervalSince1970 ?? 0 : Date().timeIntervalSince1970
    }

    private var languageAttributes: String {
        " lang=\"\(HTML.escape(document.metadata.language ?? "en"))\"" + (original == nil ? "" : " data-translation=\"1\"")
    }

    /// On a translation: shows its original's paragraphs under its own.
    private var originalToggle: String {
        guard original != nil else { return "" }
        return "<label class=\"original-toggle\" title=\"The original under each paragraph\"><input type=\"checkbox\" id=\"show-original\"> Original</label>"
    }

    private var voiceOptions: String {
        voices.map { "<option value=\"\(HTML.escape($0.0))\">\(HTML.escape($0.1))</option>" }.joined()
    }

    /// The voices to offer for a document in `language`.
    static func voices(_ list: VoiceList, language: String?) -> [(String, String)] {
        let prefix = String((language ?? "en").prefix(2)).lowercased()
        let neural = list.neural.map { ($0.name, "\($0.name) (natural, \($0.language))") }
        let presets = list.presets.filter { $0.voice.lowercased().hasPrefix(prefix) }.map { ($0.id, "\($0.name) (preset)") }
        let engine = list.languages.filter { $0.languages.contains { $0.lowercased().hasPrefix(prefix) } }.prefix(20)
            .map { ($0.languages.first ?? $0.identifier, "\($0.name) (eSpeak)") }
        return neural + presets + engine
    }

    /// Whether the document's first block read is a heading saying its title (the page's own
    /// title then is for screen readers only, not shown twice).
    static func repeatsTitle(_ document: Document, _ title: String) -> Bool {
        guard let first = document.blocks.first(where: \.isSpoken), first.kind.headingLevel != nil else { return false }
        return first.text.lowercased() == title.lowercased()
    }

    /// The blocks sent with the page opened at `word`: a few before it, the rest after.
    static func window(_ document: Document, around word: Int) -> Range<Int> {
        let at = document.blockIndex(containingWord: word) ?? 0
        let before = backward(document, before: at, words: windowWords / 8, blocks: 20)
        return before.lowerBound..<forward(document, from: at).upperBound
    }

    /// Blocks from `block` on, up to the window's size.
    static func forward(_ document: Document, from block: Int) -> Range<Int> {
        var end = min(max(0, block), document.blocks.count), words = 0
        while end < document.blocks.count, end - block < window, words < windowWords {
            words += document.blocks[end].wordCount
            end += 1
        }
        return min(max(0, block), end)..<end
    }

    /// Blocks before `block`, up to `words` words and `blocks` blocks.
    static func backward(_ document: Document, before block: Int, words budget: Int = windowWords, blocks: Int = window) -> Range<Int> {
        let end = min(max(0, block), document.blocks.count)
        var start = end, words = 0
        while start > 0, end - start < blocks, words < budget {
            start -= 1
            words += document.blocks[start].wordCount
        }
        return start..<end
    }

    /// Blocks `range` of `document` as HTML; for a translation, each followed by its
    /// original's block (in `language`), hidden unless the reader asks for it.
    static func blocks(_ document: Document, _ range: Range<Int>, original: Document? = nil, language: String? = nil) -> String {
        var out = ""
        for index in range where document.blocks.indices.contains(index) {
            let block = document.blocks[index]
            let words = Self.words(block)
            let attributes = "data-b=\"\(index)\" data-first=\"\(block.firstWord)\""
            if let skip = block.skip {
                out += "<details class=\"skipped\" \(attributes)><summary>\(HTML.escape(skip.rawValue))</summary>"
                    + "<p>\(HTML.escape(block.text))</p></details>"
                continue
            }
            switch block.kind {
            case .heading(let level):
                let tag = "h\(min(6, level + 1))"
                out += "<\(tag) \(attributes)>\(words)</\(tag)>"
            case .quote: out += "<blockquote \(attributes)><p>\(words)</p></blockquote>"
            case .code: out += "<pre \(attributes)>\(words)</pre>"
            case .listItem: out += "<p class=\"item\" \(attributes)>\(words)</p>"
            case .tableCell: out += "<p class=\"row\" \(attributes)>\(words)</p>"
            case .caption: out += "<p class=\"caption\" \(attributes)>\(words)</p>"
            case .verse(let line): out += "<p class=\"verse\(line == 1 ? " stanza" : "")\" \(attributes)>\(words)</p>"
            default: out += "<p \(attributes)>\(words)</p>"
            }
            if let original, original.blocks.indices.contains(index), original.blocks[index].isSpoken {
                out += "<p class=\"original\" lang=\"\(HTML.escape(language ?? "en"))\">\(HTML.escape(original.blocks[index].text))</p>"
            }
        }
        return out
    }

    /// A block's text with each word in a span that knows its index; the text between words
    /// kept as written.
    private static func words(_ block: Block) -> String {
        let scalars = Array(block.text.unicodeScalars)
        var out = ""
        var at = 0
        func text(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return HTML.escape(String(view))
        }
        for (i, span) in block.wordSpans.enumerated() {
            let range = span.range.clamped(to: 0..<scalars.count)
            if range.lowerBound > at { out += text(at..<range.lowerBound) }
            out += "<span data-w=\"\(block.firstWord + i)\">\(text(range))</span>"
            at = range.upperBound
        }
        if at < scalars.count { out += text(at..<scalars.count) }
        return out
    }
}
