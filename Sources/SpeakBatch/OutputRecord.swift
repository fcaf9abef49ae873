import Foundation
import SpeakModel

/// What a batch conversion wrote for one input, kept beside its audio as a hidden
/// `.NAME.speak.json`: the input and its content hash, the settings and the voice, and each
/// file's size and hash. A shard run again, or a worker, skips an input whose record still verifies; `speak
/// convert --verify DIR` checks every record.
public struct OutputRecord: Codable, Sendable, Equatable {
    public struct File: Codable, Sendable, Equatable {
        /// Relative to the record's directory.
        public var path: String
        public var bytes: Int64
        public var sha256: String
    }

    public var input: String
    /// The input's content hash ("sha256:…"), as the library keeps it.
    public var inputHash: String
    /// The conversion's settings (voice, speed, format…) as one string: a record made with
    /// other settings is not this conversion's.
    public var settings: String
    /// The voice that read it (chosen for the document's language unless one was asked for).
    public var voice: String
    public var files: [File]
    public var words: Int
    public var audioSeconds: Double
    /// host:pid of the process that wrote it.
    public var writer: String
    public var finishedAt: Date

    public init(input: String, inputHash: String, settings: String, voice: String, files: [File], words: Int, audioSeconds: Double,
                writer: String = OutputRecord.writerName, finishedAt: Date = Date()) {
        self.input = input
        self.inputHash = inputHash
        self.settings = settings
        self.voice = voice
        self.files = files
        self.words = words
        self.audioSeconds = audioSeconds
        self.writer = writer
        self.finishedAt = finishedAt
    }

    /// This host and process.
    public static var writerName: String { "\(ProcessInfo.processInfo.hostName):\(getpid())" }

    static let suffix = ".speak.json"

    /// The record's path for an output file or folder in `directory`.
    public static func path(for output: String, in directory: String) -> String {
        (directory as NSString).appendingPathComponent("." + (output as NSString).lastPathComponent + suffix)
    }

    /// The files of `output` (a file, or a folder of chapter files), described relative to `directory`.
    public static func describe(_ output: String, in directory: String) throws -> [File] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) else {
            throw RecordError("'\(output)' was not written")
        }
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        var paths = [URL(fileURLWithPath: output).standardizedFileURL.path]
        if isFolder.boolValue {
            let listed = (FileManager.default.subpaths(atPath: paths[0]) ?? []).sorted()
            paths = listed.map { (paths[0] as NSString).appendingPathComponent($0) }.filter { !isDirectory($0) }
        }
        return try paths.map { path in
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            let (bytes, hash) = try hashFile(path)
            return File(path: relative, bytes: bytes, sha256: hash)
        }
    }

    /// Writes the record for the output named by its first file, atomically.
    public func write(in directory: String) throws {
        guard let first = files.first else { throw RecordError("nothing was written for '\(input)'") }
        let top = first.path.split(separator: "/").first.map(String.init) ?? first.path
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(self).write(to: URL(fileURLWithPath: Self.path(for: top, in: directory)), options: .atomic)
    }

    /// Every record in `directory`, with the names of those that cannot be read.
    public static func all(in directory: String) -> (records: [String: OutputRecord], unreadable: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var records: [String: OutputRecord] = [:], unreadable: [String] = []
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for name in names.sorted() where name.hasPrefix(".") && name.hasSuffix(suffix) {
            let path = (directory as NSString).appendingPathComponent(name)
            if let data = FileManager.default.contents(atPath: path), let record = try? decoder.decode(OutputRecord.self, from: data) {
                records[name] = record
            } else {
                unreadable.append(name)
            }
        }
        return (records, unreadable)
    }

    /// What is wrong with the files the record names in `directory` (empty: they are as written).
    public func problems(in directory: String) -> [String] {
        files.compactMap { file in
            let path = (directory as NSString).appendingPathComponent(file.path)
            guard let (bytes, hash) = try? Self.hashFile(path) else { return "\(file.path) is missing" }
            if bytes != file.bytes { return "\(file.path) has \(bytes) bytes, not the \(file.bytes) written" }
            if hash != file.sha256 { return "\(file.path) is not the file written (its hash differs)" }
            return nil
        }
    }

    /// Size and "sha256:…" of a file, read a megabyte at a time.
    public static func hashFile(_ path: String) throws -> (Int64, String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RecordError("cannot read '\(path)'") }
        defer { try? handle.close() }
        var hasher = SHA256()
        var bytes: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
            bytes += Int64(chunk.count)
        }
        return (bytes, "sha256:" + hasher.finalizeHex())
    }

    private static func isDirectory(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}

/// A record that cannot be made or read.
public struct RecordError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .ioError }
    public init(_ message: String) { self.message = message }
}
