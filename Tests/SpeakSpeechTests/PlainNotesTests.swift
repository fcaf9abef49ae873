import Testing
@testable import SpeakSpeech

/// Plain-text notes and FAQs (under /usr/share/doc) carry shell lines, C, drawings and
/// identifiers in their prose: what is drawn is not said, a prompt is not a dollar, a name's
/// digits are no measure.
@Suite struct PlainNotesTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func promptsArgumentsAndHashes() {
        #expect(heard("$ make install") == "make install")
        #expect(heard("Use s|$1|$2|g here, it costs $2 and the $ sign.") == "Use s|dollar 1|dollar 2|g here, it costs two dollars and the $ sign.")
        #expect(heard("He said that \"$53 million a week\" was too much.") == "He said that \"fifty three million dollars a week\" was too much.")
        #expect(heard("The #defines and #ifdefs, the colour #F3F3FF and the # of files.")
            == "The hash defines and hash ifdefs, the colour hash F 3 F 3 F F and the number of files.")
    }

    @Test func drawingsCommentsAndArrows() {
        #expect(heard("A table +=====+ and a rule ======== then ~~~ here.") == "A table and a rule then here.")
        #expect(heard("Then x --> y and a => b, /* a note */ too, and x---y.") == "Then x arrow y and a arrow b, a note too, and x---y.")
        #expect(heard("Echo $(wildcard */ */*/) now.") == "Echo $(wildcard star/ star/star/) now.")
        #expect(heard("The cr16-*-* and m68k-*-openbsd targets.") == "The cr16- star- star and m68k- star-openbsd targets.")
        #expect(heard("Set num >>= 7 and <name1>=<values1> but x >= 5.") == "Set num >>= 7 and <name1>=<values1> but x greater than or equal to 5.")
    }

    @Test func identifiersHyphensAndPages() {
        #expect(heard("On sun4m by Karlson2k, with 10K users and 3m of rope.") == "On sun4m by Karlson2k, with 10 thousand users and 3 meters of rope.")
        #expect(heard("Write to marshall@mpierce.org or noreply@example.org.") == "Write to marshall at M pierce dot org or no reply at example dot org.")
        #expect(heard("Pre- and post-processing of 8 EiB, pp 283-303.") == "Pre- and post-processing of 8 exbibytes, pages 283 to 303.")
    }
}

/// Forms, revision stamps and standards' parts in plain-text notes.
@Suite struct FormsAndStampsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func aFormsLineToFillInIsABlank() {
        #expect(heard("Name: ____________ Date: ________") == "Name: blank Date: blank")
        #expect(heard("You must fill in the ______ with your name.") == "You must fill in the blank with your name.")
        #expect(heard("The end. ________") == "The end.")
        #expect(heard("________") == "")
    }

    @Test func revisionStampsAreSilent() {
        #expect(heard("$Id: README,v 1.12 2003/04/05 12:34:56 joe Exp $ Read this.") == "Read this.")
        #expect(heard("Version $Revision: 1.5 $ of $Date$ and it costs $5.") == "Version of and it costs five dollars.")
    }

    @Test func aStandardsPartAndItsEdition() {
        #expect(heard("It conforms to POSIX.1-2017 and FIPS 140-2.")
            == "It conforms to Posix.one dash twenty seventeen and F I P S one forty dash two.")
    }
}
