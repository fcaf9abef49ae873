import Foundation
import SpeakModel
import SpeakSpeech

/// User settings from `$XDG_CONFIG_HOME/speak/config.toml` (default `~/.config/speak`).
///
/// The file is a flat list of `key = value` lines (TOML subset: strings in quotes, numbers,
/// `#` comments; section headers are accepted and ignored). Known keys: `voice`, `speed`
/// (multiplier of the voice's normal rate), `wpm` (the normal rate), `skip_step` (seconds),
/// `cache_limit_mb` (the size of the cache of synthesized audio, see `SegmentCache`), `skip`
/// (what is not read: `"citations,footnotes"` by default; `skip = ""` reads everything; also
/// a TOML list `["citations", "urls"]`).
public struct SpeakConfig: Sendable, Equatable {
    public var voice: String = "en-us"
    /// True when the config file names a voice: an installed neural voice is then not the default.
    public var voiceIsSet = false
    public var speed: Double = 1.0
    public var wordsPerMinute: Double = 175
    public var skipStep: Double = 10
    public var cacheLimitMB: Double = 2048
    /// What the spoken-text layer skips (citations, footnote markers, …).
    public var skip: Set<SkipRule> = SkipRule.defaults

    public init() {}

    /// Effective reading rate in words per minute.
    public var effectiveWordsPerMinute: Double { wordsPerMinute * speed }

    /// Loads the config file if it exists; defaults otherwise.
    public static func load(environment: [String: String]) throws(ConfigError) -> SpeakConfig {
        let path = SpeakPaths.configFile(environment: environment)
        guard let data = FileManager.default.contents(atPath: path) else { return SpeakConfig() }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    static func parse(_ text: String, path: String) throws(ConfigError) -> SpeakConfig {
        var config = SpeakConfig()
        for (lineIndex, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            if line.isEmpty || line.hasPrefix("[") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { throw ConfigError(path: path, line: lineIndex + 1, problem: "expected key = value") }
            let key = parts[0], value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            func numberValue(_ range: ClosedRange<Double>) throws(ConfigError) -> Double {
                guard let v = Double(value), range.contains(v) else {
                    throw ConfigError(path: path, line: lineIndex + 1, problem: "\(key) must be a number in \(range.lowerBound)…\(range.upperBound)")
                }
                return v
            }
            switch key {
            case "voice":
                config.voice = value
                config.voiceIsSet = true
            case "speed": config.speed = try numberValue(ListeningSpeed.range)
            case "wpm": config.wordsPerMinute = try numberValue(80...450)
            case "skip_step": config.skipStep = try numberValue(1...600)
            case "cache_limit_mb": config.cacheLimitMB = try numberValue(0...1_000_000)
            case "skip":
                let list = value.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).replacingOccurrences(of: "\"", with: "")
                    .replacingOccurrences(of: "'", with: "")
                do {
                    config.skip = try SkipRule.parseList(list)
                } catch {
                    throw ConfigError(path: path, line: lineIndex + 1, problem: error.message)
                }
            default: continue
            }
        }
        return config
    }
}

/// A config file that cannot be understood.
public struct ConfigError: UserFacingError, Equatable {
    public var path: String
    public var line: Int
    public var problem: String
    public var message: String { "bad setting in '\(path)' line \(line): \(problem); fix or remove the line" }
    public var exitStatus: ExitStatus { .usage }
}

/// Where `speak` keeps its files.
public enum SpeakPaths {
    /// `$SPEAK_HOME`, else `$XDG_DATA_HOME/speak`, else `~/.local/share/speak`.
    public static func libraryDirectory(environment: [String: String]) -> URL {
        if let home = environment["SPEAK_HOME"], !home.isEmpty { return URL(fileURLWithPath: home) }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("speak")
        }
        return homeDirectory(environment).appendingPathComponent(".local/share/speak")
    }

    /// `$XDG_CONFIG_HOME/speak/config.toml`, else `~/.config/speak/config.toml`.
    public static func configFile(environment: [String: String]) -> String {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            base = URL(fileURLWithPath: config)
        } else {
            base = homeDirectory(environment).appendingPathComponent(".config")
        }
        return base.appendingPathComponent("speak/config.toml").path
    }

    private static func homeDirectory(_ environment: [String: String]) -> URL {
        URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
    }
}
