import Foundation
import SpeakModel

/// Why no password was read, in one line.
public struct PasswordPromptError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }
}

/// A password: typed on the terminal without echo (twice for a new one), or one line per
/// password from standard input for scripts; never from an argument.
public struct PasswordPrompt {
    public var fromStandardInput: Bool

    public init(fromStandardInput: Bool) {
        self.fromStandardInput = fromStandardInput
    }

    /// Reads one password; `twice`: asked again on a terminal, and refused when they differ.
    public func read(_ prompt: String, twice: Bool = false) throws(PasswordPromptError) -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw PasswordPromptError(message: "no password on standard input") }
            return line
        }
        guard isatty(STDIN_FILENO) != 0 else {
            throw PasswordPromptError(message: "no terminal to type the password on; pass it on standard input with --password-stdin")
        }
        guard let first = getpass(prompt).map({ String(cString: $0) }), !first.isEmpty else {
            throw PasswordPromptError(message: "the password is empty; nothing was changed")
        }
        if twice {
            guard let again = getpass("Again: ").map({ String(cString: $0) }), again == first else {
                throw PasswordPromptError(message: "the two passwords differ; nothing was changed")
            }
        }
        return first
    }
}
