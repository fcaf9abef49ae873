import ArgumentParser
import Foundation
import SpeakBatch
import SpeakQueue

/// `speak queue verify DIR` (and `speak convert --verify DIR --queue URL`): every job the
/// queue has as done in DIR has its output there, as written, from its input, exactly once.
struct QueueVerify: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify", abstract: "Check every finished job's output in a directory.")

    @Argument(help: "The output directory the jobs were queued with.") var directory: String
    @Option(help: "The queue (default: $SPEAK_QUEUE).") var queue: String?
    @Flag(help: "Print the result as JSON.") var json = false

    struct Report: Codable {
        var verified: Int
        var problems: [String]
    }

    func run() throws {
        try reportingErrors {
            let path = URL(fileURLWithPath: directory).standardizedFileURL.path
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &folder), folder.boolValue else {
                throw QueueError("'\(directory)' is not a directory of converted files", exitStatus: .noInput)
            }
            let jobs = try JobQueue(url: try queueURL(queue)).finished(in: path)
            let (records, unreadable) = OutputRecord.all(in: path)
            var problems = unreadable.map { "\($0): the record cannot be read" }
            var verified = 0
            var claimed = Set<String>()
            for job in jobs {
                let name = (OutputRecord.path(for: job.output, in: path) as NSString).lastPathComponent
                claimed.insert(name)
                guard let record = records[name] else {
                    problems.append("job \(job.id) (\(job.input)): \(job.output) has no record beside it")
                    continue
                }
                var found = record.problems(in: path)
                if record.inputHash != job.inputHash { found.append("\(job.output) was made from another input than job \(job.id)'s") }
                if record.files.first?.sha256 != job.outputHash { found.append("\(job.output) is not the file job \(job.id) wrote") }
                if record.settings != job.settings { found.append("\(job.output) was made with other settings than job \(job.id)'s") }
                problems += found.map { "job \(job.id): \($0)" }
                if found.isEmpty { verified += 1 }
            }
            for (output, owners) in Dictionary(grouping: jobs, by: \.output) where owners.count > 1 {
                problems.append("\(output) is the output of several jobs: \(owners.map { String($0.id) }.joined(separator: ", "))")
            }
            for name in records.keys.sorted() where !claimed.contains(name) {
                problems.append("\(name): no finished job of the queue wrote it")
            }
            if json {
                try printJSON(Report(verified: verified, problems: problems))
            } else {
                for problem in problems { say("speak: \(problem)") }
                say("\(jobs.count) job\(jobs.count == 1 ? "" : "s") done in \(directory): "
                    + (problems.isEmpty ? "all verified" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")"))
            }
            if !problems.isEmpty { throw ExitCode(65) }
        }
    }
}
