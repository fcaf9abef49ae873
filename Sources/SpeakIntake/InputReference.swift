import Foundation

/// What a command-line argument names: a file, standard input, or a library document.
public enum InputReference: Sendable, Equatable {
    case file(String)
    case standardInput
    case document(Int64)
    /// An http(s) URL, fetched when read.
    case url(String)
    /// Bytes handed over whole (a file uploaded to `speak serve`), named as their file was.
    case uploaded(name: String, data: Data)

    /// Reads an argument: "-" is standard input, a plain number is a library id (write
    /// "./3" for a file named 3), "http://" and "https://" are URLs, anything else is a path.
    public init(argument: String) {
        let lowered = argument.lowercased()
        if argument == "-" {
            self = .standardInput
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            self = .url(argument)
        } else if let id = Int64(argument), id > 0, argument.allSatisfy(\.isASCII) {
            self = .document(id)
        } else {
            self = .file(argument)
        }
    }

    /// The input as the user named it, for messages.
    public var displayName: String {
        switch self {
        case .file(let path): path
        case .standardInput: "-"
        case .document(let id): String(id)
        case .url(let url): url
        case .uploaded(let name, _): name
        }
    }

    /// What a worker process opens to read the same input (an absolute path or a library id);
    /// nil for what only this process has (standard input, a fetched page, an upload).
    public var workerArgument: String? {
        switch self {
        case .file(let path): URL(fileURLWithPath: path).standardizedFileURL.path
        case .document(let id): String(id)
        case .standardInput, .url, .uploaded: nil
        }
    }

    /// An http(s) URL.
    public var isURL: Bool {
        if case .url = self { true } else { false }
    }
}
