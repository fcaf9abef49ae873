import Foundation

/// What a worker takes from a claimed row. The queue's database is shared by every machine
/// that can reach it, so a row is checked before it becomes a command line: absolute paths
/// and a hash without control characters, and only the settings `speak queue add` writes —
/// a row that asks for anything else (another output, `--force` elsewhere, a shard) fails.
enum ClaimedRow {
    /// The `speak convert` options a job may carry, with a value.
    static let valuedOptions: Set<String> = ["--format", "--bitrate", "--voice", "--speed", "--wpm", "--timings", "--split"]
    /// And without one.
    static let flags: Set<String> = ["--read-all"]

    /// The job, or why the row cannot be one. `columns` are input, input hash, output
    /// directory and arguments (a JSON array of strings), as the claim returns them.
    static func job(id: Int64, attempt: Int, columns: [String?]) -> Result<QueueJob, QueueRowProblem> {
        guard columns.count >= 4 else { return .failure(QueueRowProblem("the row has \(columns.count) columns, not 4")) }
        let input = columns[0] ?? "", hash = columns[1] ?? "", output = columns[2] ?? ""
        if let problem = pathProblem(input, "input") ?? pathProblem(output, "output directory") {
            return .failure(QueueRowProblem(problem))
        }
        guard !hash.isEmpty, hash.utf8.count <= 256, !hasControlCharacter(hash) else {
            return .failure(QueueRowProblem("its input hash is not one"))
        }
        guard let arguments = try? JSONDecoder().decode([String].self, from: Data((columns[3] ?? "[]").utf8)) else {
            return .failure(QueueRowProblem("its settings are not a list of options"))
        }
        var index = 0
        while index < arguments.count {
            let option = arguments[index]
            if flags.contains(option) {
                index += 1
            } else if valuedOptions.contains(option) {
                guard index + 1 < arguments.count else { return .failure(QueueRowProblem("'\(option)' has no value")) }
                let value = arguments[index + 1]
                guard !value.isEmpty, value.utf8.count <= 256, !value.hasPrefix("-"), !hasControlCharacter(value) else {
                    return .failure(QueueRowProblem("'\(option)' has a value a job cannot have"))
                }
                index += 2
            } else {
                return .failure(QueueRowProblem("'\(printable(option))' is not a setting a job can carry"))
            }
        }
        return .success(QueueJob(id: id, input: input, inputHash: hash, outputDirectory: output, arguments: arguments, attempt: attempt))
    }

    private static func pathProblem(_ path: String, _ what: String) -> String? {
        guard path.hasPrefix("/"), path.utf8.count <= 4096, !hasControlCharacter(path) else {
            return "its \(what) is not an absolute path"
        }
        return nil
    }

    private static func hasControlCharacter(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7f }
    }

    private static func printable(_ text: String) -> String {
        String(String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) }).prefix(40))
    }
}

/// Why a claimed row cannot be run.
struct QueueRowProblem: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
