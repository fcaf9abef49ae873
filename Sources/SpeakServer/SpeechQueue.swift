import Dispatch
import Foundation
import SpeakKit

/// Synthesis for the browsers, one clip at a time on a thread of its own (the engine is
/// single-threaded, and a clip must not hold up the server's event loops), with the last
/// documents read kept in memory: a clip needs the whole document, and loading a long book
/// for every clip would cost more than speaking it.
final class SpeechQueue: @unchecked Sendable {
    private let speak: Speak
    private let queue = DispatchQueue(label: "speak-serve.speech")
    /// Most recent last; a document edited by the command line (another content hash) is read again.
    private var documents: [(id: Int64, hash: String, document: Document)] = []

    /// The installed voices, listed once: they do not change while the server runs.
    private var voices: VoiceList?

    init(speak: Speak) {
        self.speak = speak
    }

    /// Runs `work` on the speech thread.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Document `id` (on the speech thread).
    func document(_ id: Int64) throws -> (DocumentSummary, Document) {
        let summary = try speak.summary(id: id)
        if let cached = documents.first(where: { $0.id == id && $0.hash == summary.metadata.contentHash }) {
            return (summary, cached.document)
        }
        let document = try speak.storedDocument(id: id)
        documents.removeAll { $0.id == id }
        documents.append((id, summary.metadata.contentHash, document))
        if documents.count > 4 { documents.removeFirst() }
        return (summary, document)
    }

    /// Every installed voice (on the speech thread).
    func voiceList() throws -> VoiceList {
        if let voices { return voices }
        let list = try speak.voiceList(language: nil)
        voices = list
        return list
    }

    /// Loads the voice a reader is about to use, in the background: the first tap then hears
    /// speech as soon as it is synthesized, not after a neural model has loaded.
    func prepare(voice: String?, document id: Int64?) {
        queue.async { [self] in
            let language = id.flatMap { try? speak.summary(id: $0) }?.metadata.language
            try? speak.prepareVoice(voice, language: language)
        }
    }

    /// A clip of document `id` from word `from`.
    func clip(_ id: Int64, from: Int, words: Int, speed: Double, voice: String?, format: ClipFormat) async throws -> SpeechClip {
        try await run { [self] in
            let (_, document) = try self.document(id)
            guard from >= 0, from < document.wordCount else { throw ClipRangeError(word: from, count: document.wordCount) }
            return try speak.speechClip(of: document, from: from, minimumWords: words, voice: voice, speed: speed, format: format)
        }
    }
}

struct ClipRangeError: Error {
    var word: Int
    var count: Int
}
