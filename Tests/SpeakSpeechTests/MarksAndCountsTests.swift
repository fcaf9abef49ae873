import Testing
@testable import SpeakSpeech

/// Trademark marks, counts written as a fraction, a slash inside a name, a list's ellipsis,
/// capital units and Python's starred arguments.
@Suite struct MarksAndCountsTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func aTrademarkIsNotSaid() {
        #expect(heard("Linux(tm) and Intel(R) Core(TM) i7 and Foo™ or Bar®.") == "Linux and Intel Core i7 and Foo or Bar.")
        #expect(heard("Let f(r) be the radius and (R) the reply.") == "Let f(r) be the radius and (R) the reply.")
    }

    @Test func countsWrittenAsAFractionAreOneOrTheOther() {
        #expect(heard("a 2/3-way merge on 32/64-bit machines") == "a 2 or 3-way merge on 32 or 64-bit machines")
        #expect(heard("a 1/2-inch pipe and 2/3 of it") == "a one half-inch pipe and two thirds of it")
    }

    @Test func aSlashInsideANameIsNoAbbreviation() {
        #expect(heard("the a-b/c path, but b/c it rained") == "the a-b c path, but because it rained")
    }

    @Test func anEllipsisAfterACommaIsNoSecondPause() {
        #expect(heard("red, green, blue, … and so on") == "red, green, blue, and so on")
        #expect(heard("wait… what") == "wait , what")
    }

    @Test func unitsInCapitalsAndAnAdverbAfterThem() {
        #expect(heard("at 100 KPH today and 60 MPH now") == "at 100 kilometers per hour today and 60 miles per hour now")
        #expect(heard("a 2 kg bag") == "a 2 kilogram bag")
    }

    @Test func starredArgumentsOpenNoEmphasis() {
        #expect(heard("Call f(*args, **kwargs) now.") == "Call f(star args, double star keyword args) now.")
        #expect(heard("This is *very* good and **bold** too.") == "This is very good and bold too.")
    }
}
