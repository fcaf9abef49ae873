import Foundation
import SpeakArchive
import SpeakImport

/// Which office document a ZIP archive is, by what it holds: `word/document.xml` (Word), an
/// ODF `mimetype` (LibreOffice text); spreadsheets and presentations are named, not read.
public enum OfficeFormats {
    /// The importer for the archive `source`, or the one-line reason there is none.
    public static func importer(for data: Data, name: String) throws(ImportError) -> any Importer {
        var archive = try BookArchive(data, name: name)
        if archive.contains("word/document.xml") { return DOCXImporter() }
        let mimetype = (try archive.data("mimetype")).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        if mimetype == "application/vnd.oasis.opendocument.text" { return ODTImporter() }
        let what: String
        if archive.contains("xl/workbook.xml") || mimetype?.contains("spreadsheet") == true {
            what = "a spreadsheet"
        } else if archive.contains("ppt/presentation.xml") || mimetype?.contains("presentation") == true {
            what = "a presentation"
        } else {
            what = "a ZIP archive that is not an EPUB book, a Word document or an OpenDocument text"
        }
        throw .notText(name, detected: what)
    }
}
