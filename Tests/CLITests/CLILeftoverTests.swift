import Foundation
import Testing

/// What a killed `speak play -o FILE` or `speak convert --no-cache` left behind is removed by
/// the next run that writes there (found by scripts/soak, which kills them at random).
@Suite struct CLILeftoverTests {
    /// A process id that belonged to a process that has ended.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func playIntoAFileRemovesWhatAKilledPlaybackLeft() throws {
        let cli = CLI()
        let text = cli.file("note.txt", "The tide turned at the harbour wall, and the boats came home.\n")
        let dead = try Self.deadProcessID()
        let abandoned = cli.file(".out.wav.partial-\(dead)", Data("half a file".utf8))
        let living = cli.file(".out.wav.partial-\(getpid())", Data("another writer's".utf8))
        let result = try cli.run(["play", text, "-o", cli.work.appendingPathComponent("out.wav").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: living), "a running process's file is its own")
    }

    /// Every file a conversion writes — the Opus or MP3 file and its timing file too, not
    /// only WAV — clears what a killed writer of the same file left (the soak's hour found
    /// ".a.opus.partial-PID" and ".a.vtt.partial-PID" files that stayed for ever).
    @Test func everyOutputRemovesWhatAKilledWriterOfItLeft() throws {
        let cli = CLI()
        let text = cli.file("note.txt", "The tide turned at the harbour wall, and the boats came home.\n")
        let dead = try Self.deadProcessID()
        let left = ["a.opus", "a.vtt", "b.mp3", "b.json"].map { cli.file(".\($0).partial-\(dead)", Data("half a file".utf8)) }
        for (audio, timings) in [("a.opus", "a.vtt"), ("b.mp3", "b.json")] {
            let result = try cli.run(["convert", text, "-o", cli.work.appendingPathComponent(audio).path,
                                      "--timings", cli.work.appendingPathComponent(timings).path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for path in left { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test func convertWithoutCacheRemovesKilledConversionsSegments() throws {
        let cli = CLI()
        let text = cli.file("note.txt", "The tide turned at the harbour wall, and the boats came home.\n")
        let temporary = cli.work.appendingPathComponent("tmp")
        let dead = try Self.deadProcessID()
        let abandoned = temporary.appendingPathComponent("speak-segments-\(dead)")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)
        try Data("segment".utf8).write(to: abandoned.appendingPathComponent("a.seg"))
        let result = try cli.run(["convert", text, "-o", cli.work.appendingPathComponent("out.opus").path, "--no-cache"],
                                 environment: ["TMPDIR": temporary.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect((try FileManager.default.contentsOfDirectory(atPath: temporary.path)).filter { $0.hasPrefix("speak-segments-") }.isEmpty)
    }
}

/// A segment worker says why it failed with the exit status of the reason, so a document put
/// in the trash during an Opus conversion ends it with 66, as it does a WAV conversion (the
/// soak saw 70, "internal error").
@Suite struct CLISegmentWorkerTests {
    @Test func aWorkerReportsTheStatusOfItsFailure() throws {
        let cli = CLI()
        let text = cli.file("note.txt", "The tide turned at the harbour wall, and the boats came home.\n")
        #expect(try cli.run(["import", text]).status == 0)
        #expect(try cli.run(["rm", "1"]).status == 0)
        let request = "0\t5\t\(cli.work.appendingPathComponent("a.seg").path)\n"
        let reply = try cli.run(["__segments", "1", "--voice", "en-us", "--wpm", "175", "--format", "opus", "--bitrate", "24",
                                 "--parent", String(getpid())], stdin: Data(request.utf8))
        #expect(reply.stdout.hasPrefix("error\t66\t"), "\(reply.stdout)")
        #expect(reply.stdout.contains("trash"), "\(reply.stdout)")
    }
}
