import Foundation
import SpeakBatch
import SpeakQueue

/// Moves what a job's `speak convert` wrote in its private folder into the output directory,
/// with the record of how it was made (see `OutputRecord`).
struct JobPublisher {
    let job: QueueJob
    let folder: String

    /// What `speak convert --json` prints (the fields used here).
    private struct Summary: Decodable {
        var output: String
        var voice: String?
        var words: Int
        var audioSeconds: Double
    }

    func publish() throws -> JobOutput {
        let data = FileManager.default.contents(atPath: folder + "/.stdout") ?? Data()
        guard let summary = try JSONDecoder().decode([Summary].self, from: data).first else {
            throw WorkerError("speak convert wrote no summary")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        guard !names.isEmpty else { throw WorkerError("speak convert wrote no file") }
        let directory = job.outputDirectory
        for name in names {
            let target = (directory as NSString).appendingPathComponent(name)
            // The queue says this job is not done: what is there is an earlier attempt's or stale.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), isFolder.boolValue {
                try FileManager.default.removeItem(atPath: target)
            }
            guard rename((folder as NSString).appendingPathComponent(name), target) == 0 else {
                throw WorkerError("cannot move \(name) into \(directory): \(String(cString: strerror(errno)))")
            }
        }
        // The audio first: the record is named after it, and its hash is the job's.
        let audio = (summary.output as NSString).lastPathComponent
        let ordered = names.sorted { ($0 == audio ? 0 : 1, $0) < ($1 == audio ? 0 : 1, $1) }
        let files = try ordered.flatMap { try OutputRecord.describe((directory as NSString).appendingPathComponent($0), in: directory) }
        let record = OutputRecord(input: job.input, inputHash: job.inputHash, settings: job.arguments.joined(separator: " "),
                                  voice: summary.voice ?? "", files: files, words: summary.words, audioSeconds: summary.audioSeconds)
        try record.write(in: directory)
        return JobOutput(name: files.first?.path ?? audio, hash: files.first?.sha256 ?? "", audioSeconds: summary.audioSeconds)
    }
}
