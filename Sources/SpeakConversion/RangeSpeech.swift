import SpeakModel
import SpeakSynthesis

/// A range of a document's words spoken in order, for the workers and the conversion.
public enum RangeSpeech {
    /// Speaks words `range` of a document on the engine thread (running ahead of the
    /// consumer), handing each sentence piece to `consume` in order. Whole sentences, even to a
    /// neural voice: no listener waits for the first clause, and the model says a sentence in
    /// one run faster than in pieces (as `piper` does).
    public static func speak(_ document: Document, range: Range<Int>, engine: any SpeechEngine, settings: VoiceSettings, readAll: Bool,
                      progress: ProgressHandler?, consume: (SpeechPiece) throws -> Void) throws {
        let span = Double(max(1, min(range.upperBound, document.wordCount) - range.lowerBound))
        var spoken = false
        func take(_ piece: SpeechPiece) throws {
            try consume(piece)
            spoken = spoken || !piece.words.isEmpty
            if let last = piece.words.last { progress?(Double(last.index + 1 - range.lowerBound) / span) }
        }
        // A neural voice renders several sentences at once, each on a core of its own.
        if let laned = engine as? any LanedSpeechEngine, laned.lanes > 1 {
            try LanedSpeech.speak(document, fromWord: range.lowerBound, toWord: range.upperBound, includeSkipped: readAll, engine: laned,
                                  settings: settings, consume: take)
            guard spoken else { throw SynthesisError.nothingToSpeak }
            return
        }
        let stream = try SpeechStream(document: document, engine: engine, settings: settings, fromWord: range.lowerBound,
                                      toWord: range.upperBound, includeSkipped: readAll, historyWords: 0, byClause: false)
        while let piece = try stream.next() { try take(piece) }
        guard spoken else { throw SynthesisError.nothingToSpeak }
    }
}
