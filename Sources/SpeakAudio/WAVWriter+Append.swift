import Foundation

extension WAVWriter {
    /// Appends raw 16-bit little-endian PCM from a file that another process may still be
    /// writing (a worker's part): copies what is there, and while `isGrowing()` says the
    /// writer is still at work, waits for more. Constant memory; returns the samples appended.
    @discardableResult
    public func appendRawPCM(fromFile path: String, isGrowing: () -> Bool = { false }) throws(AudioOutputError) -> Int {
        guard let input = FileHandle(forReadingAtPath: path) else {
            throw AudioOutputError(path: self.path, reason: "a synthesized part is missing (\(path))")
        }
        defer { try? input.close() }
        var appended = 0
        var carry = Data()
        var inKernel = Int16(littleEndian: 1) == 1
        while true {
            // Ask before reading: data written before the writer exits is then always seen.
            let growing = isGrowing()
            if inKernel, carry.isEmpty {
                // The kernel copies file to file: half a book of audio never passes through this
                // process (a third of a parallel conversion's system time went to that copy).
                switch try copyInKernel(from: input.fileDescriptor) {
                case .copied(let bytes):
                    appended += bytes / 2
                    continue
                case .nothingNew:
                    guard growing else { return appended }
                    Thread.sleep(forTimeInterval: 0.01)
                    continue
                case .unsupported:
                    inKernel = false
                }
            }
            let chunk: Data
            do {
                chunk = try input.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw AudioOutputError(path: self.path, reason: (error as NSError).localizedDescription)
            }
            if chunk.isEmpty {
                guard growing else { return appended }
                Thread.sleep(forTimeInterval: 0.01)
                continue
            }
            // A read can end in the middle of a sample the writer has not finished.
            var bytes = carry.isEmpty ? chunk : carry + chunk
            carry = bytes.count % 2 == 0 ? Data() : bytes.suffix(1)
            if !carry.isEmpty { bytes.removeLast() }
            try writeRaw(bytes)
            appended += bytes.count / 2
        }
    }
}
