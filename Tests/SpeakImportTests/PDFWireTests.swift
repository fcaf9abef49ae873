import Foundation
import SpeakImportPDF
import Testing

/// The helper's messages survive the trip through the wire format, one line each.
@Suite struct PDFWireTests {
    private func roundTrip(_ message: PDFHelperMessage) -> PDFHelperMessage? {
        let data = PDFWire.encode(message)
        #expect(data.last == UInt8(ascii: "\n"))
        #expect(data.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil)
        return PDFWire.decode(data.dropLast())
    }

    @Test func factsOutlineAndDoneRoundTrip() {
        let info = PDFInfo(pageCount: 12, title: "Über\tLänge — a study", author: nil)
        #expect(roundTrip(.info(info)) == .info(PDFInfo(pageCount: 12, title: "Über Länge — a study", author: nil)))
        #expect(roundTrip(.info(PDFInfo(pageCount: 0))) == .info(PDFInfo(pageCount: 0)))
        let outline = [
            PDFOutlineEntry(title: "1 Introduction", page: 0, top: 120.5, left: 72, level: 1),
            PDFOutlineEntry(title: "1.1 Scope: tabs\tand more", page: 3, top: nil, left: nil, level: 2),
        ]
        #expect(roundTrip(.outline(outline)) == .outline([outline[0],
            PDFOutlineEntry(title: "1.1 Scope: tabs and more", page: 3, top: nil, left: nil, level: 2)]))
        #expect(roundTrip(.outline([])) == .outline([]))
        #expect(roundTrip(.done) == .done)
    }

    @Test func pagesAndFailuresRoundTrip() {
        let page = PDFPage(index: 4, width: 612, height: 792, label: "v",
                           lines: [PDFLine(text: "Hello, world", left: 72, top: 90.5, right: 200, bottom: 101, size: 10.5, bold: true)])
        #expect(roundTrip(.page(page)) == .page(page))
        let failure = PDFFailure(kind: .wrongPassword, message: "the document is encrypted")
        #expect(roundTrip(.failure(failure)) == .failure(failure))
    }

    /// Recordings made before the facts had their own format (JSON lines) still read.
    @Test func jsonFactsStillDecode() {
        let line = Data(#"{"info":{"_0":{"pageCount":3,"outline":[],"title":"T"}}}"#.utf8)
        #expect(PDFWire.decode(line) == .info(PDFInfo(pageCount: 3, title: "T")))
    }
}
