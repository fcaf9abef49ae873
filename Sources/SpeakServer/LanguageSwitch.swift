import Foundation
import SpeakKit

/// The reader's language switch: a document's original and its translations, made or to be
/// made with an installed Apertium pair, and for a translation the original's blocks to show
/// under its own. Block `n` of a translation is block `n` of its original, so switching keeps
/// the place by block.
struct LanguageSwitch {
    struct Option: Equatable {
        /// The language's code as the library keeps it ("en", "es").
        var language: String
        var label: String
        /// The document in that language; nil while it is still to be made.
        var documentID: Int64?
        var current: Bool
    }

    var options: [Option]
    /// The document every option is a version of (the original).
    var originalID: Int64
    /// The original's language code, for the `lang` of the blocks shown under a translation.
    var originalLanguage: String

    /// The switch for document `id`; nil when it has neither translations nor an installed
    /// pair from its language (nothing to switch to).
    static func of(_ id: Int64, language: String?, speak: Speak) throws -> LanguageSwitch? {
        let links = try speak.translationLinks(of: id)
        let originalID = links.original?.originalID ?? id
        let original = links.original == nil ? links : try speak.translationLinks(of: originalID)
        let originalLanguage = links.original == nil ? (language ?? "en") : (try speak.summary(id: originalID).metadata.language ?? "en")
        var options = [Option(language: originalLanguage, label: name(originalLanguage) + " (original)", documentID: originalID,
                              current: originalID == id)]
        for link in original.translations {
            options.append(Option(language: link.language, label: name(link.language), documentID: link.translationID,
                                  current: link.translationID == id))
        }
        let (pairs, installed) = speak.translationPairs()
        if installed {
            let source = LanguageCodes.iso3(originalLanguage)
            for pair in pairs where pair.source == source {
                let code = LanguageCodes.iso1(pair.target) ?? pair.target
                guard !options.contains(where: { LanguageCodes.iso3($0.language) == pair.target }) else { continue }
                options.append(Option(language: code, label: name(code) + " (translate)", documentID: nil, current: false))
            }
        }
        guard options.count > 1 else { return nil }
        return LanguageSwitch(options: options, originalID: originalID, originalLanguage: originalLanguage)
    }

    /// The switch as a `<select>`; an option's value is the document to open, or `new:CODE`
    /// for a translation to make first.
    var html: String {
        let choices = options.map { option in
            let value = option.documentID.map(String.init) ?? "new:" + option.language
            return "<option value=\"\(HTML.escape(value))\" lang=\"\(HTML.escape(option.language))\"\(option.current ? " selected" : "")>"
                + HTML.escape(option.label) + "</option>"
        }
        return "<label class=\"language\"><span class=\"visually-hidden\">Language</span><select id=\"language\" data-original=\"\(originalID)\">"
            + choices.joined() + "</select></label>"
    }

    /// The language's name in English ("Spanish"), or its code when Foundation has none.
    static func name(_ code: String) -> String {
        let short = LanguageCodes.iso1(code) ?? code
        return Locale(identifier: "en").localizedString(forLanguageCode: short).map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
    }
}
