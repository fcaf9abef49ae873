import Foundation
import SpeakImport
import SpeakModel

/// A man page's source (`ls.1`, what `/usr/share/man` holds once unpacked): set for the
/// terminal by the system's own `man` (man-db and groff, which know both the man and the mdoc
/// macros), then read as `man ls | speak import -` reads it: sections as chapters, options as
/// terms and their descriptions.
public struct RoffImporter: Importer {
    public let format = DocumentFormat.text
    /// The program that sets the page; replaced in tests.
    let program: String

    /// How long setting one page may take (a page loops groff's macros: `.de x` `.x` `..`).
    let limit: TimeInterval

    /// `program`: the `man` that sets pages (man-db's, where Debian puts it); `limit`: seconds
    /// a page may take (bash's, the longest, takes about one).
    public init(program: String = "/usr/bin/man", limit: TimeInterval = 60) {
        self.program = program
        self.limit = limit
    }

    /// Whether `data` is a man page's source: its first line is a roff request or comment and
    /// a title request (`.TH`, or mdoc's `.Dt`/`.Dd`) comes before the text does.
    public static func isManSource(_ data: Data) -> Bool {
        // Asked of every text imported: most are done with at their first byte.
        guard let byte = data.first(where: { $0 != 0x0A }), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "'") else { return false }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let lines = head.split(separator: "\n", omittingEmptySubsequences: true)
        guard let first = lines.first, first.hasPrefix(".") || first.hasPrefix("'\\\"") else { return false }
        for line in lines {
            if line.hasPrefix(".TH ") || line.hasPrefix(".Dt ") || line.hasPrefix(".Dd ") { return true }
            if !line.hasPrefix(".") && !line.hasPrefix("'") { return false }
        }
        return false
    }

    public func importDocument(_ source: consuming ImportSource, options: ImportOptions, progress: ProgressHandler) throws -> Document {
        let name = source.name
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("speak-roff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let path = try source.file(orCopyAt: work)
        let text = try render(path, name: name)
        progress(0.3)
        var page = ImportSource(name: name, data: text)
        page.nameIsPath = source.nameIsPath
        return try PlainTextImporter().importDocument(page, options: options) { progress(0.3 + 0.7 * $0) }
    }

    /// The page as `man` sets it for an 80-column terminal, without hyphenation or
    /// justification (neither is in the text, and both would have to be undone).
    private func render(_ path: String, name: String) throws(ImportError) -> Data {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw .unreadable(name, reason: "a man page is set by the man program; install it with 'apt-get install man-db'")
        }
        let process = Process()
        // In a process group of its own (setsid), so that a page given up on takes groff and
        // troff with it.
        let setsid = "/usr/bin/setsid"
        let grouped = FileManager.default.isExecutableFile(atPath: setsid)
        process.executableURL = URL(fileURLWithPath: grouped ? setsid : program)
        process.arguments = (grouped ? [program] : []) + ["-l", "--nh", "--nj", path]
        process.environment = ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .unreadable(name, reason: "man could not be started: \(error.localizedDescription)")
        }
        // Read on a thread of its own, so that a page that never ends is given up on (its
        // programs may keep the pipe open after `man` is stopped).
        let read = PageRead()
        let done = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        Thread {
            read.data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + limit) == .success else {
            if grouped { kill(-process.processIdentifier, SIGKILL) }
            process.terminate()
            throw .damaged(name, reason: "man did not finish setting this page within \(Int(limit)) s; check it with 'man -l \(name)'")
        }
        process.waitUntilExit()
        let text = read.data
        guard process.terminationStatus == 0, !text.isEmpty else {
            throw .damaged(name, reason: "man could not set this page (is it a man page's source?); check it with 'man -l \(name)'")
        }
        return text
    }
}

/// The page's text, written by the thread that reads it and read after it signals.
private final class PageRead: @unchecked Sendable {
    var data = Data()
}
