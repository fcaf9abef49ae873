import Foundation
import SpeakImport
import SpeakImportPDF
import SpeakModel
import Testing

/// A paper's front matter and parts by their typography (issue 23), on hand-made pages.
@Suite struct PaperLayoutTests {
    private func line(_ text: String, top: Double, left: Double = 72, right: Double? = nil, size: Double = 10, bold: Bool = false,
                      turned: Bool = false) -> PDFLine {
        PDFLine(text: text, left: left, top: top, right: right ?? left + Double(text.count) * size * 0.5, bottom: top + size,
                size: size, bold: bold, turned: turned)
    }

    private func read(_ lines: [[PDFLine]], title: String? = nil) throws -> Document {
        let pages = lines.enumerated().map { PDFPage(index: $0.offset, width: 612, height: 792, lines: $0.element) }
        return try PDFImporter(source: HandMadePages(info: PDFInfo(pageCount: pages.count, title: title), pages: pages))
            .importDocument(ImportSource(name: "paper.pdf", data: Data([1])), options: ImportOptions(), progress: { _ in })
    }

    private let body = (0..<12).map { "This is the body text of the paper, line \($0), which runs across the whole column" }

    /// Page 1 of a paper: banner, title in two lines, authors with marks, affiliations, abstract, body.
    private var firstPage: [PDFLine] {
        [line("Journal of Coastal Records manuscript no. tides_v3 © JCR 2024", top: 40, left: 150, size: 8),
         line("arXiv:2411.01234v2 [physics.hist-ph] 3 Nov 2024", top: 200, left: 20, right: 40, size: 20, turned: true),
         line("Tides, Lamps and the Keepers", top: 80, left: 180, size: 17, bold: true),
         line("Who Recorded Them", top: 100, left: 230, size: 17, bold: true),
         line("A. Keeper¹,², B. Lighthouse² and C. Harbour³", top: 130, left: 190, size: 12),
         line("¹ Department of Maritime History, University of Northport, Northport, UK", top: 150, left: 120, size: 9),
         line("² Institute for Coastal Records, Harbour Town, Norway", top: 162, left: 150, size: 9),
         line("Abstract. Keepers of lighthouses wrote down the tides every night for two centuries.", top: 190, size: 10)]
            + body.enumerated().map { line($0.element, top: 220 + Double($0.offset) * 12, right: 540) }
    }

    @Test func titleAuthorsBannerStampAndAffiliationsComeFromTheFirstPage() throws {
        let document = try read([firstPage], title: "tides-v3.dvi")
        #expect(document.metadata.title == "Tides, Lamps and the Keepers Who Recorded Them")
        #expect(document.metadata.author == "A. Keeper, B. Lighthouse and C. Harbour")
        let reasons = Dictionary(grouping: document.blocks.filter { !$0.isSpoken }, by: { $0.skip })
        #expect(reasons[.banner]?.first?.text.hasPrefix("Journal of Coastal Records") == true)
        #expect(reasons[.margin]?.first?.text.hasPrefix("arXiv:2411.01234v2") == true)
        #expect(reasons[.affiliation]?.map(\.text).joined(separator: " ").contains("Institute for Coastal Records") == true)
        let spoken = document.blocks.filter(\.isSpoken).map(\.text)
        #expect(spoken.first == "Tides, Lamps and the Keepers Who Recorded Them")
        #expect(spoken.contains("A. Keeper¹,², B. Lighthouse² and C. Harbour³"))
        #expect(!spoken.joined().contains("University") && !spoken.joined().contains("arXiv"))
    }

    @Test func aPlausibleMetadataTitlePrintedOnThePageWinsAndAPlainPageUsesItsCentredLine() throws {
        #expect(try read([firstPage], title: "Tides, Lamps and the Keepers Who Recorded Them (preprint)").metadata.title
                    == "Tides, Lamps and the Keepers Who Recorded Them")
        #expect(try read([firstPage], title: "Tides, lamps and the keepers who recorded them").metadata.title
                    == "Tides, lamps and the keepers who recorded them")
        // All in one size: the first short centred line is the title, the next the authors.
        let plain = [line("Exploring new techniques for reading old notes", top: 80, left: 180, right: 432),
                     line("Thomas Keeper, Peter Stone", top: 100, left: 240, right: 372),
                     line("Department of Physics, Northport University, Northport", top: 112, left: 170, right: 442)]
            + body.enumerated().map { line($0.element, top: 160 + Double($0.offset) * 12, right: 540) }
        let document = try read([plain], title: "Microsoft Word - notes.docx")
        #expect(document.metadata.title == "Exploring new techniques for reading old notes")
        #expect(document.metadata.author == "Thomas Keeper, Peter Stone")
        #expect(document.blocks.contains { $0.skip == .affiliation && $0.text.hasPrefix("Department of Physics") })
    }

    @Test func referencesAcknowledgementsAndDisplayEquationsAreSkippedParts() throws {
        var lines = body.enumerated().map { line($0.element, top: 80 + Double($0.offset) * 12, right: 540) }
        lines += [line("h(t) = h₀ +", top: 250, left: 200, right: 260),
                  line("nX", top: 246, left: 262, right: 272),
                  line("k=1", top: 258, left: 262, right: 272, size: 7),
                  line("Ak cos(ωkt − ϕk), (1)", top: 250, left: 275, right: 540),
                  line("where the amplitudes are fitted to years of observations, as the keepers knew.", top: 270, right: 540),
                  line("Acknowledgements", top: 300, size: 12, bold: true),
                  line("We thank the volunteers of the harbour archive.", top: 316),
                  line("References", top: 340, size: 12, bold: true),
                  line("Almanac, A. 1901, Tide Tables for the Northern Coast, Harbour Press", top: 356),
                  line("Beacon, B. 1950, The Keepers' Notes, JCR, 12, 34", top: 368),
                  line("Appendix A. The notes", top: 400, size: 12, bold: true),
                  line("The notes of 1902 are transcribed here in full, night by night.", top: 416)]
        let document = try read([lines])
        let reason = { (text: String) in document.blocks.first { $0.text.contains(text) }?.skip }
        #expect(reason("h(t) = h₀") == .equation && reason("Ak cos") == .equation)
        #expect(reason("where the amplitudes") == nil)
        #expect(reason("Acknowledgements") == .acknowledgements && reason("We thank") == .acknowledgements)
        #expect(reason("References") == .references && reason("Almanac") == .references && reason("Beacon") == .references)
        #expect(reason("Appendix A") == nil && reason("The notes of 1902") == nil)
    }
}
