import CPoppler
import Foundation
import SpeakImportPDF

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

/// An open PDF document. Not thread-safe: one per thread (speak uses one per process).
public final class PDFDocumentFile {
    private let document: OpaquePointer
    private let text: PopplerText

    /// Opens `path`; a password opens an encrypted document (the user or the owner password).
    public init(path: String, password: String?) throws(PDFFailure) {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(URL(fileURLWithPath: path).standardizedFileURL.path, nil, &error) else {
            if let error { g_error_free(error) }
            throw PDFFailure(kind: .damaged, message: "its path cannot be opened")
        }
        defer { g_free(uri) }
        guard let document = poppler_document_new_from_file(uri, password, &error) else {
            let code = error?.pointee.code ?? 0
            let isPoppler = error?.pointee.domain == poppler_error_quark()
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            if isPoppler, code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw PDFFailure(kind: password == nil ? .needsPassword : .wrongPassword, message: message)
            }
            throw PDFFailure(kind: .damaged, message: message)
        }
        self.document = document
        guard let text = PopplerText(path: path, password: password) else {
            throw PDFFailure(kind: .damaged, message: "poppler cannot read its text")
        }
        self.text = text
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    /// Tunes the process heap for reading page after page (see `speak_pdf_keep_heap`).
    public static func keepHeap() {
        PopplerText.keepHeap()
    }

    /// Page count, metadata and outline.
    /// Page count and metadata (the outline comes separately, see `outline()`).
    public func info() -> PDFInfo {
        PDFInfo(pageCount: Int(poppler_document_get_n_pages(document)), title: Self.take(poppler_document_get_title(document)),
                author: Self.take(poppler_document_get_author(document)))
    }

    /// A glib string as a Swift string (freed), nil when missing or blank.
    private static func take(_ string: UnsafeMutablePointer<gchar>?) -> String? {
        guard let string else { return nil }
        defer { g_free(string) }
        let value = String(cString: string).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    /// The outline entries in order, nested ones after their parent.
    public func outline() -> [PDFOutlineEntry] {
        guard let iterator = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        var entries: [PDFOutlineEntry] = []
        walk(iterator, level: 1, into: &entries)
        return entries
    }

    private func walk(_ iterator: OpaquePointer, level: Int, into entries: inout [PDFOutlineEntry]) {
        repeat {
            if let action = poppler_index_iter_get_action(iterator) {
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let title = action.pointee.any.title,
                   let target = destination(action.pointee.goto_dest.dest) {
                    entries.append(PDFOutlineEntry(title: String(cString: title), page: target.page, top: target.top,
                                                   left: target.left, level: level))
                }
                poppler_action_free(action)
            }
            if level < 8, let child = poppler_index_iter_get_child(iterator) {
                walk(child, level: level + 1, into: &entries)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iterator) != 0
    }

    /// A destination's 0-based page and distance from the page top (PDF destinations count pages
    /// from 1 and measure from the bottom).
    private func destination(_ dest: UnsafeMutablePointer<PopplerDest>?) -> (page: Int, top: Double?, left: Double?)? {
        guard var dest else { return nil }
        var named: UnsafeMutablePointer<PopplerDest>?
        defer { if let named { poppler_dest_free(named) } }
        if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
            guard let found = poppler_document_find_dest(document, name) else { return nil }
            named = found
            dest = found
        }
        let pageIndex = Int(dest.pointee.page_num) - 1
        guard pageIndex >= 0, pageIndex < Int(poppler_document_get_n_pages(document)) else { return nil }
        // The page size from poppler's core: creating a glib page per outline entry made
        // opening a long book take a third of a second.
        let (_, height) = text.size(page: pageIndex)
        let top = dest.pointee.change_top != 0 ? max(0, height - dest.pointee.top) : nil
        let left = dest.pointee.change_left != 0 ? dest.pointee.left : nil
        return (pageIndex, top, left)
    }

    /// Page `index`'s text lines, read by poppler's core: text pages never create poppler-glib
    /// page objects (a third of the time per page).
    public func page(_ index: Int) throws(PDFFailure) -> PDFPage {
        let (width, height) = text.size(page: index)
        guard width > 0, height > 0 else { throw PDFFailure(kind: .damaged, message: "page \(index + 1) cannot be read") }
        let (lines, turns) = text.lines(page: index, width: width, height: height)
        // Lines of a turned page are in the turned frame, so the page is measured in it too.
        let (frameWidth, frameHeight) = turns % 2 == 1 ? (height, width) : (width, height)
        return PDFPage(index: index, width: frameWidth, height: frameHeight, label: text.label(page: index), lines: lines)
    }

    /// Renders page `index` at 300 dpi on white into a PNG for OCR; false when it cannot.
    public func render(_ index: Int, to path: String, dpi: Double = 300) -> Bool {
        guard let page = poppler_document_get_page(document, Int32(index)) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return render(page, width: width, height: height, to: path, dpi: dpi)
    }

    /// Renders on white into a PNG; false when cairo fails.
    private func render(_ page: OpaquePointer, width: Double, height: Double, to path: String, dpi: Double) -> Bool {
        let scale = dpi / 72
        let pixelWidth = Int32((width * scale).rounded(.up)), pixelHeight = Int32((height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0, Int(pixelWidth) * Int(pixelHeight) <= 100_000_000,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixelWidth, pixelHeight) else { return false }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return false }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        poppler_page_render_for_printing(page, context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }
}
