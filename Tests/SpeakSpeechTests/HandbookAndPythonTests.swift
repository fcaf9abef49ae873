import Testing
@testable import SpeakSpeech

/// Found reading the Debian Administrator's Handbook, Debian Reference, Python's manual and
/// `fortunes` aloud: comparisons against numbers, a script's arguments, a quoted letter,
/// fractions over a hundred, values set negative, data in brackets, words shouted in capitals.
@Suite struct HandbookAndPythonTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func aComparisonAgainstANumberIsSaid() {
        #expect(heard("Years < 1000 must be zero-filled, x > 0.5 and >90% agree.")
            == "Years less than 1000 must be zero-filled, x greater than 0.5 and greater than 90% agree.")
        #expect(heard("Then zcat a.gz > foo and use <1> here.") == "Then zcat a.gz > foo and use <1> here.")
    }

    @Test func aScriptsArgumentsAreNoMoney() {
        #expect(heard("Run awk '{ print $3 }' with \"$1 $2 $3\".") == "Run awk '{ print dollar 3 }' with \"dollar 1 dollar 2 dollar 3\".")
        #expect(heard("It costs $3 or $4 more, or $1, $2 and $5.") == "It costs three dollars or four dollars more, or one dollar, two dollars and five dollars.")
    }

    @Test func aQuotedLetterIsNoAnd() {
        #expect(heard("Use the 'n' integer type for rock 'n' roll.") == "Use the 'n' integer type for rock and roll.")
    }

    @Test func fractionsOverAHundredAndNegativeValues() {
        #expect(heard("1/10 + 2/100 + 5/1000") == "one tenth plus two hundredths plus five thousandths")
        #expect(heard("Call timedelta(hours=-3) and f(-5) with [-1, 2].") == "Call timedelta(hours equals minus 3) and f( minus 5) with [ minus 1, 2].")
    }

    @Test func bracketsThatHoldAnIndexOrARange() {
        #expect(heard("Parse years in the full [1, 9999] range.") == "Parse years in the full [1, 9999] range.")
        #expect(heard("Set a[i] = z and x[n] but not the note.[a] here.") == "Set a[i] equals z and x[n] but not the note. here.")
        #expect(heard("As shown [12] before.") == "As shown before.")
    }

    @Test func wordsShoutedInCapitals() {
        #expect(heard("Stop it NOW. It is BAD. Not another HAT! The BIG RED DOG.") == "Stop it Now. It is Bad. Not another Hat! The Big Red Dog.")
        #expect(heard("The SAT, an LED, the CEO and the WHO.") == "The S A- T, an L E D, the C E O and the W H O.")
        #expect(heard("See PEP 8, the PEPs and AWK; IN PRACTICE and TIP.") == "See Pep 8, the Peps and Awk; In Practice and Tip.")
    }

    @Test func aStarWrittenAsTheSymbolItIs() {
        #expect(heard("The operators +, -, * and / work; use the ** operator, repeated with *: so.")
            == "The operators +, -, star and / work; use the double star operator, repeated with star: so.")
        #expect(heard("An asterisk * is a wildcard, see x**y and 3 * 4 and a * b.") == "An asterisk is a wildcard, see x to the power of y and 3 times 4 and a times b.")
        #expect(heard("Remove *.tar.gz and * * * here, Harchev ** credits.") == "Remove star dot tar.gz and here, Harchev credits.")
        #expect(heard("Set it here. */ int main() {") == "Set it here. int main() {")
        #expect(heard("/* A note on the reader in your application. */ int main() {") == "A note on the reader in your application. int main() {")
    }

    @Test func aSectionsNumberIsNoAddress() {
        #expect(heard("11.2.4.1. Requiring Authentication") == "eleven point two point four point one. Requiring Authentication")
        #expect(heard("Ping 10.0.0.1 now.") == "Ping ten dot zero dot zero dot one now.")
    }
}
