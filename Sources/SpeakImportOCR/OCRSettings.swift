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

    /// The resolutions `--dpi` accepts.
    public static let resolutions = 50...2400
    /// The page segmentation modes `--psm` accepts: 0 (orientation only) and 2 (layout only)
    /// recognize nothing, so they are not offered.
    public static let pageSegmentationModes = [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]

    /// The helper's command-line arguments for these settings.
    var helperArguments: [String] {
        ["--lang", language] + (resolution.map { ["--dpi", String($0)] } ?? [])
            + (pageSegmentation.map { ["--psm", String($0)] } ?? [])
    }
}
