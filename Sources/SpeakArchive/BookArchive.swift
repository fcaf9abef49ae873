import Foundation
import SpeakImport
import ZIPFoundation

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

    private let archive: Archive
    private let name: String
    private var read: UInt64 = 0

    /// Opens `data` as a ZIP archive; `name` names it in errors.
    public init(_ data: Data, name: String) throws(ImportError) {
        self.name = name
        // From a file, not ZIPFoundation's in-memory mode: that one crashes when an offset in
        // the archive points past its end and leaks when the end record is missing (both found
        // by the fuzzer). The file has no name, so nothing is left behind if speak is killed.
        let descriptor = open(NSTemporaryDirectory(), O_RDWR | 0x410000 /* O_TMPFILE */, 0o600)
        guard descriptor >= 0 else {
            throw .unreadable(name, reason: "cannot write a temporary copy: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var done = 0
            while done < bytes.count {
                let n = write(descriptor, base + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard written else { throw .unreadable(name, reason: "cannot write a temporary copy: \(String(cString: strerror(errno)))") }
        do {
            archive = try Archive(url: URL(fileURLWithPath: "/proc/self/fd/\(descriptor)"), accessMode: .read)
        } catch {
            throw .damaged(name, reason: "it is not a complete ZIP archive; check that the file is complete")
        }
        for entry in archive where Self.escapes(entry.path) {
            throw .damaged(name, reason: "the archive names a file outside itself ('\(entry.path)'); refusing to read it")
        }
    }

    /// True for names that leave the archive: absolute, or with a `..` part.
    static func escapes(_ path: String) -> Bool {
        path.hasPrefix("/") || path.hasPrefix("\\") || path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// Whether an entry of that path exists.
    public func contains(_ path: String) -> Bool { archive[path] != nil }

    /// Every entry's path.
    public var paths: [String] { archive.map(\.path) }

    /// The bytes of entry `path`; nil when there is none.
    public mutating func data(_ path: String) throws(ImportError) -> Data? {
        guard let entry = archive[path] else { return nil }
        let size = entry.uncompressedSize
        if size > Self.maximumEntry || read + size > Self.maximumTotal
            || size > 1 << 20 && size / max(1, entry.compressedSize) > Self.maximumRatio {
            throw .damaged(name, reason: "'\(path)' inflates to \(size >> 20) MB; refusing what looks like a zip bomb")
        }
        var out = Data()
        out.reserveCapacity(Int(size))
        let limit = size
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                // The sizes in the header can lie: count what really comes out.
                guard UInt64(out.count + chunk.count) <= limit else { throw BombError() }
                out.append(chunk)
            }
        } catch is BombError {
            throw .damaged(name, reason: "'\(path)' inflates to more than it says; refusing what looks like a zip bomb")
        } catch {
            throw .damaged(name, reason: "'\(path)' is damaged in the archive; check that the file is complete")
        }
        read += UInt64(out.count)
        return out
    }

    private struct BombError: Error {}
}
