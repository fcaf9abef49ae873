/// What a command-line argument names: a file, standard input, or a library document.
public enum InputReference: Sendable, Equatable {
    case file(String)
    case standardInput
    case document(Int64)

    /// Reads an argument: "-" is standard input, a plain number is a library id (write
    /// "./3" for a file named 3), anything else is a path.
    public init(argument: String) {
        if argument == "-" {
            self = .standardInput
        } else if let id = Int64(argument), id > 0, argument.allSatisfy(\.isASCII) {
            self = .document(id)
        } else {
            self = .file(argument)
        }
    }
}
