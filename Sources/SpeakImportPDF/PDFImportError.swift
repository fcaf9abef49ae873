import SpeakImport
import SpeakModel


/// Why a PDF could not be imported. Every case names the input.
public enum PDFImportError: UserFacingError, Equatable {
    case needsPassword(String)
    case wrongPassword(String)
    case damaged(String, reason: String)
    case noPages(String)
    case noText(String, ocr: OCRMode)
    case helperMissing(String)
    case helperFailed(String, reason: String)

    init(failure: PDFFailure, name: String) {
        switch failure.kind {
        case .needsPassword: self = .needsPassword(name)
        case .wrongPassword: self = .wrongPassword(name)
        case .damaged: self = .damaged(name, reason: failure.message)
        case .engine: self = .helperFailed(name, reason: failure.message)
        }
    }

    public var message: String {
        switch self {
        case .needsPassword(let name):
            "cannot import '\(name)': it is encrypted; give its password with --password"
        case .wrongPassword(let name):
            "cannot import '\(name)': the password is wrong"
        case .damaged(let name, let reason):
            "cannot import '\(name)': it is damaged or not a PDF; check that the file is complete"
        case .noPages(let name):
            "cannot import '\(name)': the PDF has no pages"
        case .noText(let name, let ocr):
            ocr == .never
                ? "cannot import '\(name)': its pages have no text layer; import it with --ocr auto to read them by OCR"
                : "cannot import '\(name)': no text found in it, not even by OCR"
        case .helperMissing(let path):
            "the PDF helper is missing (\(path)); reinstall speak with 'make install'"
        case .helperFailed(let name, let reason):
            "cannot read '\(name)': \(reason)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .needsPassword, .wrongPassword, .damaged, .noPages, .noText: .dataError
        case .helperMissing: .unavailable
        case .helperFailed: .software
        }
    }
}
