import Foundation
import SpeakModel

/// Why an audio or timing file could not be written.
public struct AudioOutputError: UserFacingError, Equatable {
    public var path: String
    public var reason: String
    /// What to do about it, when the reason does not say.
    public var advice: String?
    public var message: String { "cannot write '\(path)': \(reason)" + (advice.map { "; " + $0 } ?? "") }
    public var exitStatus: ExitStatus { .cannotCreate }

    public init(path: String, reason: String, advice: String? = "check the directory exists and is writable") {
        self.path = path
        self.reason = reason
        self.advice = advice
    }
}

/// Streams 16-bit mono PCM into a WAV file in constant memory. The file is written under a
/// temporary name and moved into place by `finish()`; `discard()` removes it. The path "-"
/// streams to standard output with an open-ended header (sizes 0xFFFFFFFF), as players expect
/// from a pipe.
public final class WAVWriter {
    public let path: String
    public let sampleRate: Int
    /// The file being written; nil for standard output.
    private let file: PartialFile?
    private let handle: FileHandle
    private var buffer = Data()
    private(set) public var samplesWritten = 0

    public init(path: String, sampleRate: Int) throws(AudioOutputError) {
        self.path = path
        self.sampleRate = sampleRate
        if OutputPath.isStream(path) {
            // Standard output, a device or a pipe: streamed, with a header of unknown length.
            guard let stream = path == "-" ? FileHandle.standardOutput : FileHandle(forWritingAtPath: path) else {
                throw AudioOutputError(path: path, reason: "cannot open it for writing")
            }
            file = nil
            handle = stream
            buffer = Self.header(dataBytes: nil, sampleRate: sampleRate)
            return
        }
        let file = try PartialFile(path: path, contents: Self.header(dataBytes: 0, sampleRate: sampleRate))
        self.file = file
        handle = file.handle
    }

    /// Appends samples (little-endian on disk).
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioOutputError) {
        if Int16(littleEndian: 1) == 1, samples.count >= 1 << 15 {
            // A whole sentence of audio: straight to the file, without another copy.
            try flush()
            samplesWritten += samples.count
            do {
                try handle.write(contentsOf: UnsafeRawBufferPointer(samples))
            } catch {
                throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
            }
            return
        }
        if Int16(littleEndian: 1) == 1 {
            buffer.append(contentsOf: UnsafeRawBufferPointer(samples))
        } else {
            for sample in samples { withUnsafeBytes(of: sample.littleEndian) { buffer.append(contentsOf: $0) } }
        }
        // The first buffer goes out at once: a player on the other end of a pipe starts sooner.
        let first = samplesWritten == 0
        samplesWritten += samples.count
        if first || buffer.count >= 1 << 16 { try flush() }
    }

    /// The file being written, under its temporary name until `finish()`: other processes
    /// may write samples into it (`SharedPCMFile`) at `dataEnd` and after; nil for standard output.
    public var temporaryPath: String? { file?.temporaryPath }

    /// The file offset after the samples counted so far: where samples written by other
    /// processes go next.
    public var dataEnd: Int { Self.headerSize + samplesWritten * 2 }

    /// Counts `count` samples that other processes wrote into the file at `dataEnd`, so that
    /// `finish()` puts them in the header. Samples this writer still buffers go out first.
    public func countSamplesWrittenElsewhere(_ count: Int) throws(AudioOutputError) {
        try flush()
        samplesWritten += count
    }

    static let headerSize = 44

    private func flush() throws(AudioOutputError) {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Completes the header and moves the file into place.
    public func finish() throws(AudioOutputError) {
        try flush()
        guard let file else { return }
        do {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: Self.header(dataBytes: samplesWritten * 2, sampleRate: sampleRate))
        } catch {
            file.discard()
            throw AudioOutputError(path: path, reason: (error as NSError).localizedDescription)
        }
        try file.commit()
    }

    /// Removes the partial file.
    public func discard() {
        file?.discard()
    }

    /// A 44-byte PCM header; nil `dataBytes` means "unknown length" for streams.
    static func header(dataBytes: Int?, sampleRate: Int) -> Data {
        let riffSize = dataBytes.map { 36 + $0 } ?? 0xFFFF_FFFF
        let dataBytes = dataBytes ?? 0xFFFF_FFFF
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(riffSize)
        data.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(1)
        u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return data
    }
}
