import Foundation
import SpeakImport
import SpeakImportText
import SpeakModel
import Testing

/// Short lines a writer broke on purpose (a NEWS file's items, a mail's trailers) are read
/// one by one; lines a program filled are joined as before.
@Suite struct LineBreaksTests {
    private func texts(_ text: String) throws -> [String] {
        try PlainTextImporter().importDocument(ImportSource(name: "NEWS", data: Data(text.utf8)), options: ImportOptions()) { _ in }
            .blocks.map(\.text)
    }

    /// Ten lines of prose filled at 70 columns, so that the text's width can be told.
    private let filled = """
        The lighthouse keeper climbed the stairs every evening at dusk, counting
        each step as his father had taught him, and lit the lamp before the sun
        had gone; the ships that passed in the night never knew his name, but
        they knew his light, and that was enough for him and for the village.
        In the winter the storms came from the west and the waves broke over
        the rocks below the tower, throwing spray as high as the gallery rail,
        and he would stand there with his coat buttoned to the chin, watching
        for the lights of the fishing boats coming home late from the banks.
        His daughter wrote to him from the city every month, long letters full
        of news about her work, her friends and the noise of the trams outside.

        """

    @Test func itemsWithoutBulletsAreReadOneByOne() throws {
        let news = filled + "\n" + """
            Changes in 1.07.1
              Fixed ibase extension causing problems for read()
              Fixed parallel make problem
              Added a limit on how deep the parser may go

            Reported-by: Jane Doe
            Fixes #10561

            """
        let blocks = try texts(news)
        #expect(Array(blocks.suffix(6)) == ["Changes in 1.07.1", "Fixed ibase extension causing problems for read()", "Fixed parallel make problem",
                                            "Added a limit on how deep the parser may go", "Reported-by: Jane Doe", "Fixes #10561"])
    }

    @Test func filledProseIsJoinedEvenBeforeACapital() throws {
        let blocks = try texts(filled + "\n" + """
            csplit and nl now use POSIX syntax for regular expressions, not
            Emacs syntax. As a result, character classes now have their usual
            meaning, and the program was rewritten by the maintainer, since
            I was changing it anyway and the old code was hard to follow.

            """)
        #expect(blocks.count == 2)
        #expect(blocks.last?.hasPrefix("csplit and nl now use POSIX syntax for regular expressions, not Emacs syntax.") == true)
    }

    @Test func aParagraphFilledNarrowerIsMeasuredByItsOwnLines() throws {
        let blocks = try texts(filled + "\n" + """
            This library is free software; you can redistribute it
            and/or modify it under the terms of the GNU Lesser General
            Public License as published by the Free Software Foundation;
            either version 2.1 of the License, or (at your option) any
            later version.

            """)
        #expect(blocks.count == 2)
        #expect(blocks.last?.contains("GNU Lesser General Public License as published") == true)
    }

    @Test func aShortTextIsNotMeasured() throws {
        #expect(try texts("Fixed one thing\nFixed another thing\n") == ["Fixed one thing Fixed another thing"])
    }
}
