/// How pages are recognized: the languages, and the user's overrides for the odd page.
public struct OCRSettings: Sendable, Equatable {
    /// Tesseract's language codes joined by "+" ("eng+deu").
    public var language: String
    /// The page's real resolution in dots per inch, instead of what the image says or what its
    /// text suggests.
    public var resolution: Int?
    /// Tesseract's page segmentation mode (0–13) instead of automatic layout analysis (3).
    public var pageSegmentation: Int?

    public init(language: String = "eng", resolution: Int? = nil, pageSegmentation: Int? = nil) {
        self.language = language
        self.resolution = resolution
        self.pageSegmentation = pageSegmentation
    }

    /// The helper's command-line arguments for these settings.
    var helperArguments: [String] {
        ["--lang", language] + (resolution.map { ["--dpi", String($0)] } ?? [])
            + (pageSegmentation.map { ["--psm", String($0)] } ?? [])
    }
}
