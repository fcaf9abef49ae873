import Foundation
import SpeakImport
@testable import SpeakImportPDF
import SpeakModel
import Testing

/// Figure and table captions of PDFs (issue 23): found by their label, and read after the
/// sentence a figure's place on the page cuts (scripts/measure-captions chose it).
@Suite struct CaptionTests {
    @Test func aCaptionStartsWithItsLabelANumberAndAMark() {
        let found = ["Fig. 3. Difference of various quantities", "FIG. 1: Pictured top is", "TABLE II: The table displays",
                     "Table B.1. Best-fit coefficients", "Abbildung 1.1: Drei Isothermen", "Figure 2 — The stepwise development", "TABLE IV"]
        #expect(found.map { Captions.label(ofCaption: $0)?.number } == ["3", "1", "II", "B.1", "1.1", "2", "IV"])
        #expect(Captions.label(ofCaption: "Tabelle 2.1: Spezifische Wärme")?.kind == .table)
        #expect(Captions.label(ofCaption: "Fig. 2: Aurelia aurita")?.kind == .figure)
        // Sentences that start with a figure's name are text.
        for text in ["Figure 1 presents the lightcurves", "Fig. 3, with ∆X defined as", "Tables 1 and 2 both show", "Figures are drawn",
                     "Table of contents", "Fig. three shows"] {
            #expect(Captions.label(ofCaption: text) == nil, "\(text)")
        }
    }

    @Test func aParagraphNamesTheFiguresAndTablesItMentions() {
        let named = Captions.mentions(in: "as shown in Fig. 3b and (Figure 4), see Table B.1; Abbildung 1.1 zeigt, in Tabelle 2.")
        #expect(named == [.init(kind: .figure, number: "3"), .init(kind: .figure, number: "4"), .init(kind: .table, number: "B.1"),
                          .init(kind: .figure, number: "1.1"), .init(kind: .table, number: "2")])
        #expect(Captions.mentions(in: "The figure shows a table of 3 rows.").isEmpty)
    }

    private func line(_ text: String, top: Double, left: Double = 72, size: Double = 10) -> PDFLine {
        PDFLine(text: text, left: left, top: top, right: left + 250, bottom: top + size, size: size, bold: false)
    }

    /// A page whose first column ends mid-sentence above a figure's caption; the sentence goes
    /// on under it.
    private var pages: [PDFPage] {
        let first = [line("The keepers wrote down the height of every tide, and the lamps were lit at dusk.", top: 100),
                     line("Fig. 2 shows the heights they wrote down over one year. The heights were", top: 112),
                     line("Fig. 2. Heights of the tide over one year at North Point.", top: 400, size: 9),
                     line("recorded twice a day by the keeper on duty at the lamp.", top: 600),
                     line("A new paragraph starts here and ends here.", top: 624, left: 90)]
        return [PDFPage(index: 0, width: 612, height: 792, lines: first)]
    }

    private func spoken(_ placement: Captions.Placement) -> [String] {
        var builder = DocumentBuilder()
        _ = PDFAssembler(pages: pages, captions: placement).append(to: &builder)
        return builder.build(metadata: DocumentMetadata(title: "t", source: "t.pdf", format: .pdf, contentHash: "")).blocks.map(\.text)
    }

    @Test func aCaptionThatCutsASentenceIsReadAfterIt() {
        let read = spoken(.afterTheirSentence)
        #expect(read == ["The keepers wrote down the height of every tide, and the lamps were lit at dusk. Fig. 2 shows the heights they wrote down over one year. The heights were recorded twice a day by the keeper on duty at the lamp.",
                         "Fig. 2. Heights of the tide over one year at North Point.",
                         "A new paragraph starts here and ends here."], "\(read)")
        // Where the page sets it, it cuts the sentence; the measurement's other placements.
        #expect(spoken(.whereTheyStand).count == 4)
        #expect(spoken(.afterTheirMention) == read)
        #expect(Captions.Placement.chosen(environment: [:]) == .afterTheirSentence)
        #expect(Captions.Placement.chosen(environment: ["SPEAK_PDF_CAPTIONS": "stand"]) == .whereTheyStand)
    }

    @Test func aCaptionIsReadAfterTheParagraphThatNamesItWhenAskedTo() {
        struct Item { var text: String }
        let items = ["Fig. 1. A lamp.", "The lamp stands on the cliff.", "As Fig. 1 shows, it is tall.", "The end."].map(Item.init)
        let placed = Captions.placedAfterMentions(items, label: { Captions.label(ofCaption: $0.text) }, text: \.text, isBody: { _ in true })
        #expect(placed.map(\.text) == ["The lamp stands on the cliff.", "As Fig. 1 shows, it is tall.", "Fig. 1. A lamp.", "The end."])
    }
}
