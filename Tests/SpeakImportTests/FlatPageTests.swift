import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// A flat page — headings, paragraphs and lists straight in `<body>`, no containers (GCC's
/// release notes): the article finder can only choose one of its lists, which is a small part
/// of the page's prose. Then the page is the article: all of it is read, with a warning.
@Suite struct FlatPageTests {
    private func item(_ topic: String, _ n: Int) -> String {
        "<li>The \(topic) change number \(n) makes the compiler accept more programs than before, and it reports "
            + "clearer errors for the ones it still refuses. Users upgrading should check their build flags.</li>"
    }

    @Test func aFlatPageOfListsIsReadWhole() throws {
        var body = "<h1>Release Series<br/>Changes, New Features, and Fixes</h1>\n<p>This page is a brief summary of the changes.</p>\n"
        for topic in ["Caveats", "General Improvements", "Languages", "Targets", "Tools", "Documentation"] {
            body += "<h2>\(topic)</h2>\n<ul>\n" + (1...5).map { item(topic, $0) }.joined(separator: "\n") + "\n</ul>\n"
        }
        // One list whose items hold paragraphs: the only "container of paragraphs" on the page.
        body += "<h2>Ada</h2>\n<ul><li><p>Fixed lower bound for unconstrained arrays, which are now valid in more places.</p>"
            + "<p>Generalized object notation is now allowed on more kinds of types, for example vectors.</p>"
            + "<p>Pattern matching has been extended to records and arrays as well.</p></li></ul>\n"
        let html = "<!DOCTYPE html><html lang=\"en\"><head><title>Release Series Changes</title></head><body>\n\(body)</body></html>"
        let document = try HTMLImporter().importDocument(ImportSource(name: "NEWS.html", data: Data(html.utf8)), options: ImportOptions(),
                                                         progress: { _ in })
        let spoken = document.blocks.filter(\.isSpoken).map(\.text).joined(separator: "\n")
        for topic in ["Caveats", "General Improvements", "Targets", "Documentation"] {
            #expect(spoken.contains("The \(topic) change number 3"), "\(topic) is not read")
        }
        #expect(spoken.contains("Pattern matching has been extended"))
        #expect(document.warnings.contains { $0.contains("small part of the page") }, "\(document.warnings)")
    }
}
