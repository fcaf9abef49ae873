import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// texinfo's HTML set in a site's own template, which drops makeinfo's `<meta name="generator">`
/// (FFmpeg's manuals under /usr/share/doc/ffmpeg/manual, in a Bootstrap page). Scored as an
/// article, its table of contents was skipped as navigation, although the same contents are
/// read in a page that names makeinfo (bash's reference manual): main-read 0.840 on the FAQ.
@Suite struct TexinfoPageTests {
    static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>FFmpeg FAQ</title>
        <link rel="stylesheet" href="bootstrap.min.css"><link rel="stylesheet" href="style.min.css"></head><body>
        <div class="container"><h1>FFmpeg FAQ</h1><div align="center"></div>
        <a name="SEC_Top"></a>
        <div class="Contents_element" id="SEC_Contents"><h2 class="contents-heading">Table of Contents</h2>
        <div class="contents"><ul class="no-bullet">
        <li><a id="toc-General-Questions" href="#General-Questions">1 General Questions</a>
        <ul class="no-bullet"><li><a id="toc-Why" href="#Why">1.1 Why doesn't FFmpeg support feature [xyz]?</a></li></ul></li>
        <li><a id="toc-Usage" href="#Usage">2 Usage</a></li></ul></div></div>
        <a name="General-Questions"></a><h1 class="chapter"><a href="#toc-General-Questions">1 General Questions</a></h1>
        <a name="Why"></a><h2 class="section"><a href="#toc-Why">1.1 Why doesn't FFmpeg support feature [xyz]?</a></h2>
        <p>Because no one has taken on that task yet. FFmpeg development is driven by the tasks that are important to the individual developers.</p>
        <a name="Usage"></a><h1 class="chapter"><a href="#toc-Usage">2 Usage</a></h1>
        <p>Use the concat demuxer when the files share their codecs.</p>
        <pre class="example">ffmpeg -f concat -i mylist.txt -c copy output.mp4</pre>
        </div></body></html>
        """

    @Test func aTexinfoPageInItsOwnTemplateIsReadWholeWithItsContents() throws {
        let document = try HTMLImporter().importDocument(ImportSource(name: "faq.html", data: Data(Self.page.utf8)),
                                                         options: ImportOptions(), progress: { _ in })
        let read = document.blocks.filter(\.isSpoken).map(\.text)
        #expect(document.metadata.title == "FFmpeg FAQ")
        // The contents are read as in a page that names makeinfo, then every chapter.
        #expect(read.contains("Table of Contents"), "\(read)")
        #expect(read.filter { $0 == "1 General Questions" }.count == 2, "\(read)")
        #expect(read.contains { $0.hasPrefix("Because no one has taken on that task yet.") }, "\(read)")
        #expect(read.contains("Use the concat demuxer when the files share their codecs."), "\(read)")
        #expect(!document.blocks.contains { $0.skip == .navigation }, "\(document.blocks.map { ($0.text, $0.skip) })")
        #expect(document.blocks.contains { $0.skip == .code && $0.text.hasPrefix("ffmpeg -f concat") })
        let chapters = document.blocks.filter { $0.isSpoken && $0.kind.headingLevel != nil }.map(\.text)
        #expect(chapters.contains("2 Usage"), "\(chapters)")
    }
}
