import Testing
@testable import SpeakSpeech

/// Shorthand of forums, specifications, shops and spec sheets: models in the plural, sizes,
/// ports, prices per month, hexadecimal, "w/o" and "y/y".
@Suite struct ShorthandTests {
    @Test func aModelsPluralIsItsName() {
        #expect(say("The Boeing 747s and A380s were grounded, like the F-16s.")
            == "The Boeing seven forty sevens and A three eighties were grounded, like the F- sixteens.")
        #expect(say("He rolled two 6s.") == "He rolled two sixes.")
        // Seconds and decades stay: a duration word before two digits makes them seconds.
        #expect(say("Wait 120s, the 1990s and her 80s, after 30s.")
            == "Wait 120 seconds, the nineteen nineties and her eighties, after 30 seconds.")
        // Without pence or pounds in the sentence, "8s." is not money.
        #expect(say("Rooms 8s., breakfast 2s. then.") == "Rooms 8s., breakfast 2s. then.")
    }

    @Test func twoNumbersWithASlash() {
        #expect(say("Open ports 80/443, 24/7, a 50/50 and 80/20 split.") == "Open ports 80 slash 443, 24 7, a 50 50 and 80 20 split.")
        #expect(say("Odds of 1/100, a 32/64 bit build.") == "Odds of one hundredth, a 32 64 bit build.")
    }

    @Test func sizesAndHexadecimal() {
        #expect(say("A 3440x1440 monitor, a 1920x1080 one and a 2x4.")
            == "A thirty four forty by fourteen forty monitor, a nineteen twenty by ten eighty one and a two by four.")
        #expect(say("Write 0x1F or 0xdeadbeef, not 2x faster.") == "Write hex one F or hex D E A D B E E F, not 2 times faster.")
    }

    @Test func aPricePerSomething() {
        #expect(say("It costs $4.99/mo or $49/yr, $20/user/month.")
            == "It costs four dollars and ninety nine cents per month or forty nine dollars per year, twenty dollars per user per month.")
    }

    @Test func shorthandWithASlash() {
        #expect(say("Sales rose 5% y/y and 3% q/q.") == "Sales rose 5% year over year and 3% quarter over quarter.")
        #expect(say("Coffee w/ milk, tea w/o sugar, N/A, c/o Smith.") == "Coffee with milk, tea without sugar, not applicable, care of Smith.")
        #expect(say("Then s/he said his/her TCP/IP.").split(separator: " ").joined(separator: " ") == "Then she or he said his or her TCP IP.")
    }
}
