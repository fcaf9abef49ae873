#if DEBUG || SPEAK_FUZZ
import Foundation
@testable import SpeakKit
@testable import SpeakLibrary
@testable import SpeakNeural
@testable import SpeakQueue

/// Files people write or copy from elsewhere, and rows other machines write.
enum SettingHarnesses {
    static let all = [
        FuzzHarness("config", "config.toml", seeds: {
            [Data("# speak\nvoice = \"en-gb\"\nspeed = 1.25\nwpm = 180\nskip_step = 15\ncache_limit_mb = 512\nskip = [\"urls\", \"citations\"]\n".utf8)]
        }) { data in
            _ = try? SpeakConfig.parse(String(decoding: data, as: UTF8.self), path: "config.toml")
        },
        FuzzHarness("voice-preset", "a voice preset file", seeds: {
            [Data(#"{"id": "calm", "name": "Calm", "voice": "en-us", "variant": "f3", "pitch": 40, "range": 30, "speed": 0.9, "language": "en", "sample": "Hello."}"#.utf8)]
        }) { data in
            _ = try? VoicePresets.read(FuzzScratch.file("preset.json", data))
        },
        FuzzHarness("piper-voice", "a Piper voice's .onnx.json config and its model's protobuf header (split at the first zero byte)",
                    maximumLength: 256 << 10, seeds: {
            let config = #"{"audio": {"sample_rate": 22050, "quality": "medium"}, "espeak": {"voice": "en-us"}, "language": {"code": "en_US"}, "#
                + #""inference": {"noise_scale": 0.667, "length_scale": 1, "noise_w": 0.8}, "phoneme_type": "espeak", "#
                + #""phoneme_id_map": {"_": [0], "^": [1], "$": [2], "a": [14], "b": [15]}}"#
            // A ModelProto: ir_version, then a graph with a Ceil node and one output.
            let model: [UInt8] = [0x08, 0x07, 0x3a, 0x16, 0x0a, 0x0e, 0x0a, 0x01, 0x78, 0x12, 0x05, 0x43, 0x65, 0x69, 0x6c, 0x30,
                                  0x22, 0x04, 0x43, 0x65, 0x69, 0x6c, 0x62, 0x04, 0x0a, 0x02, 0x79, 0x30]
            return [Data(config.utf8) + Data([0]) + Data(model)]
        }) { data in
            let parts = FuzzScratch.fields(data, count: 2)
            let model = FuzzScratch.file("voice.onnx", parts[1])
            _ = FuzzScratch.file("voice.onnx.json", parts[0])
            _ = try? PiperVoice(model: model)
            _ = try? PiperModelPatch.patched(parts[1])
        },
        FuzzHarness("library-export", "what speak library import reads, taken into a library",
                    setUp: { library == nil ? "cannot create a library in \(FuzzScratch.directory)" : nil }, seeds: {
            let export = #"{"format": "speak-library", "version": 1, "exported": "2026-11-26T10:00:00Z", "folders": ["Books", "Books/Old"], "#
                + #""documents": [{"contentHash": "abc", "title": "T", "source": "/tmp/t.txt", "folder": "Books", "#
                + #""position": {"word": 12, "speed": 1.5, "finished": false, "updated": "2026-11-26T10:00:00Z"}, "#
                + #""sessions": [{"started": "2026-11-26T09:00:00Z", "ended": "2026-11-26T09:10:00Z", "firstWord": 0, "lastWord": 12, "wordsHeard": 12, "speed": 1}], "#
                + #""bookmarks": []}]}"#
            return [Data(export.utf8), (try? library?.exportState()).flatMap { try? $0.encoded() } ?? Data()]
        }) { data in
            guard let state = try? LibraryExport.read(data), let store = Self.library else { return }
            _ = try? store.importState(state)
        },
        FuzzHarness("queue-row", "a claimed job's row as a worker reads it (input, hash, output, arguments; zero bytes between)", seeds: {
            [Data(("/shared/in/a.epub\0" + String(repeating: "0f", count: 32) + "\0/shared/audio\0" + #"["--format","opus","--read-all"]"#).utf8)]
        }) { data in
            let columns = FuzzScratch.fields(data, count: 4).map { String(decoding: $0, as: UTF8.self) }
            _ = ClaimedRow.job(id: 1, attempt: 1, columns: columns)
        },
    ]

    /// One library per process that every export is taken into.
    private static let library: LibraryStore? = {
        let directory = URL(fileURLWithPath: FuzzScratch.directory).appendingPathComponent("library")
        return try? LibraryStore(directory: directory)
    }()
}
#endif
