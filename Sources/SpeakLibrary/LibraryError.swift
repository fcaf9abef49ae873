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
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .documentNotFound: .noInput
        case .notADatabase, .newerSchema, .cannotOpen, .damaged, .busy, .writeFailed, .storage: .ioError
        }
    }
}
