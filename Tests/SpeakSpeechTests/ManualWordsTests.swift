import Testing
@testable import SpeakSpeech

/// What manuals, man pages and release notes write that news rarely does: versions with dots
/// (not dates), English words in capitals (not initialisms), addresses, directives, an index
/// in brackets (not a note), seconds, and dates and years in parentheses (not citations).
@Suite struct ManualWordsTests {
    /// What is said, with the spaces a skipped citation leaves behind closed up.
    private func heard(_ text: String) -> String {
        say(text).split(separator: " ").joined(separator: " ")
    }

    @Test func aVersionIsNotADate() {
        #expect(say("Linux v2.6.13-rc2 is out.") == "Linux version two point six point thirteen R C two is out.")
        #expect(say("Use kernel 2.6.13 now.") == "Use kernel two point six point thirteen now.")
        #expect(say("Version 2.6.13 was released.") == "Version two point six point thirteen was released.")
        #expect(say("Upgrade to v3.0-beta today, or 1.4.2-rc1.") == "Upgrade to version three point zero beta today, or one point four point two R C one.")
        // A "v" with a number and no dot is a name (the V8 engine), and "Roe v. Wade" is a case.
        #expect(say("The v8 engine, v1 and Roe v. Wade.") == "The v8 engine, v1 and Roe v. Wade.")
        // No word before it says so: a two-digit year needs a two-digit day and month.
        #expect(say("dpkg (1.21.22) unstable") == "dpkg (one point twenty one point twenty two) unstable")
        #expect(say("Linux kernels before 2.6.38 need it.") == "Linux kernels before two point six point thirty eight need it.")
    }

    @Test func dottedDatesStayDates() {
        #expect(say("It happened on 02.06.13 in Berlin.") == "It happened on June second, twenty thirteen in Berlin.")
        #expect(say("Signed on 10.5.2020 and 2.6.2013.") == "Signed on May tenth, twenty twenty and June second, twenty thirteen.")
    }

    @Test func anEnglishWordInCapitalsIsSaidAsTheWord() {
        #expect(say("Set HEAD to the commit.") == "Set Head to the commit.")
        #expect(say("Read the NOTE below.") == "Read the Note below.")
        #expect(say("There is NO warranty for GNU tools; see the README.") == "There is No warranty for Gnoo tools; see the read me.")
        #expect(say("Send an HTTP GET request.") == "Send an HTTP Get request.")
        // Initialisms are still spelled; only a doubled vowel is "double" (N C double A, not double B C).
        #expect(say("The CEO of the BBC met the head of NASA.") == "The C E O of the BBC met the head of Nasa.")
        #expect(say("The FBI opened an inquiry.") == "The F B I opened an inquiry.")
        #expect(say("The final four of the NCAA are set.") == "The final four of the N C double A- are set.")
    }

    @Test func aLoneLetterAfterAppendixIsALetter() {
        #expect(say("Refer to appendix D, then Class C and Part IV.") == "Refer to appendix D, then Class C and Part four.")
    }

    @Test func addressesDirectivesAndSeconds() {
        #expect(say("Connect to 192.168.1.15 or 10.0.0.1:22 now.") == "Connect to one ninety two dot one sixty eight dot one dot fifteen or ten dot zero dot zero dot one colon twenty two now.")
        #expect(say("See section 3.1.2.5 and DNS 8.8.8.8.") == "See section three point one point two point five and DNS eight dot eight dot eight dot eight.")
        #expect(say("Rooms 8s., breakfast 2s. 6d.") == "Rooms eight shillings, breakfast two shillings six pence.")
        #expect(say("Add #include first; follow #rustlang.") == "Add hash include first; follow hashtag rustlang.")
        #expect(say("Wait 120s, the 1990s and her 80s, 1s and 0s.") == "Wait 120 seconds, the nineteen nineties and her eighties, ones and zeros.")
        #expect(heard("It was -20°C; gain fell -0.5 dB; run head -1.") == "It was minus 20 degrees Celsius; gain fell minus 0.5 decibels; run head -1.")
        #expect(say("Speed is 1700 MB/s now.").hasPrefix("Speed is 1700 megabyte"))
    }

    @Test func aDateOrAYearInParenthesesIsReadUnlessItCitesSomeone() {
        #expect(say("Seconds since the Epoch (1970-01-01 00:00 UTC) count.").contains("January first, nineteen seventy"))
        #expect(say("The Falklands War (1982) was short.") == "The Falklands War (nineteen eighty two) was short.")
        #expect(heard("Brown (2015) showed it; Smith et al. (2020) agree.") == "Brown showed it; Smith and colleagues agree.")
        #expect(heard("Jones (2019) and Lee agree.") == "Jones and Lee agree.")
        #expect(heard("The first argument is argv[0], as in [12] here.") == "The first argument is arg V[0], as in here.")
    }

    @Test func pathsOptionsWildcardsAndConstantsAreSaidAsInAShell() {
        #expect(say("Put it in /etc/ssh/sshd_config now.") == "Put it in slash E T C slash ssh slash sshd underscore config now.")
        #expect(say("Edit ~/.config/speak/config.toml or docs/INSTALL.txt.")
                == "Edit tilde slash dot config slash speak slash config dot toml or docs slash INSTALL dot txt.")
        #expect(say("Run ./configure first.") == "Run dot slash configure first.")
        // One slash between words is not a path.
        #expect(heard("Use his/her voice and TCP/IP.") == "Use his or her voice and TCP IP.")
        #expect(say("Use tar -cvf, (--create) or [-f FILE], and [-name].") == "Use tar dash C V F, (dash dash create) or [dash F File], and [dash name].")
        #expect(say("The pattern ? matches one, *.o files and git-*.txt.") == "The pattern question mark matches one, star dot o files and git- star dot txt.")
        #expect(say("Is it true? Yes.") == "Is it true? Yes.")
        #expect(say("Set CMAKE_BUILD_TYPE and LC_ALL first.") == "Set cmake build type and L C all first.")
        #expect(heard("Press Ctrl-C or ^C, then Alt-F4 or Ctrl-Alt-Delete.") == "Press control C or control C, then alt F4 or control alt Delete.")
        // A dash before a word in prose is not an option.
        #expect(say("The plan -which nobody liked -was dropped; the -ly and -ing suffixes.") == "The plan -which nobody liked -was dropped; the -ly and -ing suffixes.")
        #expect(say("Children with ADD; win-win deals.") == "Children with A- D D; win-win deals.")
    }

    /// What the rules above must not do to prose: news, books and papers.
    @Test func proseKeepsItsDatesYearsAndCitations() {
        #expect(say("In 1944 V-2 rockets hit London.") == "In nineteen forty four V-2 rockets hit London.")
        #expect(say("It opened on 12.25.2020 at last.") == "It opened on December twenty fifth, twenty twenty at last.")
        #expect(say("See section 10.1.1.2 for details.") == "See section ten point one point one point two for details.")
        #expect(heard("According to Smith (2020), it works.") == "According to Smith , it works.")
        #expect(heard("It works (Smith 2010, pp. 1234-1240) well.") == "It works well.")
        #expect(say("The Treaty of Versailles (1919) ended it.") == "The Treaty of Vair sigh (nineteen nineteen) ended it.")
    }
}
