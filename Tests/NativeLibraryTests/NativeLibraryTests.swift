import SpeakESpeak
import SpeakImportHTML
import SpeakTesseract
import SpeakPoppler
import Testing

/// Each C library is linked and callable: the version strings come from the libraries
/// themselves (Debian 12 ships espeak-ng 1.51, poppler 22.12, tesseract 5.3, leptonica 1.82,
/// libxml2 2.9.14).
@Suite struct NativeLibraryTests {
    private func looksLikeVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".")
        return parts.count >= 2 && parts.allSatisfy { part in part.first?.isNumber == true }
    }

    @Test func espeakReportsItsVersion() {
        #expect(looksLikeVersion(ESpeakLibrary.version), "\(ESpeakLibrary.version)")
        #expect(ESpeakLibrary.version.hasPrefix("1."))
    }

    @Test func popplerReportsItsVersion() {
        #expect(looksLikeVersion(PopplerLibrary.version), "\(PopplerLibrary.version)")
    }

    @Test func tesseractAndLeptonicaReportTheirVersions() {
        #expect(looksLikeVersion(TesseractLibrary.version), "\(TesseractLibrary.version)")
        #expect(looksLikeVersion(TesseractLibrary.leptonicaVersion), "\(TesseractLibrary.leptonicaVersion)")
    }

    @Test func libxml2ReportsItsVersion() {
        #expect(looksLikeVersion(LibXML2Library.version), "\(LibXML2Library.version)")
        #expect(LibXML2Library.version.hasPrefix("2."))
    }
}
