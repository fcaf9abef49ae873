import Foundation
import SpeakModel

/// Which of N parts of a batch this process converts: `I/N` (1-based, as people count), or
/// read from the scheduler that started it.
public struct ShardSpec: Sendable, Equatable {
    /// 0-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `--shard I/N`, or `--shard auto`: a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`
    /// (0-based) with `count` (`--shard-count`), or a Slurm array's `SLURM_ARRAY_TASK_ID`
    /// less `SLURM_ARRAY_TASK_MIN` out of `SLURM_ARRAY_TASK_COUNT`.
    public static func parse(_ argument: String, count: Int?, environment: [String: String]) throws(ShardError) -> ShardSpec {
        if argument == "auto" {
            if let value = environment["JOB_COMPLETION_INDEX"] {
                guard let index = Int(value), index >= 0 else { throw ShardError("JOB_COMPLETION_INDEX is '\(value)', not a number") }
                guard let count else {
                    throw ShardError("a Kubernetes Indexed Job sets only the index: give --shard-count (the Job's completions)")
                }
                return try checked(index, count)
            }
            if let value = environment["SLURM_ARRAY_TASK_ID"] {
                guard let id = Int(value) else { throw ShardError("SLURM_ARRAY_TASK_ID is '\(value)', not a number") }
                let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
                guard let total = count ?? environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) else {
                    throw ShardError("SLURM_ARRAY_TASK_COUNT is not set: give --shard-count")
                }
                return try checked(id - minimum, total)
            }
            throw ShardError("--shard auto needs JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm); "
                             + "outside a scheduler give --shard I/N")
        }
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else {
            throw ShardError("--shard takes I/N (such as 2/5) or auto, not '\(argument)'")
        }
        if let count, count != total { throw ShardError("--shard \(argument) and --shard-count \(count) disagree") }
        return try checked(index - 1, total)
    }

    private static func checked(_ index: Int, _ count: Int) throws(ShardError) -> ShardSpec {
        guard count >= 1 else { throw ShardError("the number of shards must be at least 1, not \(count)") }
        guard (0..<count).contains(index) else { throw ShardError("shard \(index + 1) is not one of 1 to \(count)") }
        return ShardSpec(index: index, count: count)
    }
}

/// A shard that cannot be worked out.
public struct ShardError: UserFacingError {
    public var message: String
    public var exitStatus: ExitStatus { .usage }
    public init(_ message: String) { self.message = message }
}

/// Splits a batch into parts of about equal spoken words, the same way in every process that
/// is given the same inputs in any order: the largest documents first, each to the part with
/// the fewest words so far (ties: the lower part). Any two parts then differ by at most the
/// largest document.
public enum ShardPlan {
    /// One input: `key` identifies it whatever its path (its content hash), `words` weighs it.
    public struct Item: Sendable, Equatable {
        public var key: String
        public var words: Int
        public init(key: String, words: Int) {
            self.key = key
            self.words = words
        }
    }

    /// The part (0-based) of each item, in the order given. Items with the same key are one
    /// document named twice: they go to the same part.
    public static func assign(_ items: [Item], parts: Int) -> [Int] {
        let count = max(1, parts)
        var unique: [String: Int] = [:]
        for item in items { unique[item.key] = max(unique[item.key] ?? 0, item.words) }
        let order = unique.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var load = [Int](repeating: 0, count: count)
        var part: [String: Int] = [:]
        for (key, words) in order {
            let lightest = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 } ?? 0
            part[key] = lightest
            load[lightest] += words
        }
        return items.map { part[$0.key] ?? 0 }
    }
}
