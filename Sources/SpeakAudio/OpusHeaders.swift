import Foundation

/// The two header packets of an Ogg Opus file (RFC 7845 §5): the identification header and the
/// comment header, which carries the tags, the chapters in the Vorbis "chapter extension"
/// form (CHAPTER001=00:00:00.000, CHAPTER001NAME=…) that ffmpeg and its players read, and the
/// cover as a METADATA_BLOCK_PICTURE.
enum OpusHeaders {
    static func identification(preSkip: Int, inputRate: Int) -> Data {
        var data = Data(Array("OpusHead".utf8) + [1, 1])
        OggPageWriter.appendLittleEndian(&data, UInt64(preSkip), bytes: 2)
        OggPageWriter.appendLittleEndian(&data, UInt64(inputRate), bytes: 4)
        data.append(contentsOf: [0, 0, 0])  // output gain, mapping family 0
        return data
    }

    static func comments(_ tags: AudioTags) -> Data {
        var entries = ["TITLE=" + AudioTags.clean(tags.title)]
        if let author = tags.author { entries.append("ARTIST=" + AudioTags.clean(author)) }
        if let album = tags.album { entries.append("ALBUM=" + AudioTags.clean(album)) }
        if let language = tags.language { entries.append("LANGUAGE=" + AudioTags.clean(language)) }
        if let comment = tags.comment { entries.append("COMMENT=" + AudioTags.clean(comment)) }
        if let track = tags.track { entries += ["TRACKNUMBER=\(track.number)", "TRACKTOTAL=\(track.count)"] }
        for (i, chapter) in tags.chapters.enumerated() {
            let key = String(format: "CHAPTER%03d", i + 1)
            entries += ["\(key)=\(clock(chapter.start))", "\(key)NAME=\(AudioTags.clean(chapter.title))"]
        }
        if let cover = tags.cover { entries.append("METADATA_BLOCK_PICTURE=" + picture(cover).base64EncodedString()) }
        var data = Data(Array("OpusTags".utf8))
        let vendor = Array("speak (libopus via libopusenc)".utf8)
        OggPageWriter.appendLittleEndian(&data, UInt64(vendor.count), bytes: 4)
        data.append(contentsOf: vendor)
        OggPageWriter.appendLittleEndian(&data, UInt64(entries.count), bytes: 4)
        for entry in entries {
            let bytes = Array(entry.utf8)
            OggPageWriter.appendLittleEndian(&data, UInt64(bytes.count), bytes: 4)
            data.append(contentsOf: bytes)
        }
        return data
    }

    /// HH:MM:SS.mmm
    static func clock(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    /// A FLAC picture block: front cover, its type and size, and the image bytes.
    private static func picture(_ cover: CoverImage) -> Data {
        var data = Data()
        func u32(_ value: Int) { data.append(contentsOf: [24, 16, 8, 0].map { UInt8((UInt32(truncatingIfNeeded: value) >> $0) & 0xFF) }) }
        u32(3)
        u32(cover.mimeType.utf8.count)
        data.append(contentsOf: Array(cover.mimeType.utf8))
        u32(0)
        u32(cover.width)
        u32(cover.height)
        u32(24)
        u32(0)
        u32(cover.data.count)
        data.append(cover.data)
        return data
    }
}
