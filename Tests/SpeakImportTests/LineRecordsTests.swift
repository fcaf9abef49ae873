import Foundation
import SpeakImport
import SpeakImportText
import SpeakModel
import Testing

/// A copyright file's fields and holders, one per line, are records: joined as prose they ran
/// into one sentence, names and years mixed.
@Suite struct LineRecordsTests {
    private func texts(_ text: String) throws -> [String] {
        try PlainTextImporter().importDocument(ImportSource(name: "copyright", data: Data(text.utf8)), options: ImportOptions()) { _ in }
            .blocks.map(\.text)
    }

    @Test func fieldsAndHoldersAreReadOnePerLine() throws {
        let file = """
            Files: *
            Copyright: 1990 Gordon Irlam
                       1991, 1992 Linus Torvalds
            License: GPL-2+

            License: GPL-2+
             This program is free software; you can redistribute it
             and/or modify it under the terms.

            © 2003 Philip Blundell
            © 2006 Mandriva

            """
        #expect(try texts(file) == ["Files: *", "Copyright: 1990 Gordon Irlam", "1991, 1992 Linus Torvalds", "License: GPL-2+",
                                    "License: GPL-2+ This program is free software; you can redistribute it and/or modify it under the terms.",
                                    "© 2003 Philip Blundell", "© 2006 Mandriva"])
    }

    @Test func proseWithAColonIsStillProse() throws {
        #expect(try texts("Note: the fare was\nvery high indeed, and then\nwe left.\n") == ["Note: the fare was very high indeed, and then we left."])
        #expect(try texts("See http://example.org/a\nfor more.\n") == ["See http://example.org/a for more."])
    }
}
