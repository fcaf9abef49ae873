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
    var source: String
    var readingSeconds: Double

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
        source = doc.metadata.source
        readingSeconds = speak.readingTime(words: doc.spokenWordCount, speed: doc.speed).rounded()
    }
}
