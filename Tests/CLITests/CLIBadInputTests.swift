import Foundation
import Testing

/// Bad input: one line on stderr naming the input, the right exit code, library unchanged.
@Suite struct CLIBadInputTests {
    func expectFailure(_ result: CLI.Result, status: Int32, mentions: [String], _ cli: CLI) throws {
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("speak: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        for text in mentions { #expect(result.stderr.contains(text), "\(result.stderr)") }
        #expect(try cli.list().isEmpty)
    }

    @Test func missingPath() throws {
        let cli = CLI()
        try expectFailure(try cli.run(["import", "nope.txt"]), status: 66, mentions: ["nope.txt", "no such file"], cli)
    }

    @Test func directoryWhereAFileIsExpected() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(at: cli.work.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try expectFailure(try cli.run(["import", "folder"]), status: 66, mentions: ["folder", "directory"], cli)
    }

    @Test func emptyAndWhitespaceOnlyFiles() throws {
        let cli = CLI()
        cli.file("empty.txt", Data())
        cli.file("blank.txt", "  \n\n\t \r\n   \n")
        try expectFailure(try cli.run(["import", "empty.txt"]), status: 65, mentions: ["empty.txt", "no readable text"], cli)
        try expectFailure(try cli.run(["import", "blank.txt"]), status: 65, mentions: ["blank.txt", "no readable text"], cli)
        try expectFailure(try cli.run(["import", "-"], stdin: Data()), status: 65, mentions: ["no readable text"], cli)
    }

    @Test func binaryFilesNamedTxt() throws {
        let cli = CLI()
        cli.file("image.txt", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 64)))
        let elf = try Data(contentsOf: URL(fileURLWithPath: CLI.binary)).prefix(4096)
        cli.file("program.txt", elf)
        cli.file("noise.txt", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }))
        try expectFailure(try cli.run(["import", "image.txt"]), status: 65, mentions: ["image.txt", "PNG", "not text"], cli)
        try expectFailure(try cli.run(["import", "program.txt"]), status: 65, mentions: ["program.txt", "ELF", "not text"], cli)
        try expectFailure(try cli.run(["import", "noise.txt"]), status: 65, mentions: ["noise.txt", "not text"], cli)
    }

    @Test func invalidUTF8InsideGoodTextIsImportedWithoutReplacementCharacters() throws {
        let cli = CLI()
        var bytes = Array("Good UTF-8: naïve. Then a Latin-1 byte: caf".utf8)
        bytes += [0xE9, 0x20, 0x93, 0x71, 0x94, 0xFF, 0x0A]
        cli.file("mixed.txt", Data(bytes))
        let result = try cli.run(["import", "mixed.txt"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try cli.run(["text", "1"]).stdout
        #expect(text.contains("naïve") && text.contains("café") && text.contains("“q”"))
        #expect(!text.contains("\u{FFFD}"))
        #expect(try cli.run(["show", "1"]).stdout.contains("read as Windows-1252"))
    }

    @Test func singleHugeLineWithoutSpaces() throws {
        let cli = CLI()
        cli.file("line.txt", String(repeating: "abcdefghij", count: 500_000))
        let result = try cli.run(["import", "line.txt", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let list = try cli.list()
        #expect(list.first?["words"] as? Int == 5_000_000 / 256 + 1)
    }

    @Test func libraryFileThatIsNotADatabase() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(at: cli.home, withIntermediateDirectories: true)
        try Data("hello, I am a text file".utf8).write(to: cli.libraryFile)
        for command in [["ls"], ["import", cli.file("x.txt", "words")], ["show", "1"]] {
            let result = try cli.run(command)
            #expect(result.status == 74)
            #expect(result.stderr.contains(cli.libraryFile.path) && result.stderr.contains("not a SQLite database"))
        }
        #expect(try Data(contentsOf: cli.libraryFile) == Data("hello, I am a text file".utf8))
    }

    @Test func libraryFromANewerVersion() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("x.txt", "Some words.")])
        let sql = "INSERT INTO grdb_migrations (identifier) VALUES ('v99'); PRAGMA wal_checkpoint(TRUNCATE);"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.close()", cli.libraryFile.path, sql]
        try process.run()
        process.waitUntilExit()
        let before = try Data(contentsOf: cli.libraryFile)
        let result = try cli.run(["ls"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("newer version"))
        #expect(try Data(contentsOf: cli.libraryFile) == before)
    }

    @Test func unknownAndMalformedIds() throws {
        let cli = CLI()
        let show = try cli.run(["show", "42"])
        #expect(show.status == 66)
        #expect(show.stderr.contains("42"))
        #expect(try cli.run(["rm", "42"]).status == 66)
        #expect(try cli.run(["text", "42"]).status == 66)
        #expect(try cli.run(["show", "abc"]).status == 64)
        #expect(try cli.run(["import"]).status == 64)
        #expect(try cli.run(["import", "a.txt", "b.txt", "--title", "T"]).status == 64)
    }

    @Test func unsupportedFormatsSaySo() throws {
        let cli = CLI()
        cli.file("doc.pdf", "%PDF-1.4\n%âãÏÓ\n1 0 obj\n")
        let result = try cli.run(["import", "doc.pdf"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("doc.pdf") && result.stderr.contains("PDF"))
        // Recognized by the OCR importer's own signatures, to be refused by name.
        let jpeg2000 = cli.file("scan.jp2", Data([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A] + Array(repeating: 0, count: 64)))
        let refused = try cli.run(["import", jpeg2000])
        #expect(refused.status == 65 && refused.stderr.contains("JPEG 2000") && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        let png = cli.file("notes.txt", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)))
        let named = try cli.run(["import", png])
        #expect(named.status == 65 && named.stderr.contains("it is a PNG image, not text"), "\(named.stderr)")
        #expect(try cli.list().isEmpty)
    }

    @Test func oneBadInputDoesNotStopTheOthers() throws {
        let cli = CLI()
        let good = cli.file("good.txt", "Good words.")
        let result = try cli.run(["import", "missing.txt", good])
        #expect(result.status == 66)
        #expect(result.stdout.hasPrefix("1 "))
        #expect(try cli.list().count == 1)
    }
}
