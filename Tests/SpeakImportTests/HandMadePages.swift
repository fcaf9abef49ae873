import SpeakImportPDF

/// Pages made by hand, served as if a PDF helper had read them (no poppler).
struct HandMadePages: PDFPageSource {
    var info: PDFInfo
    var pages: [PDFPage]

    func read(_ request: PDFReadRequest, progress: @escaping @Sendable (Double) -> Void) throws -> (PDFInfo, [PDFPage]) {
        (info, pages)
    }
}
