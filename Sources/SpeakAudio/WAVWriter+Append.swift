import Foundation

extension WAVWriter {
    /// Appends raw 16-bit little-endian PCM from a file (a worker's part), in constant memory;
    /// returns the number of samples appended.
    @discardableResult
    public func appendRawPCM(fromFile path: String) throws(AudioOutputError) -> Int {
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw AudioOutputError(path: self.path, reason: "a synthesized part is missing (\(path))")
        }
        defer { try? input.close() }
        var appended = 0
        while true {
            let chunk: Data
            do {
                guard let read = try input.read(upToCount: 1 << 20), !read.isEmpty else { return appended }
                chunk = read
            } catch {
                throw AudioOutputError(path: self.path, reason: (error as NSError).localizedDescription)
            }
            let samples = [Int16](unsafeUninitializedCapacity: chunk.count / 2) { buffer, count in
                _ = chunk.copyBytes(to: UnsafeMutableRawBufferPointer(buffer))
                count = chunk.count / 2
            }
            try samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try write(buffer) }
            appended += samples.count
        }
    }
}
