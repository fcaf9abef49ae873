import SpeakModel
import Testing

func words(_ text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return WordSegmenter.words(in: scalars).map { String(String.UnicodeScalarView(scalars[$0.range])) }
}

@Suite struct WordSegmenterTests {
    @Test(arguments: [
        "don't", "e.g.", "U.S.", "1,234.50", "3/4/2021", "naïve", "https://example.org/a/b?c=1&d=2",
        "jane.doe@example.com", "well-known", "i.e.", "p.m.", "Dr.", "$5", "50%", "C++", "3.14", "-5", "café",
    ])
    func keepsTokenWhole(_ token: String) {
        #expect(words(token) == [token])
        #expect(words("(" + token + "),") == [token])
    }

    @Test func trimsSentencePunctuationButKeepsAbbreviationDots() {
        #expect(words("It ended. Dr. Who, e.g. him!") == ["It", "ended", "Dr.", "Who", "e.g.", "him"])
        #expect(words("“Quoted,” she said…") == ["Quoted", "she", "said"])
        #expect(words("in the U.S.).") == ["in", "the", "U.S."])
        #expect(words("J. R. R. Tolkien") == ["J.", "R.", "R.", "Tolkien"])
    }

    @Test func dashesAndEllipsesSeparateWords() {
        #expect(words("yes—no") == ["yes", "no"])
        #expect(words("wait...what") == ["wait", "what"])
        #expect(words("a – b") == ["a", "b"])
        #expect(words("— — —") == [])
    }

    @Test func punctuationAloneIsNotAWord() {
        #expect(words("... , ; ( ) \" '") == [])
        #expect(words("") == [])
        #expect(words("   \n\t ") == [])
    }

    @Test func symbolsThatAreSpokenAreWords() {
        #expect(words("salt & pepper") == ["salt", "&", "pepper"])
        #expect(words("I 👍 it") == ["I", "👍", "it"])
    }

    @Test func unspacedScriptsSplitPerCharacter() {
        #expect(words("日本語 text") == ["日", "本", "語", "text"])
    }

    @Test func spansCountUnicodeScalars() {
        // "e" + combining acute is two scalars; the span must count both.
        let text = "cafe\u{301} au lait 😀 ok"
        let scalars = Array(text.unicodeScalars)
        let spans = WordSegmenter.words(in: scalars)
        #expect(spans.map(\.range) == [0..<5, 6..<8, 9..<13, 14..<15, 16..<18])
    }

    @Test func veryLongTokensAreCut() {
        let long = String(repeating: "s'", count: 5000)
        let spans = WordSegmenter.words(in: Array(long.unicodeScalars))
        #expect(spans.count == 40)
        #expect(spans.allSatisfy { $0.end - $0.start <= UInt32(WordSegmenter.maximumWordLength) })
        #expect(spans.last?.end == UInt32(long.unicodeScalars.count) - 1)  // trailing quote trimmed
    }

    @Test func longPunctuationChainsStayLinear() {
        let token = String(repeating: "a", count: 100_000) + String(repeating: ".)", count: 100_000)
        let spans = WordSegmenter.words(in: token)
        #expect(spans.count == 100_000 / WordSegmenter.maximumWordLength + 1)
    }

    @Test func hugeParagraphsAreSegmentedWithoutCopyingThem() {
        let text = String(repeating: "word ", count: 200_000)
        #expect(WordSegmenter.words(in: text).count == 200_000)
    }

    @Test func kanaMarksAloneAreNotWords() {
        #expect(words("ア・イ \u{3099}") == ["ア", "イ"])
    }

    @Test func loneCombiningMarksAndControlCharactersDoNotCrash() {
        _ = words("\u{301}\u{301} \u{0} \u{7} a\u{301}")
        _ = words(String(repeating: "\u{301}", count: 1000))
    }
}

@Suite struct SentenceSegmenterTests {
    func sentences(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let spans = WordSegmenter.words(in: scalars)
        let texts = spans.map { String(String.UnicodeScalarView(scalars[$0.range])) }
        return SentenceSegmenter.sentences(in: scalars, words: spans).map { texts[$0].joined(separator: " ") }
    }

    /// A text without punctuation once made one sentence of 60,000 words (4.5 GB to convert).
    @Test func longRunsAreCutAtClauseMarksElseAtTheLimit() {
        let plain = (0..<200).map { "w\($0)" }.joined(separator: " ")
        let cut = sentences(plain).map { $0.split(separator: " ").count }
        #expect(cut == [80, 80, 40])
        // A comma late enough is the better place; one near the start is not.
        var words = (0..<100).map { "w\($0)" }
        words[69] += ","
        words[4] += ","
        let atClause = sentences(words.joined(separator: " ")).map { $0.split(separator: " ").count }
        #expect(atClause == [70, 30])
        // From any sentence start the rest segments as the whole does.
        let scalars = Array(plain.unicodeScalars)
        let spans = WordSegmenter.words(in: scalars)
        let whole = SentenceSegmenter.sentences(in: scalars, words: spans)
        for sentence in whole {
            let part = SentenceSegmenter.sentences(in: scalars, words: spans, from: sentence.lowerBound, through: spans.count - 1)
            #expect(Array(whole.drop { $0.lowerBound < sentence.lowerBound }) == part)
        }
    }

    @Test func splitsAtTerminators() {
        #expect(sentences("One two. Three four! Five? Six") == ["One two", "Three four", "Five", "Six"])
    }

    @Test func doesNotSplitAfterTitlesAbbreviationsAndNumbers() {
        #expect(sentences("Dr. Smith met Mr. Jones. They talked.") == ["Dr. Smith met Mr. Jones", "They talked"])
        #expect(sentences("Bring fruit, e.g. Apples and Pears. Then go.") == ["Bring fruit e.g. Apples and Pears", "Then go"])
        #expect(sentences("See No. 5 on the list. It is 3.5 m long.") == ["See No 5 on the list", "It is 3.5 m long"])
        #expect(sentences("Written by J. R. R. Tolkien. Great.") == ["Written by J. R. R. Tolkien", "Great"])
    }

    @Test func ordinaryWordsThatLookLikeAbbreviationsEndSentences() {
        #expect(sentences("She said no. He left.") == ["She said no", "He left"])
        #expect(sentences("The cat sat. Then it slept.") == ["The cat sat", "Then it slept"])
        #expect(sentences("So did I. Then we went.") == ["So did I", "Then we went"])
        #expect(sentences("Made by Acme Inc. The firm grew.") == ["Made by Acme Inc.", "The firm grew"])
        #expect(sentences("Born in the U.S. Army camp.") == ["Born in the U.S. Army camp"])
    }

    @Test func quotedExclamationBeforeLowerCaseContinues() {
        #expect(sentences("“Stop!” she said. Then silence.") == ["Stop she said", "Then silence"])
    }

    @Test func listClosingAbbreviationEndsSentenceBeforeCapital() {
        #expect(sentences("Apples, pears, etc. The rest went.") == ["Apples pears etc.", "The rest went"])
    }

    @Test func textWithoutTerminatorIsOneSentence() {
        #expect(sentences("no terminator here") == ["no terminator here"])
        #expect(sentences("") == [])
    }

    @Test func aRunWithoutTerminatorIsCutAtTheLimit() {
        // The README's limits table: no sentence handed on is longer than 80 words.
        let text = Array(repeating: "word", count: 1_000).joined(separator: " ")
        let cut = SentenceSegmenter.sentences(in: Array(text.unicodeScalars), words: WordSegmenter.words(in: text))
        #expect(cut.count >= 1_000 / SentenceSegmenter.maximumWords)
        #expect(cut.allSatisfy { $0.count <= SentenceSegmenter.maximumWords })
        #expect(cut.reduce(0) { $0 + $1.count } == 1_000)
    }
}

/// Segmenting part of a block gives the sentences the whole block would have there: what lets
/// a worker speak a few hundred words of a paragraph of 100,000 without segmenting all of it.
@Suite struct SentenceRangeTests {
    @Test func aPartSegmentsLikeTheWhole() {
        let text = "It was late. Dr. Lee left at 3.5 p.m. and said “Stop!” she said. No. 5 was J. R. R. Tolkien. "
            + "The U.S. Army came. Then etc. Another one? Yes! the end… Final words here."
        let scalars = Array(text.unicodeScalars)
        let words = WordSegmenter.words(in: text)
        let whole = SentenceSegmenter.sentences(in: scalars, words: words)
        for (n, sentence) in whole.enumerated() {
            for last in sentence.lowerBound..<words.count {
                let part = SentenceSegmenter.sentences(in: scalars, words: words, from: sentence.lowerBound, through: last)
                let expected = Array(whole[n...].prefix { $0.lowerBound <= last })
                #expect(part == expected, "from \(sentence.lowerBound) through \(last)")
            }
        }
        // Starting inside a sentence: that sentence's rest is the first.
        let inside = SentenceSegmenter.sentences(in: scalars, words: words, from: 1, through: 1)
        #expect(inside == [1..<whole[0].upperBound])
        #expect(SentenceSegmenter.sentences(in: scalars, words: words, from: words.count, through: words.count).isEmpty)
    }
}
