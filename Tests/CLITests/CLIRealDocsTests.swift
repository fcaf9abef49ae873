import Foundation
import Testing

/// Nothing lost without a word: HTML manuals that Debian packages install (Sphinx, DocBook,
/// texinfo, rustdoc, AsciiDoc, SQLite's pages), scored by ../shared/eval/real-docs against
/// the visible text (`lynx -dump`). The floors only go up.
@Suite struct CLIRealDocsTests {
    static let evaluation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/eval/real-docs")
    static let completenessFloor = 0.995, mainReadFloor = 0.981

    static var available: Bool {
        FileManager.default.fileExists(atPath: evaluation.appendingPathComponent("score.py").path)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/lynx")
            && FileManager.default.fileExists(atPath: "/usr/share/doc/sphinx-doc/html")
    }

    @Test(.enabled(if: available))
    func manualsAreReadWhole() throws {
        let report = try Self.score([Self.evaluation.appendingPathComponent("score.py").path, "--speak", CLI.binary, "--manifest"])
        // "all completeness 0.976 main-read 0.979 (files 51)"
        let last = report.split(separator: "\n").last { $0.hasPrefix("all ") }?.split(separator: " ") ?? []
        let completeness = last.count > 2 ? Double(last[2]) ?? 0 : 0
        let mainRead = last.count > 4 ? Double(last[4]) ?? 0 : 0
        #expect(completeness >= Self.completenessFloor && mainRead >= Self.mainReadFloor, "\(report)")
    }

    /// Every manual page of the manifest is stored under its real title (the page's name, not
    /// a numbered first section, a banner or the site's name).
    @Test(.enabled(if: available))
    func manualsKeepTheirTitles() throws {
        let report = try Self.score([Self.root.appendingPathComponent("scripts/tools/score-titles.py").path, "--speak", CLI.binary, "--manifest"])
        let last = report.split(separator: "\n").last.map(String.init) ?? ""
        // "titles 51 of 51 right"
        let fields = last.split(separator: " ")
        #expect(fields.count == 5 && fields[1] == fields[3] && (Int(fields[3]) ?? 0) >= 50, "\(report)")
    }

    /// What main-read lacks is kept, not lost: every word of the main content that is not read
    /// is in a skipped block (navigation, hidden, code, …) or is one of lynx's own marks; 43
    /// of 177,453 words (0.0002: icon buttons' titles, a search box's placeholder) are in no
    /// block when set. The share lost may only go down.
    static let lostCeiling = 0.0005

    @Test(.enabled(if: available))
    func whatIsNotReadIsKeptNotLost() throws {
        let report = try Self.score([Self.root.appendingPathComponent("scripts/tools/real-docs-gap.py").path, "--speak", CLI.binary,
                                     "--scorer", Self.evaluation.appendingPathComponent("score.py").path, "--manifest", "--pages", "0"])
        // "lost (in no block of the document): 43 words, 0.0002 of the main words"
        let line = report.split(separator: "\n").first { $0.hasPrefix("lost ") } ?? ""
        let fields = line.split(separator: " ")
        let share = fields.lastIndex(of: "of").flatMap { $0 > 0 ? Double(fields[$0 - 1]) : nil } ?? 1
        #expect(line.hasSuffix("of the main words") && share <= Self.lostCeiling, "\(report)")
    }

    /// Doxygen's reference pages (libopus-doc, libglfw3-doc, libflac-doc; 44 pages), scored the
    /// same way with its code listings and hover tooltips left out of the main content: 0.998
    /// and 0.990 when set, the project's banner and footer skipped (0.916 read before Doxygen's
    /// markup was known).
    static let doxygenCompletenessFloor = 0.995, doxygenMainReadFloor = 0.985

    static var doxygenInstalled: Bool {
        available && FileManager.default.fileExists(atPath: "/usr/share/doc/libopus-dev/html/group__opus__encoder.html")
    }

    @Test(.enabled(if: doxygenInstalled))
    func doxygenManualsAreReadWhole() throws {
        let report = try Self.score([Self.root.appendingPathComponent("scripts/tools/score-more-generators.py").path, "--speak", CLI.binary,
                                     "--scorer", Self.evaluation.appendingPathComponent("score.py").path, "--only", "Doxygen"])
        // "Doxygen (44 pages, 78247 words): completeness 0.998  main-read 0.990 (score.py as is: 0.911)  worst …"
        let fields = report.split(separator: " ")
        let completeness = fields.firstIndex(of: "completeness").flatMap { Double(fields[$0 + 1]) } ?? 0
        let mainRead = fields.firstIndex(of: "main-read").flatMap { Double(fields[$0 + 1]) } ?? 0
        #expect(completeness >= Self.doxygenCompletenessFloor && mainRead >= Self.doxygenMainReadFloor, "\(report)")
    }

    /// Man pages piped into `speak text -` (rendered without hyphenation, so the reference has
    /// whole words): every word of the page is kept and nearly every one read (1.000 and 0.999
    /// on 18 pages when set). Runs where `man` and the pages are installed.
    static let manCompletenessFloor = 0.995, manReadFloor = 0.99
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var manPagesInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/man") && FileManager.default.fileExists(atPath: "/usr/share/man/man1/ls.1.gz")
    }

    @Test(.enabled(if: manPagesInstalled))
    func manPagesAreReadWhole() throws {
        let report = try Self.score([Self.root.appendingPathComponent("scripts/tools/score-plain-docs.py").path, "--speak", CLI.binary, "--man"])
        // "man pages (18 files, 203129 words): completeness 1.000  read 0.999"
        let fields = report.split(separator: " ")
        let completeness = fields.firstIndex(of: "completeness").flatMap { Double(fields[$0 + 1]) } ?? 0
        let read = fields.firstIndex(of: "read").flatMap { Double(fields[$0 + 1].trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        #expect(completeness >= Self.manCompletenessFloor && read >= Self.manReadFloor, "\(report)")
    }

    /// Runs a Python scorer with speak's library in a fresh home; its standard output.
    static func score(_ arguments: [String], interpreter: String = "python3") throws -> String {
        let cli = CLI()
        let scorer = Process()
        scorer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        scorer.arguments = [interpreter] + arguments
        scorer.environment = ProcessInfo.processInfo.environment.merging(["SPEAK_HOME": cli.home.path]) { $1 }
        let pipe = Pipe()
        scorer.standardOutput = pipe
        scorer.standardError = FileHandle.nullDevice
        try scorer.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        scorer.waitUntilExit()
        return report
    }
}
