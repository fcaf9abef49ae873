import Foundation

/// What a piece of content is, decided from its bytes (magic numbers first, the file
/// extension only as a tie-breaker between text formats).
public enum SniffedFormat: Sendable, Equatable {
    case empty
    case text
    case html
    case pdf
    /// An EPUB book (a ZIP archive whose first entry says `application/epub+zip`).
    case epub
    /// Some other ZIP archive: a Word or OpenDocument file, or not a document at all (its
    /// contents decide).
    case zip
    /// An image format Leptonica can read: "PNG", "JPEG", "TIFF", …
    case image(String)
    /// Some other binary content, described for an error message ("an ELF executable").
    case binary(String)

    /// A phrase for messages: "a PNG image", "a PDF document".
    public var description: String {
        switch self {
        case .empty: "empty"
        case .text: "text"
        case .html: "an HTML page"
        case .pdf: "a PDF document"
        case .epub: "an EPUB book"
        case .zip: "a ZIP archive"
        case .image(let kind): "a \(kind) image"
        case .binary(let what): what
        }
    }
}

/// Decides the format of content by looking at its bytes.
public enum FormatSniffer {
    public static func sniff(_ data: Data, fileExtension: String = "") -> SniffedFormat {
        if data.isEmpty { return .empty }
        let head = [UInt8](data.prefix(1024))
        if let magic = magicFormat(head) { return magic }
        if looksLikeBinary(head) { return .binary("binary data") }
        if looksLikeHTML(head) || (["html", "htm", "xhtml"].contains(fileExtension) && head.contains(UInt8(ascii: "<"))) {
            return .html
        }
        return .text
    }

    // No arrays made per check: every import runs through here.
    private static func starts(_ bytes: [UInt8], _ prefix: some Sequence<UInt8>) -> Bool {
        bytes.starts(with: prefix)
    }

    /// Where "%PDF-" starts in the head, if anywhere.
    private static func pdfMarker(_ h: [UInt8]) -> Int? {
        var from = 0
        while let at = h[from...].firstIndex(of: UInt8(ascii: "%")) {
            if h[at...].starts(with: "%PDF-".utf8) { return at }
            from = at + 1
        }
        return nil
    }

    private static func magicFormat(_ h: [UInt8]) -> SniffedFormat? {
        if starts(h, "%PDF-".utf8) { return .pdf }
        // Readers accept junk before the header; text that merely mentions "%PDF-" is not a PDF.
        if let marker = pdfMarker(h), h[..<marker].contains(where: { $0 == 0 || $0 >= 0x80 }),
           !starts(h, [0xEF, 0xBB, 0xBF]), !starts(h, [0xFF, 0xFE]), !starts(h, [0xFE, 0xFF]) { return .pdf }
        if starts(h, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .image("PNG") }
        if starts(h, [0xFF, 0xD8, 0xFF]) { return .image("JPEG") }
        if starts(h, "GIF87a".utf8) || starts(h, "GIF89a".utf8) { return .image("GIF") }
        if starts(h, [0x49, 0x49, 0x2A, 0x00]) || starts(h, [0x4D, 0x4D, 0x00, 0x2A]) { return .image("TIFF") }
        if starts(h, "BM".utf8), h.count > 14, h[6] == 0, h[7] == 0, h[8] == 0, h[9] == 0 { return .image("BMP") }
        if starts(h, "RIFF".utf8), h.count >= 12, Array(h[8..<12]) == Array("WEBP".utf8) { return .image("WebP") }
        if isPNMHeader(h) { return .image("PNM") }
        if starts(h, [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) { return .image("JPEG 2000") }
        if starts(h, [0x7F, 0x45, 0x4C, 0x46]) { return .binary("an ELF executable") }
        if starts(h, [0x50, 0x4B, 0x03, 0x04]) {
            // The OCF rule: the first entry is "mimetype", stored, holding the media type.
            if h.count >= 30 {
                let nameLength = Int(h[26]) | Int(h[27]) << 8, extraLength = Int(h[28]) | Int(h[29]) << 8
                let content = 30 + nameLength + extraLength
                if nameLength == 8, h.count >= content + 20, Array(h[30..<38]) == Array("mimetype".utf8),
                   Array(h[content..<(content + 20)]) == Array("application/epub+zip".utf8) { return .epub }
            }
            return .zip
        }
        if starts(h, [0x1F, 0x8B]) { return .binary("a gzip archive") }
        if starts(h, "RIFF".utf8), h.count >= 12, ["WAVE", "AVI "].contains(String(decoding: h[8..<12], as: UTF8.self)) {
            return .binary("a RIFF file (audio or video)")
        }
        if starts(h, "ID3".utf8), h.count >= 5, (2...4).contains(h[3]), h[4] == 0 { return .binary("an MP3 audio file") }
        if starts(h, [0xFF, 0xFB]) { return .binary("an MP3 audio file") }
        if starts(h, "OggS".utf8) { return .binary("an Ogg audio file") }
        if starts(h, "SQLite format 3\0".utf8) { return .binary("a SQLite database") }
        if starts(h, [0xD0, 0xCF, 0x11, 0xE0]) { return .binary("a Microsoft Office document") }
        if h.count >= 8, h[0] == 0, Array(h[4..<8]) == Array("ftyp".utf8) { return .binary("an MP4/QuickTime media file") }
        return nil
    }

    /// "P1"…"P6", whitespace, then a width (digits) or a comment.
    private static func isPNMHeader(_ h: [UInt8]) -> Bool {
        guard h.count >= 4, h[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(h[1]) else { return false }
        var i = 2
        guard [0x0A, 0x0D, 0x20, 0x09].contains(h[i]) else { return false }
        while i < h.count, [0x0A, 0x0D, 0x20, 0x09].contains(h[i]) { i += 1 }
        guard i < h.count else { return false }
        if h[i] == UInt8(ascii: "#") { return true }
        var digits = 0
        while i < h.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(h[i]) { digits += 1; i += 1 }
        return digits > 0 && i < h.count && [0x0A, 0x0D, 0x20, 0x09].contains(h[i])
    }

    /// NUL bytes (outside UTF-16 text) or many control characters mean binary.
    static func looksLikeBinary(_ h: [UInt8]) -> Bool {
        if starts(h, [0xFF, 0xFE]) || starts(h, [0xFE, 0xFF]) { return false }
        if TextDecoder.utf16WithoutBOM(h) != nil { return false }
        if h.contains(0) { return true }
        let controls = h.filter { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains($0) }.count
        return controls * 100 > h.count * 2
    }

    static func looksLikeHTML(_ h: [UInt8]) -> Bool {
        var text = String(decoding: h, as: UTF8.self).lowercased()
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<!doctype html") || trimmed.hasPrefix("<html") { return true }
        if trimmed.hasPrefix("<?xml"), text.contains("<html") { return true }
        if trimmed.hasPrefix("<!--") || trimmed.hasPrefix("<head") || trimmed.hasPrefix("<meta") {
            return text.contains("<html") || text.contains("<head") || text.contains("<body")
        }
        return false
    }
}
