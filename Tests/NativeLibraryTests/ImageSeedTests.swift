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

        // The page is decoded once and cut for each bound: three pieces a bound, seven formats each.
        let seeds = PageImage.seeds(fromImagesIn: folder.path, pixelBounds: [4_096, 160_000])
        let perBound = 3 * PageImage.seedFormats.count
        #expect(seeds.count == 2 * perBound)
        var sizes: [Set<String>] = [[], []]
        for (index, seed) in seeds.enumerated() {
            let bound = index < perBound ? 0 : 1
            let path = folder.appendingPathComponent("read-\(index)").path
            try seed.write(to: URL(fileURLWithPath: path))
            let file = try ImageFile(path: path)
            #expect(file.width * file.height <= [4_096, 160_000][bound])
            #expect(file.width >= 32 && file.height >= 32)
            _ = try file.page(0)
            sizes[bound].insert("\(file.width)x\(file.height)")
        }
        #expect(sizes[0].contains("128x32") && sizes[0].contains("64x64"))
        #expect(sizes[1].contains("800x200") && sizes[1].contains("400x400"))
    }
}
