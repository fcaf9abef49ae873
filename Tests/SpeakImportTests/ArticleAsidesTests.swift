import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// What stands beside an article's text without being part of it is not read, and stays in the
/// document as a skipped block: a photo's caption and credit marked by a class name that only
/// contains the word ("InlineImage-imageEmbedCaption", "newsCaption", "imageEmbedCredit"), a
/// gallery of photos with their captions, a call to action ("cta") set in the article, and a
/// date marked up for machines (`itemprop="datePublished"`).
@Suite struct ArticleAsidesTests {
    private func document(_ html: String) throws -> Document {
        try HTMLImporter().importDocument(ImportSource(name: "page.html", data: Data(html.utf8)), options: ImportOptions(), progress: { _ in })
    }

    private let paragraphs = (1...6).map { n in
        "<p>Paragraph \(n) of the story goes on for a while, with commas, clauses and enough words to read as prose, "
            + "the way an article's paragraphs do, sentence after sentence, until it ends.</p>"
    }

    @Test func captionsAndCreditsNamedInsideLongerClassesAreSkipped() throws {
        let html = """
            <html><body><article><div class="group">\(paragraphs[0...1].joined())</div>
            <div class="InlineImage-wrapper"><img src="plane.jpg" alt="">
            <div class="InlineImage-imageEmbedCaption">The prime minister passes a passenger aircraft during the air show on Monday.</div>
            <div class="InlineImage-imageEmbedCredit">Natalie Example | Bloomberg | Getty Images</div></div>
            <div class="group">\(paragraphs[2...3].joined())</div>
            <div class="photo"><span class="newsCaption">Plague can be easily vaccinated <span class="caption">(Image: GETTY)</span></span></div>
            <div class="group">\(paragraphs[4...5].joined())</div></article></body></html>
            """
        let document = try document(html)
        let spoken = document.blocks.filter(\.isSpoken).map(\.text).joined(separator: "\n")
        #expect(spoken.contains("Paragraph 1 of the story") && spoken.contains("Paragraph 6 of the story"))
        for aside in ["passenger aircraft", "Getty Images", "easily vaccinated"] {
            #expect(!spoken.contains(aside), "\(aside) is read")
            #expect(document.blocks.contains { !$0.isSpoken && $0.text.contains(aside) }, "\(aside) is dropped without a word")
        }
    }

    /// An item of a list that is read is read too, however much of it is a link: "1. … 3. …"
    /// with the second step skipped as navigation (libxslt's documentation page: "Look at the
    /// mailing-list archive."). A list that is all links is still skipped whole.
    @Test func anItemOfAListThatIsReadIsNotSkippedForItsLink() throws {
        let html = """
            <html><body><article>\(paragraphs[0...2].joined())
            <p>There are some on-line resources about using the library:</p>
            <ol><li>Check the <a href="api.html">API documentation</a> automatically extracted from code comments by the build.</li>
            <li>Look at the <a href="https://example.org/archives/">mailing-list archive</a>.</li>
            <li>Of course, read the description of the library it is based on before you start.</li></ol>
            \(paragraphs[3...5].joined())
            <ul><li><a href="a.html">Related story one</a></li><li><a href="b.html">Related story two</a></li>
            <li><a href="c.html">Related story three</a></li></ul></article></body></html>
            """
        let document = try document(html)
        let spoken = document.blocks.filter(\.isSpoken).map(\.text)
        #expect(spoken.contains { $0.contains("Look at the mailing-list archive.") }, "\(spoken)")
        #expect(spoken.contains { $0.contains("Check the API documentation") } && spoken.contains { $0.contains("Of course, read") })
        #expect(!spoken.contains { $0.contains("Related story") }, "\(spoken)")
        #expect(document.blocks.contains { $0.skip == .navigation && $0.text.contains("Related story one") })
    }

    @Test func aDateMarkedUpAsThePublicationDateIsMetadataNotText() throws {
        let html = """
            <html><body><article><h1 itemprop="name">Standings</h1>
            <span class="data" itemprop="datePublished">sexta-feira, 22 de outubro de 2010 às 20:13</span>
            \(paragraphs.joined())</article></body></html>
            """
        let document = try document(html)
        let spoken = document.blocks.filter(\.isSpoken).map(\.text).joined(separator: "\n")
        #expect(spoken.contains("Paragraph 1 of the story"))
        #expect(!spoken.contains("outubro"))
        #expect(document.blocks.contains { !$0.isSpoken && $0.text.contains("outubro de 2010") })
    }

    @Test func aPhotoGalleryAndACallToActionInTheArticleAreSkipped() throws {
        let html = """
            <html><body><article><div class="article-body">\(paragraphs[0...2].joined())
            <ul class="article-gallery js-article-gallery"><li data-thumb="a.jpg"><img src="a.jpg" alt="">
            <p>Functional areas of the module: (1) crew quarters, (2) exercise, (3) galley.</p></li></ul>
            \(paragraphs[3...5].joined())
            <div class="nrplus-cta-wrap"><h4>Something to Consider</h4><p>If you enjoyed this article, join our members' club: no paywalls, no meters, just stories.</p></div>
            </div></article></body></html>
            """
        let document = try document(html)
        let spoken = document.blocks.filter(\.isSpoken).map(\.text).joined(separator: "\n")
        #expect(spoken.contains("Paragraph 1 of the story") && spoken.contains("Paragraph 6 of the story"))
        for aside in ["crew quarters", "members' club"] {
            #expect(!spoken.contains(aside), "\(aside) is read")
            #expect(document.blocks.contains { !$0.isSpoken && $0.text.contains(aside) }, "\(aside) is dropped without a word")
        }
    }
}
