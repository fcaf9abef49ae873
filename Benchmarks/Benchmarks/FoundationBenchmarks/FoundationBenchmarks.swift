import Benchmark
import Foundation
import SpeakKit

/// Foundation suite: importing a 1 MB text, listing a library of 10,000 documents, and
/// looking up a word by its index. The end-to-end numbers of the release binary (process
/// start included) are measured by scripts/measure-foundation.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
                                           maxDuration: .seconds(10), maxIterations: 50)

    Benchmark("import 1 MB text") { benchmark in
        let fixture = Fixture.shared
        for _ in benchmark.scaledIterations {
            let speak = try Speak(environment: ["SPEAK_HOME": fixture.scratchHome(), "HOME": fixture.root])
            blackHole(try speak.importInput(.file(fixture.megabyteText), request: ImportRequest(force: true)))
        }
    }

    Benchmark("ls over 10,000 documents") { benchmark in
        let speak = try Speak(environment: ["SPEAK_HOME": Fixture.shared.bigLibrary, "HOME": Fixture.shared.root])
        for _ in benchmark.scaledIterations {
            blackHole(try speak.list(sort: .recent))
        }
    }

    // Issue 4: extraction per web page, the 61 pages of ../shared/eval/articles in turn (the
    // file read, encoding decision, libxml2 parse, article scoring and document building).
    Benchmark("HTML import per page (eval/articles)",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxDuration: .seconds(20),
                                   maxIterations: 610)) { benchmark in
        // Not Fixture.shared: building its 10,000-document library leaves the disk busy
        // writing back for a while, and the pages were timed against that.
        let pages = Fixture.articlePages
        guard !pages.isEmpty else { return }
        let home = NSTemporaryDirectory() + "speak-bench-html-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let speak = try Speak(environment: ["SPEAK_HOME": home, "HOME": home])
        var next = 0
        for _ in benchmark.scaledIterations {
            blackHole(try speak.document(.file(pages[next % pages.count])))
            next += 1
        }
    }

    // Issue 7: from a skip to the first word of the new audio being heard, through the
    // player API, on the null sink (audio at real time, 10 ms of buffer).
    Benchmark("player skip → new audio",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 40)) { benchmark in
        let (player, heard) = try HeardWords.playing()
        for _ in benchmark.scaledIterations {
            let before = heard.last
            benchmark.startMeasurement()
            player.skip(by: 10)
            heard.wait { $0 > before + 10 }
            benchmark.stopMeasurement()
            Thread.sleep(forTimeInterval: 0.1)
        }
        player.stop()
    }

    // Issue 7: from a speed change to the first word at the new speed being heard.
    Benchmark("player speed change → new audio",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 40)) { benchmark in
        let (player, heard) = try HeardWords.playing()
        var step = 0.1
        for _ in benchmark.scaledIterations {
            let reports = heard.reports
            benchmark.startMeasurement()
            player.changeSpeed(by: step)
            heard.waitForReport(after: reports)
            benchmark.stopMeasurement()
            step = -step
            Thread.sleep(forTimeInterval: 0.3)
        }
        player.stop()
    }

    Benchmark("word lookup by index") { benchmark in
        let fixture = Fixture.shared
        let speak = try Speak(environment: ["SPEAK_HOME": fixture.bigLibrary, "HOME": fixture.root])
        var index = 0
        for _ in benchmark.scaledIterations {
            index = (index &+ 7919) % fixture.bookWords
            blackHole(try speak.word(documentID: fixture.bookID, index: index))
        }
    }
}

/// Test data made once per run in a temporary directory.
final class Fixture: @unchecked Sendable {
    static let shared = Fixture()

    let root: String
    let megabyteText: String
    let bigLibrary: String
    let bookID: Int64
    let bookWords: Int
    /// The evaluation web pages ($SPEAK_EVAL or ../shared/eval next to the repository).
    static let articlePages: [String] = {
        let eval = ProcessInfo.processInfo.environment["SPEAK_EVAL"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("shared/eval").path
        let directory = eval + "/articles/html"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted().map { directory + "/" + $0 }
    }()
    private var scratch = 0

    private init() {
        root = NSTemporaryDirectory() + "speak-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        megabyteText = root + "/one-megabyte.txt"
        FileManager.default.createFile(atPath: megabyteText, contents: Data(Self.prose(bytes: 1 << 20, seed: 1).utf8))
        bigLibrary = root + "/library-10k"
        var id: Int64 = 0
        var words = 0
        do {
            let speak = try Speak(environment: ["SPEAK_HOME": bigLibrary, "HOME": root])
            let book = root + "/book.txt"
            FileManager.default.createFile(atPath: book, contents: Data(Self.prose(bytes: 1 << 20, seed: 2).utf8))
            let outcome = try speak.importInput(.file(book))
            id = outcome.id
            words = outcome.words
            for n in 0..<9_999 {
                let path = root + "/doc.txt"
                FileManager.default.createFile(atPath: path, contents: Data("Document \(n). \(Self.prose(bytes: 600, seed: UInt64(n) + 3))".utf8))
                _ = try speak.importInput(.file(path))
            }
        } catch {
            print("fixture failed: \(error)")
        }
        bookID = id
        bookWords = max(1, words)
    }

    func scratchHome() -> String {
        scratch += 1
        return root + "/scratch-\(scratch)"
    }

    static func prose(bytes: Int, seed: UInt64) -> String {
        let vocabulary = ["the", "reader", "listens", "to", "long", "documents", "while", "walking", "and", "cooking",
                          "naïve", "café", "1,234.50", "e.g.", "Dr.", "inter-", "national", "well-known", "of", "speech"]
        var state = seed
        var text = ""
        var n = 0
        while text.utf8.count < bytes {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            text += vocabulary[Int(state >> 33) % vocabulary.count]
            n += 1
            text += n % 14 == 0 ? ".\n" : (n % 90 == 0 ? ".\n\n" : " ")
        }
        return text
    }
}

/// The last word the player reported, and a way to wait for one.
final class HeardWords: @unchecked Sendable {
    /// A player on the null sink, playing the 1 MB text from the start on its own thread,
    /// once its first word is heard.
    static func playing() throws -> (Player, HeardWords) {
        let fixture = Fixture.shared
        let speak = try Speak(environment: ["SPEAK_HOME": fixture.scratchHome(), "HOME": fixture.root])
        let id = try speak.importInput(.file(fixture.megabyteText)).id
        let heard = HeardWords()
        var request = PlayRequest(input: .document(id))
        request.audio = "null"
        request.fromStart = true
        let player = try speak.preparePlayback(request) { word in heard.record(word.index) }.player
        Thread { try? player.run() }.start()
        heard.wait { $0 >= 0 }
        return (player, heard)
    }

    private let condition = NSCondition()
    private(set) var last = -1
    private(set) var reports = 0

    func record(_ index: Int) {
        condition.lock()
        last = index
        reports += 1
        condition.broadcast()
        condition.unlock()
    }

    func wait(until done: (Int) -> Bool) {
        condition.lock()
        while !done(last) { condition.wait(until: Date().addingTimeInterval(1)) }
        condition.unlock()
    }

    /// Waits for the first word reported after `count` reports (the one right after a
    /// command is the first of the new audio).
    func waitForReport(after count: Int) {
        condition.lock()
        while reports <= count { condition.wait(until: Date().addingTimeInterval(1)) }
        condition.unlock()
    }
}
