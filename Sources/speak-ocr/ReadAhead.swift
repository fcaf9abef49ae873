import Dispatch
import Foundation
import SpeakImportOCR
import SpeakTesseract

/// The first page of the helper's file, decoded on a thread of its own while Tesseract starts
/// (about a tenth of a second each): `speak text page.png` and the first words of `speak play
/// page.png` come that much sooner.
final class ReadAhead: @unchecked Sendable {
    private let file: ImageFile
    private let done = DispatchSemaphore(value: 0)
    /// Written by the thread before `done` is signalled; read after waiting for it.
    private var image: PageImage?
    private var taken = false

    init(_ file: ImageFile) {
        self.file = file
        Thread { [self] in
            image = try? PageReader.decode(self.file, page: 0)
            done.signal()
        }.start()
    }

    /// The decoded first page if the helper's first request is for it; nil otherwise, and for
    /// every later request (the page is not kept). Nil too when it could not be decoded: the
    /// request decodes it again and reports why.
    func take(forFirstPageOfFile isFirstPage: Bool) -> PageImage? {
        guard !taken else { return nil }
        taken = true
        done.wait()
        defer { image = nil }
        return isFirstPage ? image : nil
    }
}
