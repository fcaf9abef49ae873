import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// A page is stored under the title a reader sees: kinds of documentation page whose first
/// heading is not the page's name (issue 19: real documents, titles).
@Suite struct PageTitleTests {
    func title(_ html: String) throws -> String {
        let source = ImportSource(name: "page.html", data: Data(html.utf8))
        return try HTMLImporter().importDocument(source, options: ImportOptions(), progress: { _ in }).metadata.title
    }

    static let body = "<p>This paragraph explains what the page is about, in more than a few words, so that it reads as prose.</p>"

    @Test func aGeneratedManualIsNamedByItsFirstHeadingNotBySiteName() throws {
        // Sphinx: "<title>Page — Site</title>", the page's name in its <h1>.
        #expect(try title("""
            <html><head><title>The WebSupport Class &#8212; Sphinx documentation</title><meta name="generator" content="Docutils 0.19"></head>
            <body><div role="main"><h1>The WebSupport Class<a class="headerlink" href="#x">¶</a></h1>\(Self.body)
            <h2>Methods</h2>\(Self.body)</div></body></html>
            """) == "The WebSupport Class")
        // mdBook: the book's name in an <h1> of its own, the chapter after it.
        #expect(try title("""
            <html><head><title>Getting Started - The Harbour Book</title><meta name="generator" content="mdBook 0.4"></head>
            <body><div class="menu"><h1 class="menu-title">The Harbour Book</h1></div><main><h1>Getting Started</h1>\(Self.body)</main></body></html>
            """) == "Getting Started")
    }

    @Test func aDoxygenPageIsNamedByItsTitleNotItsFirstSection() throws {
        // The name is in a <div class="title"> (with the groups the page belongs to inside it);
        // the first heading tag is a section ("Macros").
        #expect(try title(DoxygenPageTests.page) == "Encoder related CTLs")
        // An index page's first heading is a letter.
        #expect(try title("""
            <html><head><title>FLAC: Class Members - Functions</title><meta name="generator" content="Doxygen 1.9.4"></head>
            <body><div class="contents">\(Self.body)<h3>- w -</h3><ul><li>write() : FLAC::Encoder::File</li></ul></div></body></html>
            """).contains("Class Members"))
    }

    @Test func aNumberedOrGenericFirstSectionGivesWayToThePageTitle() throws {
        // SQLite's pages: the name printed in a styled <div>, the sections numbered.
        #expect(try title("""
            <html><head><title>CREATE VIEW</title></head><body><div class="fancy_title">CREATE VIEW</div>
            <h1><span>1. </span>Syntax</h1>\(Self.body)<h1><span>2. </span>Description</h1>\(Self.body)\(Self.body)</body></html>
            """) == "CREATE VIEW")
        // pod2html man pages start with NAME; papers with an abstract.
        #expect(try title("""
            <html><head><title>install-tl - TeX Live cross-platform installer</title></head><body>
            <h1 id="NAME">NAME</h1><p>install-tl - TeX Live cross-platform installer</p><h1>SYNOPSIS</h1>\(Self.body)</body></html>
            """).hasSuffix("TeX Live cross-platform installer"))
        // A heading that only starts with a number is a headline.
        #expect(try title("""
            <html><head><title>Harbour news | Ledger</title></head><body><article><h1>10 Things the Tides Taught Us</h1>
            \(Self.body)\(Self.body)</article></body></html>
            """) == "10 Things the Tides Taught Us")
    }

    @Test func aBannerHeadingGivesWayToTheTitlePrintedBelowIt() throws {
        // libxml-style API pages: the library's banner in the <h1>, the page's name in an <h2>.
        #expect(try title("""
            <html><head><title>Module variables from libxslt</title></head><body><h1>The XSLT C library for GNOME</h1>
            <h2>Module variables from libxslt</h2>\(Self.body)<h2>Description</h2>\(Self.body)\(Self.body)</body></html>
            """) == "Module variables from libxslt")
        // A PEP: its title in the header table above the first heading.
        #expect(try title("""
            <html><head><title>PEP 258 - Docutils Design Specification</title><meta name="generator" content="Docutils 0.19"></head>
            <body><table class="rfc2822"><tr><th>PEP:</th><td>258</td></tr><tr><th>Title:</th><td>Docutils Design Specification</td></tr></table>
            <div class="section"><h1>Rejection Notice</h1>\(Self.body)</div><div class="section"><h1>Abstract</h1>\(Self.body)</div></body></html>
            """) == "Docutils Design Specification")
    }
}
