import Foundation
import Testing

@Suite struct CLIConvertTests {
    @Test func convertWritesAudioAndTimings() throws {
        let cli = CLI()
        let path = cli.file("report.txt", "A short report.\n\nIt has 2 paragraphs and 1,234 words, e.g. these.\n")
        let result = try cli.run(["convert", path, "-o", "report.wav", "--timings", "report.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote report.wav") && result.stderr.contains("real time"))
        let wav = try Data(contentsOf: cli.work.appendingPathComponent("report.wav"))
        #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count > 44 + 22050)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.work.appendingPathComponent("report.json"))) as? [String: Any]
        let words = json?["words"] as? [[String: Any]] ?? []
        #expect(words.count == 12)
        #expect(words.first?["text"] as? String == "A")
        let starts = words.compactMap { $0["startMs"] as? Int }
        #expect(starts == starts.sorted())
        #expect(try cli.list().isEmpty, "a converted file is not stored")
    }

    @Test func fromWordVoiceSpeedAndSubtitles() throws {
        let cli = CLI()
        _ = try cli.run(["import", cli.file("doc.txt", "First sentence here. Second sentence there. Third one.")])
        let result = try cli.run(["convert", "1", "-o", "out.wav", "--from-word", "4", "--voice", "en-gb+f3",
                                  "--speed", "2.5", "--timings", "out.vtt"])
        #expect(result.status == 0, "\(result.stderr)")
        let vtt = try String(contentsOf: cli.work.appendingPathComponent("out.vtt"), encoding: .utf8)
        #expect(vtt.hasPrefix("WEBVTT\n\n00:00:00.000 --> "))
        #expect(vtt.contains("\nsentence there.\n") && !vtt.contains("First"), "cues keep their punctuation: \(vtt)")
        let srt = try cli.run(["convert", "1", "-o", "out2.wav", "--timings", "out.srt", "--word-cues"])
        #expect(srt.status == 0)
        #expect(try String(contentsOf: cli.work.appendingPathComponent("out.srt"), encoding: .utf8).hasPrefix("1\n00:00:00,000 --> "))
    }

    @Test func badConversionsFailCleanly() throws {
        let cli = CLI()
        let path = cli.file("d.txt", "Some words to speak.")
        let voice = try cli.run(["convert", path, "-o", "a.wav", "--voice", "xx-nonexistent"])
        #expect(voice.status == 64 && voice.stderr.contains("unknown voice 'xx-nonexistent'"))
        let typo = try cli.run(["convert", path, "-o", "a.wav", "--voice", "emmma", "--jobs", "2"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean emma"), "\(typo.stderr)")
        // WAV bytes under a FLAC name would be a lie: the supported endings are listed.
        let flac = try cli.run(["convert", path, "-o", "a.flac"])
        #expect(flac.status == 64 && flac.stderr.contains("'a.flac'") && flac.stderr.contains(".mp3"), "\(flac.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.work.appendingPathComponent("a.flac").path))
        let speed = try cli.run(["convert", path, "-o", "a.wav", "--speed", "9"])
        #expect(speed.status == 64 && speed.stderr.contains("0.5…4.5"))
        let directory = try cli.run(["convert", path, "-o", "/nonexistent-dir/a.wav"])
        #expect(directory.status == 73 && directory.stderr.contains("/nonexistent-dir/a.wav"))
        let past = try cli.run(["convert", path, "-o", "a.wav", "--from-word", "99"])
        #expect(past.status == 64)
        _ = try cli.run(["convert", path, "-o", "b.wav"])
        let exists = try cli.run(["convert", path, "-o", "b.wav"])
        #expect(exists.status == 73 && exists.stderr.contains("--force"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.work.path).filter { $0.hasSuffix(".wav") || $0.contains("partial") }
        #expect(leftovers == ["b.wav"])
    }

    @Test func voicesListsPresetsAndTheEngineLanguages() throws {
        let result = try CLI().run(["voices", "--lang", "de", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let languages = list?["languages"] as? [[String: Any]] ?? []
        let presets = list?["presets"] as? [[String: Any]] ?? []
        #expect(languages.contains { $0["identifier"] as? String == "de" })
        #expect(presets.map { $0["id"] as? String } == ["hanna"])
        let table = try CLI().run(["voices"])
        // Neural voices first when one is installed (scripts/bootstrap installs joe), then presets.
        #expect(table.stdout.hasPrefix("PRESET") || table.stdout.hasPrefix("NEURAL VOICE"))
        #expect(table.stdout.contains("alex") && table.stdout.contains("en-us+m3"))
        let neural = try CLI().run(["voices", "--lang", "en", "--json"])
        let installed = FileManager.default.fileExists(atPath: "/usr/local/share/speak/voices/joe/en_US-joe-medium.onnx")
        #expect(!installed || neural.stdout.contains("\"name\" : \"joe\"") || neural.stdout.contains("\"name\":\"joe\""), "\(neural.stdout)")
        for arguments in [["voices", "--lang", "xx"], ["voices", "--lang", "xx", "--json"]] {
            let none = try CLI().run(arguments)
            #expect(none.status == 69 && none.stdout.isEmpty, "\(arguments): \(none.stdout)")
            #expect(none.stderr.contains("no voice matches 'xx'") && none.stderr.contains("speak voices"), "\(none.stderr)")
        }
    }

    @Test func presetsShapeTheVoiceAndBrokenPresetsAreNamed() throws {
        let cli = CLI()
        let path = cli.file("d.txt", "Some words to speak in another voice.")
        let plain = try cli.run(["convert", path, "-o", "plain.wav"])
        let emma = try cli.run(["convert", path, "-o", "emma.wav", "--voice", "Emma"])
        #expect(plain.status == 0 && emma.status == 0, "\(emma.stderr)")
        let a = try Data(contentsOf: cli.work.appendingPathComponent("plain.wav"))
        let b = try Data(contentsOf: cli.work.appendingPathComponent("emma.wav"))
        #expect(a != b, "a preset's voice, pitch and range change the audio")
        let voices = cli.work.appendingPathComponent("my-voices")
        try FileManager.default.createDirectory(at: voices, withIntermediateDirectories: true)
        try Data("{\"id\": \"bad\", \"pitch\": 7".utf8).write(to: voices.appendingPathComponent("bad.json"))
        let broken = try cli.run(["voices"], environment: ["SPEAK_VOICES": voices.path])
        #expect(broken.status == 64 && broken.stderr.contains("bad.json"), "\(broken.stderr)")
    }

    @Test func previewWritesAFilePlaysSilentlyOrExplainsTheMissingDevice() throws {
        let cli = CLI()
        let file = try cli.run(["voices", "preview", "alex", "-o", "alex.wav"])
        #expect(file.status == 0, "\(file.stderr)")
        let wav = try Data(contentsOf: cli.work.appendingPathComponent("alex.wav"))
        #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count > 44 + 22050)
        let unknown = try cli.run(["voices", "preview", "nobody-here", "-o", "x.wav"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown voice"))
        #expect(!FileManager.default.fileExists(atPath: cli.work.appendingPathComponent("x.wav").path))
        let null = try cli.run(["voices", "preview", "en-us", "--audio", "null"])
        #expect(null.status == 0, "\(null.stderr)")
        // No sound server and a sound card that does not exist: one line from us, no ALSA noise.
        let device = try cli.run(["voices", "preview", "alex"],
                                 environment: ["PULSE_SERVER": "unix:/nonexistent", "ALSA_CARD": "no-such-card", "SPEAK_AUDIO": ""])
        #expect(device.status == 69, "\(device.stderr)")
        #expect(device.stderr.contains("cannot play audio") && device.stderr.contains("-o"))
        #expect(device.stderr.split(separator: "\n").count == 1, "\(device.stderr)")
    }
}

@Suite(.serialized) struct CLIParallelConvertTests {
    static let text: String = {
        let words = ["reading", "aloud", "is", "an", "old", "habit", "and", "a", "new", "one"]
        var out = ""
        for n in 0..<6000 { out += words[n % words.count] + (n % 15 == 14 ? ". " : " ") + (n % 150 == 149 ? "\n\n" : "") }
        return out
    }()

    @Test func twoJobsGiveTheSameWordsAsOne() throws {
        let cli = CLI()
        let path = cli.file("long.txt", Self.text)
        let one = try cli.run(["convert", path, "-o", "one.wav", "--jobs", "1", "--timings", "one.json"])
        let two = try cli.run(["convert", path, "-o", "two.wav", "--jobs", "2", "--timings", "two.json"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
        func words(_ name: String) throws -> [[String: Any]] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.work.appendingPathComponent(name))) as? [String: Any]
            return json?["words"] as? [[String: Any]] ?? []
        }
        let a = try words("one.json"), b = try words("two.json")
        #expect(a.count == 6000 && b.count == 6000)
        #expect(a.map { $0["index"] as? Int } == b.map { $0["index"] as? Int })
        let starts = b.compactMap { $0["startMs"] as? Int }
        #expect(starts == starts.sorted())
        let sizeA = try Data(contentsOf: cli.work.appendingPathComponent("one.wav")).count
        let sizeB = try Data(contentsOf: cli.work.appendingPathComponent("two.wav")).count
        #expect(abs(sizeA - sizeB) < sizeA / 50)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.work.path)
        #expect(!names.contains { $0.contains("partial") })
    }

    /// To a pipe the workers send their audio back and it goes out in order: the same words,
    /// and as much audio as the timings say.
    @Test func twoJobsToAPipeGiveTheSameWords() throws {
        let cli = CLI()
        let path = cli.file("long.txt", Self.text)
        // Through a pipe to `cat`: `speak` sees a pipe, the test a file it can measure.
        let result = try cli.run(["-c", "set -o pipefail; \"$0\" \"$@\" | cat > pipe.wav", CLI.binary, "convert", path, "-o", "-",
                                  "--jobs", "2", "--timings", "pipe.json", "--from-word", "1003"], executable: "/bin/bash")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.work.appendingPathComponent("pipe.json"))) as? [String: Any]
        let words = json?["words"] as? [[String: Any]] ?? []
        #expect(words.map { $0["index"] as? Int } == (1003..<6000).map { $0 })
        let bytes = try FileManager.default.attributesOfItem(atPath: cli.work.appendingPathComponent("pipe.wav").path)[.size] as? Int ?? 0
        let audioMs = Double(bytes - 44) / 2 / 22.05
        let duration = Double(json?["durationMs"] as? Int ?? 0)
        #expect(abs(audioMs - duration) < 2, "\(audioMs) \(duration)")
    }

    /// The first slice is done last (an injected delay): to a file the other worker holds its
    /// slices until their place is known, to a pipe they wait here; both complete, in order.
    @Test func slicesFinishingOutOfOrderLandInOrder() throws {
        let cli = CLI()
        let path = cli.file("long.txt", Self.text)
        let slow = ["SPEAK_FAULT_INJECT": "slice-first-slow"]
        let file = try cli.run(["convert", path, "-o", "file.wav", "--jobs", "2", "--timings", "file.json"], environment: slow)
        #expect(file.status == 0, "\(file.stderr)")
        let pipe = try cli.run(["-c", "set -o pipefail; \"$0\" \"$@\" | cat > pipe.wav", CLI.binary, "convert", path, "-o", "-",
                                "--jobs", "2", "--timings", "pipe.json"], environment: slow, executable: "/bin/bash")
        #expect(pipe.status == 0, "\(pipe.stderr)")
        for name in ["file", "pipe"] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.work.appendingPathComponent(name + ".json"))) as? [String: Any]
            let words = json?["words"] as? [[String: Any]] ?? []
            #expect(words.map { $0["index"] as? Int } == (0..<6000).map { $0 })
            let starts = words.compactMap { $0["startMs"] as? Int }
            #expect(starts == starts.sorted())
            let bytes = try FileManager.default.attributesOfItem(atPath: cli.work.appendingPathComponent(name + ".wav").path)[.size] as? Int ?? 0
            #expect(abs(Double(bytes - 44) / 2 / 22.05 - Double(json?["durationMs"] as? Int ?? 0)) < 2, "\(name)")
        }
    }

    /// A full disk (here a file-size limit) hits the workers' writes: the conversion fails
    /// naming the file the user asked for, and leaves nothing behind.
    @Test func aFullDiskStopsAParallelConversionCleanly() throws {
        let cli = CLI()
        let path = cli.file("long.txt", Self.text)
        let full = try cli.run(["-c", "ulimit -f 2000; exec \"$0\" \"$@\"", CLI.binary, "convert", path, "-o", "out.wav", "--jobs", "2"],
                               executable: "/bin/bash")
        #expect(full.status == 73, "\(full.stderr)")
        #expect(full.stderr.contains("'out.wav'") && !full.stderr.contains("partial"), "\(full.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.work.path)
        #expect(!names.contains { $0.contains("out.wav") }, "\(names)")
    }

    /// Ctrl-C in the middle: the partial file is removed at once and the workers end.
    @Test func ctrlCStopsTheWorkersAndLeavesNoFile() throws {
        let cli = CLI()
        let path = cli.file("longer.txt", String(repeating: Self.text, count: 4))
        let process = cli.background(["convert", path, "-o", cli.work.appendingPathComponent("out.wav").path, "--jobs", "2"])
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        func partial() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: cli.work.path)) ?? []).contains { $0.contains("out.wav.partial") }
        }
        func workers() -> [Int32] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).filter { pid in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
                return fields.count > 2 && fields[1] == "\(process.processIdentifier)" && fields[0] != "Z"
            }
        }
        while (!partial() || workers().count < 2), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let started = workers()
        #expect(started.count == 2 && process.isRunning, "\(started) \(process.isRunning ? "running" : "ended \(process.terminationStatus)")")
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.work.path)
        #expect(!names.contains { $0.contains("out.wav") }, "\(names)")
        // Orphaned, the workers notice their socket closed within a sentence and exit.
        let gone = Date().addingTimeInterval(10)
        func alive(_ pid: Int32) -> Bool {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return !stat.isEmpty && stat.split(separator: ")").last?.split(separator: " ").first != "Z"
        }
        while started.contains(where: alive), Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!started.contains(where: alive))
    }

    @Test func manyInputsGoToADirectoryNamedByTitle() throws {
        let cli = CLI()
        let a = cli.file("a.txt", "# First Title\n\nSome words.")
        let b = cli.file("b.txt", "Other words here.")
        let result = try cli.run(["convert", a, b, "-o", "audio", "--jobs", "2", "--timings", "srt"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: cli.work.appendingPathComponent("audio").path))
        #expect(names == ["First Title.wav", "First Title.srt", "b.wav", "b.srt"])
        #expect(result.stderr.contains("2 files"))
        let again = try cli.run(["convert", a, b, "-o", "audio", "--jobs", "2"])
        #expect(again.status == 73, "no silent overwrite")
    }

    @Test func aCrashingWorkerFailsTheConversionCleanly() throws {
        let cli = CLI()
        let path = cli.file("long.txt", Self.text)
        let result = try cli.run(["convert", path, "-o", "out.wav", "--jobs", "2"], environment: ["SPEAK_FAULT_INJECT": "slice-crash"])
        #expect(result.status == 70)
        #expect(result.stderr.contains("long.txt") && result.stderr.contains("words") && result.stderr.contains("crashed"), "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.work.path)
        #expect(!names.contains { $0.hasSuffix(".wav") || $0.contains("partial") }, "\(names)")
    }

    /// Text eSpeak-NG could crash on goes to a helper process: a helper that dies is restarted
    /// and the sentence tried again; a sentence that kills it twice is left silent, named in a
    /// warning, and the conversion still completes with every word timed.
    @Test func anEngineCrashCostsOneSentenceNotTheConversion() throws {
        let cli = CLI()
        let path = cli.file("greek.txt", "Hello there, in English.\n\nΚαλημέρα κόσμε, in Greek.\n\nΩmega CRASHME here. The end.\n")
        let clean = try cli.run(["convert", path, "-o", "clean.wav", "--timings", "clean.json"])
        #expect(clean.status == 0 && !clean.stderr.contains("warning"), "\(clean.stderr)")
        let marker = cli.work.appendingPathComponent("crashed-once").path
        let once = try cli.run(["convert", path, "-o", "once.wav", "--timings", "once.json"],
                               environment: ["SPEAK_FAULT_INJECT": "engine-crash-once:" + marker])
        #expect(once.status == 0 && !once.stderr.contains("warning"), "\(once.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker), "the helper really crashed")
        let always = try cli.run(["convert", path, "-o", "always.wav", "--timings", "always.json"],
                                 environment: ["SPEAK_FAULT_INJECT": "engine-crash"])
        #expect(always.status == 0)
        #expect(always.stderr.contains("warning: ") && always.stderr.contains("1 sentence left silent"), "\(always.stderr)")
        func words(_ name: String) throws -> [[String: Any]] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.work.appendingPathComponent(name))) as? [String: Any]
            return json?["words"] as? [[String: Any]] ?? []
        }
        let counts = [try words("clean.json").count, try words("once.json").count, try words("always.json").count]
        #expect(counts == [13, 13, 13])
        func size(_ name: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: cli.work.appendingPathComponent(name).path)[.size] as? Int ?? 0
        }
        let (cleanSize, onceSize, alwaysSize) = (try size("clean.wav"), try size("once.wav"), try size("always.wav"))
        #expect(alwaysSize < cleanSize - 22_050, "the crashing sentence is silent")
        #expect(abs(onceSize - cleanSize) < 2_000, "a retried sentence is spoken")
    }

    @Test func wavToStandardOutput() throws {
        let cli = CLI()
        let result = try cli.run(["convert", cli.file("s.txt", "Hello there."), "-o", "-"])
        #expect(result.status == 0)
        #expect(result.stdout.utf8.starts(with: Array("RIFF".utf8)))
    }
}
