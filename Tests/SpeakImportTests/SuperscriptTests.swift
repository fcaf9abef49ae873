import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// `<sup>` digits are raised, not glued to the word before them: a note's mark read as part
/// of the word ("folder1" said "folder one", eSpeak-NG's contributing guide) and a power read
/// as a digit ("5 m2"). Raised ("folder¹", "m²"), the spoken text skips the mark and says the
/// power. Pandoc's end notes (DPUB-ARIA roles) are footnotes, kept and skipped.
@Suite struct SuperscriptTests {
    static let page = """
        <html><head><title>Contributing</title></head><body><main><h1>Contributing</h1>
        <p>Find the maintainer in the configuration file in the lang folder<a href="#1"><sup>1</sup></a> and ask for a review.</p>
        <p>The room is 5 m<sup>2</sup>, the rate 10<sup>-3</sup>, on the 1<sup>st</sup> floor, as cited<sup>[2]</sup> before.</p>
        <p>A sentence with a note<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>3</sup></a> and more words.</p>
        <section class="footnotes footnotes-end-of-document" role="doc-endnotes"><hr><ol>
        <li id="fn1" role="doc-endnote"><p>The note itself.<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li>
        </ol></section></main></body></html>
        """

    @Test func superscriptDigitsAreRaisedAndEndNotesAreFootnotes() throws {
        let document = try HTMLImporter().importDocument(ImportSource(name: "contributing.html", data: Data(Self.page.utf8)),
                                                         options: ImportOptions(), progress: { _ in })
        let read = document.blocks.filter(\.isSpoken).map(\.text)
        #expect(read.contains("Find the maintainer in the configuration file in the lang folder¹ and ask for a review."), "\(read)")
        #expect(read.contains("The room is 5 m², the rate 10⁻³, on the 1st floor, as cited[2] before."), "\(read)")
        #expect(read.contains("A sentence with a note³ and more words."), "\(read)")
        #expect(!read.contains { $0.contains("The note itself") }, "\(read)")
        #expect(document.blocks.contains { $0.skip == .footnote && $0.text.contains("The note itself.") },
                "\(document.blocks.map { ($0.text, $0.skip) })")
    }
}
