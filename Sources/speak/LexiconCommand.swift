import ArgumentParser
import Foundation
import SpeakKit

/// `speak lexicon …`: the user's pronunciations.
struct LexiconCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lexicon",
        abstract: "Say words your way: add, list, remove, test, export and import pronunciations.",
        discussion: """
            Entries apply before the built-in rules, to every document, to the documents of a
            folder (and the folders in it) or to one document.

            Examples:
              speak lexicon add SQL sequel
              speak lexicon add "Nguyen" "w'In" --phonemes
              speak lexicon add 'v(\\d+)' 'version $1' --regex
              speak lexicon add GIF jif --folder Papers --any-case
              speak lexicon test "We store it in SQL."
              speak lexicon ls
              speak lexicon rm 3
              speak lexicon export words.tsv
            """,
        subcommands: [Add.self, List.self, Remove.self, Test.self, Export.self, Import.self]
    )

    struct Scope: ParsableArguments {
        @Option(help: "Only for the documents of this folder (and the folders in it).")
        var folder: String?

        @Option(help: ArgumentHelp("Only for this document (its library id).", valueName: "id"))
        var document: String?

        func target() throws -> LexiconTarget {
            if folder != nil, document != nil { throw ValidationError("give --folder or --document, not both") }
            if let folder { return .folder(folder) }
            if let document { return .document(try documentID(document)) }
            return .global
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a pronunciation: what is written, and what to say.")

        @Argument(help: "The word or phrase as written (a regular expression with --regex).")
        var pattern: String

        @Argument(help: "What to say instead: words, a template with $1 for --regex, or eSpeak phonemes with --phonemes.")
        var replacement: String

        @Flag(help: "The pattern is a regular expression; the replacement may use its groups ($1).")
        var regex = false

        @Flag(help: "The replacement is eSpeak phoneme mnemonics, e.g. s'i:kw@L (as 'espeak-ng -x' prints them).")
        var phonemes = false

        @Flag(inversion: .prefixedNo, help: "Match whole words only (default), or also inside words.")
        var wholeWord = true

        @Flag(help: "Match regardless of letter case.")
        var anyCase = false

        @OptionGroup var scope: Scope

        func run() throws {
            try reportingErrors {
                let speak = try openSpeak()
                var said = replacement
                if phonemes, said.hasPrefix("[["), said.hasSuffix("]]") { said = String(said.dropFirst(2).dropLast(2)) }
                let entry = LexiconEntry(pattern: pattern, replacement: said, isRegex: regex, isPhonemes: phonemes,
                                         wholeWord: wholeWord, caseSensitive: !anyCase)
                let id = try speak.addLexiconEntry(entry, target: try scope.target())
                print("added lexicon entry \(id)")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "ls", abstract: "List the pronunciations.")

        @Flag(help: "Print the entries as JSON.")
        var json = false

        func run() throws {
            try reportingErrors {
                let entries = try openSpeak().lexiconEntries()
                if json { try printJSON(entries); return }
                if entries.isEmpty { print("the lexicon is empty; 'speak lexicon add WORD SAYING' adds to it"); return }
                for stored in entries {
                    let e = stored.entry
                    let flags = e.flags.map { $0 == "anycase" ? "any case" : $0 }
                    let shown = e.isPhonemes ? "[[\(e.replacement)]]" : e.replacement
                    print("\(stored.id)\t\(stored.scope)\t\(e.pattern) → \(shown)" + (flags.isEmpty ? "" : "\t(" + flags.joined(separator: ", ") + ")"))
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove pronunciations by id ('speak lexicon ls' shows them).")

        @Argument(help: "The entries' ids.")
        var ids: [Int64]

        func run() throws {
            try reportingErrors {
                try openSpeak().removeLexiconEntries(ids)
                print("removed \(ids.count) lexicon \(ids.count == 1 ? "entry" : "entries")")
            }
        }
    }

    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "test", abstract: "Print what is said for a text, with the lexicon and the built-in rules.")

        @Argument(help: "The text to try.")
        var text: String

        @Flag(help: "Print eSpeak's phonemes for it as well.")
        var phonemes = false

        @OptionGroup var scope: Scope

        func run() throws {
            try reportingErrors {
                let speak = try openSpeak()
                let said = try speak.lexiconTest(text, target: try scope.target())
                print(said)
                if phonemes { print(try speak.phonemes(said, voice: speak.config.voice)) }
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the lexicon as TSV (scope, pattern, replacement, flags).")

        @Argument(help: "The file to write ('-' for standard output).")
        var file: String

        func run() throws {
            try reportingErrors {
                let text = try openSpeak().exportLexicon()
                if file == "-" { FileHandle.standardOutput.write(Data(text.utf8)); return }
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
                } catch {
                    throw OutputFileError(path: file, reason: (error as NSError).localizedDescription)
                }
                Terminal.note("wrote \(file)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "import", abstract: "Add the entries of a TSV file written by 'speak lexicon export' (all or none).")

        @Argument(help: "The TSV file ('-' for standard input).")
        var file: String

        func run() throws {
            try reportingErrors {
                let data: Data
                if file == "-" {
                    data = FileHandle.standardInput.readDataToEndOfFile()
                } else {
                    guard let contents = FileManager.default.contents(atPath: file) else {
                        throw LexiconFileError(message: "cannot read '\(file)': no such file; give a TSV file written by 'speak lexicon export'",
                                               exitStatus: .noInput)
                    }
                    data = contents
                }
                let count = try openSpeak().importLexicon(String(decoding: data, as: UTF8.self), source: file)
                print("added \(count) lexicon \(count == 1 ? "entry" : "entries")")
            }
        }
    }
}

/// `speak set ID skip RULES`: a document's own settings.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change how one document is read: which kinds of text are skipped.",
        discussion: """
            Rules: citations, footnotes, urls, emails, parentheses, brackets. 'none' reads
            everything; 'default' goes back to the configured rules (config.toml 'skip').

            Examples:
              speak set 3 skip citations,urls
              speak set 3 skip none
              speak set 3 skip default
            """
    )

    @Argument(help: "The document's library id.")
    var id: String

    @Argument(help: "The setting: skip.")
    var setting: String

    @Argument(help: "Its value: a comma-separated list of rules, 'none' or 'default'.")
    var value: String

    func run() throws {
        try reportingErrors {
            guard setting == "skip" else { throw ValidationError("unknown setting '\(setting)'; the setting is 'skip'") }
            let speak = try openSpeak()
            let id = try documentID(id)
            try speak.setSkipRules(value.lowercased() == "default" ? nil : value, documentID: id)
            print("document \(id) skips: " + (value.lowercased() == "default" ? "the configured rules" : value))
        }
    }
}
