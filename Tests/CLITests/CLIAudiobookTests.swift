import Foundation
import Testing

/// Opus and MP3 audiobooks, read back by independent readers from Debian (installed by
/// scripts/bootstrap): mutagen for tags, chapters and duration, opusinfo and opusdec / mpg123
/// for the streams themselves.
@Suite struct CLIAudiobookTests {
    static let paper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/paper.pdf").path
    static let scan = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/scan.png").path

    /// Runs a Debian tool; nil when it failed.
    private func tool(_ arguments: [String], input: String? = nil) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// What mutagen reads from a file: duration, tags and chapters, as JSON.
    private func mutagen(_ path: String) throws -> [String: Any] {
        let script = """
            import json, sys, mutagen
            f = mutagen.File(sys.argv[1])
            out = {"length": f.info.length, "type": type(f).__name__}
            if out["type"] == "MP3":
                t = f.tags
                out["tags"] = {k: str(t[k]) for k in ("TIT2", "TPE1", "TALB", "TRCK") if k in t}
                out["chapters"] = [{"id": c.element_id, "start": c.start_time, "end": c.end_time, "title": str(c.sub_frames["TIT2"])}
                                   for c in sorted(t.getall("CHAP"), key=lambda c: c.start_time)]
                out["toc"] = [list(c.child_element_ids) for c in t.getall("CTOC")]
                out["pictures"] = [p.mime for p in t.getall("APIC")]
            else:
                out["tags"] = {k.upper(): v for k, v in f.tags.as_dict().items() if k.upper() != "METADATA_BLOCK_PICTURE"}
                out["pictures"] = len(f.tags.get("METADATA_BLOCK_PICTURE", []))
            print(json.dumps(out))
            """
        let output = try #require(try tool(["/usr/bin/python3", "-c", script, path]), "mutagen could not read \(path)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    private func summary(_ result: CLI.Result) -> [String: Any] {
        ((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]])?.first ?? [:]
    }

    func book(_ cli: CLI, chapters: Int, wordsPerChapter: Int) -> String {
        // Every sentence differs, so no two segments share a cache entry.
        var text = "# The Tide Book\n\n"
        for n in 1...chapters {
            text += "# Chapter \(n)\n\n"
            for i in 0..<max(1, wordsPerChapter / 20) {
                text += "The keeper wrote the height of tide \(i + 1) in book \(n) at seven o'clock, as the tables said he should. "
            }
            text += "\n\n"
        }
        return cli.file("tide-book.md", text)
    }

    @Test func opusAudiobookHasChaptersTagsAndTheRightLength() throws {
        let cli = CLI()
        let result = try cli.run(["convert", Self.paper, "-o", "paper.opus", "--timings", "paper.json", "--author", "A. Keeper", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let opus = cli.work.appendingPathComponent("paper.opus").path
        let info = try #require(try tool(["opusinfo", opus]))
        #expect(info.contains("Playback length") && !info.lowercased().contains("warning"), "\(info)")
        let read = try mutagen(opus)
        let tags = read["tags"] as? [String: [String]] ?? [:]
        #expect(tags["TITLE"] == ["Tide Tables and the Keepers Who Kept Them"] && tags["ARTIST"] == ["A. Keeper"])
        #expect(tags["ALBUM"] == tags["TITLE"] && tags["COMMENT"]?.first?.contains("paper.pdf") == true)
        #expect(tags["CHAPTER002NAME"] == ["Introduction"] && tags["CHAPTER006NAME"] == ["Conclusion"] && tags["CHAPTER007"] == nil)
        // Chapter times in the file and in the timing file agree; the lengths agree with the words' times.
        let timings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cli.work.appendingPathComponent("paper.json"))) as? [String: Any])
        let chapters = timings["chapters"] as? [[String: Any]] ?? []
        #expect(chapters.count == 6)
        let start = try #require(chapters.dropFirst().first?["startMs"] as? Int)
        #expect(tags["CHAPTER002"]?.first == String(format: "00:00:%02d.%03d", start / 1000, start % 1000))
        let length = read["length"] as? Double ?? 0
        let duration = Double(timings["durationMs"] as? Int ?? 0) / 1000
        #expect(abs(length - duration) < 0.05, "\(length) vs \(duration)")
        let lastEnd = Double((timings["words"] as? [[String: Any]])?.last?["endMs"] as? Int ?? 0) / 1000
        #expect(lastEnd <= duration && lastEnd > duration - 1)
        // The decoder agrees with the container, and the size is speech-sized.
        let decoded = cli.work.appendingPathComponent("decoded.wav").path
        #expect(try tool(["opusdec", "--quiet", "--rate", "22050", opus, decoded]) != nil)
        let samples = ((try FileManager.default.attributesOfItem(atPath: decoded)[.size] as? Int) ?? 0 - 44) / 2
        #expect(abs(Double(samples) / 22050 - length) < 0.05)
        let bytes = try FileManager.default.attributesOfItem(atPath: opus)[.size] as? Int ?? 0
        #expect(Double(bytes) / length * 3600 < 15_000_000, "at most 15 MB per hour")
        let out = summary(result)
        #expect(out["chapters"] as? Int == 6 && out["reusedSegments"] as? Int == 0 && (out["problems"] as? [String])?.isEmpty == true)
    }

    @Test func mp3AudiobookHasAnID3TagWithChaptersAndCover() throws {
        let cli = CLI()
        let result = try cli.run(["convert", Self.paper, "-o", "paper.mp3", "--cover", Self.scan, "--title", "Tides ✓ «Gezeiten»"])
        #expect(result.status == 0, "\(result.stderr)")
        let mp3 = cli.work.appendingPathComponent("paper.mp3").path
        let read = try mutagen(mp3)
        let tags = read["tags"] as? [String: String] ?? [:]
        #expect(tags["TIT2"] == "Tides ✓ «Gezeiten»" && tags["TALB"] == "Tides ✓ «Gezeiten»")
        let chapters = read["chapters"] as? [[String: Any]] ?? []
        #expect(chapters.count == 6 && chapters.first?["start"] as? Int == 0)
        #expect(chapters.map { $0["title"] as? String ?? "" }.dropFirst().first == "Introduction")
        #expect(zip(chapters, chapters.dropFirst()).allSatisfy { $0["end"] as? Int == $1["start"] as? Int }, "chapters touch")
        #expect((read["toc"] as? [[String]])?.first == ["ch0", "ch1", "ch2", "ch3", "ch4", "ch5"])
        #expect(read["pictures"] as? [String] == ["image/png"])
        let length = read["length"] as? Double ?? 0
        #expect(abs(Double(chapters.last?["end"] as? Int ?? 0) / 1000 - length) < 0.1)
        let bytes = try FileManager.default.attributesOfItem(atPath: mp3)[.size] as? Int ?? 0
        #expect(Double(bytes) / length * 3600 < 25_000_000, "at most 25 MB per hour")
        let decoded = cli.work.appendingPathComponent("decoded.wav").path
        #expect(try tool(["mpg123", "-q", "-w", decoded, mp3]) != nil)
        let samples = ((try FileManager.default.attributesOfItem(atPath: decoded)[.size] as? Int) ?? 0 - 44) / 2
        #expect(abs(Double(samples) / 22050 - length) < 0.1)
    }

    @Test func splitByChaptersWritesNumberedTaggedFiles() throws {
        let cli = CLI()
        let path = book(cli, chapters: 3, wordsPerChapter: 60)
        let result = try cli.run(["convert", path, "-o", "book/", "--split", "chapters", "--format", "mp3", "--timings", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.work.appendingPathComponent("book").path).sorted()
        #expect(names == ["01 - The Tide Book — Chapter 1.json", "01 - The Tide Book — Chapter 1.mp3", "02 - Chapter 2.json",
                          "02 - Chapter 2.mp3", "03 - Chapter 3.json", "03 - Chapter 3.mp3"],
                "the book's title heading, alone in its chapter, joins chapter 1: \(names)")
        let second = try mutagen(cli.work.appendingPathComponent("book/02 - Chapter 2.mp3").path)
        let tags = second["tags"] as? [String: String] ?? [:]
        #expect(tags["TRCK"] == "2/3" && tags["TIT2"] == "Chapter 2" && tags["TALB"] == "The Tide Book")
        let audio = try cli.run(["convert", path, "-o", "book.mp3", "--split", "chapters"])
        #expect(audio.status == 64 && audio.stderr.contains("directory"))
    }

    @Test func emptyChaptersMergeAndUnicodeTitlesSurvive() throws {
        let cli = CLI()
        let words = String(repeating: "Waves came in slowly over the flat grey sand that morning. ", count: 4)
        let titles = ["Part Ⅰ — Ébauche 😀", "第一章 潮", "פרק שני", "Zero\u{200D}Width a\u{0301}"]
        let text = "# \(titles[0])\n\n# \(titles[1])\n\n\(words)\n\n# \(titles[2])\n\n\(words)\n\n# \(titles[3])\n\n\(words)\n"
        let path = cli.file("titles.md", text)
        let result = try cli.run(["convert", path, "-o", "titles.opus"])
        #expect(result.status == 0, "\(result.stderr)")
        let tags = try mutagen(cli.work.appendingPathComponent("titles.opus").path)["tags"] as? [String: [String]] ?? [:]
        #expect(tags["CHAPTER001NAME"] == ["\(titles[0]) — \(titles[1])"], "a chapter with no words is merged: \(tags)")
        #expect(tags["CHAPTER002NAME"] == [titles[2]] && tags["CHAPTER003NAME"] == [titles[3]] && tags["CHAPTER004"] == nil)
        #expect(tags["CHAPTER001"] == ["00:00:00.000"])
    }

    @Test func aRunAfterAPowerLossReusesFinishedSegments() throws {
        let cli = CLI()
        let path = book(cli, chapters: 2, wordsPerChapter: 1600)
        let killed = try cli.run(["convert", path, "-o", "book.mp3", "--jobs", "2"], environment: ["SPEAK_FAULT_INJECT": "power-loss-after:3"])
        #expect(killed.status != 0)
        #expect(!FileManager.default.fileExists(atPath: cli.work.appendingPathComponent("book.mp3").path), "no file until complete")
        let again = try cli.run(["convert", path, "-o", "book.mp3", "--jobs", "2", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let out = summary(again)
        let segments = out["segments"] as? Int ?? 0, reused = out["reusedSegments"] as? Int ?? 0
        #expect(segments >= 6 && reused >= 3 && reused < segments, "\(out)")
        // A third run synthesizes nothing; --no-cache synthesizes everything and keeps nothing.
        let third = summary(try cli.run(["convert", path, "-o", "book.mp3", "--force", "--json"]))
        #expect(third["reusedSegments"] as? Int == segments)
        func cache() throws -> [String: String] {
            try JSONSerialization.jsonObject(with: Data(try cli.run(["cache", "--json"]).stdout.utf8)) as? [String: String] ?? [:]
        }
        let cacheBefore = try cache()
        #expect(Int(cacheBefore["entries"] ?? "") == segments)
        let fresh = summary(try cli.run(["convert", path, "-o", "fresh.mp3", "--no-cache", "--json"]))
        #expect(fresh["reusedSegments"] as? Int == 0 && fresh["segments"] as? Int == segments)
        #expect(try cache() == cacheBefore)
        // The same words give the same audio, from the cache or not — to within what eSpeak-NG
        // itself varies: its output depends a little on what the engine said before, so a segment
        // made by another worker may be some milliseconds longer or shorter.
        let a = try mutagen(cli.work.appendingPathComponent("book.mp3").path)["length"] as? Double ?? 0
        let b = try mutagen(cli.work.appendingPathComponent("fresh.mp3").path)["length"] as? Double ?? 100
        #expect(abs(a - b) < a * 0.005, "\(a) vs \(b)")
        let clear = try cli.run(["cache", "clear"])
        #expect(clear.status == 0 && clear.stderr.contains("freed"))
        #expect(try cli.run(["cache"]).stdout.contains(": 0 segments"))
    }

    /// A chapter of long numbers (or URLs) lasts far longer than its word count says: the file
    /// is complete, so that is a warning, and the conversion succeeds.
    @Test func aChapterOfUnusualLengthIsAWarningNotAFailure() throws {
        let cli = CLI()
        let numbers = (1...40).map { "\(987_654_321_012 + $0 * 7_919)" }.joined(separator: " ")
        let path = cli.file("numbers.md", "# Numbers\n\n\(numbers)\n")
        let result = try cli.run(["convert", path, "-o", "numbers.opus"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning") && result.stderr.contains("s of audio for 41 words"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.work.appendingPathComponent("numbers.opus").path))
    }

    @Test func verificationReportsSilentSpeechWithChapterAndText() throws {
        let cli = CLI()
        let path = book(cli, chapters: 2, wordsPerChapter: 80)
        let result = try cli.run(["convert", path, "-o", "book.opus"], environment: ["SPEAK_FAULT_INJECT": "silent-chunk"])
        #expect(result.status == 70, "\(result.stderr)")
        #expect(result.stderr.contains("book.opus: chapter 1 'The Tide Book — Chapter 1': no sound for words 0…2 ('The Tide Book…')"),
                "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.work.appendingPathComponent("book.opus").path), "hours of audio are kept")
    }

    @Test func badAudiobookRequestsFailCleanly() throws {
        let cli = CLI()
        let path = book(cli, chapters: 2, wordsPerChapter: 40)
        let format = try cli.run(["convert", path, "-o", "a.out", "--format", "flac"])
        #expect(format.status == 64 && format.stderr.contains("unknown format 'flac'"))
        let bitrate = try cli.run(["convert", path, "-o", "a.opus", "--bitrate", "2"])
        #expect(bitrate.status == 64 && bitrate.stderr.contains("6…256"))
        let cover = try cli.run(["convert", path, "-o", "a.opus", "--cover", cli.file("cover.jpg", "<html>not an image</html>")])
        #expect(cover.status == 65 && cover.stderr.contains("is not a JPEG or PNG image"))
        let firstPage = try cli.run(["convert", path, "-o", "a.opus", "--cover", "first-page"])
        #expect(firstPage.status == 64 && firstPage.stderr.contains("needs a PDF"))
        let unwritable = try cli.run(["convert", path, "-o", "/nonexistent-dir/a.mp3"])
        #expect(unwritable.status == 73 && unwritable.stderr.contains("/nonexistent-dir/a.mp3"))
        let pipe = try cli.run(["convert", path, "-o", "-", "--format", "opus"])
        #expect(pipe.status == 64)
        // A full disk (here a file-size limit) in the middle: no partial file, the cache intact.
        let many = book(cli, chapters: 5, wordsPerChapter: 20)
        let full = try cli.run(["-c", "ulimit -f 400; exec \"$0\" \"$@\"", CLI.binary, "convert", many, "-o", "full.mp3", "--bitrate", "320"],
                               executable: "/bin/bash")
        #expect(full.status == 73, "\(full.stderr)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.work.path).filter { $0.contains("full") || $0.contains("partial") || $0.hasPrefix("a.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let retry = summary(try cli.run(["convert", many, "-o", "full.mp3", "--bitrate", "320", "--json"]))
        #expect((retry["reusedSegments"] as? Int ?? 0) > 0, "segments made before the failure are kept: \(retry)")
    }

    @Test func allDocumentsOfAFolderConvert() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("one.txt", "The first note about tides."), "--folder", "Papers"])
        _ = try cli.run(["import", cli.file("two.txt", "The second note about clocks."), "--folder", "Papers"])
        _ = try cli.run(["import", cli.file("three.txt", "Elsewhere entirely.")])
        let result = try cli.run(["convert", "--all", "--folder", "Papers", "-o", "out", "--format", "opus"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.work.appendingPathComponent("out").path).sorted()
        #expect(names == ["one.opus", "two.opus"])
        // Split books into one directory: a folder per book, or chapter files would collide.
        let split = try cli.run(["convert", "--all", "--folder", "Papers", "-o", "split", "--format", "mp3", "--split", "chapters"])
        #expect(split.status == 0, "\(split.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: cli.work.appendingPathComponent("split").path).sorted()
        #expect(folders == ["one", "two"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.work.appendingPathComponent("split/one").path) == ["01 - one.mp3"])
        let missing = try cli.run(["convert", "--all", "--folder", "Nothing", "-o", "out"])
        #expect(missing.status != 0 && missing.stderr.contains("Nothing"))
    }
}

extension CLIAudiobookTests {
    @Test func aCrashedWorkerFailsTheConversionWithNoFileLeft() throws {
        let cli = CLI()
        let path = book(cli, chapters: 2, wordsPerChapter: 600)
        let result = try cli.run(["convert", path, "-o", "book.opus", "--jobs", "2"], environment: ["SPEAK_FAULT_INJECT": "segment-crash"])
        #expect(result.status == 70, "\(result.stderr)")
        #expect(result.stderr.contains("synthesis of '\(path)' words ") && result.stderr.contains("crashed"), "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.work.path).filter { $0.contains("book.") }
        #expect(files == ["tide-book.md"] || files.isEmpty, "\(files)")
    }

    @Test func aRunAfterASmallEditRedoesOnlyTheEditedSegment() throws {
        let cli = CLI()
        let path = book(cli, chapters: 3, wordsPerChapter: 2000)
        let first = summary(try cli.run(["convert", path, "-o", "book.mp3", "--json"]))
        let segments = first["segments"] as? Int ?? 0
        #expect(segments >= 6, "\(first)")
        // One word changed in the middle of chapter 2.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "height of tide 50 in book 2", with: "height of tide 50 in ledger 2")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let second = summary(try cli.run(["convert", path, "-o", "book.mp3", "--force", "--json"]))
        #expect(second["segments"] as? Int == segments)
        #expect(second["reusedSegments"] as? Int == segments - 1, "\(second)")
    }

    @Test func ctrlCLeavesNoPartialFilesAndTheNextRunResumes() throws {
        let cli = CLI()
        let path = book(cli, chapters: 2, wordsPerChapter: 2000)
        let output = cli.work.appendingPathComponent("book.opus").path
        let process = cli.background(["convert", path, "-o", output, "--jobs", "2"])
        try process.run()
        let cache = cli.home.appendingPathComponent("cache/audio").path
        func segments() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".seg") } }
        // Interrupt once some segments are done, while the rest are being made.
        let deadline = Date().addingTimeInterval(60)
        while segments().count < 2, process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(process.isRunning, "the conversion should still be running")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        Thread.sleep(forTimeInterval: 3)  // the workers finish the segment in hand and exit
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.work.path).filter { $0.contains("book.opus") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).allSatisfy { $0.hasSuffix(".seg") })
        let again = summary(try cli.run(["convert", path, "-o", output, "--json"]))
        #expect((again["reusedSegments"] as? Int ?? 0) >= 2, "\(again)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}

