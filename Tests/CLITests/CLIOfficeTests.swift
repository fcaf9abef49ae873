import Foundation
import Testing

/// Word (DOCX) and LibreOffice (ODT) documents (issue 24): text in order with headings as
/// chapters, lists and tables, notes kept but not read, tracked deletions and comments left
/// out, metadata from the document's properties. Written by Fixtures/office/make-office.py.
@Suite struct CLIOfficeTests {
    static let maker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/office/make-office.py")

    private func document(_ cli: CLI, _ kind: String, named name: String? = nil) throws -> String {
        let path = cli.work.appendingPathComponent(name ?? "log.\(kind)").path
        try cli.python(Self.maker, [path, kind])
        return path
    }

    @Test(arguments: ["docx", "odt"])
    func officeDocumentsAreReadInOrderWithTheirNotesSkipped(_ kind: String) throws {
        let cli = CLI()
        #expect(try cli.run(["import", try document(cli, kind)]).status == 0)
        let details = try cli.json(["show", "1"])
        #expect(details["title"] as? String == "The Keeper's Log")
        #expect(details["author"] as? String == "Mara Ellison")
        #expect(details["format"] as? String == kind)
        let text = try cli.run(["text", "1"]).stdout
        let lamp = kind == "docx" ? "the lamp was lit once more and again." : "the lamp was lit again."
        #expect(text.contains("Chapter One\n\nThe keeper climbed the stairs at dusk, and \(lamp)\n\nOil for the lamp\n\nYear, Storms\n\n1901, 12\n\nChapter Two\n\nMorning came grey"), "\(text)")
        #expect(!text.contains("never") && !text.contains("check this") && !text.contains("hundred steps"))
        let all = try cli.run(["text", "1", "--all"]).stdout
        #expect(all.contains("The stairs had one hundred steps."))
        let reasons = Set((details["skipped"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String })
        #expect(reasons == ["marker", "footnote"], "\(reasons)")
        let chapters = (details["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(chapters.suffix(2) == ["Chapter One", "Chapter Two"], "\(chapters)")
    }

    @Test func aSpreadsheetNamedDocxIsRefusedInOneLine() throws {
        let cli = CLI()
        let result = try cli.run(["import", try document(cli, "xlsx", named: "sheet.docx")])
        #expect(result.status == 65 && result.stderr.contains("it is a spreadsheet") && result.stderr.split(separator: "\n").count == 1,
                "\(result.stderr)")
        let broken = try cli.run(["import", cli.file("half.docx", try Data(contentsOf: URL(fileURLWithPath: try document(cli, "docx"))).prefix(200))])
        #expect(broken.status == 65 && broken.stderr.split(separator: "\n").count == 1, "\(broken.stderr)")
        #expect(try cli.list().isEmpty)
    }
}
