import Foundation
import SpeakAudio
import SpeakModel
import SpeakSynthesis

/// What a parallel conversion knows about its slices, shared by the threads that talk to the
/// workers: which worker has which slice, how long the finished ones are, and so where in the
/// file each one goes. A slice's place is known once every slice before it is finished; its
/// timeline is then appended to the timing file, in order. To a pipe, the audio of the slice
/// being written goes out as it comes and later slices wait in memory (up to a limit, then
/// their workers wait).
final class SliceBoard: @unchecked Sendable {
    private struct Slice {
        var words: Range<Int>
        /// How many of `words` are spoken (the progress they stand for).
        var spoken: Int
        var worker: Int
        var samples: Int?
        var timeline: [TimelineRecord]?
        var offsetSent = false
        /// Nothing more is to come from the worker: every sample is in the file, or (to a
        /// pipe) has reached this process.
        var written = false
        /// To a pipe: audio that came before the slice's turn.
        var waiting: [[Int16]] = []
    }

    private let condition = NSCondition()
    private var cutter: SliceCutter
    private let writer: WAVWriter
    private let timings: TimingWriter?
    private let progress: ProgressHandler?
    /// The workers write into the file; else they send the audio, written here in order.
    private let positioned: Bool
    private var slices: [Slice] = []
    /// Slices before this one are finished and counted in the file.
    private var placed = 0
    /// Samples of the placed slices.
    private var placedSamples = 0
    private var silenced = 0
    private var words = 0
    private var spokenWords = 0
    private let totalWords: Int
    private var waitingSamples = 0
    private var failure: (any Error)?
    /// Audio kept for slices whose turn has not come, to a pipe: 32 MB.
    static let waitingLimit = 16 << 20

    init(cutter: SliceCutter, writer: WAVWriter, timings: TimingWriter?, progress: ProgressHandler?) {
        self.cutter = cutter
        self.writer = writer
        self.timings = timings
        self.progress = progress
        positioned = writer.temporaryPath != nil
        totalWords = max(1, cutter.remainingWords)
    }

    /// The next slice for `worker`, with its place in the file when that is already known;
    /// nil when all are handed out or the conversion failed.
    func take(worker: Int) -> (id: Int, words: Range<Int>, offset: Int?)? {
        condition.withLock {
            guard failure == nil, let (words, spoken) = cutter.next() else { return nil }
            let id = slices.count
            slices.append(Slice(words: words, spoken: spoken, worker: worker))
            guard positioned, id == placed else { return (id, words, nil) }
            slices[id].offsetSent = true
            return (id, words, nextOffset)
        }
    }

    /// Records a finished slice; returns the places that became known, for their workers.
    func finish(_ id: Int, samples: Int, silenced: Int, timeline: [TimelineRecord]) throws -> [(worker: Int, id: Int, offset: Int)] {
        try condition.withLock {
            guard slices.indices.contains(id), slices[id].samples == nil else {
                throw ConversionFailure(message: "a synthesis worker reported a slice it was not given")
            }
            slices[id].samples = samples
            slices[id].timeline = timeline
            // To a pipe the audio came before this message: the worker owes nothing more. (A
            // worker finishing while its slice waits for an earlier one must not wait for a
            // "written" that only workers writing into the file send.)
            if !positioned { slices[id].written = true }
            self.silenced += silenced
            spokenWords += slices[id].spoken
            progress?(min(1, Double(spokenWords) / Double(totalWords)))
            return try place()
        }
    }

    /// Where the first slice not placed yet starts in the file.
    private var nextOffset: Int { writer.dataEnd + placedSamples * 2 }

    /// Advances over the finished slices at the front: their timelines go to the timing file,
    /// and the next slice learns where it goes.
    private func place() throws -> [(worker: Int, id: Int, offset: Int)] {
        var placements: [(worker: Int, id: Int, offset: Int)] = []
        while placed < slices.count {
            if positioned, !slices[placed].offsetSent {
                slices[placed].offsetSent = true
                placements.append((slices[placed].worker, placed, nextOffset))
            }
            guard let samples = slices[placed].samples, let timeline = slices[placed].timeline else { break }
            try timings?.append(records: timeline, offset: placedSamples)
            words += timeline.count
            slices[placed].timeline = nil
            placedSamples += samples
            placed += 1
            // To a pipe, the next slice's turn has come: what it sent so far goes out now.
            if !positioned, placed < slices.count {
                for samples in slices[placed].waiting { try write(samples) }
                waitingSamples -= slices[placed].waiting.reduce(0) { $0 + $1.count }
                slices[placed].waiting = []
                condition.broadcast()
            }
        }
        return placements
    }

    /// To a pipe: audio of slice `id`, written now when it is the slice being written, else
    /// kept until its turn (waiting while too much is kept).
    func stream(_ samples: [Int16], of id: Int) throws {
        try condition.withLock {
            guard slices.indices.contains(id) else { throw ConversionFailure(message: "a synthesis worker sent audio for no slice") }
            while id != placed, waitingSamples > Self.waitingLimit, failure == nil { condition.wait() }
            if let failure { throw failure }
            if id == placed {
                try write(samples)
            } else {
                slices[id].waiting.append(samples)
                waitingSamples += samples.count
            }
        }
    }

    private func write(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { buffer throws(AudioOutputError) in try writer.write(buffer) }
    }

    /// Every sample of slice `id` is in the file.
    func written(_ id: Int) {
        condition.withLock {
            if slices.indices.contains(id) { slices[id].written = true }
        }
    }

    /// The words of a slice of `worker` whose audio is not in the file yet, if any.
    func unwritten(worker: Int) -> Range<Int>? {
        condition.withLock {
            guard failure == nil else { return nil }
            return slices.first { $0.worker == worker && !$0.written }?.words
        }
    }

    /// Records the first failure; true when it was the first.
    @discardableResult
    func fail(_ error: any Error) -> Bool {
        condition.withLock {
            defer { condition.broadcast() }
            guard failure == nil else { return false }
            failure = error
            return true
        }
    }

    /// What was converted, once every worker is done; throws the first failure.
    func outcome() throws -> ParallelConversion.Outcome {
        try condition.withLock {
            if let failure { throw failure }
            guard placed == slices.count, slices.allSatisfy(\.written) else {
                throw ConversionFailure(message: "a synthesis worker stopped before its audio was written")
            }
            if positioned { try writer.countSamplesWrittenElsewhere(placedSamples) }
            return ParallelConversion.Outcome(samples: placedSamples, words: words, silenced: silenced)
        }
    }
}
