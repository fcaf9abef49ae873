import CZlib
import Foundation
import SpeakArchive
import SpeakImport
import Testing

/// The ZIP reader under EPUB, DOCX and ODT, on archives built byte by byte: what real tools
/// write (stored, deflated, ZIP64) and what hostile or damaged files do.
struct BookArchiveTests {
    /// One entry as an archive stores it; `declared*` let a test lie in the directory.
    struct Member {
        var path: String
        var content: Data
        var deflate = true
        var method: UInt16?
        var flags: UInt16 = 0
        var declaredSize: UInt32?
        var checksum: UInt32?
        var cut: Int?
    }

    static func raw(_ data: Data) -> Data {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBytes { compress2(&out, &length, $0.bindMemory(to: Bytef.self).baseAddress, uLong(data.count), 9) }
        precondition(status == Z_OK)
        // compress2 wraps the deflate stream in two header bytes and an Adler-32 trailer.
        return Data(out[2..<(Int(length) - 4)])
    }

    static func crc(_ data: Data) -> UInt32 {
        UInt32(data.withUnsafeBytes { crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt(data.count)) })
    }

    /// A whole archive; `zip64` writes the sizes, offsets and count in ZIP64 fields.
    static func archive(_ members: [Member], zip64: Bool = false, count: UInt16? = nil) -> Data {
        var out = Data(), directory = Data()
        func le<T: FixedWidthInteger>(_ value: T, _ into: inout Data) { withUnsafeBytes(of: value.littleEndian) { into.append(contentsOf: $0) } }
        for member in members {
            var stored = member.deflate ? raw(member.content) : member.content
            if let cut = member.cut { stored = stored.prefix(cut) }
            let method = member.method ?? (member.deflate ? 8 : 0)
            let checksum = member.checksum ?? crc(member.content)
            let size = member.declaredSize ?? UInt32(member.content.count)
            let offset = UInt32(out.count)
            let name = Data(member.path.utf8)
            le(UInt32(0x0403_4B50), &out); le(UInt16(20), &out); le(member.flags, &out); le(method, &out)
            le(UInt32(0), &out); le(checksum, &out); le(UInt32(stored.count), &out); le(size, &out)
            le(UInt16(name.count), &out); le(UInt16(0), &out); out += name; out += stored
            var extra = Data()
            if zip64 {
                le(UInt16(1), &extra); le(UInt16(24), &extra)
                le(UInt64(size), &extra); le(UInt64(stored.count), &extra); le(UInt64(offset), &extra)
            }
            le(UInt32(0x0201_4B50), &directory); le(UInt16(45), &directory); le(UInt16(45), &directory)
            le(member.flags, &directory); le(method, &directory); le(UInt32(0), &directory); le(checksum, &directory)
            le(zip64 ? UInt32.max : UInt32(stored.count), &directory); le(zip64 ? UInt32.max : size, &directory)
            le(UInt16(name.count), &directory); le(UInt16(extra.count), &directory); le(UInt16(0), &directory)
            le(UInt16(0), &directory); le(UInt16(0), &directory); le(UInt32(0), &directory)
            le(zip64 ? UInt32.max : offset, &directory); directory += name; directory += extra
        }
        let start = out.count
        out += directory
        if zip64 {
            let record = out.count
            le(UInt32(0x0606_4B50), &out); le(UInt64(44), &out); le(UInt16(45), &out); le(UInt16(45), &out)
            le(UInt32(0), &out); le(UInt32(0), &out); le(UInt64(members.count), &out); le(UInt64(members.count), &out)
            le(UInt64(directory.count), &out); le(UInt64(start), &out)
            le(UInt32(0x0706_4B50), &out); le(UInt32(0), &out); le(UInt64(record), &out); le(UInt32(1), &out)
        }
        let entries = count ?? (zip64 ? 0xFFFF : UInt16(members.count))
        le(UInt32(0x0605_4B50), &out); le(UInt16(0), &out); le(UInt16(0), &out); le(entries, &out); le(entries, &out)
        le(zip64 ? UInt32.max : UInt32(directory.count), &out); le(zip64 ? UInt32.max : UInt32(start), &out); le(UInt16(0), &out)
        return out
    }

    static let text = Data(String(repeating: "It was a dark and stormy night. ", count: 200).utf8)

    func reason(_ data: Data, reading path: String = "a.txt") -> String {
        do {
            var archive = try BookArchive(data, name: "book.epub")
            _ = try archive.data(path)
            return "read"
        } catch {
            return error.message
        }
    }

    @Test func storedAndDeflatedEntriesComeBackAsWritten() throws {
        let data = Self.archive([Member(path: "mimetype", content: Data("application/epub+zip".utf8), deflate: false),
                                 Member(path: "a.txt", content: Self.text),
                                 Member(path: "a.txt", content: Data("second".utf8))])
        var archive = try BookArchive(data, name: "book.epub")
        #expect(archive.paths == ["mimetype", "a.txt", "a.txt"])
        #expect(archive.contains("a.txt") && !archive.contains("b.txt"))
        #expect(try archive.data("mimetype") == Data("application/epub+zip".utf8))
        #expect(try archive.data("a.txt") == Self.text)
        #expect(try archive.data("b.txt") == nil)
    }

    @Test func zip64RecordsAndFieldsAreRead() throws {
        var archive = try BookArchive(Self.archive([Member(path: "a.txt", content: Self.text)], zip64: true), name: "big.epub")
        #expect(try archive.data("a.txt") == Self.text)
    }

    @Test func damagedEntriesAreRefusedInOneLine() {
        let cut = Self.archive([Member(path: "a.txt", content: Self.text, cut: 40)])
        #expect(reason(cut).contains("'a.txt' is damaged in the archive"))
        let wrongSum = Self.archive([Member(path: "a.txt", content: Self.text, checksum: 12345)])
        #expect(reason(wrongSum).contains("'a.txt' is damaged"))
        let lies = Self.archive([Member(path: "a.txt", content: Self.text, declaredSize: 100)])
        #expect(reason(lies).contains("inflates to more than it says"))
        let bzip = Self.archive([Member(path: "a.txt", content: Self.text, method: 12)])
        #expect(reason(bzip).contains("method 12"))
        let locked = Self.archive([Member(path: "a.txt", content: Self.text, flags: 1)])
        #expect(reason(locked).contains("encrypted"))
    }

    @Test func whatIsNoArchiveOrLiesAboutItsDirectoryIsRefused() {
        let complete = "it is not a complete ZIP archive"
        #expect(reason(Data()).contains(complete))
        #expect(reason(Data("PK\u{3}\u{4} not really".utf8)).contains(complete))
        #expect(reason(Self.archive([Member(path: "a.txt", content: Self.text)], count: 5000)).contains(complete))
        let whole = Self.archive([Member(path: "a.txt", content: Self.text)])
        #expect(reason(whole.prefix(whole.count - 30)).contains(complete))
        #expect(reason(Self.archive([Member(path: "../../etc/passwd", content: Self.text)])).contains("outside itself"))
    }
}
