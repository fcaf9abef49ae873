import Foundation
import Testing

/// `speak convert --shard` (issue 29): static parts of a batch for Kubernetes and Slurm, the
/// same whatever order the inputs are listed in, balanced by spoken words; outputs recorded,
/// skipped when done and verified, and checked by `--verify`.
@Suite struct CLIShardTests {
    /// Documents of 12 to 300 words, two of them the same text under another name.
    private func inputs(_ cli: CLI) throws -> [String] {
        let sizes = [12, 300, 45, 180, 95, 23, 140, 60, 210, 33, 120]
        var paths = sizes.enumerated().map { n, words in
            cli.file("in/doc\(n).txt", "Document \(n)\n\n" + (0..<words).map { "word" + String(repeating: "a", count: $0 % 7 + 1) }
                .joined(separator: " ") + ".\n")
        }
        paths.append(cli.file("in/copy-of-doc3.txt", try String(contentsOfFile: paths[3], encoding: .utf8)))
        return paths
    }

    private func plan(_ cli: CLI, _ inputs: [String], shard: String, environment: [String: String] = [:], count: Int? = nil) throws -> [(String, Int)] {
        let result = try cli.run(["convert"] + inputs + ["-o", "out/", "--shard", shard, "--dry-run", "--json"]
                                 + (count.map { ["--shard-count", String($0)] } ?? []), environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { (URL(fileURLWithPath: $0["input"] as? String ?? "").lastPathComponent, $0["words"] as? Int ?? -1) }
    }

    @Test func shardsCoverTheInputsOnceBalancedByWordsInAnyOrder() throws {
        let cli = CLI()
        let paths = try inputs(cli)
        let reordered = paths.reversed() + []
        let words = try Dictionary(uniqueKeysWithValues: plan(cli, paths, shard: "1/1").map { ($0.0, $0.1) })
        // The same text under two names is one input: converted once.
        #expect(words.count == paths.count - 1, "\(words)")
        let largest = try #require(words.values.max())
        for count in 1...5 {
            var union: [String] = []
            var loads: [Int] = []
            for index in 1...count {
                let part = try plan(cli, paths, shard: "\(index)/\(count)")
                let again = try plan(cli, reordered, shard: "\(index)/\(count)")
                #expect(Set(part.map(\.0)) == Set(again.map(\.0)),
                        "shard \(index)/\(count) depends on the order: \(part) vs \(again)")
                union += part.map(\.0)
                loads.append(part.reduce(0) { $0 + $1.1 })
            }
            #expect(union.count == words.count && Set(union) == Set(words.keys), "N=\(count): \(union.sorted())")
            #expect((loads.max() ?? 0) - (loads.min() ?? 0) <= largest, "N=\(count): loads \(loads), largest \(largest)")
        }
    }

    @Test func theSchedulersEnvironmentNamesTheShard() throws {
        let cli = CLI()
        let paths = Array(try inputs(cli).prefix(6))
        let second = try plan(cli, paths, shard: "2/3").map(\.0)
        #expect(try plan(cli, paths, shard: "auto", environment: ["JOB_COMPLETION_INDEX": "1"], count: 3).map(\.0) == second)
        let third = try plan(cli, paths, shard: "3/3").map(\.0)
        #expect(try plan(cli, paths, shard: "auto", environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3"]).map(\.0) == third)
        // An array numbered from 1 (--array=1-3).
        #expect(try plan(cli, paths, shard: "auto", environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1",
                                                                  "SLURM_ARRAY_TASK_COUNT": "3"]).map(\.0) == second)
        for (arguments, environment, message) in [
            (["--shard", "auto"], [String: String](), "--shard auto needs JOB_COMPLETION_INDEX"),
            (["--shard", "auto"], ["JOB_COMPLETION_INDEX": "0"], "give --shard-count"),
            (["--shard", "0/3"], [:], "shard 0 is not one of 1 to 3"),
            (["--shard", "4/3"], [:], "shard 4 is not one of 1 to 3"),
            (["--shard", "two"], [:], "--shard takes I/N"),
        ] {
            let result = try cli.run(["convert"] + paths + ["-o", "out/"] + arguments, environment: environment)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments) \(environment): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    @Test func aShardRunAgainSkipsWhatIsDoneAndVerified() throws {
        let cli = CLI()
        let paths = Array(try inputs(cli).prefix(4))
        let out = cli.work.appendingPathComponent("out").path
        for index in 1...2 {
            let result = try cli.run(["convert"] + paths + ["-o", "out/", "--shard", "\(index)/2", "--jobs", "1"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names.filter { $0.hasSuffix(".wav") && !$0.hasPrefix(".") }.count == 4, "\(names)")
        #expect(names.filter { $0.hasSuffix(".speak.json") }.count == 4, "\(names)")
        #expect(!names.contains { $0.contains(".partial-") }, "\(names)")
        // Each record says what was read, how, by which voice, and what was written.
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent(".Document 0.wav.speak.json"))) as? [String: Any]
        #expect(record?["voice"] as? String == "en-us" && (record?["inputHash"] as? String)?.hasPrefix("sha256:") == true, "\(record ?? [:])")
        #expect((record?["files"] as? [[String: Any]])?.first?["path"] as? String == "Document 0.wav", "\(record ?? [:])")
        let verified = try cli.run(["convert", "--verify", "out"])
        #expect(verified.status == 0 && verified.stderr.contains("4 outputs recorded in out: all verified"), "\(verified.stderr)")

        // Run again: nothing converted, nothing touched.
        let wav = (out as NSString).appendingPathComponent("Document 0.wav")
        let written = try FileManager.default.attributesOfItem(atPath: wav)[.modificationDate] as? Date
        let again = try cli.run(["convert"] + paths + ["-o", "out/", "--shard", "1/2"])
        #expect(again.status == 0 && again.stderr.contains("already done and verified") && !again.stderr.contains("wrote"), "\(again.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: wav)[.modificationDate] as? Date == written)

        // A damaged output fails the check, naming it, and the next run of its shard makes it again.
        let handle = try #require(FileHandle(forWritingAtPath: wav))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([1, 2, 3]))
        try handle.close()
        let damaged = try cli.run(["convert", "--verify", "out"])
        #expect(damaged.status == 65 && damaged.stderr.contains("Document 0.wav has"), "\(damaged.stderr)")
        for index in 1...2 { #expect(try cli.run(["convert"] + paths + ["-o", "out/", "--shard", "\(index)/2"]).status == 0) }
        #expect(try cli.run(["convert", "--verify", "out"]).status == 0)

        // An input changed since is named; an audio file without a record too.
        try Data("Document 1\n\nSomething else entirely.\n".utf8).write(to: URL(fileURLWithPath: paths[1]))
        cli.file("out/stray.wav", Data("RIFF".utf8))
        let changed = try cli.run(["convert", "--verify", "out"])
        #expect(changed.status == 65 && changed.stderr.contains("doc1.txt' has changed since") && changed.stderr.contains("stray.wav has no record"),
                "\(changed.stderr)")
        #expect(try cli.run(["convert", "--verify", "nowhere"]).status == 66)
    }
}
