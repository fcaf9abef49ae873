import Testing
@testable import SpeakSpeech

/// What licences, copyright files, FAQs and plain-text notes write that a reader says
/// otherwise, found by reading 71 of them aloud (/usr/share/common-licenses, Debian copyright
/// files, FAQs and HOWTOs, *.txt notes under /usr/share/doc).
@Suite struct LegalAndFaqTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func theCopyrightSignIsNotSaidTwice() {
        #expect(heard("Copyright (C) 1989, 1991 Free Software Foundation, Inc.")
            == "Copyright nineteen eighty nine, nineteen ninety one Free Software Foundation, Incorporated")
        #expect(heard("Copyright: (c) 1987 the FSF. Copyright © 2004 The Open Group.")
            == "Copyright: nineteen eighty seven the FSF. Copyright two thousand four The Open Group.")
        #expect(heard("Hi (C) 1987-2022 the FSF. See (c) below.") == "Hi copyright nineteen eighty seven to twenty twenty two the FSF. See (C) below.")
    }

    @Test func latinWithoutItsPeriods() {
        #expect(heard("It can trigger itself (ie, a loop) and eg. during unpack it waits.")
            == "It can trigger itself (that is, a loop) and for example during unpack it waits.")
        #expect(heard("E.g. this works, e.g, that. NB: triggers are cheap.") == "For example this works, for example, that. Note: triggers are cheap.")
        #expect(heard("The ie and eg suffixes. A Dutch word, ie. Nothing.") == "The ie and eg suffixes. A Dutch word, ie. Nothing.")
    }

    @Test func datesInParenthesesAreReadAndSectionsAreNotMoney() {
        #expect(heard("At the time of writing (February 2012), man-db had it. As shown (Smith, 2020).")
            == "At the time of writing (February twenty twelve), man-db had it. As shown .")
        #expect(heard("Under subsection 6d. above, the fare was 6d. in all.") == "Under subsection 6d. above, the fare was six pence in all.")
    }

    @Test func bracketsThatHoldDataAreNotNotes() {
        #expect(heard("It changed from [] to [10].") == "It changed from [] to [10].")
        #expect(heard("Then tuple([1, 2, 3]) runs on 5.[123] and Aug[4-9].let files.") == "Then tuple([1, 2, 3]) runs on 5.[123] and Aug[4 to 9].let files.")
        #expect(heard("Border[0] is kept and Border[1] is applied.") == "Border[0] is kept and Border[1] is applied.")
        #expect(heard("A value in the range [1, 256], as shown [3].") == "A value in the range [1, 256], as shown .")
    }

    @Test func numbersAfterStandardsAndThePronounI() {
        #expect(heard("Read RFC 1951 and warning 2028 in 1995.") == "Read RFC 1951 and warning 2028 in nineteen ninety five.")
        #expect(heard("In that case I shall go. The book I bought. Patients with type I diabetes.")
            == "In that case I shall go. The book I bought. Patients with type one diabetes.")
    }

    @Test func capitalsThatAreWords() {
        #expect(heard("License: MIT OR Apache-2.0. It uses UUCP and a BOOL on SPARC and IRIX.")
            == "License: M I T Or Apache-2.0. It uses U U C P and a Bool on Sparc and Irix.")
        #expect(heard("The key words \"MUST\" and \"MAY\" are defined. The OR was busy. Portland, OR 97201.")
            == "The key words \"Must\" and \"May\" are defined. The O R was busy. Portland, O R 97201.")
    }

    @Test func lettersAndNumeralsOfClausesInBrackets() {
        #expect(heard("a) You must give a copy. Under Section 2.1(b) above, or (ii) ownership, or (c) both.")
            == "A-) You must give a copy. Under Section 2.1(B) above, or (two) ownership, or (C) both.")
        #expect(heard("Then f(a) and file(s) stay.") == "Then f(a) and files stay.")
    }
}
