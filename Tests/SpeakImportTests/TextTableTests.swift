import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakImportText
import SpeakModel
import Testing

/// Tables typed as text (manuals print them in `<pre>`, READMEs and RFCs in plain text) are
/// read row by row, not skipped as code and not run together as one paragraph; code, usage
/// lines and option lists stay what they are.
@Suite struct TextTableTests {
    private let properties = """
          Property        Type    Description
          --------------------------------------------------------------
          family          String  Font family names
          slant           Int     Italic, oblique or roman
          weight          Int     Light, medium, demibold, bold or black
          capability      String  List of layout capabilities in
                                  the font
          ftface          FT_Face Use the specified FreeType face object
        """

    @Test func aRuledTableGivesItsRows() throws {
        let rows = try #require(TextTable.rows(properties.split(separator: "\n", omittingEmptySubsequences: false)))
        #expect(rows.first == ["Property", "Type", "Description"])
        #expect(rows.contains(["slant", "Int", "Italic, oblique or roman"]))
        #expect(rows.contains(["capability", "String", "List of layout capabilities in the font"]), "a wrapped cell is joined")
        #expect(rows.last == ["ftface", "FT_Face", "Use the specified FreeType face object"], "one space suffices where the rule has none")
        #expect(rows.count == 6)
    }

    @Test func pipeTablesAndUnruledGrids() throws {
        let piped = ["| Year | Revenue | Staff |", "|------|---------|-------|", "| 2019 | 4.2 | 31 |", "| 2020 | 5.1 | 40 |"]
        #expect(TextTable.rows(piped) == [["Year", "Revenue", "Staff"], ["2019", "4.2", "31"], ["2020", "5.1", "40"]])
        let grid = ["alpha    1    one", "beta     2    two", "gamma    3    three", "delta    4    four"]
        #expect(TextTable.rows(grid)?.count == 4)
        #expect(TextTable.rows(Array(grid.prefix(3))) == nil, "without a rule, three rows are too few to tell")
    }

    @Test func codeUsageAndOptionsAreNotTables() {
        let xml = ["<match target=\"pattern\">", "    <test name=\"family\">", "        <string>mono</string>", "    </test>", "</match>"]
        #expect(TextTable.rows(xml) == nil)
        let c = ["int main(void) {", "    int  a = 1;", "    return  a;", "}"]
        #expect(TextTable.rows(c) == nil)
        let usage = ["usage: git add [options] [--] <pathspec>...", "", "    -n, --dry-run         dry run",
                     "    -v, --verbose         be verbose"]
        #expect(TextTable.rows(usage) == nil)
        let shell = ["$ ls   -l", "$ cd   /tmp", "$ rm   -rf  x", "$ echo  done"]
        #expect(TextTable.rows(shell) == nil)
        let prose = ["The quick brown fox jumps over the lazy dog and then", "runs away into the woods where nobody",
                     "can find it again, not even the farmer."]
        #expect(TextTable.rows(prose) == nil)
    }

    @Test func theHTMLImporterReadsATableInPre() throws {
        let html = """
            <html><head><title>fonts-conf</title></head><body><div class="refsect1"><h2>Font properties</h2>
            <p>Fontconfig uses these properties, which are listed here with their types and what they mean
            for the applications that ask for fonts, so that the page has some prose to choose.</p>
            <table><tr><td><pre class="PROGRAMLISTING">\(properties)</pre></td></tr></table>
            <p>Some more explanation follows the table, with enough words to be a paragraph of the article.</p>
            <pre class="PROGRAMLISTING">&lt;match target="pattern"&gt;
              &lt;test name="family"&gt;&lt;string&gt;mono&lt;/string&gt;&lt;/test&gt;
            &lt;/match&gt;</pre></div></body></html>
            """
        let document = try HTMLImporter().importDocument(ImportSource(name: "fonts-conf.html", data: Data(html.utf8)),
                                                         options: ImportOptions(), progress: { _ in })
        let rows = document.blocks.filter { $0.kind == .tableCell }
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { $0.isSpoken })
        #expect(rows.map(\.text).contains("slant  Int  Italic, oblique or roman"))
        let code = document.blocks.filter { $0.kind == .code }
        #expect(code.count == 1, "the XML stays code")
        #expect(code.first?.skip == .code)
    }

    @Test func thePlainTextImporterReadsATable() throws {
        let text = """
            Font properties

            Fontconfig uses these properties.

            \(properties)

            Name    Size    Date
            ----    ----    ----
            a.txt   12      2020
            b.txt   7       2021

            An ordinary paragraph
            that is wrapped over two lines.
            """
        let document = try PlainTextImporter().importDocument(ImportSource(name: "fonts.txt", data: Data(text.utf8)),
                                                              options: ImportOptions(), progress: { _ in })
        let rows = document.blocks.filter { $0.kind == .tableCell }.map(\.text)
        #expect(rows.count == 9, "\(rows)")
        #expect(rows.contains("capability  String  List of layout capabilities in the font"))
        #expect(rows.contains("Name  Size  Date"), "column names over a rule are not a heading")
        #expect(document.blocks.contains { $0.kind == .paragraph && $0.text == "An ordinary paragraph that is wrapped over two lines." })
    }
}
