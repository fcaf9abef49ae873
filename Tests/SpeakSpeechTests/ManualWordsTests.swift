import Testing
@testable import SpeakSpeech

/// What manuals and release notes write that news rarely does: versions with dots, which are
/// not dates, and English words set in capitals, which are not initialisms.
@Suite struct ManualWordsTests {
    @Test func aVersionIsNotADate() {
        #expect(say("Linux v2.6.13-rc2 is out.") == "Linux version two point six point thirteen R C two is out.")
        #expect(say("Use kernel 2.6.13 now.") == "Use kernel two point six point thirteen now.")
        #expect(say("Version 2.6.13 was released.") == "Version two point six point thirteen was released.")
        #expect(say("Upgrade to v3.0-beta today, or 1.4.2-rc1.") == "Upgrade to version three point zero beta today, or one point four point two R C one.")
        // A "v" with a number and no dot is a name (the V8 engine), and "Roe v. Wade" is a case.
        #expect(say("The v8 engine, v1 and Roe v. Wade.") == "The v8 engine, v1 and Roe v. Wade.")
    }

    @Test func dottedDatesStayDates() {
        #expect(say("It happened on 2.6.13 in Berlin.") == "It happened on June second, twenty thirteen in Berlin.")
        #expect(say("Signed on 10.5.2020.") == "Signed on May tenth, twenty twenty.")
    }

    @Test func anEnglishWordInCapitalsIsSaidAsTheWord() {
        #expect(say("Set HEAD to the commit.") == "Set Head to the commit.")
        #expect(say("Read the NOTE below.") == "Read the Note below.")
        // Initialisms are still spelled, and short capitals stay as the rules had them.
        #expect(say("The CEO of the BBC met the head of NASA.") == "The C E O of the double B C met the head of Nasa.")
        #expect(say("The FBI opened an inquiry.") == "The F B I opened an inquiry.")
    }
}
