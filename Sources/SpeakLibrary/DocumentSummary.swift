import Foundation
import SpeakModel

/// One library entry as listed by `speak ls`: metadata and reading state, without content.
public struct DocumentSummary: Sendable, Equatable, Codable {
    public var metadata: DocumentMetadata
    public var wordCount: Int
    public var spokenWordCount: Int
    public var chapterCount: Int
    /// The saved reading position (a global word index), if the document was ever played.
    public var position: Int?
    public var finished: Bool
    /// The document's own speed, if the user changed it while listening.
    public var speed: Double?
    public var lastListened: Date?
    public var warnings: [String]

    public var id: Int64 { metadata.id ?? 0 }

    /// Fraction of the spoken words before the saved position (1 when finished).
    public var progress: Double {
        if finished { return 1 }
        guard let position, wordCount > 0 else { return 0 }
        return min(1, Double(position) / Double(wordCount))
    }
}

/// Orders for `speak ls`.
public enum LibrarySort: String, Sendable, CaseIterable {
    /// Last listened first, then most recently added.
    case recent
    case title
    case added
    case progress
    case length
}
