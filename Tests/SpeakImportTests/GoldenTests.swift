import Foundation
import SpeakImport
import SpeakImportEPUB
import SpeakImportHTML
import SpeakImportOffice
import SpeakImportOCR
import SpeakImportPDF
import SpeakImportText
import SpeakModel
import Testing

/// Golden tests: every input in Golden/ is imported and its dump compared with the
/// committed `.dump` file. Regenerate on purpose with SPEAK_REGENERATE_GOLDEN=1 and review
/// the diff.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

    static var inputs: [URL] {
        let golden = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        let sampleFiles = (try? FileManager.default.contentsOfDirectory(at: samples, includingPropertiesForKeys: nil)) ?? []
        return (golden + sampleFiles.filter { ["txt", "md", "html"].contains($0.pathExtension) })
            .filter { $0.pathExtension != "dump" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyGoldenInputHasItsDump() {
        #expect(Self.inputs.count >= 21)
    }

    @Test(arguments: inputs)
    func importMatchesGoldenDump(_ input: URL) throws {
        let data = try Data(contentsOf: input)
        let source = ImportSource(name: input.lastPathComponent, data: data)
        let importer: any Importer = switch input.pathExtension {
        case "html": HTMLImporter()
        // Recorded `speak-ocr` output: the OCR importer's assembly without Tesseract.
        case "json": OCRImporter(recognizer: RecordedPages(data))
        // Recorded `speak-pdf` output: the PDF importer's layout analysis without poppler.
        case "helper": PDFImporter(source: RecordedPDF(data))
        case "epub": EPUBImporter()
        case "docx": DOCXImporter()
        case "odt": ODTImporter()
        default: PlainTextImporter()
        }
        let document = try importer.importDocument(source, options: ImportOptions(), progress: { _ in })
        let dump = DocumentDump.render(document)
        let expectedURL = Self.directory.appendingPathComponent(input.lastPathComponent + ".dump")
        if ProcessInfo.processInfo.environment["SPEAK_REGENERATE_GOLDEN"] == "1" {
            try dump.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(dump == expected, "golden mismatch for \(input.lastPathComponent); regenerate with SPEAK_REGENERATE_GOLDEN=1 and review the diff")
    }
}

/// Pages recorded from `speak-ocr` (a JSON array of `OCRPage`), replayed as recognition results.
struct RecordedPages: PageRecognizer {
    let pages: [OCRPage]

    init(_ data: Data) {
        pages = (try? JSONDecoder().decode([OCRPage].self, from: data)) ?? []
    }

    func recognize(file: String, name: String, settings: OCRSettings, progress: @escaping @Sendable (Double) -> Void) throws -> [OCRPage] {
        progress(1)
        return pages
    }
}

/// `speak-pdf` output (one message per line) replayed as the PDF source.
struct RecordedPDF: PDFPageSource {
    let messages: [PDFHelperMessage]

    init(_ data: Data) {
        messages = data.split(separator: UInt8(ascii: "\n")).compactMap { PDFWire.decode(Data($0)) }
    }

    func read(_ request: PDFReadRequest, progress: @escaping @Sendable (Double) -> Void) throws -> (PDFInfo, [PDFPage]) {
        guard case .info(var info)? = messages.first else { return (PDFInfo(pageCount: 0), []) }
        for case .outline(let entries) in messages { info.outline = entries }
        let pages = messages.compactMap { message -> PDFPage? in
            if case .page(let page) = message { return page }
            return nil
        }
        return (info, pages)
    }
}
