import Foundation
import SpeakImport

/// Files compressed with gzip (`NEWS.gz`, `ls.1.gz`, `manual.pdf.gz`: most of /usr/share/doc
/// and every man page): read as what they hold.
public enum GzipFile {
    /// The most a compressed file may unpack to: more is a bomb, not a document.
    public static let limit = 1 << 30

    /// Whether `data` starts as a gzip file does.
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// What the gzip file `source` holds, named for its extension and title as the file would
    /// be without ".gz" (`innerName`); the source keeps its own name for messages.
    public static func unpacked(_ source: ImportSource, limit: Int = GzipFile.limit) throws(ImportError) -> ImportSource {
        let inner: Data
        do {
            inner = try ZlibInflater.inflate(source.data, limit: limit, gzip: true)
        } catch .tooLarge {
            throw .damaged(source.name, reason: "it unpacks to more than \(limit >> 20) MB; unpack it yourself if that is right")
        } catch {
            throw .damaged(source.name, reason: "the gzip file is damaged or cut short; check it with 'gzip -t'")
        }
        var unpacked = source
        unpacked.data = inner
        let last = (source.name as NSString).lastPathComponent
        let lower = last.lowercased()
        unpacked.innerName = lower.hasSuffix(".gz") ? String(last.dropLast(3)) : lower.hasSuffix(".tgz") ? String(last.dropLast(4)) + ".tar" : last
        return unpacked
    }
}
