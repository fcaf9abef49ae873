import SpeakModel
import Testing
@testable import SpeakSpeech

/// What a blind set of sentences written like the ear set's found misread: codes said as their
/// kind is said, formulas in prose, units without their number, days joined to days, pronoun
/// sets, alphabetic citation keys, years cut to two digits, names' possessives.
@Suite struct CodesFormulasAndUnitsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func codesAreSaidAsTheirKindIs() {
        #expect(heard("The ZIP code is 90210.") == "The Zip code is nine zero two one zero.")
        #expect(heard("It listens on port 8080, port 443 and port 3000.")
            == "It listens on port eighty eighty, port four four three and port 3000.")
        #expect(heard("It returned a 404 error, HTTP 503; it exits with status 127.")
            == "It returned a four oh four error, HTTP five oh three; it exits with status 127.")
        #expect(heard("She flew a Boeing 747 after 9/11, not 3/16 of it.") == "She flew a Boeing seven forty seven after nine eleven, not three sixteenths of it.")
        #expect(heard("Upgrade to Ubuntu 22.04 with .NET over HTTP/2.") == "Upgrade to Ubuntu twenty two oh four with dot net over H T T P 2.")
        #expect(heard("Call 1-800-555-0199 now.") == "Call one, eight hundred, five five five, zero one nine nine now.")
        #expect(heard("Write to user123@yahoo.com.") == "Write to user one two three at yahoo dot com.")
    }

    @Test func formulasInProse() {
        #expect(heard("Let f(x) = 2x + 3 and x^2 + y^2 = 1.") == "Let F of X equals 2x plus 3 and X squared plus Y squared equals 1.")
        #expect(heard("Einstein wrote E = mc². Compute |x − y| first.") == "Einstein wrote E equals M C squared. Compute the absolute value of x − y first.")
        #expect(heard("Then f(a) and file(s) stay, like A | B | C.") == "Then f(a) and files stay, like A | B | C.")
        #expect(heard("See ¶ 4. The chip is 3x faster, a 10x speedup, not 777x jets or 0x1F.")
            == "See paragraph 4. The chip is 3 times faster, a 10 times speedup, not 777x jets or hex one F.")
    }

    @Test func unitsWithoutTheirNumberAndRecipes() {
        #expect(heard("5 µg per kg at 30 cents per kWh from 300 hp.") == "5 micrograms per kilogram at 30 cents per kilowatt hour from 300 horsepower.")
        #expect(heard("Add 1 tsp. salt, 8 oz cooked chicken and 8 fl oz of milk to a 5 lb bag.")
            == "Add 1 teaspoon salt, 8 ounces cooked chicken and 8 fluid ounces of milk to a 5 pound bag.")
        #expect(heard("The shelf is 12 in. wide. He was in. Then out.") == "The shelf is 12 inches wide. He was in. Then out.")
        #expect(heard("The project has a $750K budget.") == "The project has a seven hundred fifty thousand dollar budget.")
    }

    @Test func daysPronounsAndYears() {
        #expect(heard("Open Mon–Fri, 9–5; classes meet Mon/Wed/Fri.") == "Open Monday to Friday, 9 to 5; classes meet Monday Wednesday Friday.")
        #expect(heard("Use they/them pronouns; ask his/her name.") == "Use they them pronouns; ask his or her name.")
        #expect(heard("The class of ’09 loved the ’80s and the 2020–21 season.")
            == "The class of oh nine loved the eighties and the twenty twenty to twenty one season.")
        #expect(heard("Polls close at 8 p.m. ET. Part iii, type ix.") == "Polls close at 8 PM E T. Part three, type nine.")
    }

    @Test func citationsNamesAndMarks() {
        #expect(heard("It is tight [Knu97], see [ABC+19, Lam94a] and (Walker, n.d.).") == "It is tight , see and .")
        #expect(heard("Dvořák's symphony, Schrödinger's cat, El Niño.") == "Duh vor zhahks symphony, Shrohding ers cat, El Neen yo.")
        #expect(heard("The `ls` command, ls | grep foo, Love you <3") == "The ls command, ls pipe grep foo, Love you")
        #expect(heard("The IoT devices use ARM64 and a PET scan.") == "The I O T devices use Arm 64 and a pet scan.")
        #expect(heard("Set the timeout to 30s; in the 30s it was warm.") == "Set the timeout to 30 seconds; in the thirties it was warm.")
        #expect(heard("Depends: foo | bar") == "Depends: foo or bar")
    }
}

/// What a second blind set found: ratings, odds, modes, keys, markup left in text, angles,
/// ranges of months and times, vulgar fractions, derivatives.
@Suite struct SecondBlindSetTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func countsAndCodes() {
        #expect(heard("It was rated 4/5; the horse won at 33-1; the rate is 1/x.") == "It was rated 4 out of 5; the horse won at 33 to 1; the rate is 1 over x.")
        #expect(heard("Run chmod 755 and press Esc, then SELECT * FROM t.") == "Run C H mod seven five five and press escape, then Select star From t.")
        #expect(heard("The Airbus A380, flight 217, 12 500 inhabitants, a stamp at 85p.")
            == "The Airbus A- three eighty, flight two seventeen, twelve thousand five hundred inhabitants, a stamp at 85 pence.")
        #expect(heard("Rooms cost €80–€120, ₹2 crore, -$40.") == "Rooms cost eighty to one hundred twenty euros, two crore rupees, minus forty dollars.")
        #expect(heard("Both PhDs met Mme. Curie and David Chen, Esq. at the Q&A.")
            == "Both P H D's met Madame Curie and David Chen, Esquire at the Q and A-.")
    }

    @Test func timesAnglesAndFormulas() {
        #expect(heard("Open 10am–6pm from June 2025–May 2026; it runs 2h 15m.")
            == "Open 10 AM to 6pm from June twenty twenty five to May twenty twenty six; it runs 2 hours 15 minutes.")
        #expect(heard("The summit is at 40°26′46″ N; π ≈ 3.14; f′(x) and ∅.")
            == "The summit is at 40 degrees 26 minutes 46 seconds north; pi is approximately 3.14; F prime of X and the empty set.")
        #expect(heard("Cut a 2¾ inch strip, a 24″ × 36″ print, a door 7' high.")
            == "Cut a 2 and three quarters inch strip, a 24 by 36 inches print, a door 7 feet high.")
    }

    @Test func marksOfOtherKinds() {
        #expect(heard("This is <b>bold</b>, Tom &amp; Jerry, bread, &c. Dear Sir/Madam.")
            == "This is bold , Tom and Jerry, bread, et cetera Dear Sir or Madam.")
        #expect(heard("Great :D but the bus :-( and (ibid., p. 12) or [Vaswani et al., 2017].") == "Great but the bus and or .")
        #expect(heard("Visit http://localhost:8080 or mailto:sales@example.com.") == "Visit local host port eighty eighty or sales at example dot com.")
        #expect(heard("pages ix–xi, MCMXCIX, a pho- tograph") == "pages nine to eleven, nineteen ninety nine, a photograph")
    }

    /// What the same rules first did to documents, kept as it was: placeholders and tags talked
    /// about, bug numbers in brackets, a history modifier, a path's digit, compounds of respelled words.
    @Test func documentsKeepWhatTheRulesMustNotTouch() {
        #expect(heard("When <I> enters, use <div> for it [CVE-2016-6313].") == "When <I> enters, use <div> for it [C V E twenty sixteen dash sixty three thirteen].")
        #expect(heard("The :p history modifier, ${datadir}/dbus-1/s.conf and a GNU-based foo.cc:7: error")
            == "The :p history modifier, ${datadir}/dbus-1/s.conf and a Gnoo-based foo dot C C: error")
    }
}

/// Chinese names in pinyin with their tones, powers of ten, a year of the next century.
@Suite struct PinyinAndPowersTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func pinyinWithTonesIsRespelled() {
        #expect(heard("The factory is in Chóngqìng, near Xī'ān.") == "The factory is in Chong ching, near Shee ahn.")
        #expect(heard("Beijing, José and the café stay.") == "Bay jing, Ho zay and the café stay.")
    }

    @Test func powersOfTenAndTheNextCentury() {
        #expect(heard("The error is 10⁻³ and 2⁻¹. By 2100, seas rise.") == "The error is 10 to the minus 3 and 2 to the power of minus 1. By twenty one hundred, seas rise.")
    }
}
