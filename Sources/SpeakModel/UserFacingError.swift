/// Process exit statuses used by every `speak` command (sysexits.h values).
public enum ExitStatus: Int32, Sendable, Codable {
    case ok = 0
    /// Wrong command-line usage.
    case usage = 64
    /// Input that is unreadable or of an unsupported kind.
    case dataError = 65
    /// Input (file or library id) not found.
    case noInput = 66
    /// Speech engine, voice or audio device unavailable.
    case unavailable = 69
    /// Internal error: a bug in `speak`.
    case software = 70
    /// Output that cannot be created.
    case cannotCreate = 73
    /// Reading or writing failed.
    case ioError = 74
}

/// An error that can be shown to a user as one line and mapped to an exit status.
///
/// Every module's error type conforms, so the command line never needs to know which
/// module failed to print a useful message.
public protocol UserFacingError: Error, CustomStringConvertible {
    /// One line: what failed, with which input, and what to do about it.
    var message: String { get }
    /// The exit status the command line should end with.
    var exitStatus: ExitStatus { get }
}

extension UserFacingError {
    public var description: String { message }
}

/// An argument that names something that cannot be used as asked (exit 64).
public struct InputUsageError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }

    public init(message: String) {
        self.message = message
    }
}

/// Receives the fraction (0…1) of a long operation that is done. Called on the working thread.
public typealias ProgressHandler = @Sendable (Double) -> Void
