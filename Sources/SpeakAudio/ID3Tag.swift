import Foundation

/// An ID3v2.3 tag for MP3 files, with the chapter frames LAME cannot write: CTOC (the table of
/// contents) and one CHAP per chapter, following the ID3v2 Chapter Frame Addendum 1.0. Text
/// is UTF-16 with a byte order mark (encoding 1), the only Unicode v2.3 knows.
enum ID3Tag {
    /// The tag's bytes; the last chapter ends at `duration` seconds.
    static func make(_ tags: AudioTags, duration: Double) -> Data {
        var frames = Data()
        frames.append(textFrame("TIT2", tags.title))
        if let author = tags.author { frames.append(textFrame("TPE1", author)) }
        if let album = tags.album { frames.append(textFrame("TALB", album)) }
        if let language = tags.language { frames.append(textFrame("TLAN", language)) }
        if let track = tags.track { frames.append(textFrame("TRCK", "\(track.number)/\(track.count)")) }
        frames.append(textFrame("TSSE", "speak (eSpeak-NG, LAME)"))
        if let comment = tags.comment {
            var body = Data([1])
            body.append(contentsOf: Array("eng".utf8))
            body.append(utf16("", terminated: true))
            body.append(utf16(AudioTags.clean(comment), terminated: false))
            frames.append(frame("COMM", body))
        }
        if let cover = tags.cover {
            var body = Data([0])
            body.append(contentsOf: Array(cover.mimeType.utf8) + [0, 3, 0])
            body.append(cover.data)
            frames.append(frame("APIC", body))
        }
        if !tags.chapters.isEmpty {
            // CTOC counts its entries in one byte.
            let listed = tags.chapters.prefix(255)
            var toc = Data(Array("toc".utf8) + [0, 0x03, UInt8(listed.count)])
            for i in listed.indices { toc.append(contentsOf: Array("ch\(i)".utf8) + [0]) }
            frames.append(frame("CTOC", toc))
            for (i, chapter) in tags.chapters.enumerated() {
                let end = i + 1 < tags.chapters.count ? tags.chapters[i + 1].start : duration
                var body = Data(Array("ch\(i)".utf8) + [0])
                for value in [milliseconds(chapter.start), milliseconds(end), 0xFFFF_FFFF, 0xFFFF_FFFF] { appendBigEndian(&body, value) }
                body.append(textFrame("TIT2", chapter.title))
                frames.append(frame("CHAP", body))
            }
        }
        var tag = Data(Array("ID3".utf8) + [3, 0, 0])
        let size = frames.count
        tag.append(contentsOf: [21, 14, 7, 0].map { UInt8((size >> $0) & 0x7F) })
        tag.append(frames)
        return tag
    }

    private static func milliseconds(_ seconds: Double) -> UInt32 {
        UInt32(clamping: Int((seconds * 1000).rounded()))
    }

    private static func textFrame(_ id: String, _ text: String) -> Data {
        var body = Data([1])
        body.append(utf16(AudioTags.clean(text), terminated: false))
        return frame(id, body)
    }

    private static func frame(_ id: String, _ body: Data) -> Data {
        var data = Data(Array(id.utf8))
        appendBigEndian(&data, UInt32(body.count))
        data.append(contentsOf: [0, 0])
        data.append(body)
        return data
    }

    private static func utf16(_ text: String, terminated: Bool) -> Data {
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        if terminated { data.append(contentsOf: [0, 0]) }
        return data
    }

    private static func appendBigEndian(_ data: inout Data, _ value: UInt32) {
        data.append(contentsOf: [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) })
    }
}
