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
