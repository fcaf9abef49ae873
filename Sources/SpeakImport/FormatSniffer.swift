import Foundation

/// What a piece of content is, decided from its bytes (magic numbers first, the file
/// extension only as a tie-breaker between text formats).
public enum SniffedFormat: Sendable, Equatable {
    case empty
    case text
    case html
    /// Binary content no importer recognized, described for an error message ("an ELF
    /// executable"). Formats that are read say what they look like themselves
    /// (`RecognizingImporter`); this only names what is not read.
    case binary(String)

    /// A phrase for messages: "an HTML page", "a gzip archive".
    public var description: String {
        switch self {
        case .empty: "empty"
        case .text: "text"
        case .html: "an HTML page"
        case .binary(let what): what
        }
    }
}

/// Decides what content is when no importer recognizes it (`RecognizingImporter`): empty,
/// text, a web page, or binary data to name in an error message.
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

    /// Binary formats no importer reads, by their magic bytes, named for the error message.
    private static func magicFormat(_ h: [UInt8]) -> SniffedFormat? {
        if starts(h, [0x7F, 0x45, 0x4C, 0x46]) { return .binary("an ELF executable") }
        if starts(h, FormatSignature.zipMagic) { return .binary("a ZIP archive that is not an EPUB book, a Word document or an OpenDocument text") }
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
