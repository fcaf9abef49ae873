import Foundation
import SpeakImport
import SpeakImportEPUB
import SpeakImportOCR
import SpeakImportOffice
import SpeakImportPDF
import Testing

@Suite struct TextDecoderTests {
    @Test func validUTF8IsDecodedAsIs() {
        let decoded = TextDecoder.decode(Data("naïve café 😀".utf8))
        #expect(decoded.text == "naïve café 😀")
        #expect(decoded.encoding == "UTF-8")
        #expect(decoded.repairedBytes == 0)
    }

    @Test func invalidBytesAreReadAsWindows1252WithoutReplacementCharacters() {
        var bytes = Array("Zürich ".utf8)
        bytes += [0x93, 0x68, 0x69, 0x94, 0x20, 0xE9, 0x20, 0x80]  // “hi” é €
        bytes += Array(" naïve".utf8)
        let decoded = TextDecoder.decode(Data(bytes))
        #expect(decoded.text == "Zürich “hi” é € naïve")
        #expect(!decoded.text.unicodeScalars.contains("\u{FFFD}"))
        #expect(decoded.repairedBytes == 4)
    }

    @Test func truncatedSequenceAtTheEndIsRepaired() {
        let decoded = TextDecoder.decode(Data([0x61, 0xC3]))
        #expect(decoded.text == "aÃ")
    }

    @Test func mostlyInvalidFilesAreWindows1252Throughout() {
        // "daß“" in Windows-1252 is DF 93, which byte-wise fallback would read as one UTF-8 letter.
        let latin1 = "Grüße aus Köln, schön daß du kommst. Café, résumé, naïve. ".data(using: .windowsCP1252) ?? Data()
        let decoded = TextDecoder.decode(latin1 + Data([0x64, 0x61, 0xDF, 0x93, 0x20, 0x93, 0x71, 0x94]))
        #expect(decoded.text == "Grüße aus Köln, schön daß du kommst. Café, résumé, naïve. daß“ “q”")
        #expect(decoded.encoding == "Windows-1252")
    }

    @Test func undefinedWindows1252BytesAreDropped() {
        #expect(TextDecoder.decode(Data([0x61, 0x81, 0x62])).text == "ab")
    }

    @Test func utf16WithAndWithoutBOM() {
        let text = "Grüße 😀"
        #expect(TextDecoder.decode(Data([0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })).text == text)
        #expect(TextDecoder.decode(Data([0xFE, 0xFF] + Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })).text == text)
        let plain = "plain ASCII text in UTF-16"
        let decoded = TextDecoder.decode(Data(Array(plain.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        #expect(decoded.text == plain)
        #expect(decoded.encoding == "UTF-16LE")
    }

    @Test func utf8BOMIsRemoved() {
        #expect(TextDecoder.decode(Data([0xEF, 0xBB, 0xBF] + Array("hi".utf8))).text == "hi")
    }
}

@Suite struct FormatSnifferTests {
    /// The name of the first format an importer declares for these bytes (in SpeakKit's
    /// order), nil when none does.
    func recognized(_ bytes: [UInt8]) -> String? {
        let signatures = PDFImporter.signatures + OCRImporter.signatures + EPUBImporter.signatures + DOCXImporter.signatures
            + ODTImporter.signatures
        return signatures.first { $0.matches(head: bytes) }?.name
    }

    @Test func magicNumbersWinOverExtensions() {
        #expect(recognized([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == "PNG image")
        #expect(recognized(Array("%PDF-1.7\n".utf8)) == "PDF document")
        #expect(FormatSniffer.sniff(Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]), fileExtension: "txt") == .binary("an ELF executable"))
        #expect(recognized([0xFF, 0xD8, 0xFF, 0xE0]) == "JPEG image")
    }

    @Test func textHTMLAndEmpty() {
        #expect(FormatSniffer.sniff(Data()) == .empty)
        #expect(FormatSniffer.sniff(Data("Just some words.\n".utf8)) == .text)
        #expect(FormatSniffer.sniff(Data("<!DOCTYPE html><html><body>x</body></html>".utf8)) == .html)
        #expect(FormatSniffer.sniff(Data("a < b and c > d".utf8), fileExtension: "txt") == .text)
    }

    @Test(arguments: ["P1 bugs: none\n", "ID3 tags are metadata\n", "RIFF is a container\n", "The ftyp box\n",
                      "Header: %PDF-1.7 appears here\n", "P6 is a format\n"])
    func textThatLooksLikeAMagicNumberIsText(_ text: String) {
        #expect(recognized(Array(text.utf8)) == nil)
        #expect(FormatSniffer.sniff(Data(text.utf8), fileExtension: "txt") == .text)
    }

    @Test func realHeadersAreStillRecognized() {
        #expect(recognized(Array("P6\n640 480\n255\n".utf8)) == "PNM image")
        #expect(FormatSniffer.sniff(Data([0x49, 0x44, 0x33, 3, 0, 0, 0, 0])) == .binary("an MP3 audio file"))
        #expect(FormatSniffer.sniff(Data([0x00, 0x00, 0x00, 0x18] + Array("ftypmp42".utf8))) == .binary("an MP4/QuickTime media file"))
        #expect(recognized([0xE2, 0xE3, 0x0A] + Array("%PDF-1.4".utf8)) == "PDF document")
    }

    /// Containers say what they are by their first entry (EPUB, OpenDocument); the others by
    /// their entries, which SpeakKit lists from the archive.
    @Test func archivesAreKnownByWhatTheyHold() {
        func storedMimetype(_ type: String) -> [UInt8] {
            var header: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 22) + [8, 0, 0, 0]
            header += Array("mimetype".utf8) + Array(type.utf8) + [0x50, 0x4B, 0x03, 0x04]
            return header
        }
        #expect(recognized(storedMimetype("application/epub+zip")) == "EPUB book")
        #expect(recognized(storedMimetype("application/vnd.oasis.opendocument.text")) == "OpenDocument text")
        #expect(recognized(storedMimetype("application/vnd.oasis.opendocument.spreadsheet")) == "spreadsheet")
        #expect(DOCXImporter.signatures.first { $0.matches(archivePaths: ["[Content_Types].xml", "word/document.xml"], mimetype: nil) }?.name == "Word document")
        #expect(DOCXImporter.signatures.first { $0.matches(archivePaths: ["xl/workbook.xml"], mimetype: nil) }?.refusal != nil)
    }

    @Test func controlCharactersMeanBinary() {
        #expect(FormatSniffer.sniff(Data((0..<200).map { UInt8($0 % 32) })) == .binary("binary data"))
        #expect(FormatSniffer.sniff(Data([0x61, 0x00, 0x00, 0x00, 0x62, 0x00, 0x00, 0x01, 0x02])) == .binary("binary data"))
    }

    @Test func utf16IsText() {
        let bytes = Array("hello world".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(FormatSniffer.sniff(Data(bytes)) == .text)
    }
}

@Suite struct LineJoinerTests {
    func join(_ text: String, document: String? = nil) -> String {
        let vocabulary = DocumentVocabulary(text: document ?? text)
        return LineJoiner(vocabulary: vocabulary).join(text.split(separator: "\n"))
    }

    @Test func hyphenationRule() {
        #expect(join("inter-\nnational") == "international")
        #expect(join("Franco-\nPrussian") == "Franco-Prussian")
        #expect(join("frobni-\ncation") == "frobnication")
        #expect(join("a hard-\nworking crew", document: "a hard-\nworking crew, hard-working") == "a hard-working crew")
        #expect(join("zorb-\nfle", document: "zorb-\nfle and zorbfle") == "zorbfle")
        #expect(join("dash -\nnext") == "dash - next")
        #expect(join("COVID-\n19 cases on pages 10-\n12") == "COVID-19 cases on pages 10-12")
        #expect(join("from 5 -\n7") == "from 5 - 7")
    }

    /// A web address cut at a line end is one address again; a sentence after one is not glued to it.
    @Test func aWebAddressCutAtALineEndIsJoined() {
        #expect(join("the url http:\n//mirror.ctan.org/systems should") == "the url http://mirror.ctan.org/systems should")
        #expect(join("like: http://ctan.\nexample.org/tex-archive/, and") == "like: http://ctan.example.org/tex-archive/, and")
        #expect(join("see https://example.org/some-\nlong-path now") == "see https://example.org/some-long-path now")
        #expect(join("at https://tug.org.\nThen run it") == "at https://tug.org. Then run it")
        #expect(join("the ratio 3:\n//comment") == "the ratio 3: //comment")
    }

    @Test func dictionaryDecidesWhenBothHalvesAreWords() {
        // Depends on the system word list (installed by scripts/bootstrap).
        guard SystemDictionary.isAvailable else { return }
        #expect(join("well-\nknown") == "well-known")
        #expect(join("re-\nturn") == "return")
    }

    @Test func linesAreTrimmedAndJoinedWithSpaces() {
        #expect(join("  one\t\n two  \n\nthree") == "one two three")
    }

    @Test func vocabularyIgnoresBrokenHalves() {
        let vocabulary = DocumentVocabulary(text: "the inter-\nnational well-known")
        #expect(vocabulary.contains("well-known"))
        #expect(!vocabulary.contains("inter"))
        #expect(!vocabulary.contains("national"))
        #expect(vocabulary.contains("the"))
        #expect(DocumentVocabulary.isNeeded(for: "a-\nb"))
        #expect(!DocumentVocabulary.isNeeded(for: "a -\n- b"))
    }
}

/// The fallback title of a file: its name without the extension, never without a version.
@Suite struct SourceStemTests {
    @Test(arguments: [("notes.txt", "notes"), ("Apache-2.0", "Apache-2.0"), ("report-v1.2", "report-v1.2"),
                      ("dir/book.final.md", "book.final"), ("LICENSE", "LICENSE"), (".profile", ".profile")])
    func stemKeepsVersionSuffixes(_ name: String, _ stem: String) {
        #expect(ImportSource(name: name, data: Data()).stem == stem)
    }
}
