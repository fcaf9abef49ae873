import Foundation

/// One parser driven by arbitrary bytes: what `make fuzz` runs under libFuzzer and what the
/// regression tests replay. A harness never fails on bad input; only a crash, a leak, a
/// sanitizer report or a hang is a finding.
public struct FuzzHarness: Sendable {
    /// The name `make fuzz` and `SPEAK_FUZZ` use.
    public let name: String
    /// What it reads, for `speak-fuzz --list`.
    public let summary: String
    /// The largest input worth trying (libFuzzer's `-max_len`).
    public let maximumLength: Int
    let body: @Sendable (Data) -> Void
    let setUp: @Sendable () -> String?
    let makeSeeds: @Sendable () -> [Data]

    init(_ name: String, _ summary: String, maximumLength: Int = 16 << 10, setUp: @escaping @Sendable () -> String? = { nil },
         seeds: @escaping @Sendable () -> [Data] = { [] }, _ body: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.summary = summary
        self.maximumLength = maximumLength
        self.setUp = setUp
        self.makeSeeds = seeds
        self.body = body
    }

    /// Inputs to start from that no file on disk has: messages the real encoders write, settings
    /// files as documented. Files of the format itself come from the eval sets and test fixtures.
    public var seeds: [Data] { makeSeeds() }

    /// Why the harness cannot run here (a library, model or server it needs did not start), or nil.
    public var unavailable: String? { setUp() }

    /// Feeds `data` to the parser.
    public func run(_ data: Data) {
        body(data)
    }
}

/// Every harness. The parsers' insides are reached with `@testable import`, which only a
/// debug build allows, or the optimized build `make fuzz` makes with `-enable-testing
/// -DSPEAK_FUZZ`: an ordinary release build of this module has no harnesses (nothing uses it there).
public enum FuzzHarnesses {
    public static var all: [FuzzHarness] {
        #if DEBUG || SPEAK_FUZZ
        DocumentHarnesses.all + [SpeechHarness.harness] + NativeHarnesses.all + WireHarnesses.all + SettingHarnesses.all
            + [ServerHarness.harness]
        #else
        []
        #endif
    }

    /// The harness called `name`, if there is one.
    public static func named(_ name: String) -> FuzzHarness? {
        all.first { $0.name == name }
    }
}

/// Where harnesses put the files their parsers insist on reading from a path: memory-backed
/// when the machine has /dev/shm, one directory per process (SPEAK_FUZZ_SCRATCH when given),
/// removed when the process exits. `scripts/fuzz` names and removes it too, because a crash
/// ends libFuzzer without running exit handlers; left behind, every run and every test run
/// kept its library in memory (862 directories, 1.6 GB, were found in /dev/shm).
enum FuzzScratch {
    static let directory: String = {
        let path: String
        if let given = ProcessInfo.processInfo.environment["SPEAK_FUZZ_SCRATCH"], !given.isEmpty {
            path = given
        } else {
            let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
            path = (base as NSString).appendingPathComponent("speak-fuzz-\(getpid())")
        }
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzScratch.directory) }
        return path
    }()

    /// Writes `data` to the scratch file `name` and returns its path.
    static func file(_ name: String, _ data: Data) -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: path, contents: data)
        return path
    }

    /// A descriptor reading `data` from its start (an unlinked file), as a helper's pipe would.
    static func descriptor(_ data: Data) -> Int32 {
        let path = file("wire", data)
        let descriptor = open(path, O_RDONLY)
        unlink(path)
        return descriptor
    }

    /// `data` cut at its first `count - 1` zero bytes.
    static func fields(_ data: Data, count: Int) -> [Data] {
        var parts = data.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map { Data($0) }
        while parts.count < count { parts.append(Data()) }
        return parts
    }
}
