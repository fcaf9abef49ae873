/// A language found in a text.
public struct DetectedLanguage: Sendable, Equatable {
    /// ISO 639-1 code where there is one ("en", "fr"), else the detector's code.
    public var code: String
    /// Share of the text in that language, in percent.
    public var percent: Int
    /// The detector trusts the result.
    public var reliable: Bool

    public init(code: String, percent: Int, reliable: Bool) {
        self.code = code
        self.percent = percent
        self.reliable = reliable
    }
}

/// Finds the language of a text (a detector with a C library behind it, or a fake in tests).
public protocol LanguageDetector: Sendable {
    func detect(_ text: String) -> DetectedLanguage?
}

/// Which language a document and its paragraphs are in.
public enum LanguageGuess {
    /// Fewer words than this are not worth asking about: a heading, a name, a short quote
    /// read in the document's language is better than a wrong voice.
    public static let minimumWords = 8
    public static let minimumParagraphWords = 15
    public static let minimumDocumentWords = 25

    /// The document's language from a sample of its text, when the detector is sure of it.
    public static func document(_ sample: String, detector: any LanguageDetector = CLD2Detector()) -> String? {
        // A sentence or two is not enough to overrule the configured language.
        guard sample.split(separator: " ").count >= minimumDocumentWords, let found = detector.detect(sample), found.reliable else { return nil }
        return found.code
    }

    /// The language most of `paragraphs`' words are in (each paragraph asked on its own, so a
    /// long quote does not outvote the text around it); nil below `minimumDocumentWords`.
    public static func document(paragraphs: some Sequence<String>, detector: any LanguageDetector = CLD2Detector()) -> String? {
        var words: [String: Int] = [:]
        var total = 0
        var short = ""
        for paragraph in paragraphs {
            let count = paragraph.split(separator: " ").count
            // Headings and short lines are pooled and asked about together.
            if count < minimumWords {
                short += paragraph + "\n"
                continue
            }
            total += count
            if let found = detector.detect(paragraph), found.reliable { words[found.code, default: 0] += count }
            if total > 2000 { break }
        }
        if total < minimumDocumentWords, let found = document(short + " ", detector: detector) { return found }
        guard total >= minimumDocumentWords, let best = words.max(by: { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }) else { return nil }
        return best.key
    }

    /// The language a document's text is plainly in when the document declares another: a
    /// theme's `<html lang="en">` on a German article. Three quarters of at least 100 words of
    /// paragraphs must say so, so an English page with quotes in German keeps its language.
    public static func overruling(_ declared: String, paragraphs: some Sequence<String>,
                                  detector: any LanguageDetector = CLD2Detector()) -> String? {
        var words: [String: Int] = [:]
        var total = 0
        for paragraph in paragraphs {
            let count = paragraph.split(separator: " ").count
            guard count >= minimumWords else { continue }
            total += count
            if let found = detector.detect(paragraph), found.reliable { words[found.code, default: 0] += count }
            if total > 2000 { break }
        }
        guard total >= 100, let best = words.max(by: { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }),
              best.value * 4 >= total * 3 else { return nil }
        let primary = declared.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? declared
        // Norwegian is "no", "nb" or "nn" as a page pleases.
        let norwegian: Set<String> = ["no", "nb", "nn"]
        if norwegian.contains(primary), norwegian.contains(best.key) { return nil }
        return primary == best.key || Languages.iso1(primary) == best.key ? nil : best.key
    }

    /// The language of one paragraph when it is reliably another than `documentLanguage`.
    public static func paragraph(_ text: String, documentLanguage: String?, detector: any LanguageDetector = CLD2Detector()) -> String? {
        // A paragraph is read in another voice only when it is long enough to be sure: a name
        // with diacritics in an English sentence is not a Vietnamese paragraph.
        guard text.split(separator: " ").count >= minimumParagraphWords, let found = detector.detect(text), found.reliable, found.percent >= 80 else { return nil }
        let primary = (documentLanguage ?? "en").lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? "en"
        return primary == found.code || Languages.iso1(primary) == found.code ? nil : found.code
    }
}
