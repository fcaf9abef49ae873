import SpeakModel
import Testing
@testable import SpeakSpeech

/// What the reader says for a text, and the spoken piece of each document word.
func spoken(_ text: String, _ options: SpeechOptions = SpeechOptions(), kind: BlockKind = .paragraph) -> (text: String, words: [String]) {
    let result = SpeechReader(options: options).spoken(text, words: WordSegmenter.words(in: text), kind: kind)
    let scalars = Array(result.text.unicodeScalars)
    return (result.text, result.wordSpans.map { String(String.UnicodeScalarView(scalars[$0.range])) })
}

func say(_ text: String, _ options: SpeechOptions = SpeechOptions(), kind: BlockKind = .paragraph) -> String {
    spoken(text, options, kind: kind).text
}

@Suite struct SpokenMappingTests {
    @Test func anExpansionBelongsToTheWordItSays() {
        let (text, words) = spoken("The startup raised $5M in seed funding.")
        #expect(text == "The startup raised five million dollars in seed funding.")
        #expect(words == ["The", "startup", "raised", "five million dollars", "in", "seed", "funding"])
    }

    @Test func wordsSaidTogetherGiveTheFirstAllAndTheRestNothing() {
        // "pp." and "45–52" are two words; "Nov. 24" is two words said as one date.
        let (_, words) = spoken("See pp. 45–52 from Nov. 24 on.")
        #expect(words == ["See", "pages", "45 to 52", "from", "November twenty fourth", "", "on"])
    }

    @Test func aSkippedCitationKeepsItsWordsWithoutTime() {
        let text = "Deep networks generalize well [12] today."
        let result = SpeechReader(options: SpeechOptions()).spoken(text, words: WordSegmenter.words(in: text))
        let scalars = Array(result.text.unicodeScalars)
        let said = result.wordSpans.map { String(String.UnicodeScalarView(scalars[$0.range])) }
        #expect(said == ["Deep", "networks", "generalize", "well", "", "today"])
        #expect(result.skipped.map(\.rule) == [.citations])
        #expect(String(String.UnicodeScalarView(Array(text.unicodeScalars)[result.skipped[0].range])) == "[12]")
        // Read when the user asks.
        #expect(say(text, SpeechOptions(skip: [])) == text)
    }

    @Test func spansAreOrderedAndInsideTheText() {
        let samples = ["Smith et al. (2020) [12] showed that x² + 1 = 5 at https://example.org/a?b=1 on 2026-11-24.",
                       "He lived on Baker St. near St. Paul's in the 1990s — i.e. before 24/7 shops.",
                       "Ms. Garcia paid €3.50 for 250 ml 👍🏽 of the oﬃce's milk."]
        for sample in samples {
            let result = SpeechReader(options: SpeechOptions()).spoken(sample, words: WordSegmenter.words(in: sample))
            #expect(result.wordSpans.count == WordSegmenter.words(in: sample).count)
            var last: UInt32 = 0
            for span in result.wordSpans {
                #expect(span.start >= last && span.end >= span.start)
                last = span.end
            }
            #expect(Int(last) <= result.text.unicodeScalars.count)
        }
    }

    @Test func asWrittenChangesNothing() {
        let text = "Fig. 3 costs $5M [12]."
        let words = WordSegmenter.words(in: text)
        let result = SpeechReader(options: .asWritten).spoken(text, words: words)
        #expect(result.text == text && result.wordSpans == words)
    }

    @Test func aLexiconEntryReplacesWholeWordsBeforeTheRules() {
        let sql = LexiconEntry(pattern: "SQL", replacement: "sequel")
        let (text, words) = spoken("Learn SQL and NoSQL by Dr. Who.", SpeechOptions(lexicon: [sql]))
        #expect(text == "Learn sequel and No SQL by Doctor Who.")
        #expect(words[1] == "sequel")
        let pattern = LexiconEntry(pattern: "v(\\d+)", replacement: "version $1", isRegex: true)
        #expect(say("Use v2 now.", SpeechOptions(lexicon: [pattern])) == "Use version 2 now.")
        let phonemes = LexiconEntry(pattern: "Nguyen", replacement: "w'In", isPhonemes: true)
        #expect(say("Ms. Nguyen", SpeechOptions(lexicon: [phonemes])) == "Miz  [[w'In]] ")
        let anyCase = LexiconEntry(pattern: "gif", replacement: "jif", caseSensitive: false)
        #expect(say("A GIF file.", SpeechOptions(lexicon: [anyCase])) == "A jif file.")
    }

    @Test func badLexiconEntriesAreRefused() throws {
        #expect(throws: SpeechOptionError.self) { try LexiconEntry(pattern: "(", replacement: "x", isRegex: true).validate() }
        #expect(throws: SpeechOptionError.self) { try LexiconEntry(pattern: "a", replacement: "", isPhonemes: true).validate() }
        #expect(throws: SpeechOptionError.self) { try SkipRule.parseList("citations,nonsense") }
        #expect(try SkipRule.parseList("citation, URLs") == [.citations, .urls])
    }
}

@Suite struct RuleTableTests {
    /// A dictionary or set literal with a key twice traps when it is first used: touch them all.
    @Test func everyTableLoads() {
        var sizes: [Int] = []
        sizes.append(EnglishWords.names.count)
        sizes.append(EnglishWords.respelled.count)
        sizes.append(CapitalWords.table.count)
        sizes.append(EnglishWords.identifiers.count)
        sizes.append(EnglishWords.keys.count)
        sizes.append(EnglishWords.greek.count)
        sizes.append(EnglishUnits.units.count)
        sizes.append(EnglishUnits.plurals.count)
        sizes.append(EnglishUnits.notNouns.count)
        sizes.append(EnglishUnits.lengths.count)
        sizes.append(EnglishCurrency.symbols.count)
        sizes.append(EnglishCurrency.codes.count)
        sizes.append(EnglishCurrency.multipliers.count)
        sizes.append(EnglishCurrency.dollarPrefixes.count)
        sizes.append(EnglishAbbreviations.plain.count)
        sizes.append(EnglishRoman.counting.count)
        sizes.append(EnglishRoman.regnalNames.count)
        sizes.append(EnglishRoman.titles.count)
        sizes.append(EnglishWeb.spokenTLDs.count)
        sizes.append(EnglishWeb.tlds.count)
        sizes.append(EnglishWeb.labels.count)
        sizes.append(EnglishWeb.onsets.count)
        sizes.append(EnglishSymbols.words.count)
        sizes.append(EnglishSymbols.superscripts.count)
        sizes.append(EnglishCitations.superscripts.count)
        sizes.append(EnglishCitations.dashes.count)
        sizes.append(EnglishNumberRules.yearWords.count)
        sizes.append(EnglishNumberRules.afterYear.count)
        sizes.append(EnglishNumberRules.versionWords.count)
        sizes.append(EnglishNumberRules.preReleases.count)
        sizes.append(EnglishCitations.reporting.count)
        sizes.append(EnglishWeb.directives.count)
        sizes.append(EnglishPaths.directories.count)
        sizes.append(EnglishPaths.marks.count)
        sizes.append(EnglishDates.abbreviations.count)
        sizes.append(EnglishDates.days.count)
        sizes.append(CharacterPass.ligatures.count)
        sizes.append(CharacterPass.bullets.count)
        sizes.append(CharacterPass.daggers.count)
        sizes.append(CharacterPass.smallCapitals.count)
        sizes.append(GermanRules.abbreviations.count)
        sizes.append(GermanRules.dotted.count)
        sizes.append(GermanRules.units.count)
        sizes.append(GermanRules.currencies.count)
        #expect(sizes.allSatisfy { $0 > 0 })
    }
}

@Suite struct LanguageRuleTests {
    @Test func germanHasItsOwnRules() {
        let german = SpeechOptions(language: "de")
        #expect(say("Das kostet 3,50 € z.B. am 24.11.2026 und fährt 120 km/h.", german)
                == "Das kostet 3 Euro 50 zum Beispiel am 24. November 2026 und fährt 120 Kilometer pro Stunde.")
        #expect(say("Siehe S. 12 bzw. Abb. 3 [4].", german) == "Siehe Seite 12 beziehungsweise Abbildung 3 .")
        #expect(say("Mehr auf www.beispiel.de heute.", german) == "Mehr auf beispiel Punkt D E heute.")
        // The same text under English rules reads differently: the rules are per language.
        #expect(say("Siehe S. 12 bzw. Abb. 3 [4].") != say("Siehe S. 12 bzw. Abb. 3 [4].", german))
    }

    @Test func aLanguageWithoutRulesIsReadAsWrittenButStillSkips() {
        let french = SpeechOptions(language: "fr")
        #expect(say("Voir la fig. 3 [12].", french) == "Voir la fig. 3 .")
    }

    /// A fake detector: the paragraph rule needs enough words, reliability and another language.
    struct Fake: LanguageDetector {
        var answer: DetectedLanguage?
        func detect(_ text: String) -> DetectedLanguage? { answer }
    }

    @Test func paragraphsInAnotherLanguageAreFoundOnlyWhenSure() {
        let long = String(repeating: "mot ", count: 30)
        let french = Fake(answer: DetectedLanguage(code: "fr", percent: 97, reliable: true))
        #expect(LanguageGuess.paragraph(long, documentLanguage: "en", detector: french) == "fr")
        #expect(LanguageGuess.paragraph(long, documentLanguage: "fr-CA", detector: french) == nil)
        #expect(LanguageGuess.paragraph("Un petit mot.", documentLanguage: "en", detector: french) == nil)
        let unsure = Fake(answer: DetectedLanguage(code: "fr", percent: 97, reliable: false))
        #expect(LanguageGuess.paragraph(long, documentLanguage: "en", detector: unsure) == nil)
        #expect(LanguageGuess.document(long, detector: french) == "fr")
        #expect(LanguageGuess.document("Trop court.", detector: french) == nil)
    }

    @Test func aDeclaredLanguageIsOverruledOnlyByPlainlyAnother() {
        let paragraphs = Array(repeating: String(repeating: "Wort ", count: 20), count: 6)
        let german = Fake(answer: DetectedLanguage(code: "de", percent: 97, reliable: true))
        #expect(LanguageGuess.overruling("en", paragraphs: paragraphs, detector: german) == "de")
        #expect(LanguageGuess.overruling("de-DE", paragraphs: paragraphs, detector: german) == nil)
        #expect(LanguageGuess.overruling("en", paragraphs: Array(paragraphs.prefix(4)), detector: german) == nil, "80 words are not enough")
        let unsure = Fake(answer: DetectedLanguage(code: "de", percent: 97, reliable: false))
        #expect(LanguageGuess.overruling("en", paragraphs: paragraphs, detector: unsure) == nil)
    }

    @Test func cld2FindsTheLanguageOfRealParagraphs() {
        let detector = CLD2Detector()
        let samples = [
            ("fr", "La traduction française de cette page de manuel a été créée par plusieurs personnes qui ont travaillé ensemble pendant des années."),
            ("de", "Die deutsche Übersetzung dieser Handbuchseite wurde von vielen Menschen erstellt, die seit Jahren gemeinsam daran arbeiten."),
            ("es", "La traducción al español de esta página del manual fue creada por varias personas que trabajaron juntas durante años."),
            ("en", "The English version of this manual page was written by many people who have worked on it together for years."),
        ]
        for (code, text) in samples {
            #expect(detector.detect(text)?.code == code, "\(text)")
        }
    }
}
