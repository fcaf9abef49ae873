@testable import SpeakPoppler
import Testing

/// Words from poppler made into lines, without a PDF: where spaces go.
@Suite struct PopplerLineTests {
    typealias Word = PopplerText.Word

    static func word(_ text: String, at start: Int, left: Double, right: Double, bold: Bool = false) -> Word {
        Word(start: start, end: start + text.utf8.count, left: left, top: 100, right: right, bottom: 110, size: 10,
             baseline: 108, rotation: 0, bold: bold, spaceAfter: false)
    }

    /// Issue 19: a definition list's bold term set close to its definition read "GNOMEThe".
    @Test func aBoldTermAgainstItsDefinitionIsTwoWords() {
        let text = Array("GNOMEThe".utf8)
        let lines = PopplerText.lines([Self.word("GNOME", at: 0, left: 72, right: 110, bold: true),
                                       Self.word("The", at: 5, left: 110.4, right: 128)], text: text)
        #expect(lines.map(\.text) == ["GNOME The"])
    }

    /// Glyphs of one word drawn as two pieces of the same weight stay one word.
    @Test func closePiecesOfOneWeightStayOneWord() {
        let text = Array("Lighthouse".utf8)
        let lines = PopplerText.lines([Self.word("Light", at: 0, left: 72, right: 95),
                                       Self.word("house", at: 5, left: 95.3, right: 120)], text: text)
        #expect(lines.map(\.text) == ["Lighthouse"])
        // A bold word followed by its punctuation is not broken either.
        let colon = Array("Note:".utf8)
        let marked = PopplerText.lines([Self.word("Note", at: 0, left: 72, right: 92, bold: true),
                                        Self.word(":", at: 4, left: 92.1, right: 94)], text: colon)
        #expect(marked.map(\.text) == ["Note:"])
    }
}
