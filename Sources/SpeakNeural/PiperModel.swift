import Foundation

/// A voice's model as it runs: the front (phoneme ids to frames, and frames per id) and the
/// decoder (frames to samples), decoded a window of frames at a time so that a run's memory
/// stays that of a window; or the whole model in one, for a voice whose decoder could not be
/// cut out. Safe to run from several threads at once (ONNX Runtime's sessions are).
final class PiperModel: @unchecked Sendable {
    private let front: ONNXModel
    private let decoder: ONNXModel?
    private let durationOutput: String?
    /// Frames a decoder run keeps (plus `DecoderSplit.context` on each side).
    let window: Int

    /// Measured on the voice joe, 1,000 words, two runs at once (`convert --jobs 1`): whole runs
    /// (up to ~450 frames) peak at 345-358 MB; windows of 320 frames 285 MB, 256 272 MB, 192
    /// 260 MB, 128 239 MB, 96 223 MB; time within noise down to 192 (+2 %), +12 % at 128.
    static let defaultWindow = 192
    private static let durationName = "/Ceil_output_0"

    /// Loads the runnable copy of `voice` (made first, once) with `threads` threads per run.
    convenience init(voice: PiperVoice, library: String, environment: [String: String], threads: Int) throws(PiperVoice.Problem) {
        let (front, decoder) = try Self.runnable(voice, library: library, environment: environment)
        try self.init(library: library, front: front, decoder: decoder, threads: threads)
    }

    /// Loads a front and its decoder (or a whole model, `decoder` nil).
    init(library: String, front: String, decoder: String?, threads: Int, window: Int = defaultWindow) throws(PiperVoice.Problem) {
        // Two models run one after the other: their threads must not spin waiting (`speak_ort_open`).
        self.front = try ONNXModel(library: library, model: front, threads: threads, spinning: decoder == nil)
        self.decoder = try decoder.map { path throws(PiperVoice.Problem) in
            try ONNXModel(library: library, model: path, threads: threads, spinning: false)
        }
        durationOutput = self.front.outputCount >= 2 ? Self.durationName : nil
        self.window = max(1, window)
    }

    /// Whether the model reports its phoneme durations.
    var timed: Bool { durationOutput != nil }

    /// The samples for `ids` and the frames each id lasts (empty when the model does not say).
    func say(_ ids: [Int64], scales: [Float]) throws(PiperVoice.Problem) -> (audio: [Float], durations: [Float]) {
        guard let decoder else {
            let whole = try front.run(ids: ids, scales: scales, durationOutput: durationOutput)
            return (whole.values, whole.durations)
        }
        let made = try front.run(ids: ids, scales: scales, output: DecoderSplit.frames, durationOutput: durationOutput)
        let count = made.last
        guard count > 0 else { return ([], made.durations) }
        guard made.values.count % count == 0 else {
            throw PiperVoice.Problem(message: "the voice model's frames are not of the shape expected (\(made.values.count) values over \(count) frames); reinstall the voice")
        }
        let channels = made.values.count / count
        var audio: [Float] = []
        try made.values.withUnsafeBufferPointer { (frames) throws(PiperVoice.Problem) in
            for window in DecoderSplit.windows(frames: count, width: window) {
                let span = window.decode
                var slice: [Float] = []
                slice.reserveCapacity(channels * span.count)
                for channel in 0..<channels {
                    let row = channel * count
                    slice += frames[(row + span.lowerBound)..<(row + span.upperBound)]
                }
                let samples = try decoder.decode(slice, channels: channels, count: span.count, input: DecoderSplit.frames)
                let hop = samples.count / span.count
                audio += samples[((window.keep.lowerBound - span.lowerBound) * hop)..<((window.keep.upperBound - span.lowerBound) * hop)]
            }
        }
        return (audio, made.durations)
    }

    /// How long `ids` would be said, in frames or samples (the same unit for every call): with a
    /// front alone, without decoding.
    func length(_ ids: [Int64], scales: [Float]) throws(PiperVoice.Problem) -> Int {
        guard decoder != nil else { return try front.run(ids: ids, scales: scales, durationOutput: nil).values.count }
        return try front.run(ids: ids, scales: scales, output: DecoderSplit.frames, durationOutput: nil).last
    }

    /// The copy of the voice's model that runs (`PiperModelPatch`: it reports durations, it is cut
    /// in two at the decoder, whose layout suits the faster kernels), with the optimizations
    /// that do not depend on the CPU made in it (loading it takes half the time); next to the
    /// voice when its directory is writable, else in the user's cache; made once. The decoder is
    /// written first, so a front found complete says whether there is one. Copies of the kinds
    /// made before are removed.
    static func runnable(_ voice: PiperVoice, library: String, environment: [String: String]) throws(PiperVoice.Problem) -> (String, String?) {
        let stem = URL(fileURLWithPath: voice.model).deletingPathExtension()
        let cache = (environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache") + "/speak/voices"
        let places = [stem.path, cache + "/" + stem.lastPathComponent]
        let fm = FileManager.default
        for place in places where fm.fileExists(atPath: place + PiperVoice.runnableSuffix) {
            let decoder = place + PiperVoice.decoderSuffix
            return (place + PiperVoice.runnableSuffix, fm.fileExists(atPath: decoder) ? decoder : nil)
        }
        guard let data = fm.contents(atPath: voice.model) else {
            throw PiperVoice.Problem(message: "cannot read the voice model '\(voice.model)'")
        }
        let parts: PiperModelPatch.Parts
        do {
            parts = try PiperModelPatch.patched(data)
        } catch {
            throw PiperVoice.Problem(message: "'\(voice.model)' is not a Piper voice model (\(error)); reinstall the voice")
        }
        for place in places {
            try? fm.createDirectory(atPath: (place + PiperVoice.runnableSuffix).parentPath, withIntermediateDirectories: true)
            // Each file is renamed into place whole, so processes making the copy at once
            // (workers of a conversion) never see half of one.
            let decoder = place + PiperVoice.decoderSuffix
            if let bytes = parts.decoder {
                guard write(bytes, to: decoder, library: library) else { continue }
            } else {
                unlink(decoder)
            }
            if write(parts.front, to: place + PiperVoice.runnableSuffix, library: library) {
                for retired in PiperVoice.retiredSuffixes { unlink(place + retired) }
                return (place + PiperVoice.runnableSuffix, parts.decoder == nil ? nil : decoder)
            }
        }
        throw PiperVoice.Problem(message: "cannot write the copy of '\(voice.model)' that speak runs next to it or in \(cache)")
    }

    /// Writes `model` to `path` optimized (as it is when ONNX Runtime cannot optimize it: the
    /// session then refuses it with its reason), through files of this process renamed into place.
    private static func write(_ model: Data, to path: String, library: String) -> Bool {
        let raw = path + ".raw-\(getpid())", partial = path + ".partial-\(getpid())"
        defer {
            unlink(raw)
            unlink(partial)
        }
        guard FileManager.default.createFile(atPath: raw, contents: model) else { return false }
        let made = (try? ONNXModel.optimize(library: library, model: raw, into: partial)) != nil ? partial : raw
        return rename(made, path) == 0
    }
}
