import Foundation
import SpeakFuzzing
@testable import SpeakQueue
import Testing

/// Every input the fuzzers found a problem with (minimized, under Inputs/HARNESS/), and a few
/// hostile ones written by hand, replayed through the same harnesses `make fuzz` runs: each
/// must come back, without a crash or a sanitizer report.
@Suite struct FuzzRegressionTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

    static var harnessNames: [String] { FuzzHarnesses.all.map(\.name) }

    @Test func everyParserNamedInTheIssueHasAHarness() {
        let expected = ["text", "spoken", "html", "epub", "docx", "odt", "pdf", "image", "wire-pdf", "wire-ocr", "wire-fetch", "wire-slice",
                        "wire-engine", "config", "voice-preset", "piper-voice", "library-export", "queue-row", "server"]
        #expect(Set(Self.harnessNames) == Set(expected))
        // Each has a folder of regression inputs, so one found later has its place.
        for name in expected {
            #expect(FileManager.default.fileExists(atPath: Self.inputs.appendingPathComponent(name).path), "Inputs/\(name) is missing")
        }
    }

    @Test(arguments: harnessNames)
    func replaysItsInputs(_ name: String) throws {
        let harness = try #require(FuzzHarnesses.named(name))
        #expect(harness.unavailable == nil)
        harness.run(Data())
        harness.run(Data([0]))
        harness.run(Data(repeating: 0xFF, count: 4096))
        let folder = Self.inputs.appendingPathComponent(name)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where !file.hasPrefix(".") {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            harness.run(data)
        }
    }

    @Test func aQueuedJobOnlyCarriesTheSettingsQueueAddWrites() {
        let hash = "sha256:" + String(repeating: "ab", count: 32)
        func job(_ input: String = "/in/a.txt", _ hash: String = hash, output: String = "/out", arguments: String) -> String? {
            switch ClaimedRow.job(id: 1, attempt: 1, columns: [input, hash, output, arguments]) {
            case .success: nil
            case .failure(let problem): problem.reason
            }
        }
        #expect(job(arguments: #"["--format","opus","--speed","1.5","--read-all"]"#) == nil)
        #expect(job(arguments: #"["-o","/etc/"]"#) == "'-o' is not a setting a job can carry")
        #expect(job(arguments: #"["--voice","--force"]"#) == "'--voice' has a value a job cannot have")
        #expect(job(arguments: #"["--format"]"#) == "'--format' has no value")
        #expect(job(arguments: #"{"a":1}"#) == "its settings are not a list of options")
        #expect(job("relative.txt", arguments: "[]") == "its input is not an absolute path")
        #expect(job(output: "/out\nx", arguments: "[]") == "its output directory is not an absolute path")
        #expect(job("/in/a.txt", "", arguments: "[]") == "its input hash is not one")
    }
}
