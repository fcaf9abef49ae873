import Foundation
import Testing

/// Writing audio to a device, a FIFO or /dev/stdout is not replacing a file (issue 30's
/// defect): no --force asked, nothing renamed over the device, no partial file beside it.
@Suite struct CLIDeviceOutputTests {
    @Test func devicesAndPipesAreWrittenIntoWithoutForce() throws {
        let cli = CLI()
        let text = cli.file("note.txt", "The tide turned at the harbour wall, and the boats came home.\n")
        let before = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        for arguments in [["convert", text, "-o", "/dev/null"], ["play", text, "-o", "/dev/null"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let after = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(after[.type] as? FileAttributeType == .typeCharacterSpecial && after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: "/dev")).contains { $0.contains(".partial-") })

        // A FIFO gets the stream, with the open-ended header of a pipe.
        let fifo = cli.work.appendingPathComponent("audio.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        // Into a file: a pipe nobody reads until the end would fill and stop the writer.
        let received = cli.file("received.wav", Data())
        reader.standardOutput = FileHandle(forWritingAtPath: received)
        try reader.run()
        let converted = try cli.run(["convert", text, "-o", fifo])
        // Had the conversion not opened the FIFO, the reader would wait for ever: give it an end.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
        reader.waitUntilExit()
        let audio = try Data(contentsOf: URL(fileURLWithPath: received))
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(audio.prefix(4) == Data("RIFF".utf8) && audio.count > 44 + 22050, "\(audio.count) bytes")

        // /dev/stdout is standard output.
        let piped = try cli.run(["convert", text, "-o", "/dev/stdout"])
        #expect(piped.status == 0 && piped.stdout.utf8.starts(with: Array("RIFF".utf8)))

        // Formats that must be written as files say so; a regular file still asks for --force.
        let opus = try cli.run(["convert", text, "-o", "/dev/null", "--format", "opus"])
        #expect(opus.status == 73 && opus.stderr.contains("only WAV can be written to one"), "\(opus.stderr)")
        let file = cli.file("exists.wav", "x")
        let refused = try cli.run(["convert", text, "-o", file])
        #expect(refused.status == 73 && refused.stderr.contains("the file exists; pass --force"), "\(refused.stderr)")
    }
}
