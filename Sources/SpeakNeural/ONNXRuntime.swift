import CONNXRuntime
import Foundation

/// A model loaded in ONNX Runtime (its C API, the library opened at run time).
final class ONNXModel: @unchecked Sendable {
    private let handle: OpaquePointer
    let outputCount: Int

    /// Where the runtime library is looked for: `$SPEAK_ONNXRUNTIME`, the copy `scripts/bootstrap`
    /// installs, then the `onnxruntime` Python wheel's.
    static func library(environment: [String: String]) -> String? {
        var candidates: [String] = []
        // A library named by the user is the only one tried.
        if let own = environment["SPEAK_ONNXRUNTIME"], !own.isEmpty { return FileManager.default.fileExists(atPath: own) ? own : nil }
        candidates += ["/usr/local/lib/speak/libonnxruntime.so", "/usr/lib/speak/libonnxruntime.so"]
        let fm = FileManager.default
        for site in PiperVoice.sitePackages(environment: environment) {
            let capi = site + "/onnxruntime/capi"
            if let lib = ((try? fm.contentsOfDirectory(atPath: capi)) ?? []).first(where: { $0.hasPrefix("libonnxruntime.so") }) {
                candidates.append(capi + "/" + lib)
            }
        }
        return candidates.first { fm.fileExists(atPath: $0) }
    }

    /// Loads `model` with `threads` threads per run; `spinning`: whether they wait for work
    /// spinning (quickest when this is the only model that runs).
    init(library: String, model: String, threads: Int, spinning: Bool = true) throws(PiperVoice.Problem) {
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = speak_ort_open(library, model, Int32(threads), spinning ? 1 : 0, &error, error.count) else {
            throw PiperVoice.Problem(message: "ONNX Runtime cannot load '\(model)': \(Self.text(error))")
        }
        self.handle = handle
        outputCount = speak_ort_output_count(handle)
    }

    deinit { speak_ort_close(handle) }

    /// Writes `model` to `destination` with the optimizations that do not depend on the CPU
    /// already made: a session loads that copy in about half the time.
    static func optimize(library: String, model: String, into destination: String) throws(PiperVoice.Problem) {
        var error = [CChar](repeating: 0, count: 512)
        guard speak_ort_optimize(library, model, destination, &error, error.count) == 0 else {
            throw PiperVoice.Problem(message: "ONNX Runtime cannot optimize '\(model)': \(Self.text(error))")
        }
    }

    /// The output `output` (floats, and the length of its last axis: samples, or frames for a
    /// model's front) and, when the model reports them, frames per phoneme id.
    func run(ids: [Int64], scales: [Float], output: String = "output", durationOutput: String?) throws(PiperVoice.Problem)
        -> (values: [Float], last: Int, durations: [Float]) {
        var values: UnsafeMutablePointer<Float>?
        var durations: UnsafeMutablePointer<Float>?
        var count = 0, durationCount = 0
        var last: Int64 = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = ids.withUnsafeBufferPointer { idBuffer in
            scales.withUnsafeBufferPointer { scaleBuffer in
                speak_ort_run(handle, idBuffer.baseAddress, ids.count, scaleBuffer.baseAddress, output, durationOutput, &values, &count, &last,
                              &durations, &durationCount, &error, error.count)
            }
        }
        defer {
            free(values)
            free(durations)
        }
        guard status == 0, let values else { throw PiperVoice.Problem(message: "the voice model failed: \(Self.text(error))") }
        return (Array(UnsafeBufferPointer(start: values, count: count)), Int(last),
                durations.map { Array(UnsafeBufferPointer(start: $0, count: durationCount)) } ?? [])
    }

    /// A decoder's samples for `frames` (`channels` rows of `count` frames).
    func decode(_ frames: [Float], channels: Int, count: Int, input: String, output: String = "output") throws(PiperVoice.Problem) -> [Float] {
        var audio: UnsafeMutablePointer<Float>?
        var audioCount = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = frames.withUnsafeBufferPointer {
            speak_ort_decode(handle, $0.baseAddress, channels, count, input, output, &audio, &audioCount, &error, error.count)
        }
        defer { free(audio) }
        guard status == 0, let audio else { throw PiperVoice.Problem(message: "the voice model failed: \(Self.text(error))") }
        return Array(UnsafeBufferPointer(start: audio, count: audioCount))
    }

    /// A C error buffer's text (up to its NUL).
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
