import Foundation
import Testing

/// Nothing lost without a word: HTML manuals that Debian packages install (Sphinx, DocBook,
/// texinfo, rustdoc, AsciiDoc, SQLite's pages), scored by ../shared/eval/real-docs against
/// the visible text (`lynx -dump`). The floors only go up.
@Suite struct CLIRealDocsTests {
    static let evaluation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/eval/real-docs")
    static let completenessFloor = 0.99, mainReadFloor = 0.979

    static var available: Bool {
        FileManager.default.fileExists(atPath: evaluation.appendingPathComponent("score.py").path)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/lynx")
            && FileManager.default.fileExists(atPath: "/usr/share/doc/sphinx-doc/html")
    }

    @Test(.enabled(if: available))
    func manualsAreReadWhole() throws {
        let cli = CLI()
        let scorer = Process()
        scorer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        scorer.arguments = ["python3", Self.evaluation.appendingPathComponent("score.py").path, "--speak", CLI.binary, "--manifest"]
        scorer.environment = ProcessInfo.processInfo.environment.merging(["SPEAK_HOME": cli.home.path]) { $1 }
        let pipe = Pipe()
        scorer.standardOutput = pipe
        scorer.standardError = FileHandle.nullDevice
        try scorer.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        scorer.waitUntilExit()
        // "all completeness 0.976 main-read 0.979 (files 51)"
        let last = report.split(separator: "\n").last { $0.hasPrefix("all ") }?.split(separator: " ") ?? []
        let completeness = last.count > 2 ? Double(last[2]) ?? 0 : 0
        let mainRead = last.count > 4 ? Double(last[4]) ?? 0 : 0
        #expect(completeness >= Self.completenessFloor && mainRead >= Self.mainReadFloor, "\(report)")
    }
}
