import Foundation
import SpeakBatch
import SpeakImportOCR
import SpeakIntake
import SpeakModel

/// Which of N parts of a batch to convert.
public typealias ShardSpec = SpeakBatch.ShardSpec
/// A batch split into parts of about equal spoken words.
public typealias ShardPlan = SpeakBatch.ShardPlan
/// What a batch conversion wrote for one input, kept beside its audio.
public typealias OutputRecord = SpeakBatch.OutputRecord

extension Speak {
    /// Words a scanned page is counted as when a batch is split: reading it would mean OCR,
    /// which costs as much as converting it.
    public static let wordsPerScannedPage = 250

    /// What weighs an input when a batch is split into shards: its content hash (the same
    /// file under another path is the same input) and its spoken words.
    public func shardItem(_ input: InputReference) throws -> ShardPlan.Item {
        switch input {
        case .document(let id):
            let summary = try library().summary(id: id)
            return ShardPlan.Item(key: summary.metadata.contentHash, words: summary.wordCount)
        case .file, .standardInput, .url, .uploaded:
            let source = try InputReader.read(input)
            let key = DocumentImport.contentHash(source.data)
            if try DocumentImport.importer(for: source) is OCRImporter {
                return ShardPlan.Item(key: key, words: Self.wordsPerScannedPage)
            }
            let document = try DocumentImport.run(source, request: ImportRequest(), progress: { _ in })
            return ShardPlan.Item(key: key, words: document.spokenWordCount)
        }
    }

    /// The content hash of an input, as its conversion's record keeps it.
    public func contentHash(of input: InputReference) throws -> String {
        switch input {
        case .document(let id): try library().summary(id: id).metadata.contentHash
        case .file, .standardInput, .url, .uploaded: DocumentImport.contentHash(try InputReader.read(input).data)
        }
    }
}
