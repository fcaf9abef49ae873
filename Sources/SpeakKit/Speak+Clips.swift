import Foundation
import SpeakConversion
import SpeakLibrary
import SpeakSynthesis

extension Speak {
    /// The speech of `document` from word `from`: whole sentences until at least
    /// `minimumWords` words are said (the rest of the document when fewer are left), by
    /// `voice` (nil: the document's language's) at `speed`, with the document's skip rules.
    public func speechClip(of document: Document, from: Int, minimumWords: Int, voice: String?, speed: Double,
                           format: ClipFormat = .wav) throws -> SpeechClip {
        let speech = try speechOptions(for: document, request: SpeechRequest())
        var settings = try voiceSettings(voice: voice ?? defaultVoice(for: document.metadata.language), speed: speed, wordsPerMinute: nil)
        settings.speech = speech
        let engine = try self.engine(for: settings, requested: voice)
        return try SpeechClip.make(of: document, from: from, minimumWords: minimumWords, engine: engine, settings: settings, format: format)
    }

    /// Loads `voice` (nil: the default voice for `language`) so that the first clip it speaks
    /// does not wait for it: a neural model takes about a second to load, once per process.
    public func prepareVoice(_ voice: String?, language: String?) throws {
        let settings = try voiceSettings(voice: voice ?? defaultVoice(for: language), speed: 1, wordsPerMinute: nil)
        _ = try engine(for: settings, requested: voice)
    }

    /// A document of the library, whole.
    public func storedDocument(id: Int64) throws(LibraryError) -> Document {
        try library().document(id: id)
    }

    /// Saves where the listener of document `id` is (a browser's position, as the player saves its own).
    public func savePosition(documentID id: Int64, word: Int, speed: Double?, finished: Bool = false) throws(LibraryError) {
        try library().savePosition(documentID: id, wordIndex: word, speed: speed, finished: finished)
    }
}
