import Foundation
import Testing

/// Files compressed with gzip, as /usr/share/doc and /usr/share/man hold them: read as what
/// they hold, man pages' sources set by `man` and read as `man PAGE | speak import -` is.
@Suite struct CLICompressedTests {
    /// `gzip -c` of `text`, written to `name` in the test's directory.
    private func gzipped(_ cli: CLI, _ name: String, _ text: String) throws -> String {
        let plain = cli.file(name + ".plain", text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", plain]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return cli.file(name, data)
    }

    static let page = """
        .\\" A page of the test's own.
        .TH LIGHTHOUSE 1 "November 2026" "keeper 1.0" "User Commands"
        .SH NAME
        lighthouse \\- keep the lamp lit through the night
        .SH SYNOPSIS
        .B lighthouse
        [\\fB\\-n\\fR \\fIhours\\fR]
        .SH DESCRIPTION
        .B lighthouse
        lights the lamp at dusk and puts it out at dawn.
        .TP
        .BR \\-n ", " \\-\\-hours
        Keep the lamp lit for the given number of hours.
        .SH SEE ALSO
        .BR tide (1)

        """

    @Test func aCompressedTextIsReadAsTheTextItHolds() throws {
        let cli = CLI()
        let news = try gzipped(cli, "NEWS.gz", "Keeper NEWS        -*- outline -*-\n\nThe keeper now writes down the tide twice a day.\n")
        let result = try cli.run(["import", news, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let shown = try cli.run(["text", "1"])
        #expect(shown.stdout.contains("The keeper now writes down the tide twice a day."), "\(shown.stdout)")
        // The document's source is the file as named; its title is the file's without ".gz".
        let details = try cli.run(["show", "1"])
        #expect(details.stdout.contains("NEWS.gz") && details.stdout.contains("format     text"), "\(details.stdout)")
        // An editor's file variables are not part of the title.
        #expect(details.stdout.hasPrefix("Keeper NEWS\n"), "\(details.stdout)")
        // Markdown inside keeps being Markdown.
        let readme = try gzipped(cli, "README.md.gz", "# Lamps\n\nThe *lamp* is lit at dusk.\n")
        let markdown = try cli.run(["text", readme])
        #expect(markdown.stdout == "Lamps\n\nThe lamp is lit at dusk.\n", "\(markdown.stdout)")
    }

    @Test func aManPagesSourceIsSetByManAndReadBySection() throws {
        let cli = CLI()
        let page = try gzipped(cli, "lighthouse.1.gz", Self.page)
        let result = try cli.run(["text", page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("NAME\n\nlighthouse - keep the lamp lit through the night\n"), "\(result.stdout)")
        #expect(result.stdout.contains("lights the lamp at dusk and puts it out at dawn."), "\(result.stdout)")
        #expect(result.stdout.contains("Keep the lamp lit for the given number of hours."), "\(result.stdout)")
        // No roff request reaches the text, and the sections are chapters.
        #expect(!result.stdout.contains(".TH") && !result.stdout.contains("\\f"), "\(result.stdout)")
        _ = try cli.run(["import", page])
        let chapters = try cli.run(["show", "1"])
        #expect(chapters.stdout.contains("DESCRIPTION") && chapters.stdout.contains("SEE ALSO"), "\(chapters.stdout)")
        // Uncompressed, or on standard input, it is the same page.
        let plain = cli.file("lighthouse.1", Self.page)
        #expect(try cli.run(["text", plain]).stdout == result.stdout)
        #expect(try cli.run(["text", "-"], stdin: Data(Self.page.utf8)).stdout == result.stdout)
    }

    @Test func aDamagedGzipFileIsRefusedWithOneLine() throws {
        let cli = CLI()
        let whole = try gzipped(cli, "whole.gz", String(repeating: "The lamp is lit at dusk. ", count: 200))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = cli.file("cut.txt.gz", bytes.prefix(bytes.count / 2))
        let result = try cli.run(["import", cut])
        #expect(result.status == 65)
        #expect(result.stderr == "speak: cannot import '\(cut)': the gzip file is damaged or cut short; check it with 'gzip -t'\n", "\(result.stderr)")
        #expect(try cli.run(["ls"]).stdout.contains("cut") == false)
    }
}
