import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// A javadoc class page of the releases that name no generator (Java 8 to 10, as Debian's
/// `lib…-java-doc` packages install them): navigation bars above and below, the class's
/// description, summary tables and details in a `contentContainer`. Read as an article, only
/// the method summary was read (main-read 0.27 on such pages).
@Suite struct JavadocPageTests {
    static let navigation = """
        <noscript><div>JavaScript is disabled on your browser.</div></noscript>
        <div class="fixedNav"><div class="topNav"><div class="skipNav"><a href="#skip.navbar.top">Skip navigation links</a></div>
        <ul class="navList" title="Navigation"><li><a href="../overview-summary.html">Overview</a></li><li class="navBarCell1Rev">Class</li>
        <li><a href="../index-all.html">Index</a></li></ul></div>
        <div class="subNav"><ul class="subNavList"><li>Summary:&nbsp;</li><li><a href="#method.summary">Method</a></li></ul></div></div>
        """
    static let page = """
        <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><html><head><title>ClasspathUtil</title>
        <meta name="date" content="2018-03-18"><link rel="stylesheet" type="text/css" href="../stylesheet.css"></head><body>
        \(navigation)
        <div class="header"><div class="subTitle">Package com.germinus.easyconf</div><h2 class="title">Class ClasspathUtil</h2></div>
        <div class="contentContainer">
        <div class="description"><ul class="blockList"><li class="blockList"><pre>public class ClasspathUtil extends java.lang.Object</pre>
        <div class="block">Contains utility methods that search the class path for classes and resources.</div></li></ul></div>
        <div class="summary"><ul class="blockList"><li class="blockList"><h3>Method Summary</h3>
        <table class="memberSummary"><tr><th class="colFirst">Modifier and Type</th><th class="colSecond">Method</th><th class="colLast">Description</th></tr>
        <tr class="altColor"><td class="colFirst"><code>static java.net.URL</code></td><th class="colSecond"><code><a href="#locateResource">locateResource</a>(java.lang.String name)</code></th>
        <td class="colLast"><div class="block">Return the location of the specified resource.</div></td></tr></table></li></ul></div>
        <div class="details"><ul class="blockList"><li class="blockList"><h3>Method Detail</h3>
        <a name="locateResource"></a><ul class="blockListLast"><li class="blockList"><h4>locateResource</h4>
        <pre>public static java.net.URL locateResource(java.lang.String name)</pre>
        <div class="block">Return the location of the specified resource by searching the user home directory, the current classpath and the system classpath.</div>
        </li></ul></li></ul></div>
        </div>
        <div class="bottomNav"><ul class="navList"><li><a href="../overview-summary.html">Overview</a></li><li><a href="../help-doc.html">Help</a></li></ul></div>
        <p class="legalCopy"><small>Copyright &#169; 2018 The Authors. All rights reserved.</small></p>
        </body></html>
        """

    @Test func aJavadocPageIsReadWholeWithoutItsNavigationBars() throws {
        let document = try HTMLImporter().importDocument(ImportSource(name: "ClasspathUtil.html", data: Data(Self.page.utf8)),
                                                         options: ImportOptions(), progress: { _ in })
        let read = document.blocks.filter(\.isSpoken).map(\.text)
        #expect(document.blocks.first { $0.isSpoken && $0.kind.headingLevel != nil }?.text == "Class ClasspathUtil", "\(read)")
        #expect(document.metadata.title == "ClasspathUtil" || document.metadata.title == "Class ClasspathUtil")
        // The class's description and its details are read, not only the summary table.
        #expect(read.contains("Contains utility methods that search the class path for classes and resources."), "\(read)")
        #expect(read.contains { $0.hasPrefix("Return the location of the specified resource by searching") }, "\(read)")
        // The bars and the copyright line are kept, skipped.
        for furniture in ["Skip navigation links", "Overview", "Help", "Summary:"] {
            #expect(!read.contains { $0.contains(furniture) }, "\(furniture) is read")
            #expect(document.blocks.contains { $0.skip == .navigation && $0.text.contains(furniture) }, "\(furniture) is not kept")
        }
        #expect(document.blocks.contains { $0.skip == .footer && $0.text.contains("Copyright") })
        // What a browser without scripts shows is on the page too: kept, hidden, never read.
        #expect(document.blocks.contains { $0.skip == .hidden && $0.text == "JavaScript is disabled on your browser." },
                "\(document.blocks.map { ($0.text, $0.skip) })")
        #expect(!read.contains { $0.contains("JavaScript") })
    }
}
