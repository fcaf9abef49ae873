import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// A Doxygen reference page, as libopus-doc, libglfw3-doc and libflac-doc install them: the
/// page's title is a `<div class="title">` in its header, code examples are `<div>`s of lines,
/// tooltips for the code's names sit in the page (hidden by doxygen.css), and declarations are
/// spread over table cells. A project with its own header drops the generator's `<meta>`.
@Suite struct DoxygenPageTests {
    static let page = """
    <!DOCTYPE html><html><head><title>Opus: Encoder related CTLs</title>
    <link href="tabs.css" rel="stylesheet" type="text/css"/>
    <link href="customdoxygen.css" rel="stylesheet" type="text/css" /></head><body>
    <div id="top"><div id="titlearea"><div id="projectname">Opus</div></div></div>
    <div class="header">
      <div class="summary"><a href="#define-members">Macros</a></div>
      <div class="headertitle"><div class="title">Encoder related CTLs<div class="ingroups"><a class="el" href="group__opus.html">Opus Codec</a></div></div></div>
    </div>
    <div class="contents">
    <p>These are convenience macros for use with the encoder's control interface.</p>
    <table class="memberdecls">
    <tr class="heading"><td colspan="2"><h2 class="groupheader"><a name="define-members"></a>Macros</h2></td></tr>
    <tr class="memitem:ga1"><td class="memItemLeft" align="right" valign="top">#define&#160;</td><td class="memItemRight" valign="bottom"><a class="el" href="#ga1">OPUS_SET_COMPLEXITY</a>(x)</td></tr>
    <tr class="memdesc:ga1"><td class="mdescLeft">&#160;</td><td class="mdescRight">Configures the encoder's computational complexity.<br /></td></tr>
    </table>
    <h2 class="groupheader">Detailed Description</h2>
    <p>Some usage examples:</p>
    <div class="fragment"><div class="line"><span class="keywordtype">int</span> ret;</div>
    <div class="line">ret = <a class="code" href="#ga2">opus_encoder_ctl</a>(enc_ctx, <a class="code" href="#ga1">OPUS_SET_COMPLEXITY</a>(5));</div>
    <div class="ttc" id="ttc1"><div class="ttname"><a href="#ga2">opus_encoder_ctl</a></div><div class="ttdeci">int opus_encoder_ctl(OpusEncoder *st, int request,...)</div><div class="ttdoc">Perform a CTL function on an Opus encoder.</div></div>
    </div>
    <h2 class="memtitle"><span class="permalink"><a href="#ga1">&#9670;&nbsp;</a></span>OPUS_SET_COMPLEXITY</h2>
    <div class="memitem"><div class="memproto">
      <table class="memname"><tr>
        <td class="memname">#define OPUS_SET_COMPLEXITY</td><td>(</td><td class="paramtype">&#160;</td><td class="paramname">x</td><td>)</td><td></td>
      </tr></table>
    </div><div class="memdoc"><p>Configures the encoder's computational complexity.</p></div></div>
    </div></body></html>
    """

    @Test func aDoxygenPageReadsLikeAManual() throws {
        let document = try HTMLImporter().importDocument(ImportSource(name: "group__opus__encoderctls.html", data: Data(Self.page.utf8)),
                                                         options: ImportOptions(), progress: { _ in })
        let read = document.blocks.filter(\.isSpoken)
        // The page's title opens the reading as its first chapter; the groups it belongs to and
        // the header's links to its own sections are navigation.
        #expect(read.first?.text == "Encoder related CTLs" && read.first?.kind == .heading(level: 1), "\(read.map(\.text))")
        #expect(!read.contains { $0.text.contains("Opus Codec") })
        // Declarations read as written, one per line: not "#define, OPUS_SET_COMPLEXITY(x)", not
        // "#define OPUS_SET_COMPLEXITY, (, x, )".
        #expect(read.filter { $0.text == "#define OPUS_SET_COMPLEXITY(x)" }.count == 2, "\(read.map(\.text))")
        // The example is one code block, skipped like any listing; the tooltip is hidden.
        let code = document.blocks.filter { $0.skip == .code }
        #expect(code.map(\.text) == ["int ret;\nret = opus_encoder_ctl(enc_ctx, OPUS_SET_COMPLEXITY(5));"], "\(code.map(\.text))")
        #expect(document.blocks.contains { $0.skip == .hidden && $0.text.contains("Perform a CTL function") })
        #expect(!read.contains { $0.text.contains("ret;") || $0.text.contains("Perform a CTL function") })
        // The permalink's diamond is not part of the heading.
        #expect(read.contains { $0.text == "OPUS_SET_COMPLEXITY" && $0.kind.headingLevel != nil })
        #expect(!read.contains { $0.text.contains("◆") })
    }
}
