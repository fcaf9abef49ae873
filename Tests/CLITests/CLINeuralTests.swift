import Foundation
import Testing

/// The neural voice (Piper "joe" on ONNX Runtime, installed by scripts/bootstrap): its word
/// timings match the sound, and bad voices are refused in one line.
@Suite struct CLINeuralTests {
    static var installed: Bool {
        FileManager.default.fileExists(atPath: "/usr/local/lib/speak/libonnxruntime.so")
            && FileManager.default.fileExists(atPath: "/usr/local/share/speak/voices/joe/en_US-joe-medium.onnx")
    }

    /// Silences of at least 80 ms: 10 ms windows with RMS under 0.5 % of the loudest window's
    /// (-46 dB; a stop consonant's closure is louder than that), in ms.
    static func silences(_ wav: Data) -> [(start: Int, end: Int)] {
        let samples = wav.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let window = 220  // 10 ms at 22,050 Hz
        var rms: [Double] = []
        var i = 0
        while i + window <= samples.count {
            rms.append((samples[i..<(i + window)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window)).squareRoot())
            i += window
        }
        let floor = 0.005 * (rms.max() ?? 0)
        var out: [(Int, Int)] = []
        var start: Int?
        for (k, value) in rms.enumerated() {
            if value < floor, start == nil { start = k }
            if value >= floor || k == rms.count - 1, let s = start {
                if (k - s) * 10 >= 80 { out.append((s * 10, k * 10)) }
                start = nil
            }
        }
        return out
    }

    @Test(.enabled(if: installed))
    func timingsMatchTheSound() throws {
        let cli = CLI()
        let text = "The river was cold, and the light was fading. We walked home along the road, slowly, without a word. "
            + "Nobody spoke until the lamps came on in the village. Then the old man laughed, and the children ran ahead."
        let path = cli.file("walk.txt", text + "\n")
        let out = cli.work.appendingPathComponent("walk.wav").path
        let result = try cli.run(["convert", path, "-o", out, "--voice", "joe", "--timings", "json"])
        #expect(result.status == 0 && result.stderr.contains("read by joe"), "\(result.stderr)")
        // A second of audio and the model's loading: under 10× real time the factor keeps its
        // decimal (it said "0× real time").
        let short = try cli.run(["convert", cli.file("hi.txt", "Hello there.\n"), "-o", "hi.wav", "--voice", "joe"])
        #expect(short.status == 0 && short.stderr.range(of: #"\((\d\.\d|[1-9]\d[\d,]*)× real time\)"#, options: .regularExpression) != nil,
                "\(short.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.work.appendingPathComponent("walk.json").path)))
        let words = (json as? [String: Any])?["words"] as? [[String: Any]] ?? []
        #expect(words.count == text.split(separator: " ").count)
        let starts = words.map { $0["startMs"] as? Int ?? -1 }, ends = words.map { $0["endMs"] as? Int ?? -1 }
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 } && zip(starts, ends).allSatisfy { $0 <= $1 })
        let wav = try Data(contentsOf: URL(fileURLWithPath: out))
        let duration = (wav.count - 44) / 2 * 1000 / 22050
        let gaps = Self.silences(wav).filter { $0.start > 0 && $0.end < duration - 20 }
        #expect(gaps.count >= 3, "the full stops are heard as pauses")
        for gap in gaps {
            // Each pause falls at a boundary between two timed words, within 60 ms: the model's
            // durations are drawn with noise, and a soft onset ("h", "th") reads as silence for
            // a few tens of ms, so the pause may end a little after the next word's start (32 ms
            // before "Then" in one CI run). Words last 150-400 ms: a pause inside one is still caught.
            let boundary = starts.contains { $0 >= gap.start - 60 && $0 <= gap.end + 60 }
            #expect(boundary, "pause \(gap) has no word boundary within 60 ms; starts \(starts)")
        }
        // --from-word starts with that word.
        let from = try cli.run(["convert", path, "-o", out, "--force", "--voice", "joe", "--timings", "json", "--from-word", "7"])
        #expect(from.status == 0)
        let again = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.work.appendingPathComponent("walk.json").path)))
        #expect(((again as? [String: Any])?["words"] as? [[String: Any]])?.first?["index"] as? Int == 7)
    }

    @Test(.enabled(if: installed))
    func audiobooksAndWorkersSpeakWithTheNeuralVoice() throws {
        let cli = CLI()
        let paragraph = "The keeper climbed the stairs at dusk, and the lamp was lit again, as every night before. "
        let path = cli.file("book.txt", (0..<12).map { "Chapter \($0 + 1). " + String(repeating: paragraph, count: 3) }.joined(separator: "\n\n"))
        let out = cli.work.appendingPathComponent("book.opus").path
        let result = try cli.run(["convert", path, "-o", out, "--voice", "joe", "--jobs", "2", "--timings", "json"])
        #expect(result.status == 0 && result.stderr.contains("read by joe"), "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.work.appendingPathComponent("book.json").path)))
        let starts = ((json as? [String: Any])?["words"] as? [[String: Any]] ?? []).map { $0["startMs"] as? Int ?? -1 }
        #expect(starts.count > 500 && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 })
        // The cache keys segments by voice: eSpeak's conversion of the same text reuses none of them.
        let espeak = try cli.run(["convert", path, "-o", cli.work.appendingPathComponent("e.opus").path, "--json"])
        let summary = try JSONSerialization.jsonObject(with: Data(espeak.stdout.utf8)) as? [[String: Any]]
        #expect(summary?.first?["reusedSegments"] as? Int == 0)
    }

    /// Length of a 16-bit mono WAV at 22,050 Hz, in ms.
    static func milliseconds(_ path: String) throws -> Int {
        (try Data(contentsOf: URL(fileURLWithPath: path)).count - 44) / 2 * 1000 / 22050
    }

    @Test(.enabled(if: installed))
    func anInstalledNeuralVoiceIsTheDefaultAndSpeedsPastTwo() throws {
        let cli = CLI()
        let config = cli.work.appendingPathComponent("config/speak/config.toml").path
        try FileManager.default.removeItem(atPath: config)
        let english = "The keeper climbed the stairs at dusk, and the lamp was lit again, as on every night before this one. "
        let german = "Der Leuchtturmwärter stieg in der Dämmerung die Treppe hinauf, und die Lampe brannte wieder wie in jeder Nacht zuvor."
        let path = cli.file("mixed.txt", english + english + "\n\n" + german + "\n\n" + english + "\n")
        let out = cli.work.appendingPathComponent("mixed.wav").path
        // No voice asked for, none configured: the neural voice of the document's language;
        // the German paragraph is read by eSpeak's German voice in the same file.
        let plain = try cli.run(["convert", path, "-o", out, "--timings", "json"])
        #expect(plain.status == 0 && plain.stderr.contains("read by joe, de"), "\(plain.stderr)")
        let normal = try Self.milliseconds(out)
        // Past 2x the model's audio is time-stretched: a third of the length, timings with it.
        let fast = try cli.run(["convert", path, "-o", out, "--force", "--timings", "json", "--speed", "3"])
        #expect(fast.status == 0, "\(fast.stderr)")
        let stretched = try Self.milliseconds(out)
        #expect(Double(stretched) > Double(normal) / 3 * 0.85 && Double(stretched) < Double(normal) / 3 * 1.15, "\(normal) ms → \(stretched) ms")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.work.appendingPathComponent("mixed.json").path)))
        let words = (json as? [String: Any])?["words"] as? [[String: Any]] ?? []
        let starts = words.map { $0["startMs"] as? Int ?? -1 }, ends = words.map { $0["endMs"] as? Int ?? -1 }
        #expect(words.count == (english + english + german + " " + english).split(separator: " ").count)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 } && (ends.last ?? .max) <= stretched + 1)
        // A voice named in the config is the default again.
        cli.file("config/speak/config.toml", "voice = \"en-us\"\n")
        let configured = try cli.run(["convert", path, "-o", out, "--force"])
        #expect(configured.status == 0 && configured.stderr.contains("read by en-us"), "\(configured.stderr)")
        // eSpeak's phonemes of the neural voice's own eSpeak voice.
        try FileManager.default.removeItem(atPath: config)
        #expect(try cli.run(["text", path, "--phonemes"]).status == 0)
    }

    /// ONNX Runtime 1.29 and later report usage to Microsoft from Linux unless told not to
    /// before they start: speak, an offline reader, leaves no device id in the home directory
    /// and no session file in the temporary one. The copy of the model it runs is made once,
    /// next to the voice, and a copy of the kind made before is removed. (Skipped when the
    /// runner itself already sets ORT_DISABLE_TELEMETRY: then it proves nothing.)
    @Test(.enabled(if: installed && ProcessInfo.processInfo.environment["ORT_DISABLE_TELEMETRY"] == nil))
    func theNeuralVoiceReportsNothingAndMakesItsCopyOnce() throws {
        let cli = CLI()
        let fm = FileManager.default
        let home = cli.work.appendingPathComponent("user").path, temporary = cli.work.appendingPathComponent("temporary").path
        let voice = cli.work.appendingPathComponent("voices/joe").path
        for directory in [home, temporary, voice] { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        for name in ["en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json", "MODEL_CARD"] {
            try fm.createSymbolicLink(atPath: voice + "/" + name, withDestinationPath: "/usr/local/share/speak/voices/joe/" + name)
        }
        cli.file("voices/joe/en_US-joe-medium.timed.onnx", "a copy of the kind made before")
        cli.file("voices/joe/en_US-joe-medium.speak.onnx", "a copy of the kind made after that")
        cli.file("voices/joe/en_US-joe-medium.speak-2.onnx", "a copy not cut in two")
        let path = cli.file("a.txt", "Hello there, reader.\n")
        let environment = ["HOME": home, "TMPDIR": temporary, "XDG_CACHE_HOME": "", "SPEAK_VOICES": cli.work.appendingPathComponent("voices").path]
        for round in 1...2 {
            let out = cli.work.appendingPathComponent("a\(round).wav").path
            let result = try cli.run(["convert", path, "-o", out, "--voice", "joe"], environment: environment)
            #expect(result.status == 0 && result.stderr.contains("read by joe"), "\(result.stderr)")
        }
        // (libpulse, which eSpeak-NG links, may leave its runtime directory in $TMPDIR.)
        let left = ((fm.enumerator(atPath: home)?.allObjects as? [String] ?? []) + (fm.enumerator(atPath: temporary)?.allObjects as? [String] ?? []))
            .filter { !$0.hasPrefix("pulse-") }
        #expect(left.isEmpty, "ONNX Runtime left \(left)")
        #expect(try fm.contentsOfDirectory(atPath: voice).sorted() == ["MODEL_CARD", "en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json", "en_US-joe-medium.speak-3-decoder.onnx", "en_US-joe-medium.speak-3.onnx"])
        let voices = try cli.run(["voices", "--json"], environment: environment)
        #expect(voices.stdout.components(separatedBy: "\"joe\"").count == 2, "one voice named joe: \(voices.stdout.prefix(300))")
    }

    @Test func badVoicesAreRefusedInOneLine() throws {
        let cli = CLI()
        let voices = cli.work.appendingPathComponent("voices").path
        let path = cli.file("a.txt", "Hello there, reader.\n")
        let config = """
            {"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}, "phoneme_type": "espeak", "phoneme_id_map": {"a": [5]}}
            """
        cli.file("voices/broken/broken.onnx", Data([0x08, 0x07, 0xFF]))
        cli.file("voices/broken/broken.onnx.json", config)
        cli.file("voices/text/text.onnx", Data([0x08, 0x07]))
        cli.file("voices/text/text.onnx.json", config.replacingOccurrences(of: "\"espeak\"}", with: "\"text\"}").replacingOccurrences(of: "\"phoneme_type\": \"espeak\"", with: "\"phoneme_type\": \"text\""))
        let out = cli.work.appendingPathComponent("a.wav").path
        let broken = try cli.run(["convert", path, "-o", out, "--voice", "broken"], environment: ["SPEAK_VOICES": voices])
        #expect(broken.status == 69 && broken.stderr.contains("broken.onnx") && broken.stderr.split(separator: "\n").count == 1, "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // ONNX Runtime missing: one line saying what to install.
        if Self.installed {
            let noRuntime = try cli.run(["convert", path, "-o", out, "--voice", "joe"], environment: ["SPEAK_ONNXRUNTIME": "/nonexistent/libonnxruntime.so"])
            #expect(noRuntime.status == 69 && noRuntime.stderr.contains("ONNX Runtime is not installed") && noRuntime.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // A voice trained on phonemes this eSpeak does not have.
        cli.file("voices/martian/martian.onnx", Data([0x08]))
        cli.file("voices/martian/martian.onnx.json", config.replacingOccurrences(of: "\"voice\": \"en-us\"", with: "\"voice\": \"xx-mars\""))
        if Self.installed {
            let martian = try cli.run(["convert", path, "-o", out, "--voice", "martian"], environment: ["SPEAK_VOICES": voices])
            #expect(martian.status == 69 && martian.stderr.contains("'xx-mars'"), "\(martian.stderr)")
        }
        // A config on other phonemes is not a voice speak can use: it is not offered at all.
        let text = try cli.run(["convert", path, "-o", out, "--voice", "text"], environment: ["SPEAK_VOICES": voices])
        #expect(text.status != 0 && !FileManager.default.fileExists(atPath: out))
    }
}
