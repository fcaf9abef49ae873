import SpeakSpeech
@testable import SpeakSynthesis
import Testing

/// A block is said a sentence at a time, but what its earlier sentences wrote still holds:
/// a quote opened before, old money written in another sentence.
@Suite struct BlockContextTests {
    private func said(_ paragraphs: [String]) -> [String] {
        ChunkPlanner.chunks(of: document(paragraphs), speech: SpeechOptions()).map(\.text)
    }

    @Test func aQuoteOpenedInAnEarlierSentenceIsClosedNotInches() {
        #expect(said(["\"I measured it twice. The board is 34\" she said. A 27\" screen."])
            == ["I measured it twice. ", "The board is 34\" she said. ", "A 27 inch screen."])
    }

    @Test func oldMoneyWrittenInOneSentenceHoldsInTheNext() {
        #expect(said(["The fare was 3s. The ticket cost 6d. and no more."])
            == ["The fare was three shillings. ", "The ticket cost six pence and no more."])
        // Without pence or pounds in the block, "3s." stays as written.
        #expect(said(["The fare was 3s. The ticket cost more."]) == ["The fare was 3s. ", "The ticket cost more."])
    }
}
