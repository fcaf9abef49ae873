import Foundation
@testable import SpeakTesseract
import Testing

/// The image fuzzer's seeds: pieces of real pages, small enough for the harness's Tesseract
/// step, in every format of a user's scan, each of which Leptonica reads back as written.
@Suite struct ImageSeedTests {
    @Test func seedsArePiecesOfThePageInEveryFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speak-seeds-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/scan.png").standardized
        try FileManager.default.copyItem(at: sample, to: folder.appendingPathComponent("scan.png"))
        // Not an image, and a seed of an earlier run: neither is cut into seeds.
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(contentsOf: sample).write(to: folder.appendingPathComponent("seed-0"))

        let seeds = PageImage.seeds(fromImagesIn: folder.path, pixels: 4_096)
        // Three pieces, seven formats each.
        #expect(seeds.count == 3 * PageImage.seedFormats.count)
        var sizes: Set<String> = []
        for (index, seed) in seeds.enumerated() {
            let path = folder.appendingPathComponent("read-\(index)").path
            try seed.write(to: URL(fileURLWithPath: path))
            let file = try ImageFile(path: path)
            #expect(file.width * file.height <= 4_096)
            #expect(file.width >= 32 && file.height >= 32)
            _ = try file.page(0)
            sizes.insert("\(file.width)x\(file.height)")
        }
        #expect(sizes.contains("128x32") && sizes.contains("64x64"))
    }
}
