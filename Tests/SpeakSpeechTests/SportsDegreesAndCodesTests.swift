import SpeakModel
import Testing
@testable import SpeakSpeech

/// The third blind set's last kinds a rule can say: numbers of sports, firearms and tax codes,
/// degrees with dots inside, struck words, a forwarded mail.
@Suite struct SportsDegreesAndCodesTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func numbersAfterABarePoint() {
        #expect(heard("He batted .312 last season; the team finished at .500, less than .002 off; a .22 rifle and a loaded .45-caliber handgun; all .3 man pages.")
            == "He batted three twelve last season; the team finished at five hundred, less than point zero zero two off; a twenty two rifle and a loaded forty five-caliber handgun; all .3 man pages.")
        // A sentence's first word is no product's name: "Add 0.312" is a decimal, "Pod::Man 4.14" a version.
        #expect(heard("Add 0.312 grams; Python 3.11 is out; Pod::Man 4.14 made it.")
            == "Add 0.312 grams; Python three point eleven is out; Pod Man four point fourteen made it.")
    }

    @Test func codesScoresAndSpelledNumbers() {
        #expect(heard("She rolled it into a 401(k); a 501(c)(3) nonprofit; India were 245/6 at stumps; the 4×100 m relay; a 1-2 punch and a 1-2 finish; call 1-800-FLOWERS.")
            == "She rolled it into a four oh one K; a five oh one C three nonprofit; India were two hundred forty five for six at stumps; the four by 100 meter relay; a one two punch and a one two finish; call one eight hundred flowers.")
        // Without a cricket word a score is two numbers, as before.
        #expect(heard("Scores were 245/6 overall.") == "Scores were 245 6 overall.")
    }

    @Test func degreesWithDotsInside() {
        #expect(heard("She earned a Ph.D. in chemistry, then a B.Sc. and a D.Phil. at Oxford.")
            == "She earned a P H D in chemistry, then a B S C and a D fill at Oxford.")
    }

    @Test func marksNamesAndMail() {
        #expect(heard("~~Sold out~~ Back in stock; the gradient ∂f/∂x; fined ₦50,000; SAG-AFTRA and anti-DoS; WrestleMania XL and an iPhone X.")
            == "Back in stock; the gradient partial f over partial x; fined fifty thousand nyra; sag- aftruh and anti-DoS; wrestle mania forty and an I phone ten.")
        #expect(heard("Fwd: Meeting notes") == "Forward: Meeting notes")
        // Tildes that strike nothing stay.
        #expect(heard("About ~5 km; ~~ alone.") == "About about 5 kilometers; ~~ alone.")
    }
}
