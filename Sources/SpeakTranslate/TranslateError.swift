import SpeakModel

/// Why a translation cannot be made.
public enum TranslateError: Error, Equatable, Sendable {
    case unknownLanguage(String)
    /// The pair exists as a Debian package that is not installed.
    case pairNotInstalled(source: String, target: String, package: String)
    /// No pair from the document's language to the target, installed or known.
    case noPair(source: String, target: String, installed: [String])
    case apertiumMissing
    case engineFailed(pair: String, reason: String)
    case nothingToTranslate(title: String)
    case sameLanguage(String)
}

extension TranslateError: UserFacingError {
    public var message: String {
        switch self {
        case .unknownLanguage(let code):
            "'\(code)' is not a language code speak knows; use a code such as es, fr, ca or spa ('speak translate --list' shows the pairs)"
        case .pairNotInstalled(let source, let target, let package):
            "Apertium's \(source)→\(target) pair is not installed; install it with: sudo apt-get install \(package)"
        case .noPair(let source, let target, let installed):
            "there is no Apertium pair from \(source) to \(target)"
                + (installed.isEmpty ? "; none is installed ('speak translate --list')" : "; installed pairs: " + installed.joined(separator: ", "))
        case .apertiumMissing:
            "Apertium is not installed; install it and a pair with: sudo apt-get install apertium apertium-eng-spa"
        case .engineFailed(let pair, let reason):
            "Apertium (\(pair)) failed: \(reason); nothing was stored"
        case .nothingToTranslate(let title):
            "'\(title)' has no text to translate"
        case .sameLanguage(let code):
            "the document is already in \(code); choose another language with --to"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .unknownLanguage, .sameLanguage: .usage
        case .pairNotInstalled, .apertiumMissing, .engineFailed: .unavailable
        case .noPair, .nothingToTranslate: .dataError
        }
    }
}
