import Foundation
import SpeakLibrary
import SpeakModel
import SpeakTranslate

/// An installed Apertium translation direction.
public typealias TranslationPair = SpeakTranslate.ApertiumPair
/// Two- and three-letter language codes.
public typealias LanguageCodes = SpeakTranslate.LanguageCodes
/// Why a translation cannot be made.
public typealias TranslateError = SpeakTranslate.TranslateError
/// What ties a translation to its original.
public typealias TranslationLink = SpeakLibrary.TranslationLink
/// A document's translations, and what it is a translation of.
public typealias TranslationLinks = SpeakLibrary.TranslationLinks

/// A translation in the library, made now or found.
public struct TranslationOutcome: Sendable, Codable, Equatable {
    public var id: Int64
    public var originalID: Int64
    public var title: String
    public var language: String
    public var pair: String
    public var engine: String
    public var words: Int
    /// False when the library had it already.
    public var made: Bool
}

extension Speak {
    /// The installed pairs, and whether Apertium itself is installed.
    public func translationPairs() -> (pairs: [TranslationPair], apertiumInstalled: Bool) {
        let installation = ApertiumInstallation(environment: environment)
        return (installation.pairs, installation.programsInstalled)
    }

    /// The translation of document `id` into `language` (a code such as "es" or "spa"):
    /// found in the library, or made by Apertium block for block, stored and linked to its
    /// original. `force` makes it again. `opening` gets the translated beginning of a
    /// translation being made, as soon as it is there: from block `startBlock` on when that is
    /// not 0 (that part is translated first; see `DocumentTranslator`).
    public func translation(of id: Int64, to language: String, force: Bool = false, jobs: Int? = nil, startBlock: Int = 0,
                            progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                            opening: (@Sendable (Document) -> Void)? = nil) throws -> TranslationOutcome {
        let store = try library()
        let summary = try store.summary(id: id)
        guard let target = LanguageCodes.iso3(language) else { throw TranslateError.unknownLanguage(language) }
        let wanted = LanguageCodes.iso1(target) ?? target
        let links = try store.translationLinks(documentID: id)
        if !force, let found = links.translation(in: target) {
            let translated = try store.summary(id: found.translationID)
            return TranslationOutcome(id: found.translationID, originalID: id, title: translated.metadata.title, language: found.language,
                                      pair: found.pair, engine: found.engine, words: translated.wordCount, made: false)
        }
        // A translation asked for in its original's language is the original.
        if let original = links.original, LanguageCodes.iso3(try store.summary(id: original.originalID).metadata.language ?? "") == target {
            return try translation(of: original.originalID, to: language, force: false, jobs: jobs, startBlock: startBlock,
                                   progress: progress, opening: opening)
        }
        let source = summary.metadata.language.flatMap(LanguageCodes.iso3) ?? "eng"
        guard source != target else { throw TranslateError.sameLanguage(wanted) }
        let installation = ApertiumInstallation(environment: environment)
        guard installation.programsInstalled else { throw TranslateError.apertiumMissing }
        guard let pair = installation.pair(from: source, to: target) else {
            if let package = installation.debianPackage(from: source, to: target) {
                throw TranslateError.pairNotInstalled(source: source, target: target, package: package)
            }
            throw TranslateError.noPair(source: source, target: target,
                                        installed: installation.pairs.filter { $0.source == source }.map { "\($0.source)→\($0.target)" })
        }
        let document = try store.document(id: id)
        guard document.spokenWordCount > 0 || document.wordCount > 0 else { throw TranslateError.nothingToTranslate(title: summary.metadata.title) }
        let engine = "Apertium " + (installation.version ?? "3")
        // One pipeline already keeps about two cores busy (a dozen programs in a row): one per
        // two cores (measured: a second pipeline on two cores is slower, not faster).
        let translator = DocumentTranslator(pair: pair, engine: engine, workers: jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount / 2))
        let translated = try translator.translate(document, startingAt: startBlock, progress: progress, opening: opening)
        let folder = try summary.folderID.flatMap { folder in try store.folders().first { $0.id == folder }?.path }
        let link = TranslationLink(originalID: id, pair: pair.name, language: wanted, engine: engine)
        let stored = try store.insert(translated, folderPath: folder.map(Folder.components(of:)) ?? [], translationOf: link)
        // Made again (--force): the new one replaces the old, keeping where it was listened to.
        if let old = links.translation(in: target) {
            if let position = try store.summary(id: old.translationID).position {
                try store.savePosition(documentID: stored.id, wordIndex: min(position, max(0, translated.wordCount - 1)))
            }
            try store.purge(id: old.translationID)
        }
        return TranslationOutcome(id: stored.id, originalID: id, title: translated.metadata.title, language: wanted, pair: pair.name,
                                  engine: engine, words: translated.wordCount, made: true)
    }

    /// What document `id` is a translation of, and its translations.
    public func translationLinks(of id: Int64) throws -> TranslationLinks {
        try library().translationLinks(documentID: id)
    }

    /// The word to start a translation (or original) at so as to be where the linked
    /// document was left: nil when its own position is already in that block.
    public func placeFromLinked(documentID id: Int64) throws -> Int? {
        try library().placeFromLinked(documentID: id)
    }
}

extension TranslationLinks {
    /// The translation into `language` (any code form), if there is one.
    func translation(in language: String) -> TranslationLink? {
        let wanted = LanguageCodes.iso3(language)
        return translations.first { LanguageCodes.iso3($0.language) == wanted }
    }
}
