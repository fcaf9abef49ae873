import SpeakModel

/// Why an input could not be imported. Every case names the input.
public enum ImportError: UserFacingError, Equatable {
    case notFound(String)
    case isDirectory(String)
    case unreadable(String, reason: String)
    case noReadableText(String)
    case notText(String, detected: String)
    case unsupported(String, format: String)
    case damaged(String, reason: String)

    public var message: String {
        switch self {
        case .notFound(let name):
            "cannot import '\(name)': no such file; check the path"
        case .isDirectory(let name):
            "cannot import '\(name)': it is a directory; name the files inside it"
        case .unreadable(let name, let reason):
            "cannot read '\(name)': \(reason)"
        case .noReadableText(let name):
            "cannot import '\(name)': no readable text in it"
        case .notText(let name, let detected):
            "cannot import '\(name)': it is \(detected), not text"
        case .unsupported(let name, let format):
            "cannot import '\(name)': \(format) import is not supported yet; convert it to text first"
        case .damaged(let name, let reason):
            "cannot import '\(name)': \(reason)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notFound, .isDirectory: .noInput
        case .unreadable: .ioError
        case .noReadableText, .notText, .unsupported, .damaged: .dataError
        }
    }
}
