import CPoppler

/// Facts about the linked poppler-glib and cairo libraries, used by the PDF importer.
public enum PopplerLibrary {
    /// poppler's runtime version ("22.12.0").
    public static var version: String {
        guard let cString = poppler_get_version() else { return "unknown" }
        return String(cString: cString)
    }

    /// cairo's runtime version ("1.16.0"), used to render pages and to generate test PDFs.
    public static var cairoVersion: String {
        guard let cString = cairo_version_string() else { return "unknown" }
        return String(cString: cString)
    }
}
