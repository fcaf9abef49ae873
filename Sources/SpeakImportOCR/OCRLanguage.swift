import Foundation

/// Where Tesseract's language data is and which languages are installed.
public enum TessdataDirectory {
    /// `$TESSDATA_PREFIX` (which names the tessdata directory itself) or Debian's location.
    public static var path: String {
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }

    /// The installed recognition languages ("eng", "deu", …), sorted; "osd" is not one.
    public static func installedLanguages() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return files.compactMap { file -> String? in
            guard file.hasSuffix(".traineddata") else { return nil }
            let code = String(file.dropLast(".traineddata".count))
            return code == "osd" || code == "equ" ? nil : code
        }.sorted()
    }
}

/// Tesseract language codes ("eng+deu") and the document language they imply.
public enum OCRLanguage {
    private static let bcp47ToTesseract: [String: String] = [
        "en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "sv": "swe",
        "da": "dan", "nb": "nor", "no": "nor", "fi": "fin", "pl": "pol", "cs": "ces", "sk": "slk", "hu": "hun",
        "ro": "ron", "ru": "rus", "uk": "ukr", "el": "ell", "tr": "tur", "ja": "jpn", "zh": "chi_sim", "ko": "kor",
        "ar": "ara", "he": "heb", "hi": "hin", "ca": "cat", "hr": "hrv", "sl": "slv", "bg": "bul", "et": "est",
        "lv": "lav", "lt": "lit", "vi": "vie", "id": "ind", "la": "lat",
    ]

    /// Tesseract codes for what the user typed: Tesseract codes pass through, BCP 47 codes
    /// ("de", "pt-BR") are mapped. Nil or empty means English.
    public static func tesseractCodes(_ requested: String?) -> [String] {
        guard let requested, !requested.isEmpty else { return ["eng"] }
        return requested.split(separator: "+").map { part in
            let code = String(part)
            let base = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? code
            if code.count <= 3, let mapped = bcp47ToTesseract[base], base.count == 2 { return mapped }
            if code.contains("-"), let mapped = bcp47ToTesseract[base] { return mapped }
            return code
        }
    }

    /// The document language (BCP 47) for the first OCR language.
    public static func documentLanguage(_ codes: [String]) -> String? {
        guard let first = codes.first else { return nil }
        if first == "chi_tra" { return "zh" }
        return bcp47ToTesseract.first { $0.value == first }?.key ?? first
    }

    /// Checks that every language is installed.
    public static func validate(_ codes: [String]) throws(OCRError) {
        let installed = TessdataDirectory.installedLanguages()
        for code in codes where !installed.contains(code) {
            throw .languageNotInstalled(code, installed: installed)
        }
    }
}
