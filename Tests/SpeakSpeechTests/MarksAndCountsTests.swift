import SpeakModel
import Testing
@testable import SpeakSpeech

/// Trademark marks, counts written as a fraction, a slash inside a name, a list's ellipsis,
/// capital units and Python's starred arguments.
@Suite struct MarksAndCountsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func aTrademarkIsNotSaid() {
        #expect(heard("Linux(tm) and Intel(R) Core(TM) i7 and Foo™ or Bar®.") == "Linux and Intel Core i7 and Foo or Bar.")
        #expect(heard("Let f(r) be the radius and (R) the reply.") == "Let f(r) be the radius and (R) the reply.")
    }

    @Test func countsWrittenAsAFractionAreOneOrTheOther() {
        #expect(heard("a 2/3-way merge on 32/64-bit machines") == "a 2 or 3-way merge on 32 or 64-bit machines")
        #expect(heard("a 1/2-inch pipe and 2/3 of it") == "a half inch pipe and two thirds of it")
    }

    @Test func aSlashInsideANameIsNoAbbreviation() {
        #expect(heard("the a-b/c path, but b/c it rained") == "the a-b c path, but because it rained")
    }

    @Test func anEllipsisAfterACommaIsNoSecondPause() {
        #expect(heard("red, green, blue, … and so on") == "red, green, blue, and so on")
        #expect(heard("wait… what") == "wait , what")
    }

    @Test func unitsInCapitalsAndAnAdverbAfterThem() {
        #expect(heard("at 100 KPH today and 60 MPH now") == "at 100 kilometers per hour today and 60 miles per hour now")
        #expect(heard("a 2 kg bag") == "a 2 kilogram bag")
    }

    @Test func starredArgumentsOpenNoEmphasis() {
        #expect(heard("Call f(*args, **kwargs) now.") == "Call f(star args, double star keyword args) now.")
        #expect(heard("This is *very* good and **bold** too.") == "This is very good and bold too.")
    }
}

/// Found reading Debian's policy, its developers' reference and upstream NEWS files aloud.
@Suite struct PolicyAndNewsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func optionsOfWordsAndOfALetterAndANumberKeepTheirDash() {
        #expect(heard("Use make -j4 and gcc -O2 -Wall here.") == "Use make dash J 4 and gcc dash O 2 dash Wall here.")
        #expect(heard("Try find -name foo -exec rm, or using -sa.") == "Try find dash name foo dash exec rm, or using dash sa.")
        #expect(heard("the suffix -ly and the plan -which failed- was bad") == "the suffix -ly and the plan -which failed was bad")
    }

    @Test func anEditorsModeLineIsNotRead() {
        #expect(heard("GNU coreutils NEWS -*- outline -*-") == "Gnoo coreutils News")
        #expect(heard(".. -*- coding: utf-8 -*-") == "..")
    }

    @Test func capitalsSaidAsWordsAndKeys() {
        #expect(heard("backspaces and TABs, the FIFOs and BIOS on MIPS") == "backspaces and Tabs, the Fifos and Bios on Mips")
        #expect(heard("press ESC-u or Ctrl-c") == "press escape u or control c")
    }

    @Test func kilobytesAndReleaseLetters() {
        #expect(heard("4k sector drives, a 64K buffer and 10k steps") == "4 K sector drives, a 64 K buffer and 10 thousand steps")
        #expect(heard("OpenSSL 1.1.1k is out") == "Open SSL one point one point one k is out")
    }

    @Test func countsThatLookLikeYears() {
        #expect(heard("fsize 2048 and 2048-bit keys, 12 out of 1217 passed") == "fsize 2048 and 2048-bit keys, 12 out of 1217 passed")
        #expect(heard("In 1997 we met; in 2048 we go.") == "In nineteen ninety seven we met; in twenty forty eight we go.")
    }
}

/// Paths of two parts, Debian's version relations, compounds after a closing mark and notes
/// whose number starts a sentence.
@Suite struct PathsAndRelationsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func aPathOfTwoPartsIsSaidAsOne() {
        #expect(heard("Edit debian/control, include <lzma/base.h>, track origin/master, set Europe/Paris.")
            == "Edit debian slash control, include <lzma slash base.h>, track origin slash master, set Europe slash Paris.")
        #expect(heard("the input/output of his/her work") == "the input output of his or her work")
    }

    @Test func debiansVersionRelations() {
        #expect(heard("Depends: xbase (<< 3.3.2), libc (>> 2.1) and foo (>= 1.0)")
            == "Depends: xbase (earlier than three point three point two), libc (later than 2.1) and foo (greater than or equal to 1.0)")
    }

    @Test func aCompoundAfterAClosingMarkIsNoOption() {
        #expect(heard("its subsidiary(-ies) and the ``star``-versions; EXHIBIT A -Mozilla Public License")
            == "its subsidiary(-ies) and the star-versions; EXHIBIT A -Mozilla Public License")
    }
}

@Suite struct NoteAfterASentenceTests {
    @Test func aNoteNumberStartingTheNextSentenceIsNotRead() {
        let block = "It can be an additional line here. [30] Some packages are implied."
        let chunk = "30] Some packages are implied."
        let reader = SpeechReader(options: SpeechOptions())
        let offset = block.unicodeScalars.count - chunk.unicodeScalars.count
        let said = reader.spoken(chunk, words: WordSegmenter.words(in: chunk), block: BlockContext(block: block), offset: offset).text
        #expect(said.split(separator: " ").joined(separator: " ") == "Some packages are implied.")
        let before = "It can be an additional line here. ["
        let first = reader.spoken(before, words: WordSegmenter.words(in: before), block: BlockContext(block: block), offset: 0).text
        #expect(first.split(separator: " ").joined(separator: " ") == "It can be an additional line here.")
        // A reference list's entry keeps its number.
        let entry = reader.spoken(chunk, words: WordSegmenter.words(in: chunk), block: BlockContext(block: "[30] Some packages are implied."), offset: 0).text
        #expect(entry.contains("30"))
    }
}

@Suite struct ChannelsAndCapitalOptionsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func aChannelAndABugPlaceholderAreNoHashtags() {
        #expect(heard("Join the channel #debian-devel; Closes: #nnnnn; trending #MeToo") == "Join the channel hash debian-devel; Closes: number nnnnn; trending hashtag Me Too")
    }

    @Test func aCapitalOptionIsToldApartFromItsSmallLetter() {
        #expect(heard("since -A now overrides -a, use -R") == "since dash capital A- now overrides dash A-, use dash R")
    }
}

@Suite struct SynopsisChoicesTests {
    @Test func choicesInBracketsAreOneOrTheOther() {
        #expect(say("set print nibbles [on|off] or {yes|no|auto}").split(separator: " ").joined(separator: " ")
            == "set print nibbles [on or off] or {yes or no or auto}")
    }
}

/// What a review of the rules above found them saying in prose: dashes of lists, sign-offs and
/// asides, alternatives that share a folder's or a region's name, parts of a speed, words of
/// text counted in thousands, years that are powers of two, a chapter's ornaments.
@Suite struct ProseDashesAndAlternativesTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func dashesOfProseAreNoOptions() {
        for text in ["Buy -Eggs -Milk -bananas today.", "\"Be the change.\" -Gandhi", "Thanks -Bob", "the Arsenal -Chelsea match",
                     "Make -sure you come, with -of all people- him.", "I tried to find him -he had gone.", "The -ing form and -ize.",
                     "He bought an -iPhone on -eBay."] {
            #expect(!heard(text).contains("dash"), "\(text) → \(heard(text))")
        }
    }

    @Test func alternativesAreNoPaths() {
        for text in ["Europe/Asia relations", "the Indian/Chinese border", "include/exclude lists", "net/gross pay", "debian/ubuntu users",
                     "upstream/downstream"] {
            #expect(!heard(text).contains("slash"), "\(text) → \(heard(text))")
        }
    }

    @Test func partsOfASpeedAndWordsOfText() {
        #expect(heard("a 1/2-speed dub and a 3/4-track tape") == "a half speed dub and a three quarter track tape")
        #expect(heard("2k words and 4k pages") == "2 thousand words and 4 thousand pages")
    }

    @Test func yearsThatArePowersOfTwo() {
        #expect(heard("the summer of 2048, between 2040 and 2048, in 1024 AD")
            == "the summer of twenty forty eight, between twenty forty and twenty forty eight, in ten twenty four A- D")
    }

    @Test func ornamentsAroundAChapterAreNoModeLine() {
        #expect(heard("Chapter One -*- The Storm -*- It was dark.").contains("Storm"))
        #expect(heard("Join #BlackLivesMatter now").contains("hashtag"))
    }

    @Test func legacyLanguageCodesAreToday() {
        #expect(CLD2Detector.current["iw"] == "he")
        let hebrew = LanguageRuleTests.Fake(answer: DetectedLanguage(code: "he", percent: 99, reliable: true))
        #expect(LanguageGuess.overruling("he", paragraphs: Array(repeating: String(repeating: "מילה ", count: 20), count: 6), detector: hebrew) == nil)
        let norwegian = LanguageRuleTests.Fake(answer: DetectedLanguage(code: "no", percent: 99, reliable: true))
        #expect(LanguageGuess.overruling("nb", paragraphs: Array(repeating: String(repeating: "ord ", count: 20), count: 6), detector: norwegian) == nil)
    }
}
