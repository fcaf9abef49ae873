import Foundation
import SpeakModel

/// An output file written under a temporary name next to its final path and moved into place
/// only when complete; removed on failure and on Ctrl-C (see `PartialFiles`).
final class PartialFile {
    let path: String
    let temporaryPath: String
    let handle: FileHandle

    /// Creates the temporary file with `contents`, ready for writing at its end.
    init(path: String, contents: Data = Data()) throws(AudioOutputError) {
        // A device or a pipe is written into, never renamed over (WAVWriter streams to them).
        guard !OutputPath.isStream(path) else {
            throw AudioOutputError(path: path, reason: "it is a device or a pipe, and only WAV can be written to one (--format wav)", advice: nil)
        }
        // What a killed writer of the same file left (it could not clean up after itself).
        PartialFiles.removeAbandoned(near: path)
        let directory = path.parentPath
        temporaryPath = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temporaryPath, contents: contents),
              let handle = FileHandle(forWritingAtPath: temporaryPath) else {
            throw AudioOutputError(path: path, reason: "cannot create the file")
        }
        PartialFiles.register(temporaryPath)
        self.path = path
        self.handle = handle
        handle.seekToEndOfFile()
    }

    /// Closes the file and moves it over `path` (replacing what was there).
    func commit() throws(AudioOutputError) {
        do {
            try handle.close()
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporaryPath, toPath: path)
            PartialFiles.unregister(temporaryPath)
        } catch {
            discard()
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Closes and removes the temporary file.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporaryPath)
        PartialFiles.unregister(temporaryPath)
    }
}
