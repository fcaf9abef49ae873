import Foundation

/// Pieces synthesized before they were asked for — the opening of the paragraph after the one
/// being heard, where `]` goes — kept until the stream reaches them or jumps there, so a
/// slow (neural) engine is not heard thinking at a paragraph jump. Used on the engine thread only.
final class PreparedPieces {
    private var pieces: [(chunk: SpeechChunk, settings: VoiceSettings, piece: SpeechPiece)] = []
    /// A few openings: one is made per paragraph reached, and a jump uses at most one.
    private let capacity = 4

    func contains(_ chunk: SpeechChunk, settings: VoiceSettings) -> Bool {
        pieces.contains { $0.chunk == chunk && $0.settings == settings }
    }

    /// Keeps `piece` (made at stream sample 0) for `chunk` said with `settings`.
    func keep(_ piece: SpeechPiece, for chunk: SpeechChunk, settings: VoiceSettings) {
        pieces.append((chunk, settings, piece))
        if pieces.count > capacity { pieces.removeFirst() }
    }

    /// The piece kept for `chunk` with `settings`, moved to start at stream sample `base`; it is
    /// handed out once.
    func take(_ chunk: SpeechChunk, settings: VoiceSettings, base: Int) -> SpeechPiece? {
        guard let k = pieces.firstIndex(where: { $0.chunk == chunk && $0.settings == settings }) else { return nil }
        var piece = pieces.remove(at: k).piece
        piece.startSample = base
        piece.words = piece.words.map {
            TimedWord(index: $0.index, startSample: $0.startSample + base, endSample: $0.endSample + base, skipped: $0.skipped)
        }
        return piece
    }
}
