import Foundation
import SpeakArchive
import SpeakImport
import SpeakModel

/// Reads the bytes an input reference names, with the errors a user can act on.
public enum InputReader {
    /// The bytes of a file, standard input, an upload or a fetched URL (a library id is not
    /// one); a gzip file's are the bytes it holds.
    public static func read(_ input: InputReference) throws(ImportError) -> ImportSource {
        let source = try raw(input)
        return GzipFile.isCompressed(source.data) ? try GzipFile.unpacked(source) : source
    }

    private static func raw(_ input: InputReference) throws(ImportError) -> ImportSource {
        switch input {
        case .standardInput:
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return ImportSource(name: "-", data: data)
        case .uploaded(let name, let data):
            var source = ImportSource(name: name, data: data)
            source.nameIsPath = false
            return source
        case .file(let path):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .notFound(path)
            }
            if isDirectory.boolValue { throw .isDirectory(path) }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .unreadable(path, reason: "permission denied; check the file's permissions")
            }
            do {
                // Read, not mapped: a file truncated while it is imported must not kill the process.
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                return ImportSource(name: path, data: data)
            } catch {
                throw .unreadable(path, reason: (error as NSError).localizedDescription)
            }
        case .document(let id):
            throw .notFound(String(id))
        case .url(let address):
            return try URLFetcher.fetch(address)
        }
    }
}
