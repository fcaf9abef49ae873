import ArgumentParser
import Foundation
import SpeakKit

/// `--sort` values of `speak ls`.
enum SortOrder: String, CaseIterable, ExpressibleByArgument {
    case recent, title, added, progress, length

    var librarySort: LibrarySort {
        switch self {
        case .recent: .recent
        case .title: .title
        case .added: .added
        case .progress: .progress
        case .length: .length
        }
    }
}

/// `--filter` values of `speak ls`.
enum ReadingFilter: String, CaseIterable, ExpressibleByArgument {
    case unread, inProgress = "in-progress", finished, all

    var libraryFilter: LibraryFilter {
        switch self {
        case .unread: .unread
        case .inProgress: .inProgress
        case .finished: .finished
        case .all: .all
        }
    }
}

/// One document in `speak ls --json`: the table's columns and a little more.
struct ListEntry: Encodable {
    var id: Int64
    var title: String
    var author: String?
    var format: String
    var words: Int
    var spokenWords: Int
    var progress: Double
    var position: Int?
    var finished: Bool
    var added: Date?
    var lastListened: Date?
    var source: String
    var readingSeconds: Double
    /// Listening time left from the saved position, at the document's speed.
    var secondsLeft: Double

    init(_ doc: DocumentSummary, speak: Speak) {
        id = doc.id
        title = doc.metadata.title
        author = doc.metadata.author
        format = doc.metadata.format.rawValue
        words = doc.wordCount
        spokenWords = doc.spokenWordCount
        progress = (doc.progress * 1000).rounded() / 1000
        position = doc.position
        finished = doc.finished
        added = doc.metadata.imported
        lastListened = doc.lastListened
        source = doc.metadata.source
        readingSeconds = speak.readingTime(words: doc.spokenWordCount, speed: doc.speed).rounded()
        secondsLeft = (readingSeconds * (1 - doc.progress)).rounded()
    }

    /// The row of the `speak ls` table; `indent` shows nesting in a recursive listing.
    func row(indent: String = "") -> [String] {
        [String(id), indent + title, format, DisplayFormat.count(words), DisplayFormat.percent(progress),
         finished ? "—" : DisplayFormat.duration(secondsLeft), DisplayFormat.date(added)]
    }

    static let headers = ["ID", "TITLE", "FORMAT", "WORDS", "PROGRESS", "LEFT", "ADDED"]
}

/// A folder in `speak ls --json`: its contents when listed, otherwise only its counts.
struct FolderEntry: Encodable {
    var name: String
    var path: String
    /// Documents anywhere below the folder that pass the filter.
    var documentCount: Int
    var folders: [FolderEntry]?
    var documents: [ListEntry]?

    init(_ listing: FolderListing, speak: Speak, expanded: Bool) {
        name = listing.folder?.name ?? ""
        path = listing.folder?.path ?? ""
        documentCount = listing.totalDocuments
        if expanded {
            folders = listing.folders.map { FolderEntry($0, speak: speak, expanded: !$0.folders.isEmpty || !$0.documents.isEmpty) }
            documents = listing.documents.map { ListEntry($0, speak: speak) }
        }
    }
}
