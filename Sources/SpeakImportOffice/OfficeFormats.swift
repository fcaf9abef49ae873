import SpeakImport

/// Office containers that are not text documents: recognized so that one named `.docx` or
/// `.odt` is refused in one line that says what it is.
public enum OfficeFormats {
    public static let refused = [
        FormatSignature(name: "spreadsheet", marks: [.entry("xl/workbook.xml"), .mimetype("application/vnd.oasis.opendocument.spreadsheet")],
                        extensions: ["xlsx", "ods"], refusal: "it is a spreadsheet, not a text document; export it as text or CSV first"),
        FormatSignature(name: "presentation", marks: [.entry("ppt/presentation.xml"), .mimetype("application/vnd.oasis.opendocument.presentation")],
                        extensions: ["pptx", "odp"], refusal: "it is a presentation, not a text document; export it as PDF first"),
    ]
}
