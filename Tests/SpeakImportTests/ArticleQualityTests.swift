import Foundation
import SpeakImport
import SpeakImportHTML
import SpeakModel
import Testing

/// The quality floor of the HTML importer on ../shared/eval/articles (61 pages with
/// human-checked article text), scored by the benchmark's own scorer. The floor only goes up.
@Suite struct ArticleQualityTests {
    static let floor = 0.985
    static let articles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/eval/articles")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: articles.appendingPathComponent("score.py").path)))
    func f1OnTheEvaluationArticlesStaysAboveTheFloor() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("speak-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let pages = try FileManager.default.contentsOfDirectory(at: Self.articles.appendingPathComponent("html"),
                                                                includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "html" }
        #expect(pages.count >= 60)
        for page in pages {
            let source = ImportSource(name: page.lastPathComponent, data: try Data(contentsOf: page))
            let text = (try? HTMLImporter().importDocument(source, options: ImportOptions(), progress: { _ in }))
                .map { $0.blocks.filter(\.isSpoken).map(\.text).joined(separator: "\n\n") } ?? ""
            try text.write(to: output.appendingPathComponent(page.deletingPathExtension().lastPathComponent + ".txt"),
                           atomically: true, encoding: .utf8)
        }
        let scorer = Process()
        scorer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        scorer.arguments = ["python3", Self.articles.appendingPathComponent("score.py").path, output.path, "--bootstrap", "0"]
        let pipe = Pipe()
        scorer.standardOutput = pipe
        try scorer.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        scorer.waitUntilExit()
        let f1 = report.split(separator: "\n").first { $0.hasPrefix("f1") }
            .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true).last ?? "") }
        #expect((f1 ?? 0) >= Self.floor, "F1 \(f1 ?? 0) is below the floor \(Self.floor):\n\(report)")
    }
}
