import Testing
@testable import SpeakSpeech

/// What papers and manuals (PDFs and HTML of /usr/share/doc, the eval's papers, man pages)
/// write that a reader says otherwise: stars and slashes of code and mathematics, TeX's logos,
/// keywords in capitals, placeholders, array indices, key chords, Greek variants, units of TeX
/// and astronomy, exponents, offsets.
@Suite struct PapersAndManualsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func starsAreOperatorsOrCharacters() {
        #expect(heard("Compute n*y and 2**53 and t1 = i * t2, char * error_desc, char *p.")
            == "Compute n times y and 2 to the power of 53 and t1 equals i times t2, char star error_desc, char star p.")
        #expect(heard("The parameters ‘*’ and $* and [0-9]* files, *.o; * * * ends; some *emphasis* here.")
            == "The parameters ‘star’ and $star and [0 to 9]star files, star dot o; ends; some emphasis here.")
    }

    @Test func slashesOfPathsMediaTypesAndDivisions() {
        #expect(heard("Push tests/scripts/functions/wildcard to subdir/file1 as text/plain, link -L/usr/local/lib.")
            == "Push tests slash scripts slash functions slash wildcard to subdir slash file 1 as text slash plain, link dash L slash user slash local slash lib.")
        #expect(heard("And/or input/output, his/her, TCP/IP and A/B testing.") == "And or input output, his or her, TCP IP and A B testing.")
        #expect(heard("Then t2 / t3 and log(τ/yr) in the 2019/20 season.") == "Then t2 over t3 and log(tau over yr) in the twenty nineteen twenty season.")
    }

    @Test func texAndItsUnits() {
        #expect(heard("Use pdfTEX or LATEX or ε-TEX, the TEXbook and LATEX 2ε.") == "Use pdf tek or Lah tek or e Tek, the tek book and Lah tek 2 e.")
        #expect(say("A 280pt line, 20bp, 12 kpc away, 5.8 µHz and 0.56 M☉; 25 bp and 1 pt of cream.")
            == "A 280 point line, 20 big points, 12 kiloparsecs away, 5.8 microhertz and 0.56 solar masses; 25 bp and 1 pt of cream.")
    }

    @Test func wordsInCapitalsOfQueriesAndCode() {
        #expect(say("Sort them with ORDER BY and filter with NOT IN or IS NULL, an exclusive OR; the OR was busy.")
            == "Sort them with Order By and filter with Not In or Is Null, an exclusive Or; the O R was busy.")
        #expect(say("The TREESAME commits, a BOOLEAN, the US and IT teams, NAACP.")
            == "The Treesame commits, a Boolean, the US and I T teams, N double A- C P.")
        #expect(say("In YYYY-MM-DD, III. Results and OGLE-III, the AAA battery, SHA-1.")
            == "In Y Y Y Y-MM-DD, three. Results and Ogle- three, the triple A- battery, S H A- 1.")
    }

    @Test func indicesKeysAndNames() {
        #expect(say("Set BASH_VERSINFO[1] and make[1]: done, as shown[1], NATO[3]. Then [12].") == "Set bash versinfo[1] and make[1]: done, as shown, Nato. Then .")
        #expect(say("Press C-x C-r or M-DEL, a C-rich diet, an M-type star.") == "Press control x control r or meta delete, a C-rich diet, an M-type star.")
        #expect(say("Python's __name__ and x.__ceil__, not snake_case.") == "Python's dunder name and x.dunder ceil, not snake_case.")
        #expect(say("Unpack debhello_0.0.orig.tar.gz, the 3rd ed., Rev. 875, the current Sun. Then on Sun. 5 May.")
            == "Unpack debhello_0.0.orig.tar.gz, the 3rd edition, revision 875, the current Sun. Then on Sunday May fifth.")
    }

    @Test func addressesOfOtherSchemesAndFiguresInCapitals() {
        #expect(say("Clone http://myserver/path/to/repo or svn://tug.org/texlive or git://git.kernel.org/pub/x.git today.")
            == "Clone my server or tug dot org or git dot kernel dot org today.")
        #expect(say("As FIG. 1: shows, see SEC. 3.") == "As figure 1: shows, see section 3.")
    }

    @Test func exponentsSignsAndOffsets() {
        #expect(say("Use 1e-09 and 321e+5, not LaTeX2e or 3e4a.") == "Use 1 times ten to the minus nine and 321 times ten to the five, not Lah tek 2e or 3e4a.")
        #expect(heard("Loop to len-1, n-1 and 2³¹-1, UTF-8, bash-4, 12-15 at 04:23:19.120-04:00 or UTC+01:00.")
            == "Loop to len minus 1, n minus 1 and 2 to the power of thirty one minus 1, U T F 8, bash-4, 12 to 15 at 04:23:19.120 minus four or U T C plus one.")
        #expect(say("A 1280 x 1024 screen, 1.5 x 10⁵ cells, the FM¹.") == "A twelve eighty by ten twenty four screen, 1.5 times 10 to the five cells, the FM.")
        #expect(say("A ϕ and ϵ with ∇f.") == "A phi and epsilon with nabla f.")
    }
}
