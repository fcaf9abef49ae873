import Foundation

/// Runs the built `speak` binary against a temporary library.
final class CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `$SPEAK_BIN`, or the debug build next to this package.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["SPEAK_BIN"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/speak").path
    }()

    let home: URL
    let work: URL

    init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("speak-cli-\(UUID().uuidString)")
        home = base.appendingPathComponent("home")
        work = base.appendingPathComponent("work")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // eSpeak's voice, named: an installed neural voice would otherwise read every test's
        // audio (tests of the neural default remove this file).
        file("config/speak/config.toml", "voice = \"en-us\"\n")
    }

    deinit {
        try? FileManager.default.removeItem(at: home.deletingLastPathComponent())
    }

    var libraryFile: URL { home.appendingPathComponent("library.sqlite") }

    /// Writes a file in the work directory and returns its path.
    @discardableResult
    func file(_ name: String, _ data: Data) -> String {
        let url = work.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url)
        return url.path
    }

    @discardableResult
    func file(_ name: String, _ text: String) -> String { file(name, Data(text.utf8)) }

    /// Runs `speak`; with `discardOutput` its standard output goes to /dev/null (gigabytes of WAV).
    func run(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:],
             discardOutput: Bool = false, executable: String = CLI.binary) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SPEAK_HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = work.appendingPathComponent("config").path
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.currentDirectoryURL = work
        let out = work.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = work.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = discardOutput ? FileHandle.nullDevice : outHandle
        process.standardError = errHandle
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// Runs a Python script of the fixtures (one that writes a test document); throws when it fails.
    func python(_ script: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ScriptFailed(script: script.lastPathComponent, arguments: arguments) }
    }

    /// Runs a Python script (a scorer) and returns what it printed; throws when it fails.
    func pythonOutput(_ script: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ScriptFailed(script: script.lastPathComponent, arguments: arguments) }
        return output
    }

    struct ScriptFailed: Error {
        var script: String
        var arguments: [String]
    }

    /// A `speak` process with output discarded, ready to `run()` in the background.
    /// Starts `speak play … --print-words` in the background and waits for the first word
    /// heard ("time<TAB>index<TAB>word" and what came with it); the process is still running.
    func firstWordHeard(_ arguments: [String]) throws -> (process: Process, heard: String) {
        let process = background(arguments)
        let words = Pipe()
        process.standardOutput = words
        try process.run()
        var heard = Data()
        while !heard.contains(UInt8(ascii: "\n")), process.isRunning {
            let chunk = words.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            heard += chunk
        }
        return (process, String(decoding: heard, as: UTF8.self))
    }

    /// How many times longer to wait for a child than normally: the instrumented binaries of
    /// make test-asan and make test-tsan run several times slower. Only waits and deadlines
    /// use it; no test checks how long anything took.
    static let patience: Double = ["address": 3, "thread": 8][sanitizer ?? ""] ?? 1

    /// The sanitizer this run's `speak` is built with ("address", "thread"), as `make
    /// test-asan` and `make test-tsan` say; nil for a plain build.
    static let sanitizer = ProcessInfo.processInfo.environment["SPEAK_TEST_SANITIZER"]

    /// A child's whole environment, plus the sanitizers' options of this run (make test-asan,
    /// make test-tsan), which an instrumented child would otherwise run without.
    static func bare(_ environment: [String: String]) -> [String: String] {
        environment.merging(ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }) { own, _ in own }
    }

    /// `speak arguments` ready to run, its output discarded; its errors go to the file
    /// `errors` in the work directory when given (to say why it failed).
    func background(_ arguments: [String], errors: String? = nil) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = CLI.bare(["SPEAK_HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": work.appendingPathComponent("config").path])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors.flatMap { try? FileHandle(forWritingTo: URL(fileURLWithPath: file($0, ""))) } ?? FileHandle.nullDevice
        return process
    }

    /// Scores `speak text --all` on one of ../shared/eval's sets: every file in `set/inputs`,
    /// then the set's own Python scorer against `set/truth`. Returns how many inputs there were
    /// and the scorer's report.
    /// Inputs for which `heard(name)` is true are scored on what is read aloud, the others on
    /// everything (`--all`).
    func evaluate(_ set: URL, inputs: String, arguments: [String] = [], truth: URL? = nil, environment: [String: String] = [:],
                  heard: (String) -> Bool = { _ in false }) throws -> (count: Int, report: String) {
        let output = work.appendingPathComponent("eval-\(set.lastPathComponent)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let files = try FileManager.default.contentsOfDirectory(at: set.appendingPathComponent(inputs), includingPropertiesForKeys: nil)
        for file in files {
            let text = try run(["text"] + (heard(file.lastPathComponent) ? [] : ["--all"]) + [file.path], environment: environment).stdout
            try text.write(to: output.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".txt"),
                           atomically: true, encoding: .utf8)
        }
        let scorer = Process()
        scorer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        scorer.arguments = ["python3", set.appendingPathComponent("score.py").path, output.path,
                            "--truth", (truth ?? set.appendingPathComponent("truth")).path] + arguments
        let pipe = Pipe()
        scorer.standardOutput = pipe
        try scorer.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        scorer.waitUntilExit()
        return (files.count, report)
    }

    /// Every document of `speak ls -R --json`, depth first, folders before documents.
    func list() throws -> [[String: Any]] {
        let result = try run(["ls", "-R", "--json"])
        guard result.status == 0,
              let tree = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else { return [] }
        return Self.documents(in: tree)
    }

    /// `speak ARGS --json` decoded as an object.
    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(arguments + ["--json"])
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    static func documents(in folder: [String: Any]) -> [[String: Any]] {
        let below = (folder["folders"] as? [[String: Any]] ?? []).flatMap(documents(in:))
        return below + (folder["documents"] as? [[String: Any]] ?? [])
    }
}
