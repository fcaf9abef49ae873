import Foundation
import Testing

/// The input limits in the README's table that no other suite covers, each just past its limit:
/// one line naming the input and the limit, the documented status, nothing stored.
@Suite struct CLILimitTests {
    @Test func anImageOfMoreThan100MegapixelsIsRefusedBeforeItIsDecoded() throws {
        let cli = CLI()
        // A header is all it takes: 20,000 × 20,000 gray pixels, of which none are there.
        let huge = cli.file("huge.pgm", Data("P5\n20000 20000\n255\n".utf8) + Data(repeating: 0, count: 64))
        let result = try cli.run(["import", huge])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("20000×20000") && result.stderr.contains("100 megapixels"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try cli.list().isEmpty)
    }

    @Test func serverRequestBodiesPastTheirLimitAreRefusedWith413() throws {
        let cli = CLI()
        let server = try ServerUnderTest(cli)
        // A form (login, manage) takes 64 KB, a JSON call 1 MB; an upload has its own limit.
        let form = try server.request("/login", method: "POST", body: Data(("password=" + String(repeating: "a", count: 70_000)).utf8),
                                      contentType: "application/x-www-form-urlencoded")
        #expect(form.status == 413, "\(form.status) \(form.text)")
        let json = try server.request("/api/import-text", method: "POST",
                                      body: Data(("{\"text\": \"" + String(repeating: "word ", count: 220_000) + "\"}").utf8))
        #expect(json.status == 413, "\(json.status) \(json.text)")
        #expect(try cli.list().isEmpty)
        #expect(server.stop() == 0)
    }

    @Test func aCoverOfMoreThan16MBIsRefusedAndNoAudioWritten() throws {
        let cli = CLI()
        let text = cli.file("note.txt", "A short note to be read aloud.")
        // A PNG signature is all the cover check looks at first; the size is what refuses it.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 0, count: (16 << 20) + 1)
        let result = try cli.run(["convert", text, "-o", "note.opus", "--cover", cli.file("big.png", png)])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("at most 16 MB") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.work.appendingPathComponent("note.opus").path))
    }

    /// `speak upload` leaves a source file of more than 256 MB at home and says so; the
    /// document itself still goes up.
    @Test func aSourceOfMoreThan256MBIsNotUploaded() throws {
        let server = try ServerUnderTest(CLI(), arguments: ["--accounts"])
        defer { _ = server.stop() }
        let cli = CLI()
        let source = cli.file("notes.txt", "Notes on the lighthouse, kept by the keeper.")
        #expect(try cli.run(["import", source]).status == 0)
        // Sparse: the size is what counts, and no disk is spent on it.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: source))
        try handle.truncate(atOffset: UInt64(256 << 20) + 1)
        try handle.close()
        #expect(try cli.run(["account", "create", "--server", server.base.absoluteString, "--name", "ada", "--password-stdin"],
                            stdin: Data("lamp light 42\nlamp light 42\n".utf8)).status == 0)
        let uploaded = try cli.run(["upload", "1"])
        #expect(uploaded.status == 0, "\(uploaded.stderr)")
        #expect(uploaded.stderr.contains("larger than 256 MB") && !uploaded.stdout.contains("with its source file"),
                "\(uploaded.stdout)\(uploaded.stderr)")
        #expect(try cli.run(["ls", "--remote"]).stdout.lowercased().contains("notes"), "the document went up")
    }
}
