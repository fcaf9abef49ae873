// libFuzzer calls these two: SPEAK_FUZZ names the harness (SPEAK_FUZZ=list prints them;
// SPEAK_FUZZ_SEEDS=DIR also writes the harness's own seeds there before fuzzing).
import Foundation
import SpeakFuzzing

nonisolated(unsafe) private var harness: FuzzHarness?

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let name = environment["SPEAK_FUZZ"] ?? ""
    if name == "list" {
        for each in FuzzHarnesses.all { print("\(each.name)\t\(each.maximumLength)\t\(each.summary)") }
        // A leak report at exit ends the process without flushing what was printed.
        fflush(nil)
        exit(0)
    }
    guard let found = FuzzHarnesses.named(name) else {
        FileHandle.standardError.write(Data("speak-fuzz: SPEAK_FUZZ names no harness; one of: \(FuzzHarnesses.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    if let reason = found.unavailable {
        FileHandle.standardError.write(Data("speak-fuzz: \(name) cannot run here: \(reason)\n".utf8))
        exit(69)
    }
    if let folder = environment["SPEAK_FUZZ_SEEDS"] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, seed) in found.seeds.enumerated() {
            FileManager.default.createFile(atPath: "\(folder)/seed-\(index)", contents: seed)
        }
    }
    harness = found
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    harness?.run(bytes.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}
