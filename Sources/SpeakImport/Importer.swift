import Foundation
import SpeakModel

/// The bytes of something to import and where they came from.
public struct ImportSource: Sendable {
    /// Path, URL or "-" for standard input; used in messages and as the document's source.
    public var name: String
    public var data: Data
    /// The charset a transport declared (HTTP `Content-Type`), if any.
    public var declaredCharset: String?
    /// False when `name` is only a file's name, not a path on this machine (an upload).
    public var nameIsPath = true
    /// The name of what a compressed file holds ("NEWS" for "NEWS.gz"): its extension and
    /// title are that file's.
    public var innerName: String?

    public init(name: String, data: Data, declaredCharset: String? = nil) {
        self.name = name
        self.data = data
        self.declaredCharset = declaredCharset
    }

    /// The file name without directories and extension, used as a fallback title.
    public var stem: String? {
        guard name != "-", !name.isEmpty else { return nil }
        let last = ((innerName ?? name) as NSString).lastPathComponent
        // "Apache-2.0" and "notes-v1.2" end in a version, not an extension: an extension has a letter.
        let ending = (last as NSString).pathExtension
        guard ending.contains(where: \.isLetter) else { return last }
        let stem = (last as NSString).deletingPathExtension
        return stem.isEmpty ? last : stem
    }

    /// A path a helper process can read these bytes from: the input file itself when the
    /// source is one (no copy of a big scan or book), else (standard input, URLs) `copy`, which
    /// is written here and is the caller's to remove.
    public func file(orCopyAt copy: URL) throws(ImportError) -> String {
        // stat, not FileManager's attributes: those look up the owner's name in /etc/passwd.
        var status = stat()
        if name != "-", stat(name, &status) == 0, Int(status.st_size) == data.count {
            return name
        }
        do {
            try data.write(to: copy)
        } catch {
            throw .unreadable(name, reason: "cannot write a temporary copy: \(error.localizedDescription)")
        }
        return copy.path
    }

    /// The lower-cased file extension, if any.
    public var fileExtension: String {
        ((innerName ?? name) as NSString).pathExtension.lowercased()
    }
}

/// What the user asked for that applies to every importer.
public struct ImportOptions: Sendable {
    /// Title given on the command line; wins over anything found in the content.
    public var title: String?
    /// Language given on the command line (BCP 47, or Tesseract codes for OCR).
    public var language: String?
    /// For pages read by OCR: their real resolution (`--dpi`), when the image is wrong about it.
    public var resolution: Int?
    /// For pages read by OCR: Tesseract's page segmentation mode (`--psm`).
    public var pageSegmentation: Int?

    public init(title: String? = nil, language: String? = nil, resolution: Int? = nil, pageSegmentation: Int? = nil) {
        self.title = title
        self.language = language
        self.resolution = resolution
        self.pageSegmentation = pageSegmentation
    }
}

/// An importer turns the bytes of one format into a `Document`.
///
/// The returned metadata has the title, author and language found in the content (the title
/// may be empty when none was found); the caller fills in the source, hash and dates.
public protocol Importer: Sendable {
    /// The format this importer reads.
    var format: DocumentFormat { get }

    /// Takes the source by value so an importer can let go of large inputs once decoded.
    func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler) throws -> Document
}
