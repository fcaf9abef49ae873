import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// A conversion to one WAV file (or standard output), streamed to disk as it is spoken, with
/// its timing file written alongside; with `jobs` > 1 a long document is split into parts
/// synthesized by worker processes and joined in order. A failure removes the partial files.
public struct StreamedConversion {
    public var document: Document
    public var request: ConvertRequest
    public var settings: VoiceSettings
    public var voiceName: String
    /// What worker processes open to read the document themselves (a path or a library id);
    /// nil when only this process has it, which then converts alone.
    public var workerInput: String?
    public var inputName: String

    public init(document: Document, request: ConvertRequest, settings: VoiceSettings, voiceName: String,
                workerInput: String?, inputName: String) {
        self.document = document
        self.request = request
        self.settings = settings
        self.voiceName = voiceName
        self.workerInput = workerInput
        self.inputName = inputName
    }

    /// Converts. `makeEngine` is called after the workers are started, so that they load the
    /// document and the voice while this process does.
    public func run(engine makeEngine: () throws -> any SpeechEngine, started: Date, progress: ProgressHandler?) throws -> ConversionSummary {
            let output = request.outputIsDirectory ? ConvertRequest.outputPath(in: request.output, for: document) : request.output
            if OutputPath.replacesFile(output), !request.overwrite {
                throw AudioOutputError(path: output, reason: "the file exists; pass --force to replace it", advice: nil)
            }
            let timings = try request.timingsPath(output: output)
            // Workers open the input themselves: a file or a library document (a page fetched
            // from a URL or read from standard input converts in this process). They start first,
            // and load the document and the voice while this process does.
            let spoken = SliceCutter.spokenWords(in: document, from: request.fromWord, includeSkipped: request.readAll)
            let parallel = try workerInput.flatMap { argument in
                request.jobs > 1 && spoken >= ConvertRequest.minimumWordsForWorkers
                    ? try ParallelConversion(document: document, input: argument, inputName: inputName, settings: settings,
                                             readAll: request.readAll, fromWord: request.fromWord, jobs: request.jobs)
                    : nil
            }
            let engine = try makeEngine()
            let writer = try WAVWriter(path: output, sampleRate: engine.sampleRate)
            var timingWriter: TimingWriter?
            var totalSamples = 0, words = 0, silenced = 0
            do {
                // Timings are written as the audio is, so nothing is left to do at the end.
                timingWriter = try timings.map { path throws(AudioOutputError) in
                    try TimingWriter(path: path, document: document, sampleRate: engine.sampleRate, wordCues: request.wordCues)
                }
                if let parallel {
                    let outcome = try parallel.run(writer: writer, timings: timingWriter, progress: progress)
                    (totalSamples, words, silenced) = (outcome.samples, outcome.words, outcome.silenced)
                } else {
                    try RangeSpeech.speak(document, range: request.fromWord..<Int.max, engine: engine, settings: settings,
                                   readAll: request.readAll, progress: progress) { piece in
                        try piece.samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try writer.write(buffer) }
                        try timingWriter?.append(sentence: piece.words)
                        words += piece.words.count
                        totalSamples = piece.endSample
                    }
                }
                try writer.finish()
                try timingWriter?.finish(totalSamples: totalSamples)
            } catch {
                writer.discard()
                timingWriter?.discard()
                throw error
            }
            return ConversionSummary(output: output, timings: timings, words: words,
                                            audioSeconds: Double(totalSamples) / Double(engine.sampleRate),
                                            wallSeconds: Date().timeIntervalSince(started),
                                            silencedSentences: silenced + engine.silencedSentences, voice: voiceName)
        }
}
