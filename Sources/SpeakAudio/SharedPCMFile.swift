import Foundation

/// A WAV file that another process is assembling (see `WAVWriter.temporaryPath`), opened by a
/// worker of a parallel conversion to put its samples where it is told: positioned writes, so
/// several processes fill one file and no one's audio is copied a second time.
public final class SharedPCMFile {
    public let path: String
    private let descriptor: Int32

    /// Opens the existing file at `path` for writing; it is neither created nor truncated.
    public init(path: String) throws(AudioOutputError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AudioOutputError(path: path, reason: String(cString: strerror(errno)))
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes `samples` (little-endian on disk) starting `offset` bytes into the file.
    public func write(_ samples: UnsafeBufferPointer<Int16>, at offset: Int) throws(AudioOutputError) {
        if Int16(littleEndian: 1) == 1 {
            try write(UnsafeRawBufferPointer(samples), at: offset)
        } else {
            let swapped = samples.map(\.littleEndian)
            do {
                try swapped.withUnsafeBytes { bytes in try write(bytes, at: offset) }
            } catch let error as AudioOutputError {
                throw error
            } catch {
                throw AudioOutputError(path: path, reason: "\(error)")
            }
        }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(AudioOutputError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw AudioOutputError(path: path, reason: n < 0 ? String(cString: strerror(errno)) : "nothing could be written")
            }
            done += n
        }
    }
}
