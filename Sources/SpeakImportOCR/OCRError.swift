import SpeakModel

/// Why an image could not be read. Every case names the input or says what to install.
public enum OCRError: UserFacingError, Equatable {
    case languageNotInstalled(String, installed: [String])
    case helperMissing(String)
    case unreadableImage(String, reason: String)
    case tooLarge(String, width: Int, height: Int)
    case noTextFound(String)
    case helperFailed(String, reason: String)

    public var message: String {
        switch self {
        case .languageNotInstalled(let language, let installed):
            let list = installed.isEmpty ? "none" : installed.joined(separator: ", ")
            return "OCR language '\(language)' is not installed (installed: \(list)); "
                + "install it with 'apt-get install tesseract-ocr-\(language.lowercased().replacingOccurrences(of: "_", with: "-"))'"
        case .helperMissing(let path):
            return "the OCR helper is missing (\(path)); reinstall speak with 'make install'"
        case .unreadableImage(let name, let reason):
            return "cannot import '\(name)': \(reason)"
        case .tooLarge(let name, let width, let height):
            return "cannot import '\(name)': the image is \(width)×\(height) pixels, more than speak reads "
                + "(\(OCRLimits.maximumPixels / 1_000_000) megapixels); scale it down first"
        case .noTextFound(let name):
            return "no text found on '\(name)'; check that the image shows printed text"
        case .helperFailed(let name, let reason):
            return "cannot read '\(name)': \(reason)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .languageNotInstalled, .helperMissing: .unavailable
        case .unreadableImage, .tooLarge, .noTextFound: .dataError
        case .helperFailed: .software
        }
    }
}

/// Limits that keep one image from taking the machine's memory.
public enum OCRLimits {
    /// 100 megapixels: an A3 page at 600 dpi is 70.
    public static let maximumPixels = 100_000_000
}
