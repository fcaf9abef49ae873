import ArgumentParser
import Foundation
import SpeakKit

/// `speak convert --verify DIR`: every output recorded in DIR is the file that was written
/// (size and hash), and its input, where it is still there, is the one converted.
struct OutputVerification {
    let directory: String
    let speak: Speak
    let json: Bool

    struct Report: Codable {
        var verified: Int
        var problems: [String]
    }

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw ConvertUsageError(message: "'\(directory)' is not a directory of converted files", exitStatus: .noInput)
        }
        let (records, unreadable) = OutputRecord.all(in: directory)
        var problems = unreadable.map { "\($0): the record cannot be read" }
        var recorded = Set<String>()
        for (name, record) in records.sorted(by: { $0.key < $1.key }) {
            recorded.formUnion(record.files.map { $0.path.split(separator: "/").first.map(String.init) ?? $0.path })
            problems += record.problems(in: directory).map { "\($0) (\(name))" }
            // A library id or a file still there: is it what was converted?
            let input = InputReference(argument: record.input)
            if case .file(let path) = input, !FileManager.default.fileExists(atPath: path) { continue }
            if let hash = try? speak.contentHash(of: input), hash != record.inputHash {
                problems.append("'\(record.input)' has changed since it was converted to \(record.files.first?.path ?? "?"); convert it again")
            }
        }
        let audio = ["wav", "opus", "ogg", "mp3"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") && audio.contains((name as NSString).pathExtension.lowercased()) && !recorded.contains(name) {
            problems.append("\(name) has no record of how it was made (not written by a shard or a worker)")
        }
        let verified = records.count - Set(problems.compactMap { $0.split(separator: "(").last }).count
        if json {
            try printJSON(Report(verified: max(0, verified), problems: problems))
        } else {
            for problem in problems { Terminal.error(problem) }
            Terminal.note("\(records.count) output\(records.count == 1 ? "" : "s") recorded in \(directory): "
                          + (problems.isEmpty ? "all verified" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")"))
        }
        if !problems.isEmpty { throw ExitCode(ExitStatus.dataError.rawValue) }
    }
}
