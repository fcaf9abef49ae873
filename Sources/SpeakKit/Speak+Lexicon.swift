import Foundation
import SpeakLibrary
import SpeakModel
import SpeakSpeech

/// Where a lexicon entry applies, as the user names it.
public enum LexiconTarget: Sendable, Equatable {
    case global
    case folder(String)
    case document(Int64)
}

/// A lexicon entry with its library id and where it applies, for listing.
public struct StoredLexiconEntry: Sendable, Equatable, Codable {
    public var id: Int64
    /// "global", "folder:PATH" or "document:ID".
    public var scope: String
    public var entry: LexiconEntry
}

/// A lexicon file that cannot be read.
public struct LexiconFileError: UserFacingError, Equatable {
    public var message: String
    public var exitStatus: ExitStatus

    public init(message: String, exitStatus: ExitStatus) {
        self.message = message
        self.exitStatus = exitStatus
    }
}

extension Speak {
    static func entry(_ record: LexiconRecord) -> LexiconEntry {
        LexiconEntry(pattern: record.pattern, replacement: record.replacement, isRegex: record.isRegex, isPhonemes: record.isPhonemes,
                     wholeWord: record.wholeWord, caseSensitive: record.caseSensitive)
    }

    /// Checks an entry (the pattern compiles, eSpeak accepts the phonemes) and stores it.
    @discardableResult
    public func addLexiconEntry(_ entry: LexiconEntry, target: LexiconTarget) throws -> Int64 {
        try validate(entry)
        let record = try record(entry, target: target)
        return try library().addLexicon([record])[0]
    }

    private func validate(_ entry: LexiconEntry) throws {
        try entry.validate()
        if entry.isPhonemes {
            // eSpeak drops what it does not know inside [[ ]]: the phonemes it says must be the ones given.
            let said = try phonemes("[[" + entry.replacement + "]]", voice: "en-us")
            let bare: (String) -> String = { $0.filter { !"',%=_:| \n\t".contains($0) } }
            if bare(said).isEmpty || bare(said) != bare(entry.replacement) { throw SpeechOptionError.badPhonemes(entry.replacement) }
        }
    }

    private func record(_ entry: LexiconEntry, target: LexiconTarget) throws -> LexiconRecord {
        var scope = LexiconRecord.Scope.global
        var targetID: Int64?
        switch target {
        case .global: break
        case .folder(let path):
            guard let folder = try library().folder(path: path) else {
                throw LibraryError.badName(name: path, reason: "there is no such folder; 'speak ls' lists them")
            }
            scope = .folder
            targetID = folder.id
        case .document(let id):
            _ = try library().summary(id: id)
            scope = .document
            targetID = id
        }
        return LexiconRecord(scope: scope, targetID: targetID, pattern: entry.pattern, replacement: entry.replacement, isRegex: entry.isRegex,
                             isPhonemes: entry.isPhonemes, wholeWord: entry.wholeWord, caseSensitive: entry.caseSensitive)
    }

    /// Every entry, in the order they apply within a scope.
    public func lexiconEntries() throws -> [StoredLexiconEntry] {
        let folders = Dictionary(uniqueKeysWithValues: try library().folders(includeTrashed: true).map { ($0.id, $0.path) })
        return try library().lexicon().map { record in
            let scope: String
            switch record.scope {
            case .global: scope = "global"
            case .folder: scope = "folder:" + (record.targetID.flatMap { folders[$0] } ?? "?")
            case .document: scope = "document:\(record.targetID ?? 0)"
            }
            return StoredLexiconEntry(id: record.id ?? 0, scope: scope, entry: Self.entry(record))
        }
    }

    /// Removes entries by id; an unknown id removes nothing and says so.
    public func removeLexiconEntries(_ ids: [Int64]) throws {
        guard try library().removeLexicon(ids: ids) else {
            throw LexiconFileError(message: "no lexicon entry has one of the ids \(ids.map(String.init).joined(separator: ", ")); 'speak lexicon ls' lists them",
                                   exitStatus: .noInput)
        }
    }

    /// The entries as TSV (`LexiconFile`).
    public func exportLexicon() throws -> String {
        try lexiconEntries().reduce(LexiconFile.header) { $0 + LexiconFile.line(scope: $1.scope, entry: $1.entry) }
    }

    /// Reads entries from TSV (as `exportLexicon` writes it) and adds them all, or none when a
    /// line is wrong (the error names the line).
    @discardableResult
    public func importLexicon(_ text: String, source: String) throws -> Int {
        func fail(_ line: Int, _ why: String) -> LexiconFileError {
            LexiconFileError(message: "cannot read '\(source)' line \(line): \(why); lines are scope<TAB>pattern<TAB>replacement<TAB>flags",
                             exitStatus: .dataError)
        }
        let lines: [(line: Int, scope: String, entry: LexiconEntry)]
        do {
            lines = try LexiconFile.parse(text)
        } catch {
            throw fail(error.line, error.reason)
        }
        var records: [LexiconRecord] = []
        for (n, scope, entry) in lines {
            do { try validate(entry) } catch let error as SpeechOptionError { throw fail(n, error.message) }
            let target: LexiconTarget
            if scope == "global" { target = .global }
            else if scope.hasPrefix("folder:") { target = .folder(String(scope.dropFirst(7))) }
            else if scope.hasPrefix("document:"), let id = Int64(scope.dropFirst(9)) { target = .document(id) }
            else { throw fail(n, "unknown scope '\(scope)'; use global, folder:PATH or document:ID") }
            records.append(try record(entry, target: target))
        }
        try library().addLexicon(records)
        return records.count
    }

    /// Sets the skip rules of a stored document ("citations,urls"; nil: back to the configured ones).
    public func setSkipRules(_ list: String?, documentID: Int64) throws {
        var stored: String?
        if let list {
            let rules = list.lowercased() == "none" ? [] : try SkipRule.parseList(list)
            stored = SkipRule.allCases.filter(rules.contains).map(\.rawValue).joined(separator: ",")
        }
        try library().setSpeechSkip(stored, documentID: documentID)
    }
}

extension Speak {
    /// What is said for `text` with the lexicon entries of `target` (and the global ones) and
    /// the built-in rules of the configured voice's language.
    public func lexiconTest(_ text: String, target: LexiconTarget) throws -> String {
        var records = try library().lexicon().filter { $0.scope == .global }
        switch target {
        case .global: break
        case .document(let id): records = try library().lexicon(for: id)
        case .folder(let path):
            guard let folder = try library().folder(path: path) else {
                throw LibraryError.badName(name: path, reason: "there is no such folder; 'speak ls' lists them")
            }
            records = try library().lexicon().filter { $0.scope == .folder && $0.targetID == folder.id } + records
        }
        let options = SpeechOptions(language: nil, skip: config.skip, lexicon: records.map(Self.entry))
        var builder = DocumentBuilder()
        builder.append(.paragraph, text: text)
        let document = builder.build(metadata: DocumentMetadata(title: "test", source: "-", format: .text, contentHash: ""))
        return spokenParagraphs(of: document, includeSkipped: true, options: options).joined(separator: "\n\n")
    }
}
