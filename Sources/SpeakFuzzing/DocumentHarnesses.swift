#if DEBUG || SPEAK_FUZZ
import Foundation
@testable import SpeakImport
@testable import SpeakImportEPUB
@testable import SpeakImportHTML
@testable import SpeakImportOffice
@testable import SpeakImportText

/// The importers that read bytes in this process: text, HTML and the zip-based books.
enum DocumentHarnesses {
    static let all = [
        FuzzHarness("text", "text decoding and block parsing (plain, Markdown, man page; first byte picks which)") { data in
            _ = TextDecoder.decode(data)
            let name = ["fuzz.txt", "fuzz.md", "fuzz.1"][Int(data.first ?? 0) % 3]
            importing(PlainTextImporter(), name, data.dropFirst())
        },
        FuzzHarness("html", "HTML: pre-filter, charset decoding, libxml2 parsing, main-content extraction") { data in
            importing(HTMLImporter(), "fuzz.html", data)
        },
        FuzzHarness("epub", "EPUB: the zip reader, container, package, navigation and chapters", maximumLength: 256 << 10) { data in
            importing(EPUBImporter(), "fuzz.epub", data)
        },
        FuzzHarness("docx", "Word documents: the zip reader, document.xml, numbering and styles", maximumLength: 256 << 10) { data in
            importing(DOCXImporter(), "fuzz.docx", data)
        },
        FuzzHarness("odt", "OpenDocument text: the zip reader, content.xml and its lists", maximumLength: 256 << 10) { data in
            importing(ODTImporter(), "fuzz.odt", data)
        },
    ]

    private static func importing(_ importer: some Importer, _ name: String, _ data: Data) {
        _ = try? importer.importDocument(ImportSource(name: name, data: Data(data)), options: ImportOptions(), progress: { _ in })
    }
}
#endif
