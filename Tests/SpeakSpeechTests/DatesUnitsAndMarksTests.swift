import SpeakModel
import Testing
@testable import SpeakSpeech

/// The third blind set's dates, units, marks of prose, formulas, abbreviations and trade names.
@Suite struct DatesUnitsAndMarksTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func datesTimesAndDurations() {
        #expect(heard("Closed Dec 24–Jan 2; lunch noon–2 p.m.; sales fell Jan–Mar 2024.")
            == "Closed December twenty fourth to January second; lunch noon to 2 PM; sales fell January to March twenty twenty four.")
        #expect(heard("It runs 24th–26th May, as in the 13th–15th centuries.")
            == "It runs twenty fourth to twenty sixth of May, as in the thirteenth to fifteenth centuries.")
        #expect(heard("Pi Day falls on 3/14; add it on 1/4 of the pan; the card expires 09/27.")
            == "Pi Day falls on March fourteenth; add it on one quarter of the pan; the card expires September twenty twenty seven.")
        #expect(heard("The video runs 1:02:45; he ran the mile in 3:43.13; logged 2022 22:04:21 +0200.")
            == "The video runs one hour, two minutes, forty five seconds; he ran the mile in three forty three point one three; logged twenty twenty two 22:04:21 plus 0200.")
        #expect(heard("The concert is on Sat 14 Jun.") == "The concert is on Saturday, June fourteenth")
    }

    @Test func unitsOfScienceAndKitchens() {
        #expect(heard("Cooled to 4 K with 64 K of memory; 6.5 L/100 km; 420 ppm; 1.5 Å; 400 N·m; a 6 qt pot.")
            == "Cooled to 4 kelvins with 64 K of memory; 6.5 liters per hundred kilometers; 420 parts per million; 1.5 angstroms; 400 newton meters; a 6 quart pot.")
    }

    @Test func marksOfProseAndFormulas() {
        #expect(heard("We averaged 20 miles/day with a/c; a 32 y/o; list the reference(s), not packages(s); it takes 5~10 days.")
            == "We averaged 20 miles per day with air conditioning; a 32 year old; list the references, not packages(s); it takes 5 to 10 days.")
        #expect(heard("Dear Mr/Ms Jones, choose File → Save As. From Vienna → Prague; press * now.")
            == "Dear Mister or Miz Jones, choose File , Save As. From Vienna to Prague; press star now.")
        #expect(heard("Accurate to +/- 2 mm in O(n log n) time; 17 ≡ 2 (mod 5); assume x ∈ S; for all x ∈ S; P(X|Y).")
            == "Accurate to plus or minus 2 millimeters in O of n log n time; 17 is congruent to 2 (mod 5); assume x is in S; for all x in S; P of X given Y.")
    }

    @Test func abbreviationsAndTradeNames() {
        #expect(heard("Mx. Taylor and Messrs. Hale met Assoc. Prof. Kim in Palo Alto, Calif.")
            == "Mix Taylor and Messers Hale met Associate Professor Kim in Palo Alto, California.")
        #expect(heard("Visit St Paul's, not Baker St now; call ext. 4127. Ada (b. 1815) wrote (Eq. 4).")
            == "Visit Saint Paul's, not Baker St now; call extension four one two seven. Ada (born eighteen fifteen) wrote (equation 4).")
        #expect(heard("The board OK'd a REIT; the SoC, the DoD and NaN; use kubectl with SQLite.")
            == "The board okayed a reet; the S O C, the D O D and nan; use kube control with S Q L ite.")
    }
}
