import Foundation

/// What an audio file says about itself: written as Vorbis comments in Opus files and as an
/// ID3v2.3 tag in MP3 files.
public struct AudioTags: Sendable {
    public var title: String
    public var author: String?
    public var album: String?
    /// The document's language (BCP 47, as the document has it).
    public var language: String?
    /// Where the text came from.
    public var comment: String?
    /// Track number and count, for one file per chapter.
    public var track: (number: Int, count: Int)?
    public var cover: CoverImage?
    /// Chapter titles and start times in seconds, in order; the first starts at 0.
    public var chapters: [(title: String, start: Double)] = []

    public init(title: String) {
        self.title = title
    }

    /// Text made safe for a tag: no control characters, no line breaks.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
        })).trimmingCharacters(in: .whitespaces)
    }
}

/// A cover picture: JPEG or PNG bytes, recognized by their signature.
public struct CoverImage: Sendable {
    public var data: Data
    public var mimeType: String
    public var width = 0
    public var height = 0

    /// Nil when the bytes are neither JPEG nor PNG.
    public init?(data: Data) {
        let bytes = [UInt8](data.prefix(24))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            mimeType = "image/png"
            width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            mimeType = "image/jpeg"
            (width, height) = Self.jpegSize(data) ?? (0, 0)
        } else {
            return nil
        }
        self.data = data
    }

    /// The size from the first start-of-frame marker.
    private static func jpegSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }
}
