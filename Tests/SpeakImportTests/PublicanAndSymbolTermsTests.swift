import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// Found reading the Debian Administrator's Handbook (DocBook built with Publican) and Python's
/// Sphinx manual aloud: the handbook's sidebars (BACK TO BASICS, CULTURE, TIP), half of most
/// pages, were skipped as a site's sidebar; a link whose text is symbols (">>>") was taken for
/// a header-link mark; a definition's term with no word (".", "(...)") vanished even from
/// `--all`.
@Suite struct PublicanAndSymbolTermsTests {
    private func document(_ html: String) throws -> Document {
        try HTMLImporter().importDocument(ImportSource(name: "page.html", data: Data(html.utf8)), options: ImportOptions(), progress: { _ in })
    }

    @Test func aDocBookSidebarIsReadWhereItStandsAndPublicansBarsAreNot() throws {
        let doc = try document("""
            <html><head><title>14.2. Firewall</title><meta name="generator" content="publican v4.3.2" /></head><body>
            <div id="banner"><a href="http://debian-handbook.info/get/"><span class="text">Download the ebook</span></a></div>
            <ul class="docnav top"><li class="previous"><a accesskey="p" href="security.html"><strong>Prev</strong></a></li>
            <li class="home">The Debian Administrator's Handbook</li><li class="next"><a href="n.html"><strong>Next</strong></a></li></ul>
            <div class="section"><div class="titlepage"><div><div><h2 class="title">14.2. Firewall or Packet Filtering</h2></div></div></div>
            <div class="sidebar"><div class="titlepage"><div><div><p class="title"><strong><em>BACK TO BASICS</em> Firewall</strong></p></div></div></div>
            <div class="para">A firewall is a piece of computer equipment that sorts the incoming or outgoing network packets.</div></div>
            <div class="para">The Linux kernel embeds the netfilter firewall, controlled from user space.</div></div>
            <ul class="docnav"><li class="previous"><a href="security.html"><strong>Prev</strong>Chapter 14. Security</a></li></ul>
            </body></html>
            """)
        let read = doc.blocks.filter(\.isSpoken).map(\.text)
        #expect(read.first == "14.2. Firewall or Packet Filtering", "\(read)")
        #expect(read.contains("BACK TO BASICS Firewall"), "\(read)")
        #expect(read.contains { $0.hasPrefix("A firewall is a piece") }, "\(read)")
        #expect(!read.contains { $0.contains("Prev") || $0.contains("Download the ebook") }, "\(read)")
        // Skipped, not dropped.
        #expect(doc.blocks.contains { $0.skip == .navigation && $0.text.contains("Prev") })
        #expect(doc.blocks.contains { $0.skip == .header && $0.text == "Download the ebook" })
    }

    @Test func aSitesSidebarIsStillSkipped() throws {
        let doc = try document("""
            <html><head><title>Guide</title><meta name="generator" content="Sphinx 5.3.0" /></head><body>
            <div class="body"><h1>Guide</h1><p>The guide's own text, read from start to end.</p></div>
            <div class="sphinxsidebar"><p>Quick search</p></div><div class="sidebar"><p>Table of contents</p></div>
            </body></html>
            """)
        #expect(doc.blocks.contains { $0.skip == .sidebar && $0.text == "Table of contents" })
    }

    @Test func symbolsInALinkOrATermAreKept() throws {
        let doc = try document("""
            <html><head><title>re</title><meta name="generator" content="Sphinx 5.3.0" /></head><body><div class="body">
            <h1>re<a class="headerlink" href="#re" title="Permalink">¶</a></h1>
            <p>Input and output are told apart by prompts (<a class="reference internal" href="../glossary.html#term-0"><span class="xref">&gt;&gt;&gt;</span></a>
            and <a href="../glossary.html#term-..."><span>…</span></a>); see <a href="#n">¶</a> also.</p>
            <dl><dt><code class="docutils literal"><span class="pre">.</span></code></dt><dd><p>(Dot.) Matches any character except a newline.</p></dd>
            <dt><code>(...)</code></dt><dd><p>Matches the expression inside the parentheses.</p></dd>
            <dt><code>^</code></dt><dd><p>(Caret.) Matches the start of the string.</p></dd></dl>
            </div></body></html>
            """)
        let read = doc.blocks.filter(\.isSpoken).map(\.text)
        #expect(read.first == "re", "\(read)")
        #expect(read.contains("Input and output are told apart by prompts (>>> and …); see also."), "\(read)")
        #expect(read.contains(". — (Dot.) Matches any character except a newline."), "\(read)")
        #expect(read.contains("(...) — Matches the expression inside the parentheses."), "\(read)")
        #expect(read.contains("^") && read.contains("(Caret.) Matches the start of the string."), "\(read)")
    }
}

/// Sphinx's "Footnotes" rubric over notes that are skipped was read alone at the page's end.
@Suite struct FootnotesLabelTests {
    @Test func aLabelOverSkippedNotesIsSkippedWithThem() throws {
        let html = """
            <html><head><title>An Informal Introduction</title><meta name="generator" content="Sphinx 5.3.0" /></head><body><div class="body">
            <h1>An Informal Introduction</h1><p>Numbers and powers, see the note.<a class="footnote-reference" href="#id3" role="doc-noteref">1</a></p>
            <p class="rubric">Footnotes</p><aside class="footnote-list brackets"><aside class="footnote brackets" id="id3" role="note">
            <span class="label">1</span><p>Since ** has higher precedence than -, -3**2 will be interpreted as -(3**2).</p></aside></aside>
            <h2>Notes</h2><p>Notes that are read stay read.</p>
            </div></body></html>
            """
        let doc = try HTMLImporter().importDocument(ImportSource(name: "intro.html", data: Data(html.utf8)), options: ImportOptions(), progress: { _ in })
        #expect(doc.blocks.contains { $0.text == "Footnotes" && $0.skip == .footnote }, "\(doc.blocks.map { ($0.text, $0.skip) })")
        #expect(doc.blocks.contains { $0.text == "Notes" && $0.skip == nil })
    }

    /// Sphinx draws a note number's brackets with CSS ("footnote-reference brackets"): the
    /// number gets them back, so it is a note's mark to the spoken text, not a count.
    @Test func aNoteNumberDrawnInBracketsKeepsThem() throws {
        let html = """
            <html><head><title>Policy</title><meta name="generator" content="Sphinx 5.3.0" /></head><body><div class="body">
            <h1>Policy</h1><p>It must contain only alphanumerics <a class="footnote-reference brackets" href="#id21" id="id6">6</a> and
            the characters, in <a class="reference internal" href="#x">7</a> places.</p></div></body></html>
            """
        let doc = try HTMLImporter().importDocument(ImportSource(name: "policy.html", data: Data(html.utf8)), options: ImportOptions(), progress: { _ in })
        #expect(doc.blocks.contains { $0.text == "It must contain only alphanumerics [6] and the characters, in 7 places." }, "\(doc.blocks.map(\.text))")
    }
}
