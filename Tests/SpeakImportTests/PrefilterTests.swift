import Foundation
@testable import SpeakImportHTML
import Testing

@Suite struct PrefilterTests {
    private func strip(_ html: String) -> String {
        String(decoding: HTMLPrefilter.strip(Data(html.utf8)), as: UTF8.self)
    }

    @Test func scriptsStylesCommentsAndSVGAreCut() {
        #expect(strip("<p>a</p><SCRIPT type=x>if (a < b) { s = '</p>' }</Script ><p>b</p>") == "<p>a</p><p>b</p>")
        #expect(strip("<style>p > a { color: red }</style><p>c</p>") == "<p>c</p>")
        #expect(strip("<!-- <script> --><p>d</p><!--[if IE]>x<![endif]-->") == "<p>d</p>")
        #expect(strip("<svg viewBox='0 0 1 1'><svg><g/></svg><path d='M0 0'/></svg><p>e</p>") == "<p>e</p>")
        // A diagram's labels stay, for the importer to keep as a skipped figure.
        #expect(strip("<svg viewBox='0 0 1 1'><svg><g/></svg><text x='1'>expr</text><text><tspan>AND</tspan> b</text></svg><p>e</p>")
                == "<speak-figure> expr   AND  b </speak-figure><p>e</p>")
        #expect(strip("<p>f<svg/>g</p>") == "<p>fg</p>")
    }

    @Test func metadataAndLookalikesStay() {
        let json = "<script type=\"application/ld+json\">{\"author\": \"A</p>\"}</script>"
        #expect(strip(json + "<p>x</p>") == json + "<p>x</p>")
        #expect(strip("<scripts>kept</scripts><styled>kept</styled>") == "<scripts>kept</scripts><styled>kept</styled>")
        #expect(strip("<p>no markup to cut</p>") == "<p>no markup to cut</p>")
    }

    @Test func unclosedElementsRunToTheEnd() {
        #expect(strip("<p>a</p><script>never closed <p>b</p>") == "<p>a</p>")
        #expect(strip("<p>a</p><!-- never closed") == "<p>a</p>")
        #expect(strip("<p>a</p><script") == "<p>a</p><script")
    }
}
