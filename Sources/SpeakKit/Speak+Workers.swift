import SpeakConversion
import SpeakIntake
import SpeakModel
import SpeakSynthesis

// The worker commands of a conversion (`speak __slices`, `__segments`, `__engine`) and the
// segment cache, wired to the facade: the machinery itself is in SpeakConversion.
extension Speak {
    /// The loop of a `speak __slices` worker on standard input and output.
    public func serveSlices(input: String, settings: VoiceSettings, readAll: Bool) {
        SliceServer.serve(document: { try document(InputReference(argument: input)) }, settings: settings, readAll: readAll)
    }

    /// The loop of a `speak __segments` worker on standard input and output.
    public func serveSegments(input: String, job: SegmentJob, parent: Int32) {
        SegmentWorker.serve(document: { try document(InputReference(argument: input)) }, job: job, parent: parent)
    }

    /// Serves synthesis requests on standard input/output until end of file: the engine helper
    /// that synthesizes text eSpeak-NG could crash on, so only the helper dies.
    public static func serveEngine() {
        EngineWire.serve()
    }

    /// The cache of synthesized audio segments, with the configured size limit.
    public var segmentCache: SegmentCache { SegmentCache(limitMB: config.cacheLimitMB) }
}
