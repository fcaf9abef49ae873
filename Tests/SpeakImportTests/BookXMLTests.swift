import Foundation
import SpeakArchive
import Testing

/// The XML reader under EPUB package files and office documents.
struct BookXMLTests {
    @Test func elementsKeepTheirLocalNamesAndAttributesAsWritten() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <w:document xmlns:w="urn:w"><w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">Hello </w:t></w:r><w:r><w:t>world</w:t></w:r></w:p></w:document>
            """
        let root = try #require(BookXML.parse(Data(xml.utf8)))
        #expect(root.name == "document")
        #expect(root.first("pStyle")?.attributes == ["w:val": "Heading1"])
        #expect(root.first("pStyle")?["val"] == "Heading1")
        #expect(root.first("p")?.rawText == "Hello world")
    }

    @Test func cdataAndDeclaredEntitiesAreText() throws {
        let xml = """
            <!DOCTYPE package [<!ENTITY pub "Penguin &amp; Co">]>
            <package><title><![CDATA[A <b>bold</b> title]]></title><publisher>&pub; Ltd</publisher></package>
            """
        let root = try #require(BookXML.parse(Data(xml.utf8)))
        #expect(root.first("title")?.fullText == "A <b>bold</b> title")
        #expect(root.first("publisher")?.fullText == "Penguin & Co Ltd")
    }

    @Test func encodingsAreDeclaredOrMarked() throws {
        let latin = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>caf".utf8) + Data([0xE9]) + Data("</t>".utf8)
        #expect(BookXML.parse(latin)?.fullText == "café")
        let utf16 = try #require("<t>naïve</t>".data(using: .utf16))
        #expect(BookXML.parse(utf16)?.fullText == "naïve")
    }

    @Test func whatIsNotWellFormedIsRefusedSilently() {
        for bad in ["", "<a><b></a>", "plain text", "<a>&undefined;</a>", "<a", String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)] {
            #expect(BookXML.parse(Data(bad.utf8)) == nil, "\(bad.prefix(20))")
        }
    }

    @Test func anEntityBombIsRefused() {
        var xml = "<!DOCTYPE b [<!ENTITY a0 \"laugh\">"
        for level in 1...12 { xml += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        xml += "]><b>&a12;</b>"
        let root = BookXML.parse(Data(xml.utf8))
        // Either libxml2 refuses it or the expansion stops at the reader's bound.
        #expect((root?.fullText.count ?? 0) < 10_000 * 6 * 10)
    }
}
