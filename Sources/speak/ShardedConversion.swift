import ArgumentParser
import Foundation
import SpeakKit
import SpeakTerminal

/// `speak convert … --shard I/N`: this process's part of a batch, the same in every process
/// given the same inputs in any order, without a coordinator. Inputs whose output is already
/// written and still verifies (a shard run again after a failure) are skipped; each output
/// converted gets a record beside it (see `OutputRecord`).
struct ShardedConversion {
    let directory: String
    let settings: String
    let spec: ShardSpec
    /// This shard's inputs still to convert, in the order given.
    let remaining: [String]
    /// This shard's inputs, with their content hashes and spoken words.
    private let mine: [(input: String, hash: String, words: Int)]
    private let skipped: Int
    private let remainingHashes: [String]

    init(speak: Speak, inputs: [String], shard: String, count: Int?, directory: String, settings: String) throws {
        let spec = try ShardSpec.parse(shard, count: count, environment: ProcessInfo.processInfo.environment)
        self.spec = spec
        self.directory = directory
        self.settings = settings
        let bar = ProgressBar(label: "planning shard \(spec.index + 1)/\(spec.count)")
        var items: [ShardPlan.Item] = []
        for (n, input) in inputs.enumerated() {
            items.append(try speak.shardItem(InputReference(argument: input)))
            bar.update(Double(n + 1) / Double(inputs.count))
        }
        bar.finish()
        let parts = ShardPlan.assign(items, parts: spec.count)
        // The same content named twice is converted once, under the name that sorts first
        // (whatever the order the names were given in).
        var chosen: [String: String] = [:]
        for (input, item) in zip(inputs, items) { chosen[item.key] = min(chosen[item.key] ?? input, input) }
        var seen = Set<String>()
        let mine: [(input: String, hash: String, words: Int)] = zip(inputs, zip(items, parts)).compactMap { input, assigned in
            guard assigned.1 == spec.index, chosen[assigned.0.key] == input, seen.insert(assigned.0.key).inserted else { return nil }
            return (input, assigned.0.key, assigned.0.words)
        }
        // Done before: a record for the same content and settings whose files are as written.
        // Only this shard's records are hashed again: the other shards' outputs are theirs to check.
        let wanted = Set(mine.map(\.hash))
        let records = OutputRecord.all(in: directory).records.values.filter { wanted.contains($0.inputHash) && $0.settings == settings }
        let done = Set(records.filter { $0.problems(in: directory).isEmpty }.map(\.inputHash))
        self.mine = mine
        let left = mine.filter { !done.contains($0.hash) }
        remaining = left.map(\.input)
        remainingHashes = left.map(\.hash)
        skipped = mine.count - left.count
    }

    /// Writes the record of each input converted (`converted` in the order of `remaining`);
    /// a record that cannot be written fails the run.
    func record(_ converted: [ConversionSummary?], failure: ExitStatus?) -> ExitStatus? {
        var failure = failure
        for (n, summary) in converted.enumerated() {
            guard let summary, n < remaining.count else { continue }
            do {
                var files = try OutputRecord.describe(summary.output, in: directory)
                if let timings = summary.timings { files += try OutputRecord.describe(timings, in: directory) }
                try OutputRecord(input: remaining[n], inputHash: remainingHashes[n], settings: settings, voice: summary.voice, files: files,
                                 words: summary.words, audioSeconds: summary.audioSeconds).write(in: directory)
            } catch {
                Terminal.error("cannot record what was written for '\(remaining[n])': \(error)")
                failure = failure ?? .ioError
            }
        }
        return failure
    }

    /// One of this shard's inputs, as `--dry-run` shows it.
    struct Planned: Codable {
        var input: String
        var words: Int
        var done: Bool
    }

    /// This shard's inputs, their words, and whether each is done (`--dry-run`).
    func plan(json: Bool) throws {
        let left = Set(remainingHashes)
        let planned = mine.map { Planned(input: $0.input, words: $0.words, done: !left.contains($0.hash)) }
        if json { return try printJSON(planned) }
        for item in planned { print("\(item.input)\t\(item.words) words\(item.done ? "\tdone" : "")") }
        Terminal.note("shard \(spec.index + 1)/\(spec.count): \(planned.count) inputs, \(planned.reduce(0) { $0 + $1.words }) words, "
                      + "\(planned.filter(\.done).count) done")
    }

    func reportSkipped() {
        let note = "shard \(spec.index + 1)/\(spec.count): \(mine.count) input\(mine.count == 1 ? "" : "s")"
        Terminal.note(skipped > 0 ? "\(note), \(skipped) already done and verified" : note)
    }
}

extension ConvertCommand {
    /// The settings that make one conversion's output differ from another's: a record made
    /// with other settings does not count as done.
    var settingsKey: String {
        var parts: [String] = []
        for (name, value) in [("format", format?.lowercased()), ("bitrate", bitrate.map(String.init)), ("split", split), ("cover", cover),
                              ("title", title), ("author", author), ("timings", timings), ("voice", voice), ("in", language),
                              ("speed", speed.map { String($0) }), ("wpm", wpm.map(String.init)), ("from-word", fromWord == 0 ? nil : String(fromWord))] {
            if let value { parts.append("\(name)=\(value)") }
        }
        if readAll { parts.append("read-all") }
        if wordCues { parts.append("word-cues") }
        parts += speech.skip.map { "skip=\($0)" } + speech.read.map { "read=\($0)" }
        if speech.asWritten { parts.append("as-written") }
        return parts.joined(separator: " ")
    }
}
