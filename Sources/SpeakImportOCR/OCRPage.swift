/// What the recognizer found on one page: its words in Tesseract's reading order, with the
/// layout boundaries (block, paragraph, line) each word starts.
///
/// This is the contract between the OCR worker process (which links Tesseract) and the importer
/// (which does not), so it is plain data and `Codable`.
public struct OCRPage: Sendable, Equatable, Codable {
    /// 0-based index of the page in its source.
    public var index: Int
    /// The size of the image that was recognized (after rotation and scaling), in pixels.
    public var width: Int
    public var height: Int
    /// Clockwise rotation (0, 90, 180, 270) the page was turned back from.
    public var rotation: Int
    /// Skew in degrees that was corrected.
    public var skew: Double
    public var words: [OCRWord]
    /// Why the page could not be read (a damaged page of a multi-page file); nil when it was.
    public var problem: String?
    /// How many of `words`, from the first, were read ahead as the page's opening (the first
    /// lines, for listening to start early); nil when the page was read in one step.
    public var openingWords: Int?
    /// The image looks like a screen capture: no resolution worth believing and text smaller
    /// than print (it was scaled up to be read). Its window chrome is left out.
    public var isScreen: Bool?

    /// A page read in two steps, cut where its opening ends: the opening's words and the
    /// rest's, as pages of their own; nil for a page read in one step.
    public var openingParts: (opening: OCRPage, rest: OCRPage)? {
        guard let count = openingWords, (1...words.count).contains(count) else { return nil }
        var opening = self, rest = self
        opening.words = Array(words[..<count])
        rest.words = Array(words[count...])
        opening.openingWords = nil
        rest.openingWords = nil
        return (opening, rest)
    }

    public init(index: Int, width: Int = 0, height: Int = 0, rotation: Int = 0, skew: Double = 0, words: [OCRWord],
                problem: String? = nil) {
        self.index = index
        self.width = width
        self.height = height
        self.rotation = rotation
        self.skew = skew
        self.words = words
        self.problem = problem
    }
}

/// One recognized word.
public struct OCRWord: Sendable, Equatable, Codable {
    public var text: String
    /// Tesseract's confidence, 0…100.
    public var confidence: Float
    /// Bounding box in page pixels, top-left origin: left, top, right, bottom.
    public var box: [Int32]
    /// Which layout units this word is the first of.
    public var starts: LayoutStart
    /// What Tesseract's layout analysis took the word's block for.
    public var region: OCRRegion

    public init(text: String, confidence: Float, box: [Int32] = [0, 0, 0, 0], starts: LayoutStart = [],
                region: OCRRegion = .text) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.starts = starts
        self.region = region
    }

    private enum CodingKeys: String, CodingKey { case text, confidence, box, starts, region }

    /// Recordings made before regions were kept read as text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decode(Float.self, forKey: .confidence)
        box = try container.decode([Int32].self, forKey: .box)
        starts = try container.decode(LayoutStart.self, forKey: .starts)
        region = try container.decodeIfPresent(OCRRegion.self, forKey: .region) ?? .text
    }

    /// The word's height in pixels (0 when no box is known).
    var height: Int32 { box.count == 4 ? box[3] - box[1] : 0 }
}

/// The layout units a word opens. A word that starts a block also starts a paragraph and a line.
public struct LayoutStart: OptionSet, Sendable, Equatable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let block = LayoutStart(rawValue: 1)
    public static let paragraph = LayoutStart(rawValue: 2)
    public static let line = LayoutStart(rawValue: 4)
}

/// The kind of block a word was found in, from Tesseract's layout analysis.
public enum OCRRegion: String, Sendable, Equatable, Codable {
    case text, heading, caption, table, equation, vertical, image, rule, noise
}
