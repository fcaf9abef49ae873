import SpeakModel

/// Why the library could not be opened, read or changed.
public enum LibraryError: UserFacingError, Equatable {
    case notADatabase(path: String)
    case newerSchema(path: String)
    case cannotOpen(path: String, reason: String)
    case documentNotFound(Int64)
    case damaged(path: String, reason: String)
    case busy(path: String)
    case writeFailed(path: String, reason: String)
    case storage(reason: String)
    case documentInTrash(Int64)
    case notInTrash(String)
    case folderNotFound(path: String)
    case folderNotEmpty(path: String)
    case folderCycle(folder: String, destination: String)
    case folderNameTaken(name: String, parent: String)
    case badName(name: String, reason: String)
    case emptyTitle(documentID: Int64)
    case documentIsNotAFolder(Int64)
    case chapterNotFound(number: Int, documentID: Int64, count: Int)
    case historyEntryNotFound(number: Int, documentID: Int64, count: Int)
    case bookmarkNotFound(number: Int, documentID: Int64, count: Int)
    case chapterNotMovable(number: Int)
    case emptySearch(query: String)

    public var message: String {
        switch self {
        case .notADatabase(let path):
            "cannot open the library '\(path)': it is not a SQLite database; move it away or set SPEAK_HOME to another directory"
        case .newerSchema(let path):
            "cannot open the library '\(path)': it was written by a newer version of speak; upgrade speak (the library was not changed)"
        case .cannotOpen(let path, let reason):
            "cannot open the library '\(path)': \(reason)"
        case .documentNotFound(let id):
            "no document with id \(id) in the library; 'speak ls' lists the ids"
        case .damaged(let path, let reason):
            "the library '\(path)' is damaged: \(reason)"
        case .busy(let path):
            "the library '\(path)' is locked by another speak process for too long; try again"
        case .writeFailed(let path, let reason):
            "cannot write the library '\(path)': \(reason); nothing was changed"
        case .storage(let reason):
            "library error: \(reason)"
        case .documentInTrash(let id):
            "document \(id) is in the trash; 'speak restore \(id)' brings it back"
        case .notInTrash(let what):
            "\(what) is not in the trash, so there is nothing to restore; 'speak trash' lists what is in the trash"
        case .folderNotFound(let path):
            "no folder '\(path)' in the library; create it with: speak mkdir '\(path)'"
        case .folderNotEmpty(let path):
            "the folder '\(path)' is not empty; add --recursive to move it to the trash with everything in it"
        case .folderCycle(let folder, let destination):
            "cannot move the folder '\(folder)' into '\(destination)': that is inside it"
        case .folderNameTaken(let name, let parent):
            "there is already a folder '\(name)' in \(parent.isEmpty ? "the top level" : "'\(parent)'"); pick another name"
        case .badName(let name, let reason):
            "'\(name)' cannot be a folder name: \(reason)"
        case .emptyTitle(let id):
            "a title cannot be empty; give document \(id) one with words in it, e.g. speak rename \(id) \"Better title\""
        case .documentIsNotAFolder(let id):
            "\(id) is a document id, not a folder; 'speak show \(id)' shows that document (write '\(id)/' for a folder named \(id))"
        case .historyEntryNotFound(let number, let id, let count):
            count == 0 ? "document \(id) has no position history yet" :
                "document \(id) has no history entry \(number); it has entries 1 to \(count) ('speak history \(id)' lists them)"
        case .bookmarkNotFound(let number, let id, let count):
            count == 0 ? "document \(id) has no bookmarks; press b while it plays to add one" :
                "document \(id) has no bookmark \(number); it has bookmarks 1 to \(count) ('speak bookmarks \(id)' lists them)"
        case .chapterNotFound(let number, let id, let count):
            count == 0 ? "document \(id) has no chapters" : "document \(id) has no chapter \(number); it has chapters 1 to \(count)"
        case .chapterNotMovable(let number):
            "chapter \(number) starts in the middle of a paragraph, so it cannot be moved"
        case .emptySearch(let query):
            query.isEmpty ? "search for at least one word" : "'\(query)' has no words to search for; search for at least one word"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .documentNotFound, .documentInTrash, .folderNotFound: .noInput
        case .notInTrash, .folderNotEmpty, .folderCycle, .folderNameTaken, .badName, .emptyTitle,
             .documentIsNotAFolder, .chapterNotFound, .historyEntryNotFound, .bookmarkNotFound, .emptySearch: .usage
        case .chapterNotMovable: .dataError
        case .notADatabase, .newerSchema, .cannotOpen, .damaged, .busy, .writeFailed, .storage: .ioError
        }
    }
}
