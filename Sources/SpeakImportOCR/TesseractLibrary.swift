import CLeptonica
import CTesseract

/// Facts about the linked Tesseract and Leptonica libraries, used by the OCR importer.
public enum TesseractLibrary {
    /// Tesseract's runtime version ("5.3.0").
    public static var version: String {
        guard let cString = TessVersion() else { return "unknown" }
        return String(cString: cString)
    }

    /// Leptonica's runtime version ("1.82.0"), without the "leptonica-" prefix.
    public static var leptonicaVersion: String {
        guard let cString = getLeptonicaVersion() else { return "unknown" }
        defer { speak_lept_free(cString) }
        let full = String(cString: cString)
        return full.hasPrefix("leptonica-") ? String(full.dropFirst("leptonica-".count)) : full
    }
}
