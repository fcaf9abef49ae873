import SpeakModel
import Testing
@testable import SpeakSpeech

/// The rest of the third blind set's kinds: money written the European way, addresses with
/// their ports, designations and numerals, hyphens that join no words, drawn faces.
@Suite struct MoneyFacesAndNumeralsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func moneyTheWayItIsWritten() {
        #expect(heard("A coffee costs 2,80 € and pho 50.000₫; the deal is $300 mln; tickets cost Rs. 500; a meal R$40.")
            == "A coffee costs two euros eighty and fuh fifty thousand dong; the deal is three hundred million dollars; tickets cost five hundred rupees; a meal forty reals.")
    }

    @Test func addressesAndPorts() {
        #expect(heard("Open http://127.0.0.1:5000 or example.com:8443; files on s3.amazonaws.com; status.openai.com; color #FF5733.")
            == "Open one two seven dot zero dot zero dot one, port 5000 or example dot com port eighty four forty three; files on S 3 dot amazon A- W S dot com; status dot open A- I dot com; color hash F F 5 7 3 3.")
    }

    @Test func designationsAndNumerals() {
        #expect(heard("An F-150, a B-52 and SHA-256; Agent 007 files Form 1040 in size 10½.")
            == "An F one fifty, a B fifty two and S H A- two fifty six; Agent double oh seven files Form ten forty in size 10 and a half.")
        #expect(heard("Henry VIII's wives; the XIXth century; the XVIII Airborne Corps; parts: (i) a quiz and (ii) an essay.")
            == "Henry the eighth's wives; the nineteenth century; the eighteenth Airborne Corps; parts: (one) a quiz and (two) an essay.")
    }

    @Test func hyphensThatJoinNoWords() {
        #expect(heard("It was ab-so-lute-ly perfect, well-read, lead-based; a 4-3-3 formation; 3-2-1, go! A 2-0 win.")
            == "It was absolutely perfect, well red, led based; a four three three formation; three two one, go! A 2 to 0 win.")
    }

    @Test func drawnFacesAreNotRead() {
        #expect(heard("No idea ¯\\_(ツ)_/¯ Approved :thumbsup: I failed T_T. Nice (・ω・) I ❤️ NY.")
            == "No idea Approved I failed . Nice I love NY.")
        #expect(heard("Stay safe ❤️ all; I give up (╯°□°)╯︵ ┻━┻ now; \":param x:\" stays.") == "Stay safe all; I give up now; \":param x:\" stays.")
    }
}
