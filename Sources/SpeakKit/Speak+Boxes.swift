import SpeakImport
import SpeakImportOCR
import SpeakIntake

/// Output forms of `speak text IMG --boxes`.
public typealias WordBoxFormat = OCRBoxes.Format

/// `--boxes` asked of something that is not an image.
public struct WordBoxesError: UserFacingError {
    public var input: String
    public var message: String {
        "'\(input)' is not an image; word boxes come from OCR, so '--boxes' takes a PNG, JPEG, TIFF or other image file"
    }
    public var exitStatus: ExitStatus { .usage }
}

extension Speak {
    /// What OCR saw on an image, word by word with boxes and confidences (JSON or hOCR), so
    /// results can be checked and compared with other OCR tools.
    public func wordBoxes(_ input: InputReference, options: ImportRequest = ImportRequest(), format: WordBoxFormat,
                          progress: ProgressHandler? = nil) throws -> String {
        if case .document = input { throw WordBoxesError(input: input.displayName) }
        let source = try InputReader.read(input)
        guard let found = try? DocumentImport.recognized(source), found.importer is OCRImporter.Type, found.signature.refusal == nil else {
            throw WordBoxesError(input: source.name)
        }
        let name = source.name
        let pages = try OCRImporter().recognizePages(source, options: DocumentImport.options(options), progress: progress ?? { _ in })
        return OCRBoxes.render(pages, source: name, format: format)
    }
}
