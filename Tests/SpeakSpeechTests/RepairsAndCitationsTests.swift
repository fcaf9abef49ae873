import SpeakModel
import Testing
@testable import SpeakSpeech

/// What the third blind set found: characters that stand for others (entities, mojibake, the
/// long s, lookalike letters, combining accents, superscript ordinals, numeral characters) and
/// citation styles that were read (MLA, Vancouver, Wikipedia's letter notes, op. cit.).
@Suite struct RepairsAndCitationsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func entitiesAndMojibakeArePutBack() {
        #expect(heard("He said &quot;no&quot; &mdash; I&#39;m sure. Welcome to New&nbsp;York.")
            == "He said \"no\" , I'm sure. Welcome to New York.")
        #expect(heard("Itâ€™s at the cafÃ© now.") == "It’s at the café now.")
        // Written about in quotes, an entity stays as it is; "&amp;" is the rules'.
        #expect(heard("To Docutils, \"&mdash;\" is text. Tom &amp; Jerry.") == "To Docutils, \"&mdash;\" is text. Tom and Jerry.")
    }

    @Test func charactersThatStandForOthers() {
        #expect(heard("Congreſs ſhall. Don‛t. It’’s Сlick.") == "Congress shall. Don't. It’s Click.")
        #expect(heard("She finished 4ᵗʰ; read Chapter Ⅳ.") == "She finished 4th; read Chapter four.")
        #expect(heard("Buy a 2 ℓ bottle; bake at 200ºC, not 30℃.") == "Buy a 2 liter bottle; bake at 200 degrees Celsius, not 30 degrees Celsius.")
        #expect(heard("The mean x\u{0304} and the cafe\u{0301}.") == "The mean x bar and the café.")
        #expect(heard("Chanel № 5. The docu¬ ment. What⁉") == "Chanel number 5. The document. What?!")
    }

    @Test func citationStylesAreSkipped() {
        #expect(heard("It ends in grief (Morrison 23). It was approved (J. Doe, personal communication, May 3, 2023).")
            == "It ends in grief . It was approved .")
        #expect(heard("Dreams reveal wishes (Freud, 1900, as cited in Jones, 1953). It recurs (op. cit., p. 4).")
            == "Dreams reveal wishes . It recurs .")
        #expect(heard("Prior trials (1, 2) were small; models fail [e.g., 4, 9]. It floods.[1]:45 Income rose.ᵃ")
            == "Prior trials were small; models fail . It floods. Income rose.")
        #expect(heard("Renamed in 1924.[a] Done in 1936.[note 2]") == "Renamed in nineteen twenty four. Done in nineteen thirty six.")
    }

    @Test func dataInBracketsIsRead() {
        #expect(heard("See the point (1, 2), (Chapter 3), (Windows 10); it shipped (September 2, 2001).")
            == "See the point (1, 2), (Chapter 3), (Windows 10); it shipped (September second, two thousand one).")
        #expect(heard("Read /dev/[u]random (such as CVE-2014-8148).")
            == "Read /dev/[u]random (such as C V E twenty fourteen dash eighty one forty eight).")
    }
}
