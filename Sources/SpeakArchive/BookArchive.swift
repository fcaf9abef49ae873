import Foundation
import SpeakImport

/// The project's one ZIP reader (EPUB, DOCX, ODT): entries are read into
/// memory, never extracted to disk, and an archive that tries to escape (`../` names, absolute
/// paths), to exhaust memory (entries over `maximumEntry`, more than `maximumTotal` in all) or
/// that inflates too far (a zip bomb) is refused in one line.
public struct BookArchive {
    /// Largest entry read, and most read from one archive, in bytes.
    static let maximumEntry: UInt64 = 256 << 20
    static let maximumTotal: UInt64 = 1 << 30
    /// Largest inflation of an entry over 1 MB: text compresses about 4:1, a bomb 1000:1.
    static let maximumRatio: UInt64 = 200

    private let directory: ZipDirectory
    /// The first entry of each name (a name twice is read as its first).
    private let byPath: [String: ZipDirectory.Entry]
    private let name: String
    private var read: UInt64 = 0

    /// Opens `data` as a ZIP archive; `name` names it in errors.
    public init(_ data: Data, name: String) throws(ImportError) {
        self.name = name
        do {
            directory = try ZipDirectory(data)
        } catch {
            throw .damaged(name, reason: "it is not a complete ZIP archive; check that the file is complete")
        }
        var byPath: [String: ZipDirectory.Entry] = [:]
        for entry in directory.entries {
            if Self.escapes(entry.path) {
                throw .damaged(name, reason: "the archive names a file outside itself ('\(entry.path)'); refusing to read it")
            }
            if byPath[entry.path] == nil { byPath[entry.path] = entry }
        }
        self.byPath = byPath
    }

    /// True for names that leave the archive: absolute, or with a `..` part.
    static func escapes(_ path: String) -> Bool {
        path.hasPrefix("/") || path.hasPrefix("\\") || path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// Whether an entry of that path exists.
    public func contains(_ path: String) -> Bool { byPath[path] != nil }

    /// Every entry's path.
    public var paths: [String] { directory.entries.map(\.path) }

    /// The bytes of entry `path`; nil when there is none.
    public mutating func data(_ path: String) throws(ImportError) -> Data? {
        guard let entry = byPath[path] else { return nil }
        let size = entry.uncompressedSize
        if size > Self.maximumEntry || read + size > Self.maximumTotal
            || size > 1 << 20 && size / max(1, entry.compressedSize) > Self.maximumRatio {
            throw .damaged(name, reason: "'\(path)' inflates to \(size >> 20) MB; refusing what looks like a zip bomb")
        }
        if entry.isEncrypted {
            throw .damaged(name, reason: "'\(path)' is encrypted in the archive; speak reads only archives without a password")
        }
        let damaged = ImportError.damaged(name, reason: "'\(path)' is damaged in the archive; check that the file is complete")
        guard let range = try? directory.dataRange(of: entry) else { throw damaged }
        // A view of the archive's bytes: inflated from where they are, copied only when stored.
        let stored = directory.bytes[(directory.bytes.startIndex + range.lowerBound)..<(directory.bytes.startIndex + range.upperBound)]
        let out: Data
        switch entry.method {
        case 0:
            out = Data(stored)
        case 8:
            do throws(ZlibInflater.Failure) {
                out = try ZlibInflater.inflate(stored, limit: Int(size))
            } catch .tooLarge {
                // The sizes in the directory can lie: what really comes out is counted.
                throw .damaged(name, reason: "'\(path)' inflates to more than it says; refusing what looks like a zip bomb")
            } catch {
                throw damaged
            }
        default:
            throw .damaged(name, reason: "'\(path)' is compressed with method \(entry.method), which speak cannot read; save the file again with ordinary (deflate) compression")
        }
        guard UInt64(out.count) == size, ZlibInflater.checksum(out) == entry.checksum else { throw damaged }
        read += UInt64(out.count)
        return out
    }
}
