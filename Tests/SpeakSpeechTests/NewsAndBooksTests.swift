import Testing
@testable import SpeakSpeech

/// What news articles, books and changelogs write that a reader says otherwise, found by
/// reading 95 of them aloud (the eval's articles and books, /usr/share/doc): names in capitals,
/// years before a noun, identifiers with hyphens, scores, old money, initials, states.
@Suite struct NewsAndBooksTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func namesInCapitalsAreSaidAsNames() {
        #expect(heard("DUBAI, United Arab Emirates (AP) — Officials said. The FBI and ACLU agreed.")
            == "Dubai, United Arab Emirates (AP) , Officials said. The F B I and A- C L U agreed.")
        #expect(say("Thanks to Mike FABIAN for the fix. The KOSPI index fell.") == "Thanks to Mike Fabian for the fix. The Kospi index fell.")
        #expect(say("Then you DID download it, the BIG one, the IT department.") == "Then you Did download it, the Big one, the I T department.")
        #expect(say("The FDIC, NCAA and HTTPS.") == "The F D I C, N C double A- and HTTPS.")
        #expect(say("Fix TODOs in Vi IMproved.") == "Fix to dos in Vi improved.")
    }

    @Test func aYearBeforeANoun() {
        #expect(say("After his 2018 physical and WeWork's 2025 bond, fiscal 2019 and Euro 2020 qualifying.")
            == "After his twenty eighteen physical and We Work's twenty twenty five bond, fiscal twenty nineteen and Euro twenty twenty qualifying.")
        #expect(heard("From 2015—one year—the 2016-style keyboard, a mid-2019 launch.")
            == "From twenty fifteen , one year , the twenty sixteen-style keyboard, a mid twenty nineteen launch.")
        #expect(say("They sold 2018 units, 2048 bytes and their 1999 employees.") == "They sold 2018 units, 2048 bytes and their 1999 employees.")
    }

    @Test func identifiersScoresAndNumbers() {
        #expect(heard("Fixes CVE-2023-3446 in glib-2-74 and the A350-900, per ISO 3166-1.")
            == "Fixes C V E twenty twenty three dash thirty four forty six in glib- two dash seventy four and the A three fifty dash nine hundred, per eye so thirty one sixty six dash one.")
        #expect(say("Wales beat Hungary 2-0, a 5-4 ruling, in 5-8 minutes, the 2019-20 season.")
            == "Wales beat Hungary 2 to 0, a 5 to 4 ruling, in 5 to 8 minutes, the twenty nineteen to twenty season.")
        #expect(say("See (#87), Bug#48532 and PKCS#12, not #include.") == "See (number 87), Bug number 48532 and PKCS 12, not hash include.")
        #expect(say("Honey, or 1 1/2 cups, at 9.30 A.M. in 1080p.") == "Honey, or 1 and a half cups, at nine thirty AM in ten eighty P.")
        #expect(say("The 87W charger holds 100Wh; 12V, 12MP and 41 dBA.") == "The 87 watt charger holds 100 watt hours; 12 volts, 12 megapixels and 41 decibels.")
    }

    @Test func oldMoneyInitialsAndPronouns() {
        #expect(say("A cocktail 1s., and 8½d. for bread; £88 10s. in all.")
            == "A cocktail one shilling, and eight and a half pence for bread; eighty eight pounds ten shillings in all.")
        #expect(say("Dmitry V. Levin wrote it. Henry V. He ruled.") == "Dmitry V. Levin wrote it. Henry the fifth. He ruled.")
        #expect(say("In that case I think a problem I found is World War I veterans.")
            == "In that case I think a problem I found is World War one veterans.")
        #expect(say("A naval chap. I fear it, ate a fig. See Fig. 3.") == "A naval chap. I fear it, ate a fig. See figure 3.")
    }

    @Test func operatorsCurrencyOnceAndAbbreviationsInASentence() {
        #expect(say("The += operator and (bps != 1).") == "The plus equals operator and (bps is not equal to 1).")
        #expect(say("It cost $7.9 million dollars, a $75.3 billion dollar hit.")
            == "It cost seven point nine million dollars, a seventy five point three billion dollar hit.")
        #expect(say("Broncos vs. Raiders, cf. Smith.") == "Broncos versus Raiders, compare Smith.")
    }

    /// What a review found the new rules saying wrongly in ordinary prose, each mended.
    @Test func ordinaryProseIsLeftAsItWasRead() {
        #expect(say("Signed by DAVID today. He moved to SPAIN in May.") == "Signed by David today. He moved to Spain in May.")
        #expect(say("Patients with type I diabetes in a phase I trial; Chapter V. Results.")
            == "Patients with type one diabetes in a phase one trial; Chapter five. Results.")
        #expect(say("On 5/23 the market fell; 20/40 vision; Under Va. Code § 18-2, Rule 12-1, on 12-5.")
            == "On May twenty third the market fell; 20 40 vision; Under Va. Code § 18-2, Rule 12-1, on 12-5.")
        #expect(say("A pint cost £1 in the 80s. It cost £5 and the download took 30s.")
            == "A pint cost one pound in the eighties. It cost five pounds and the download took 30 seconds.")
        #expect(say("\"Sorry, Miss. I forgot.\" Then I, Mo. and Jo left.") == "\"Sorry, Miss. I forgot.\" Then I, Mo. and Jo left.")
        #expect(say("The Texas ACLU and the SAT and ACT tests with LED lamps, API - Application Programming Interface.")
            == "The Texas A- C L U and the S A- T and A- C T tests with L E D lamps, A- P I - Application Programming Interface.")
        #expect(heard("Use she/her/hers or yes/no/maybe, open Mon. through Fri., the world No.1, Voters passed Prop. 22.")
            == "Use she her hers or yes no maybe, open Monday through Friday, the world number 1, Voters passed proposition 22.")
        #expect(heard("At 40°26'46\"N in FY2023-24, a f*ck, LATEX gloves, heated to 80∘C.")
            == "At 40 degrees 26 minutes 46 seconds north in FY twenty twenty three to twenty four, a f ck, Latex gloves, heated to 80 degrees Celsius.")
    }

    @Test func inchMarksAreNotQuotes() {
        #expect(say("A 34\" monitor and a 65\" LG; he is 6'2\" tall.") == "A 34 inch monitor and a 65 inch LG; he is 6 feet 2 inches tall.")
        #expect(say("She said \"I have 34\" and left; the \"top 10\" list and \"Route 66\".")
            == "She said \"I have 34\" and left; the \"top 10\" list and \"Route 66\".")
    }

    @Test func statesAsTheNewsWritesThem() {
        #expect(say("Police in Monroe, La., said. Sen. Amy Klobuchar, D-Minn., and Joe Manchin (D-W.Va.) met in Albany, N.Y. Then.")
            == "Police in Monroe, Louisiana, said. Senator Amy Klobuchar, Democrat of Minnesota, and Joe Manchin (Democrat of West Virginia) met in Albany, New York. Then.")
        #expect(say("As much as Pa. said.") == "As much as Pa. said.")
    }
}
