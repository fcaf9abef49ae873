import Foundation
import Testing

/// The scheduler files of deploy/ (issue 29), run as their schedulers would run them: every
/// index of the Kubernetes Indexed Job's command with JOB_COMPLETION_INDEX set, every task of
/// the Slurm array script with SLURM_ARRAY_* set. Together they convert every input once.
@Suite struct CLIDeployTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func inputs(_ cli: CLI, count: Int) -> [String] {
        (0..<count).map { n in
            cli.file("data/inputs/note-\(n).txt", "Note \(n)\n\n" + String(repeating: "The tide turned at the harbour wall. ", count: 3 + n * 2) + "\n")
        }
    }

    /// Runs `command` in a shell with `speak` first on the PATH.
    private func shell(_ cli: CLI, _ command: String, _ arguments: [String] = [], environment: [String: String]) throws -> CLI.Result {
        let bin = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
        var environment = environment
        environment["PATH"] = bin + ":/usr/bin:/bin"
        environment["SPEAK_BIN"] = CLI.binary
        return try cli.run(["-c", command, "sh"] + arguments, environment: environment, executable: "/bin/sh")
    }

    @Test func everyIndexOfTheKubernetesJobConvertsItsShard() throws {
        let yaml = try String(contentsOf: Self.root.appendingPathComponent("deploy/kubernetes/convert-job.yaml"), encoding: .utf8)
        let completions = try #require(yaml.firstMatch(of: /completions: (\d+)/).flatMap { Int($0.1) })
        #expect(yaml.contains("completionMode: Indexed"))
        // The container's command: the folded lines under `args: - >-`.
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- >-" })
        let command = lines[(start + 1)...].prefix { $0.hasPrefix("              ") }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(command.contains("--shard auto --shard-count \(completions)"), "\(command)")
        let cli = CLI()
        let notes = inputs(cli, count: completions + 2)
        let local = command.replacingOccurrences(of: "/data/", with: cli.work.appendingPathComponent("data").path + "/")
        for index in 0..<completions {
            let result = try shell(cli, local, environment: ["JOB_COMPLETION_INDEX": String(index)])
            #expect(result.status == 0, "index \(index): \(result.stderr)")
        }
        let audio = cli.work.appendingPathComponent("data/audio")
        let written = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".opus") }
        #expect(written.count == notes.count, "\(written)")
        #expect(try cli.run(["convert", "--verify", audio.path]).status == 0)
    }

    @Test func everyTaskOfTheSlurmArrayConvertsItsShard() throws {
        let script = Self.root.appendingPathComponent("deploy/slurm/convert.sbatch").path
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("#SBATCH --array=0-15") && text.contains("--shard auto"))
        let cli = CLI()
        let notes = inputs(cli, count: 5)
        let folder = cli.work.appendingPathComponent("data/inputs").path
        let out = cli.work.appendingPathComponent("audio").path
        for task in 1...3 {
            let result = try shell(cli, "exec bash \"$1\" \"$2\" \"$3\"", [script, folder, out],
                                   environment: ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": "1",
                                                 "SLURM_ARRAY_TASK_COUNT": "3", "SHARDS": "3"])
            #expect(result.status == 0, "task \(task): \(result.stderr)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".opus") }
        #expect(written.count == notes.count, "\(written)")
        #expect(try cli.run(["convert", "--verify", out]).status == 0)
    }
}
