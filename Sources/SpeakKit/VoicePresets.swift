import Foundation
import SpeakModel

/// A named voice: an eSpeak voice and variant with its pitch, range and normal pace, as
/// described by a JSON file in a `voices/` directory.
public struct VoicePreset: Sendable, Equatable, Codable {
    /// What users type: `--voice alex`.
    public var id: String
    public var name: String
    /// eSpeak voice (language) name, e.g. "en-us".
    public var voice: String
    /// eSpeak variant, e.g. "m3" or "f2".
    public var variant: String?
    /// Base pitch 0…100 (eSpeak's default is 50).
    public var pitch: Int?
    /// Pitch range 0…100 (0: monotone).
    public var range: Int?
    /// The voice's normal pace as a multiple of the configured rate; `--speed` multiplies it.
    public var speed: Double?
    /// BCP 47 language tag, e.g. "en-US".
    public var language: String
    /// What `speak voices preview` says, in the voice's language.
    public var sample: String?

    /// The eSpeak name including the variant ("en-us+m3").
    public var engineVoice: String { voice + (variant.map { "+" + $0 } ?? "") }
}

/// A preset file that cannot be used.
public struct VoicePresetError: UserFacingError, Equatable {
    public var path: String
    public var problem: String
    public var message: String { "voice preset '\(path)' is not usable: \(problem); fix or remove the file" }
    public var exitStatus: ExitStatus { .usage }
}

/// The voice presets found on this machine.
///
/// Directories, first match of an id wins: `$SPEAK_VOICES`, the user's
/// `$XDG_CONFIG_HOME/speak/voices`, `<prefix>/share/speak/voices` next to an installed binary,
/// and the `voices/` directory of the source tree the binary was built in.
public enum VoicePresets {
    public static func load(environment: [String: String]) throws(VoicePresetError) -> [VoicePreset] {
        var presets: [VoicePreset] = []
        for directory in directories(environment: environment) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where name.hasSuffix(".json") {
                let preset = try read(directory + "/" + name)
                if !presets.contains(where: { $0.id.lowercased() == preset.id.lowercased() }) { presets.append(preset) }
            }
        }
        return presets
    }

    static func read(_ path: String) throws(VoicePresetError) -> VoicePreset {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VoicePresetError(path: path, problem: "it cannot be read")
        }
        let preset: VoicePreset
        do {
            preset = try JSONDecoder().decode(VoicePreset.self, from: data)
        } catch {
            throw VoicePresetError(path: path, problem: "it is not a preset JSON object with id, name, voice and language")
        }
        for (key, value) in [("pitch", preset.pitch), ("range", preset.range)] {
            if let value, !(0...100).contains(value) { throw VoicePresetError(path: path, problem: "\(key) must be 0…100") }
        }
        if let speed = preset.speed, !(0.5...2).contains(speed) {
            throw VoicePresetError(path: path, problem: "speed must be 0.5…2")
        }
        guard !preset.id.isEmpty, preset.id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw VoicePresetError(path: path, problem: "id must be letters, digits and '-'")
        }
        return preset
    }

    static func directories(environment: [String: String]) -> [String] {
        var result: [String] = []
        if let custom = environment["SPEAK_VOICES"], !custom.isEmpty { result.append(custom) }
        result.append(SpeakPaths.configFile(environment: environment).parentPath + "/voices")
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = executable.parentPath
        result.append((directory.parentPath as NSString).appendingPathComponent("share/speak/voices"))
        // A build tree: .build/<triple>/<configuration>/speak below the package root.
        for _ in 0..<5 {
            directory = directory.parentPath
            if FileManager.default.fileExists(atPath: directory + "/Package.swift") {
                result.append(directory + "/voices")
                break
            }
        }
        return result
    }
}
