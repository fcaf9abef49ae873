import Foundation
import SpeakModel

/// One library entry as listed by `speak ls`: metadata and reading state, without content.
public struct DocumentSummary: Sendable, Equatable, Codable {
    public var metadata: DocumentMetadata
    public var wordCount: Int
    public var spokenWordCount: Int
    /// Top entries of the table of contents (sections not counted).
    public var chapterCount: Int
    /// The saved reading position (a global word index), if the document was ever played.
    public var position: Int?
    public var finished: Bool
    /// The document's own speed, if the user changed it while listening.
    public var speed: Double?
    public var lastListened: Date?
    public var warnings: [String]
    /// The folder holding the document; nil at the top level.
    public var folderID: Int64?
    /// When the document was moved to the trash.
    public var deleted: Date?
    /// Whether the document is a book assembled from several files (one chapter per file).
    public var isBook: Bool = false

    public var id: Int64 { metadata.id ?? 0 }

    /// Fraction of the spoken words before the saved position (1 when finished).
    public var progress: Double {
        if finished { return 1 }
        guard let position, wordCount > 0 else { return 0 }
        // A position out of range (another device's, an imported library's) is not a progress
        // of billions of percent.
        return min(1, max(0, Double(position) / Double(wordCount)))
    }
}

/// Which documents `speak ls` shows, by reading state.
public enum LibraryFilter: String, Sendable, CaseIterable {
    /// Never listened to.
    case unread
    /// Started but not finished.
    case inProgress = "in-progress"
    case finished
    case all

    var sql: String {
        switch self {
        case .unread: "(p.document_id IS NULL OR (p.word_index = 0 AND NOT p.finished))"
        case .inProgress: "(p.word_index > 0 AND NOT p.finished)"
        case .finished: "p.finished"
        case .all: "1"
        }
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
