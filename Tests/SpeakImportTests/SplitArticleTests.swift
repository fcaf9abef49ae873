import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// Articles that a page cuts into parts (an advertisement, a pull quote, a video between them)
/// are read whole: every part, in order, and the furniture between them skipped.
@Suite struct SplitArticleTests {
    private func spoken(_ html: String) throws -> String {
        let source = ImportSource(name: "page.html", data: Data(html.utf8))
        return try HTMLImporter().importDocument(source, options: ImportOptions(), progress: { _ in })
            .blocks.filter(\.isSpoken).map(\.text).joined(separator: "\n")
    }

    private func paragraphs(_ part: String, _ count: Int) -> String {
        (1...count).map { n in
            "<p>Paragraph \(n) of the \(part) part goes on for a while, with commas, clauses and enough words to read as prose, "
                + "the way an article's paragraphs do, sentence after sentence, until it ends.</p>"
        }.joined()
    }

    private let navigation = "<nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/about'>About</a></nav>"

    @Test func twoHalvesBuiltAlikeAroundAnAdvertisementAreBothRead() throws {
        let html = """
            <html><body>\(navigation)<main><article><div class="chunks">
            <div class="grid"><div class="body container">\(paragraphs("first", 4))</div><aside class="ad-slot">Advertisement</aside></div>
            <div class="grid"><div class="body container">\(paragraphs("second", 6))</div><aside class="ad-slot">Advertisement</aside></div>
            </div></article></main><footer>© The Site</footer></body></html>
            """
        let text = try spoken(html)
        #expect(text.contains("Paragraph 4 of the first part"))
        #expect(text.contains("Paragraph 6 of the second part"))
        #expect(text.range(of: "first part")?.lowerBound ?? text.endIndex < text.range(of: "second part")?.lowerBound ?? text.startIndex)
        #expect(!text.contains("Advertisement") && !text.contains("The Site"))
    }

    /// The opening paragraphs written as `<div>`s beside the container of the rest (a news
    /// site's "read all" wrapper): read, and a dateline beside them is not.
    @Test func openingParagraphsWrittenAsDivsBesideTheRestAreRead() throws {
        let opening = (1...2).map { n in
            "<div class=\"body-paragraph\">Opening \(n): the story starts here, with a sentence long enough, and commas, to be the prose it is, as a reporter writes it.</div>"
        }.joined()
        let html = """
            <html><body>\(navigation)<section class="story"><div class="container">
            <div class="dateline">Nov. 20, 2019 6:02 AM EST</div>\(opening)
            <div class="read-all">\(paragraphs("main", 8))</div>
            </div></section></body></html>
            """
        let text = try spoken(html)
        #expect(text.contains("Opening 1: the story starts here") && text.contains("Opening 2: the story starts here"))
        #expect(text.contains("Paragraph 8 of the main part"))
        #expect(!text.contains("Nov. 20"))
    }

    @Test func partsNestedAtDifferentDepthsAroundAVideoAreAllRead() throws {
        let part = { (name: String, count: Int) in
            "<section class=\"outer\"><div class=\"column\"><div class=\"post-section\"><div class=\"post-content\">\(self.paragraphs(name, count))</div></div></div></section>"
        }
        let html = """
            <html><body>\(navigation)<div id="post"><div class="wrapper"><div class="inner">\(part("opening", 4))</div></div>
            <figure class="video-embed"><figcaption>Video: a talk about the subject</figcaption></figure>
            \(part("middle", 7))
            <div class="later"><div class="deeper">\(part("closing", 3))</div></div>
            </div><div class="related"><a href="/a">Another story</a> <a href="/b">And another</a></div></body></html>
            """
        let text = try spoken(html)
        for name in ["opening", "middle", "closing"] {
            #expect(text.contains("Paragraph 3 of the \(name) part"), "the \(name) part is read")
        }
        #expect(!text.contains("Another story"))
    }
}
