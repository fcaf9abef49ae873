import Foundation
import SpeakAudio
import SpeakImport
import SpeakImportEPUB
import SpeakModel

/// A cover that cannot be used.
public struct CoverError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus
}

extension Speak {
    /// The cover a request names: a JPEG or PNG file, or "first-page" — the first page of the
    /// PDF being converted, rendered small by the `speak-pdf` helper; without one, an EPUB's own.
    func coverImage(_ spec: String?, input: InputReference, document: Document) throws -> CoverImage? {
        guard let spec else { return bookCover(input: input, document: document) }
        if spec == "first-page" {
            var path: String?
            if case .file(let file) = input { path = file }
            if case .document = input, FileManager.default.fileExists(atPath: document.metadata.source) { path = document.metadata.source }
            guard document.metadata.format == .pdf, let pdf = path else {
                throw CoverError(message: "--cover first-page needs a PDF file; '\(input.displayName)' is not one — give an image file instead",
                                 exitStatus: .usage)
            }
            return try renderFirstPage(pdf)
        }
        guard let data = FileManager.default.contents(atPath: spec) else {
            throw CoverError(message: "cannot read the cover '\(spec)'; check the path", exitStatus: .noInput)
        }
        guard data.count <= 16 << 20, let cover = CoverImage(data: data) else {
            throw CoverError(message: "the cover '\(spec)' is not a JPEG or PNG image (of at most 16 MB); convert it first",
                             exitStatus: .dataError)
        }
        return cover
    }

    /// An EPUB's own cover, when it is a JPEG or PNG (an SVG cover is not one an audio file can carry).
    private func bookCover(input: InputReference, document: Document) -> CoverImage? {
        guard document.metadata.format == .epub else { return nil }
        var path = document.metadata.source
        if case .file(let file) = input { path = file }
        return EPUBImporter.cover(ofFile: path).flatMap { $0.count <= 16 << 20 ? CoverImage(data: $0) : nil }
    }

    private func renderFirstPage(_ pdf: String) throws -> CoverImage {
        let target = NSTemporaryDirectory() + "speak-cover-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: target) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HelperProcess.path("speak-pdf", overriddenBy: "SPEAK_PDF_HELPER"))
        process.arguments = ["--file", pdf, "--cover", target]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CoverError(message: "cannot start speak-pdf to render the cover; reinstall speak", exitStatus: .unavailable)
        }
        guard HelperProcess.reap(process) == .exit(0), let data = FileManager.default.contents(atPath: target),
              let cover = CoverImage(data: data) else {
            throw CoverError(message: "cannot render the first page of '\(pdf)' as a cover (is it encrypted?); give an image file with --cover",
                             exitStatus: .dataError)
        }
        return cover
    }
}
